"""Mariposas catalogue: map, components and season goals loaded from data/ and validated (2.1-2.13).

Everything is turned into flat tuples indexed by small ints so rules can stay lean. Region
predicates of the goal cards are evaluated once, here, into bitmasks over space indices.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gameshelf.core.data import load_yaml, require, require_connected, require_known, require_unique
from gameshelf.core.errors import BadData

DATA = Path(__file__).parent / "data"

FLOWER_KIND, CITY_KIND, MICHOACAN_KIND = 0, 1, 2
KINDS = {"flower": FLOWER_KIND, "city": CITY_KIND, "michoacan": MICHOACAN_KIND}
REGION_COLORS = ("red", "orange", "yellow", "green", "blue")


@dataclass(frozen=True)
class Goal:
    """One season goal card with its regions pre-evaluated to bitmasks (R74)."""

    id: str
    season: int
    type: str
    points: int
    region: int = 0
    conditions: tuple[tuple[int, int], ...] = ()
    own_each_flower: bool = False
    on_map_min: int = 0
    none_in: int = 0
    effect: str = ""


@dataclass(frozen=True)
class Catalog:
    space_ids: tuple[str, ...]
    space_index: dict[str, int]
    names: tuple[str, ...]
    adj: tuple[tuple[int, ...], ...]
    kind: tuple[int, ...]
    flower: tuple[int, ...]
    nflowers: tuple[int, ...]
    milkweed: tuple[bool, ...]
    color: tuple[str | None, ...]
    row: tuple[int, ...]
    x2: tuple[int, ...]
    cities: tuple[int, ...]
    city_slot: dict[int, int]
    michoacan: int
    east_coast: tuple[int, ...]
    flower_types: tuple[str, ...]
    die_faces: tuple[str, ...]
    seasons: tuple[str, ...]
    turns: tuple[int, ...]
    hand_size: int
    min_players: int
    max_players: int
    slot_gen: tuple[int, ...]
    gen_slots: dict[int, tuple[int, ...]]
    card_setup: tuple[tuple[int, int], ...]
    hatch_cost: dict[Any, tuple[int, int]]
    michoacan_table: tuple[int, ...]
    michoacan_beyond: int
    action_ids: tuple[str, ...]
    action_copies: tuple[int, ...]
    action_segments: tuple[tuple[int, ...], ...]
    adjacent_flower: tuple[bool, ...]
    reuse: tuple[str | None, ...]
    bonus_ids: tuple[str, ...]
    lifecycle_ids: tuple[str, ...]
    lifecycle_colors: tuple[str, ...]
    lifecycle_points: int
    ability_ids: tuple[str, ...]
    ability_end_points: tuple[int, ...]
    abilities_in_play: int
    marker_ids: tuple[str, ...]
    marker_reward: tuple[tuple[str, int], ...]
    goals: tuple[Goal, ...]
    goal_index: dict[str, int]
    goals_by_season: tuple[tuple[int, ...], ...]


def _region_mask(spec: dict, by_id: dict, ids: list[str], east: set[str], where: str) -> int:
    """Bitmask of the spaces satisfying every key of a region spec (A18)."""
    cities = {space["id"] for space in by_id.values() if space["kind"] == "city"}
    mask = 0
    for position, space_id in enumerate(ids):
        space = by_id[space_id]
        ok = True
        for key, value in spec.items():
            if key in ("above_row_of", "below_row_of", "left_of", "right_of", "around"):
                require(value in cities, f"{where}: {key} names unknown city {value!r}")
                city = by_id[value]
                if key == "above_row_of":
                    ok &= space["row"] < city["row"]
                elif key == "below_row_of":
                    ok &= space["row"] > city["row"]
                elif key == "left_of":
                    ok &= space["x2"] <= city["x2"] - 2
                elif key == "right_of":
                    ok &= space["x2"] >= city["x2"] + 2
                else:
                    ok &= space_id == value or space_id in city["adj"]
            elif key == "color":
                require(value in REGION_COLORS, f"{where}: unknown colour {value!r}")
                ok &= space.get("color") == value
            elif key == "double_flower":
                ok &= space["kind"] == "flower" and space.get("n") == 2
            elif key == "east_coast":
                ok &= space_id in east
            else:
                raise BadData(f"{where}: unknown region key {key!r}")
        if ok:
            mask |= 1 << position
    return mask


def _load_map(map_data: dict, flower_types: list[str]) -> dict[str, Any]:
    spaces = map_data["spaces"]
    ids = [space["id"] for space in spaces]
    require_unique(ids, "map spaces")
    by_id = {space["id"]: space for space in spaces}
    for space in spaces:
        require(space.get("kind") in KINDS, f"space {space['id']}: bad kind {space.get('kind')!r}")
        require_known(space["adj"], ids, f"space {space['id']} adjacency")
        require(space["id"] not in space["adj"], f"space {space['id']} adjacent to itself")
        for other in space["adj"]:
            require(space["id"] in by_id[other]["adj"], f"adjacency {space['id']}-{other} is not symmetric")
        if space["kind"] == "flower":
            require(space.get("color") in REGION_COLORS, f"space {space['id']}: bad colour {space.get('color')!r}")
            require(space.get("flower") in flower_types, f"space {space['id']}: bad flower {space.get('flower')!r}")
            require(space.get("n") in (1, 2), f"space {space['id']}: n must be 1 or 2")
    require(sum(space["kind"] == "michoacan" for space in spaces) == 1, "map needs exactly one michoacan space")
    require_connected(ids, {space["id"]: space["adj"] for space in spaces}, "map")
    touched = set()
    for site in map_data.get("milkweed_sites", []):
        require_known(site["touches"], ids, f"milkweed site {site['id']}")
        touched.update(site["touches"])
    if map_data.get("milkweed_sites"):
        flagged = {space["id"] for space in spaces if space.get("milkweed")}
        require(flagged == touched, f"milkweed flags disagree with sites: {sorted(flagged ^ touched)}")
    require_known(map_data["east_coast"], ids, "east_coast")
    return {"ids": ids, "sp": by_id, "east": list(map_data["east_coast"])}


def _load_goals(goals_data: dict, map_data: dict, seasons: list[str]) -> list[Goal]:
    ids, by_id, east = map_data["ids"], map_data["sp"], set(map_data["east"])
    goals = []
    require_unique([entry["id"] for entry in goals_data["season_goals"]], "season goals")
    for entry in goals_data["season_goals"]:
        where = f"goal {entry['id']}"
        require(entry.get("season") in seasons, f"{where}: bad season")
        kind = entry.get("type")
        fields: dict[str, Any] = {}
        if kind in ("per_butterfly", "breeding", "breeding_effect"):
            fields["region"] = _region_mask(entry["region"], by_id, ids, east, where)
        elif kind == "once":
            cond = entry["condition"]
            if cond.get("own_each_flower_type"):
                fields["own_each_flower"] = True
            else:
                fields["conditions"] = tuple(
                    (_region_mask(condition["region"], by_id, ids, east, where), int(condition["min"])) for condition in cond["all"])
        elif kind == "compound":
            fields["on_map_min"] = int(entry["on_map_min"])
            fields["none_in"] = _region_mask(entry["none_in"], by_id, ids, east, where)
        else:
            raise BadData(f"{where}: unknown type {kind!r}")
        if kind == "breeding_effect":
            require(entry.get("effect") == "gen4_hatched_double", f"{where}: unknown effect")
            fields["effect"] = entry["effect"]
        goals.append(Goal(entry["id"], seasons.index(entry["season"]), kind, int(entry.get("points", 0)), **fields))
    for season in range(len(seasons)):
        require(any(goal.season == season for goal in goals), f"no goal card for season {seasons[season]}")
    return goals


def load(data_dir: Path = DATA) -> Catalog:
    """Load and validate every data file; raises BadData with a clear message."""
    components = load_yaml(data_dir / "components.yaml")
    flower_types = list(components["flower_types"])
    require(len(set(flower_types)) == len(flower_types), "flower types repeat")
    require(components["flower_die_faces"][:-1] == flower_types and components["flower_die_faces"][-1] == "wild",
            "die faces must be the flower types then wild")
    map_data = _load_map(load_yaml(data_dir / "map.yaml"), flower_types)
    ids, by_id = map_data["ids"], map_data["sp"]
    seasons = list(components["seasons"])
    goals = _load_goals(load_yaml(data_dir / "goals.yaml"), map_data, seasons)
    index = {space_id: position for position, space_id in enumerate(ids)}
    cities = tuple(position for position, space_id in enumerate(ids) if by_id[space_id]["kind"] == "city")
    markers = components["waystation_markers"]
    require(len(markers) == len(cities), f"{len(markers)} waystation markers for {len(cities)} cities")
    require_unique([marker["id"] for marker in markers], "waystation markers")
    colors, stages = list(components["lifecycle_colors"]), list(components["lifecycle_stages"])
    life = [f"{color}_{stage}" for color in colors for stage in stages]
    bonus = [card["id"] for card in components["bonus_move_cards"]]
    require(bonus == ["bonus_move_3_2", "bonus_add_1", "bonus_add_2"], "bonus move card ids")
    rewards = []
    for marker in markers:
        reward = marker["reward"]
        if "lifecycle" in reward:
            require(reward["lifecycle"] in life, f"marker {marker['id']}: unknown life cycle card")
            rewards.append(("life", life.index(reward["lifecycle"])))
        elif "bonus_move" in reward:
            require(reward["bonus_move"] in bonus, f"marker {marker['id']}: unknown bonus card")
            rewards.append(("bonus", bonus.index(reward["bonus_move"])))
        else:
            require(reward.get("wildflower") is True, f"marker {marker['id']}: unknown reward")
            rewards.append(("wild", 0))
    action_cards = components["action_cards"]
    require([item["id"] for item in action_cards][-2:] == ["reuse_own", "reuse_other"], "reuse cards come last")
    per_generation = {int(key): int(value) for key, value in components["butterflies_per_player"].items()}
    require(sorted(per_generation) == [1, 2, 3, 4], "butterflies per generation 1-4")
    slot_gen = tuple(generation for generation in (1, 2, 3, 4) for _ in range(per_generation[generation]))
    gen_slots = {generation: tuple(marker for marker, of in enumerate(slot_gen) if of == generation)
                 for generation in (1, 2, 3, 4)}
    setup = components["setup_on_season_cards"]
    card_setup = tuple((int(setup[season]["gen"]), int(setup[season]["per_player"])) if season in setup else (0, 0)
                       for season in seasons)
    hatch_costs = {}
    for key, value in components["hatch_cost"].items():
        hatch_costs[key if key == "double" else int(key)] = (int(value["matched"]), int(value["any"]))
    abilities = components["ability_tokens"]
    return Catalog(
        space_ids=tuple(ids), space_index=index,
        names=tuple(by_id[space_id].get("name", space_id) for space_id in ids),
        adj=tuple(tuple(sorted(index[neighbour] for neighbour in by_id[space_id]["adj"])) for space_id in ids),
        kind=tuple(KINDS[by_id[space_id]["kind"]] for space_id in ids),
        flower=tuple(flower_types.index(by_id[space_id]["flower"]) if by_id[space_id]["kind"] == "flower" else -1 for space_id in ids),
        nflowers=tuple(int(by_id[space_id].get("n", 0)) for space_id in ids),
        milkweed=tuple(bool(by_id[space_id].get("milkweed")) for space_id in ids),
        color=tuple(by_id[space_id].get("color") for space_id in ids),
        row=tuple(int(by_id[space_id]["row"]) for space_id in ids), x2=tuple(int(by_id[space_id]["x2"]) for space_id in ids),
        cities=cities, city_slot={space: position for position, space in enumerate(cities)},
        michoacan=next(position for position, space_id in enumerate(ids) if by_id[space_id]["kind"] == "michoacan"),
        east_coast=tuple(index[space_id] for space_id in map_data["east"]),
        flower_types=tuple(flower_types), die_faces=tuple(components["flower_die_faces"]),
        seasons=tuple(seasons), turns=tuple(int(components["turns_per_player"][season]) for season in seasons),
        hand_size=int(components["hand_size"]), min_players=int(components["players"]["min"]),
        max_players=int(components["players"]["max"]),
        slot_gen=slot_gen, gen_slots=gen_slots, card_setup=card_setup, hatch_cost=hatch_costs,
        michoacan_table=tuple(components["michoacan_table"]), michoacan_beyond=int(components["michoacan_beyond_six"]),
        action_ids=tuple(item["id"] for item in action_cards), action_copies=tuple(int(item["copies"]) for item in action_cards),
        action_segments=tuple(tuple(item.get("segments", ())) for item in action_cards),
        adjacent_flower=tuple(bool(item.get("adjacent_flower")) for item in action_cards),
        reuse=tuple(item.get("reuse") for item in action_cards),
        bonus_ids=tuple(bonus), lifecycle_ids=tuple(life), lifecycle_colors=tuple(colors),
        lifecycle_points=int(components["lifecycle_card_points"]),
        ability_ids=tuple(item["id"] for item in abilities),
        ability_end_points=tuple(int(item["end_game_points"]) for item in abilities),
        abilities_in_play=int(components["ability_tokens_in_play"]),
        marker_ids=tuple(marker["id"] for marker in markers), marker_reward=tuple(rewards),
        goals=tuple(goals), goal_index={goal.id: position for position, goal in enumerate(goals)},
        goals_by_season=tuple(tuple(position for position, goal in enumerate(goals) if goal.season == season)
                              for season in range(len(seasons))),
    )


CAT = load()

# The bonus move cards by their index in CAT.bonus_ids (the bit of a seat's bonus card masks,
# state.bonus and state.bonus_used, is ``1 << index``).
BONUS_MOVE_3_2, BONUS_ADD_1, BONUS_ADD_2 = (CAT.bonus_ids.index(card)
                                            for card in ("bonus_move_3_2", "bonus_add_1", "bonus_add_2"))

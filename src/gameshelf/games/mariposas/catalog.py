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


def _region_mask(spec: dict, sp: dict, ids: list[str], east: set[str], where: str) -> int:
    """Bitmask of the spaces satisfying every key of a region spec (A18)."""
    index = {s: i for i, s in enumerate(ids)}
    cities = {s["id"] for s in sp.values() if s["kind"] == "city"}
    mask = 0
    for i, sid in enumerate(ids):
        s = sp[sid]
        ok = True
        for key, val in spec.items():
            if key in ("above_row_of", "below_row_of", "left_of", "right_of", "around"):
                require(val in cities, f"{where}: {key} names unknown city {val!r}")
                c = sp[val]
                if key == "above_row_of":
                    ok &= s["row"] < c["row"]
                elif key == "below_row_of":
                    ok &= s["row"] > c["row"]
                elif key == "left_of":
                    ok &= s["x2"] <= c["x2"] - 2
                elif key == "right_of":
                    ok &= s["x2"] >= c["x2"] + 2
                else:
                    ok &= sid == val or sid in c["adj"]
            elif key == "color":
                require(val in REGION_COLORS, f"{where}: unknown colour {val!r}")
                ok &= s.get("color") == val
            elif key == "double_flower":
                ok &= s["kind"] == "flower" and s.get("n") == 2
            elif key == "east_coast":
                ok &= sid in east
            else:
                raise BadData(f"{where}: unknown region key {key!r}")
        if ok:
            mask |= 1 << index[sid]
    return mask


def _load_map(m: dict, flower_types: list[str]) -> dict[str, Any]:
    spaces = m["spaces"]
    ids = [s["id"] for s in spaces]
    require_unique(ids, "map spaces")
    sp = {s["id"]: s for s in spaces}
    for s in spaces:
        require(s.get("kind") in KINDS, f"space {s['id']}: bad kind {s.get('kind')!r}")
        require_known(s["adj"], ids, f"space {s['id']} adjacency")
        require(s["id"] not in s["adj"], f"space {s['id']} adjacent to itself")
        for o in s["adj"]:
            require(s["id"] in sp[o]["adj"], f"adjacency {s['id']}-{o} is not symmetric")
        if s["kind"] == "flower":
            require(s.get("color") in REGION_COLORS, f"space {s['id']}: bad colour {s.get('color')!r}")
            require(s.get("flower") in flower_types, f"space {s['id']}: bad flower {s.get('flower')!r}")
            require(s.get("n") in (1, 2), f"space {s['id']}: n must be 1 or 2")
    require(sum(s["kind"] == "michoacan" for s in spaces) == 1, "map needs exactly one michoacan space")
    require_connected(ids, {s["id"]: s["adj"] for s in spaces}, "map")
    touched = set()
    for site in m.get("milkweed_sites", []):
        require_known(site["touches"], ids, f"milkweed site {site['id']}")
        touched.update(site["touches"])
    if m.get("milkweed_sites"):
        flagged = {s["id"] for s in spaces if s.get("milkweed")}
        require(flagged == touched, f"milkweed flags disagree with sites: {sorted(flagged ^ touched)}")
    require_known(m["east_coast"], ids, "east_coast")
    return {"ids": ids, "sp": sp, "east": list(m["east_coast"])}


def _load_goals(g: dict, mp: dict, seasons: list[str]) -> list[Goal]:
    ids, sp, east = mp["ids"], mp["sp"], set(mp["east"])
    goals = []
    require_unique([x["id"] for x in g["season_goals"]], "season goals")
    for x in g["season_goals"]:
        where = f"goal {x['id']}"
        require(x.get("season") in seasons, f"{where}: bad season")
        t = x.get("type")
        kw: dict[str, Any] = {}
        if t in ("per_butterfly", "breeding", "breeding_effect"):
            kw["region"] = _region_mask(x["region"], sp, ids, east, where)
        elif t == "once":
            cond = x["condition"]
            if cond.get("own_each_flower_type"):
                kw["own_each_flower"] = True
            else:
                kw["conditions"] = tuple(
                    (_region_mask(c["region"], sp, ids, east, where), int(c["min"])) for c in cond["all"])
        elif t == "compound":
            kw["on_map_min"] = int(x["on_map_min"])
            kw["none_in"] = _region_mask(x["none_in"], sp, ids, east, where)
        else:
            raise BadData(f"{where}: unknown type {t!r}")
        if t == "breeding_effect":
            require(x.get("effect") == "gen4_hatched_double", f"{where}: unknown effect")
            kw["effect"] = x["effect"]
        goals.append(Goal(x["id"], seasons.index(x["season"]), t, int(x.get("points", 0)), **kw))
    for s in range(len(seasons)):
        require(any(q.season == s for q in goals), f"no goal card for season {seasons[s]}")
    return goals


def load(data_dir: Path = DATA) -> Catalog:
    """Load and validate every data file; raises BadData with a clear message."""
    c = load_yaml(data_dir / "components.yaml")
    flower_types = list(c["flower_types"])
    require(len(set(flower_types)) == len(flower_types), "flower types repeat")
    require(c["flower_die_faces"][:-1] == flower_types and c["flower_die_faces"][-1] == "wild",
            "die faces must be the flower types then wild")
    mp = _load_map(load_yaml(data_dir / "map.yaml"), flower_types)
    ids, sp = mp["ids"], mp["sp"]
    seasons = list(c["seasons"])
    goals = _load_goals(load_yaml(data_dir / "goals.yaml"), mp, seasons)
    index = {s: i for i, s in enumerate(ids)}
    cities = tuple(i for i, s in enumerate(ids) if sp[s]["kind"] == "city")
    markers = c["waystation_markers"]
    require(len(markers) == len(cities), f"{len(markers)} waystation markers for {len(cities)} cities")
    require_unique([m["id"] for m in markers], "waystation markers")
    colors, stages = list(c["lifecycle_colors"]), list(c["lifecycle_stages"])
    life = [f"{col}_{st}" for col in colors for st in stages]
    bonus = [b["id"] for b in c["bonus_move_cards"]]
    require(bonus == ["bonus_move_3_2", "bonus_add_1", "bonus_add_2"], "bonus move card ids")
    rewards = []
    for m in markers:
        r = m["reward"]
        if "lifecycle" in r:
            require(r["lifecycle"] in life, f"marker {m['id']}: unknown life cycle card")
            rewards.append(("life", life.index(r["lifecycle"])))
        elif "bonus_move" in r:
            require(r["bonus_move"] in bonus, f"marker {m['id']}: unknown bonus card")
            rewards.append(("bonus", bonus.index(r["bonus_move"])))
        else:
            require(r.get("wildflower") is True, f"marker {m['id']}: unknown reward")
            rewards.append(("wild", 0))
    acts = c["action_cards"]
    require([a["id"] for a in acts][-2:] == ["reuse_own", "reuse_other"], "reuse cards come last")
    per = {int(k): int(v) for k, v in c["butterflies_per_player"].items()}
    require(sorted(per) == [1, 2, 3, 4], "butterflies per generation 1-4")
    slot_gen = tuple(g for g in (1, 2, 3, 4) for _ in range(per[g]))
    gen_slots = {g: tuple(i for i, x in enumerate(slot_gen) if x == g) for g in (1, 2, 3, 4)}
    setup = c["setup_on_season_cards"]
    card_setup = tuple((int(setup[s]["gen"]), int(setup[s]["per_player"])) if s in setup else (0, 0)
                       for s in seasons)
    hc = {}
    for k, v in c["hatch_cost"].items():
        hc[k if k == "double" else int(k)] = (int(v["matched"]), int(v["any"]))
    abil = c["ability_tokens"]
    return Catalog(
        space_ids=tuple(ids), space_index=index,
        names=tuple(sp[s].get("name", s) for s in ids),
        adj=tuple(tuple(sorted(index[o] for o in sp[s]["adj"])) for s in ids),
        kind=tuple(KINDS[sp[s]["kind"]] for s in ids),
        flower=tuple(flower_types.index(sp[s]["flower"]) if sp[s]["kind"] == "flower" else -1 for s in ids),
        nflowers=tuple(int(sp[s].get("n", 0)) for s in ids),
        milkweed=tuple(bool(sp[s].get("milkweed")) for s in ids),
        color=tuple(sp[s].get("color") for s in ids),
        row=tuple(int(sp[s]["row"]) for s in ids), x2=tuple(int(sp[s]["x2"]) for s in ids),
        cities=cities, city_slot={s: i for i, s in enumerate(cities)},
        michoacan=next(i for i, s in enumerate(ids) if sp[s]["kind"] == "michoacan"),
        east_coast=tuple(index[s] for s in mp["east"]),
        flower_types=tuple(flower_types), die_faces=tuple(c["flower_die_faces"]),
        seasons=tuple(seasons), turns=tuple(int(c["turns_per_player"][s]) for s in seasons),
        hand_size=int(c["hand_size"]), min_players=int(c["players"]["min"]),
        max_players=int(c["players"]["max"]),
        slot_gen=slot_gen, gen_slots=gen_slots, card_setup=card_setup, hatch_cost=hc,
        michoacan_table=tuple(c["michoacan_table"]), michoacan_beyond=int(c["michoacan_beyond_six"]),
        action_ids=tuple(a["id"] for a in acts), action_copies=tuple(int(a["copies"]) for a in acts),
        action_segments=tuple(tuple(a.get("segments", ())) for a in acts),
        adjacent_flower=tuple(bool(a.get("adjacent_flower")) for a in acts),
        reuse=tuple(a.get("reuse") for a in acts),
        bonus_ids=tuple(bonus), lifecycle_ids=tuple(life), lifecycle_colors=tuple(colors),
        lifecycle_points=int(c["lifecycle_card_points"]),
        ability_ids=tuple(a["id"] for a in abil),
        ability_end_points=tuple(int(a["end_game_points"]) for a in abil),
        abilities_in_play=int(c["ability_tokens_in_play"]),
        marker_ids=tuple(m["id"] for m in markers), marker_reward=tuple(rewards),
        goals=tuple(goals), goal_index={g.id: i for i, g in enumerate(goals)},
        goals_by_season=tuple(tuple(i for i, g in enumerate(goals) if g.season == s)
                              for s in range(len(seasons))),
    )


CAT = load()

# The bonus move cards by their index in CAT.bonus_ids (the bit of a seat's bonus card masks,
# state.bonus and state.bonus_used, is ``1 << index``).
BONUS_MOVE_3_2, BONUS_ADD_1, BONUS_ADD_2 = (CAT.bonus_ids.index(card)
                                            for card in ("bonus_move_3_2", "bonus_add_1", "bonus_add_2"))

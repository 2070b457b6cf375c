"""Final scoring, S1-S8: track VP, zoo animals by their tiles, discovered animals, food set;
tie-breaker on animals in the zoo; solo rank (R86)."""

from __future__ import annotations

from typing import Any

from gameshelf.core.game import Outcome, rank_players

from .catalog import CAT
from .state import IN_ZOO, OVER, UNDISCOVERED, State

CATEGORIES = ("vp_track", "zoo_vp", "discovered_vp", "food_vp")
PerType = tuple[list[int], list[int]]


def zoo_vp_by_type(player: Any, zero_pollen_vp: int = 0) -> list[int]:
    """S2 per animal type (indexed like CAT.animals): each type's scoring rule over its pieces on
    the zoo holder. ``player`` needs ``location``, ``animals`` and ``pollen``."""
    vp = [0] * len(CAT.animals)
    counts = [0] * len(CAT.animals)
    for piece, location in enumerate(player.location):
        if location != IN_ZOO:
            continue
        animal = player.animals[piece]
        counts[animal] += 1
        kind, value = CAT.animals[animal].scoring
        if kind == "per_animal":
            vp[animal] += value
        elif kind == "per_animal_by_pollen":
            pollen = player.pollen[piece]
            vp[animal] += value[pollen] if pollen else zero_pollen_vp  # A16 (configurable)
    for animal, count in enumerate(counts):
        kind, value = CAT.animals[animal].scoring
        if kind == "by_count" and count:
            vp[animal] += value[count]
    return vp


def zoo_vp(player: Any, zero_pollen_vp: int = 0) -> int:
    """S2: each animal type's scoring rule over the pieces on the zoo holder."""
    return sum(zoo_vp_by_type(player, zero_pollen_vp))


def discovered_vp_by_type(player: Any) -> list[int]:
    """S3 per animal type: 1 VP per discovered animal not in the zoo (entrances included)."""
    vp = [0] * len(CAT.animals)
    for piece, location in enumerate(player.location):
        if location != UNDISCOVERED and location != IN_ZOO:
            vp[player.animals[piece]] += 1
    return vp


def discovered_vp(player: Any) -> int:
    """S3: 1 VP per discovered animal not in the zoo (entrances included)."""
    return sum(discovered_vp_by_type(player))


def food_vp(player: Any) -> int:
    """S4: the table value of the distinct foods on action tiles in the district."""
    foods = {CAT.tile_food[tile] for tile in player.district if tile >= 0} - {-1}
    return CAT.food_set_vp[len(foods)]


def animal_vp(state: State, player: Any) -> PerType:
    """(zoo VP, discovered VP) per animal type: the numbers the breakdown sums."""
    return zoo_vp_by_type(player, state.config.zero_pollen_vp), discovered_vp_by_type(player)


def breakdown(state: State, player: Any, per_type: PerType | None = None) -> dict[str, int]:
    zoo, discovered = per_type if per_type is not None else animal_vp(state, player)
    return {"vp_track": player.vp, "zoo_vp": sum(zoo), "discovered_vp": sum(discovered),
            "food_vp": food_vp(player)}


def balance(state: State, per_type: list[PerType]) -> dict[str, list[int]]:
    """details["balance"]: "animal:<id>" -> per seat, that type's zoo VP (S2) plus its discovered
    animals outside the zoo (S3), for the 3 types in play."""
    return {f"animal:{CAT.animal_ids[animal]}": [zoo[animal] + discovered[animal] for zoo, discovered in per_type]
            for animal in state.animal_slots}


def zoo_count(player: Any) -> int:
    return sum(1 for location in player.location if location == IN_ZOO)


def solo_rank(score: int) -> str:
    for minimum, rank in CAT.solo_ranks:
        if score >= minimum:
            return rank
    return CAT.solo_ranks[-1][1]


def outcome(state: State) -> Outcome | None:
    """The final result (S1-S8); None until the game is over."""
    return score_now(state) if state.phase == OVER else None


def score_now(state: State) -> Outcome:
    """S1-S8 applied to the position as it stands (equal to the outcome at the end)."""
    per_type = [animal_vp(state, player) for player in state.players]
    parts = tuple(breakdown(state, player, types) for player, types in zip(state.players, per_type))
    scores = tuple(sum(part.values()) for part in parts)
    keys = [(scores[seat], zoo_count(player)) for seat, player in enumerate(state.players)]  # S7
    details: dict[str, Any] = {"animals_in_zoo": [zoo_count(player) for player in state.players],
                               "animal_slots": [CAT.animal_ids[animal] for animal in state.animal_slots],
                               "balance": balance(state, per_type)}
    if state.solo:
        details["solo_rank"] = solo_rank(scores[0])  # S8
    return Outcome(scores, rank_players(keys), parts, details)

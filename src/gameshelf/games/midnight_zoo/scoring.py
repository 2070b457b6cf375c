"""Final scoring, S1-S8: track VP, zoo animals by their tiles, discovered animals, food set;
tie-breaker on animals in the zoo; solo rank (R86)."""

from __future__ import annotations

from gameshelf.core.game import Outcome, rank_players

from .catalog import CAT
from .state import IN_ZOO, OVER, UNDISC

CATEGORIES = ("vp_track", "zoo_vp", "discovered_vp", "food_vp")


def zoo_vp_by_type(pl, zero_pollen_vp: int = 0) -> list[int]:
    """S2 per animal type (indexed like CAT.animals): each type's scoring rule over its pieces on
    the zoo holder."""
    vp = [0] * len(CAT.animals)
    counts = [0] * len(CAT.animals)
    for k, loc in enumerate(pl.loc):
        if loc != IN_ZOO:
            continue
        a = pl.kind[k]
        counts[a] += 1
        kind, value = CAT.animals[a].scoring
        if kind == "per_animal":
            vp[a] += value
        elif kind == "per_animal_by_pollen":
            p = pl.pollen[k]
            vp[a] += value[p] if p else zero_pollen_vp  # A16 (configurable)
    for a, n in enumerate(counts):
        kind, value = CAT.animals[a].scoring
        if kind == "by_count" and n:
            vp[a] += value[n]
    return vp


def zoo_vp(pl, zero_pollen_vp: int = 0) -> int:
    """S2: each animal type's scoring rule over the pieces on the zoo holder."""
    return sum(zoo_vp_by_type(pl, zero_pollen_vp))


def discovered_vp_by_type(pl) -> list[int]:
    """S3 per animal type: 1 VP per discovered animal not in the zoo (entrances included)."""
    vp = [0] * len(CAT.animals)
    for k, loc in enumerate(pl.loc):
        if loc != UNDISC and loc != IN_ZOO:
            vp[pl.kind[k]] += 1
    return vp


def discovered_vp(pl) -> int:
    """S3: 1 VP per discovered animal not in the zoo (entrances included)."""
    return sum(discovered_vp_by_type(pl))


def food_vp(pl) -> int:
    """S4: the table value of the distinct foods on action tiles in the district."""
    foods = {CAT.tile_food[t] for t in pl.district if t >= 0} - {-1}
    return CAT.food_set_vp[len(foods)]


def animal_vp(st, pl) -> tuple[list[int], list[int]]:
    """(zoo VP, discovered VP) per animal type: the numbers the breakdown sums."""
    return zoo_vp_by_type(pl, st.config.zero_pollen_vp), discovered_vp_by_type(pl)


def breakdown(st, pl, per_type: tuple[list[int], list[int]] | None = None) -> dict:
    zoo, disc = per_type if per_type is not None else animal_vp(st, pl)
    return {"vp_track": pl.vp, "zoo_vp": sum(zoo), "discovered_vp": sum(disc),
            "food_vp": food_vp(pl)}


def balance(st, per_type: list[tuple[list[int], list[int]]]) -> dict:
    """details["balance"]: "animal:<id>" -> per seat, that type's zoo VP (S2) plus its discovered
    animals outside the zoo (S3), for the 3 types in play."""
    return {f"animal:{CAT.animal_ids[a]}": [zoo[a] + disc[a] for zoo, disc in per_type]
            for a in st.slots}


def zoo_count(pl) -> int:
    return sum(1 for loc in pl.loc if loc == IN_ZOO)


def solo_rank(score: int) -> str:
    for minimum, rank in CAT.solo_ranks:
        if score >= minimum:
            return rank
    return CAT.solo_ranks[-1][1]


def outcome(st) -> Outcome | None:
    """The final result (S1-S8); None until the game is over."""
    return score_now(st) if st.phase == OVER else None


def score_now(st) -> Outcome:
    """S1-S8 applied to the position as it stands (equal to the outcome at the end)."""
    per_type = [animal_vp(st, pl) for pl in st.players]
    parts = tuple(breakdown(st, pl, t) for pl, t in zip(st.players, per_type))
    scores = tuple(sum(b.values()) for b in parts)
    keys = [(scores[i], zoo_count(pl)) for i, pl in enumerate(st.players)]  # S7
    details = {"animals_in_zoo": [zoo_count(pl) for pl in st.players],
               "animal_slots": [CAT.animal_ids[a] for a in st.slots],
               "balance": balance(st, per_type)}
    if st.solo:
        details["solo_rank"] = solo_rank(scores[0])  # S8
    return Outcome(scores, rank_players(keys), parts, details)

"""Final scoring (R44-R59), tie-breakers (R60-R63, A16) and achievements (R42, R64, 2.9).

``outcome`` is None until the game is over; ``score_now`` scores any position as if it ended now
(a live score display, tests of scoring on a built position); at the end the two agree.
"""

from __future__ import annotations

from typing import Any, Callable

from gameshelf.core.game import Outcome, rank_players
from gameshelf.games.borealis.catalog import (
    ACHIEVEMENTS, C_BONUS, C_SPECIES, C_VEHICLE, LAST_SPACE, OBJECTIVES, SCORING_CARDS, SETUP, TRACK_STARS,
    set_points, title_for,
)
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.state import END_REASONS, State

TOKEN_VALUE = SETUP["objective_token_value"]


class Board:
    """One player's scored board: columns (bottom to top), zone totals and flag spaces."""

    __slots__ = ("cols", "zones", "flags")

    def __init__(self, cols: list[list[int]], zones: list[int], flags: list[int]) -> None:
        self.cols, self.zones, self.flags = cols, zones, flags

    @classmethod
    def of(cls, s: State, seat: int) -> "Board":
        b = seat * 15
        zones = [s.sci[b + z * 3] + s.sci[b + z * 3 + 1] + s.sci[b + z * 3 + 2] for z in range(5)]
        return cls(s.cols[seat * 3:seat * 3 + 3], zones, s.flags[seat * 3:seat * 3 + 3])

    def species_cols(self) -> list[list[int]]:
        return [[C_SPECIES[c] for c in col] for col in self.cols]


def _runs(values: list[int]) -> list[int]:
    """Lengths of maximal runs of equal consecutive values."""
    runs: list[int] = []
    for i, v in enumerate(values):
        if i and values[i - 1] == v:
            runs[-1] += 1
        else:
            runs.append(1)
    return runs


def sets(bd: Board) -> int:
    """R45: each species in each location separately."""
    total = 0
    for col in bd.species_cols():
        for sp in set(col):
            total += set_points(col.count(sp))
    return total


def flag_stars(bd: Board) -> int:
    """R46."""
    return sum(TRACK_STARS[f] for f in bd.flags)


def card_stars(bd: Board) -> int:
    """R47."""
    return sum(C_BONUS[c] for col in bd.cols for c in col)


# ---- the ten scoring cards (R49-R58); each (board, params, cfg) -> stars ----
def common_destination(bd: Board, p: dict, cfg: Config) -> int:
    """R49, A11 (option common_destination_counts_start_space)."""
    a, b, c = bd.flags
    counts = {x: [a, b, c].count(x) for x in (a, b, c) if cfg.common_start or x > 0}
    best = max(counts.values(), default=0)
    return p["all_three_same_line"] if best == 3 else p["exactly_two_same_line"] if best == 2 else 0


def widespread_species(bd: Board, p: dict, cfg: Config) -> int:
    """R50, A14."""
    left, center, right = bd.species_cols()
    rows = sum(1 for h in range(min(len(left), len(center), len(right)))
               if left[h] == center[h] == right[h])
    return p["per_row"] * rows


def interspecies_relations(bd: Board, p: dict, cfg: Config) -> int:
    """R51, A28."""
    return p["per_location"] * sum(1 for col in bd.species_cols()
                                   if len(set(col)) == p["required_species_count"])


def outer_lands(bd: Board, p: dict, cfg: Config) -> int:
    """R52, A29."""
    left, center, right = (len(c) for c in bd.cols)
    return p["per_location"] * ((left > center) + (right > center))


def farewell_party(bd: Board, p: dict, cfg: Config) -> int:
    """R53: the best single location."""
    return p["per_scientist"] * max(bd.zones[1:4])


def breeding_season(bd: Board, p: dict, cfg: Config) -> int:
    """R54, A13: maximal runs of exactly 2."""
    return p["per_pair"] * sum(_runs(col).count(p["run_length"]) for col in bd.species_cols())


def safe_return(bd: Board, p: dict, cfg: Config) -> int:
    """R55."""
    return p["per_scientist"] * (bd.zones[0] + bd.zones[4])


def popular_vehicle(bd: Board, p: dict, cfg: Config) -> int:
    """R56, A26."""
    vehicles = [C_VEHICLE[c] for col in bd.cols for c in col]
    return p["per_card"] * max((vehicles.count(v) for v in set(vehicles)), default=0)


def untrodden_path(bd: Board, p: dict, cfg: Config) -> int:
    """R57, A25."""
    return p["multiplier"] * min(TRACK_STARS[f] for f in bd.flags)


def territorial_animals(bd: Board, p: dict, cfg: Config) -> int:
    """R58, A12 (option territorial_empty_location_scores)."""
    good = sum(1 for col in bd.species_cols()
               if (col or cfg.territorial_empty) and all(x != y for x, y in zip(col, col[1:])))
    return p["per_location"] * good


SCORERS: dict[str, Callable[[Board, dict, Config], int]] = {
    "COMMON_DESTINATION": common_destination, "WIDESPREAD_SPECIES": widespread_species,
    "INTERSPECIES_RELATIONS": interspecies_relations, "OUTER_LANDS": outer_lands,
    "FAREWELL_PARTY": farewell_party, "BREEDING_SEASON": breeding_season,
    "SAFE_RETURN": safe_return, "POPULAR_VEHICLE": popular_vehicle,
    "UNTRODDEN_PATH": untrodden_path, "TERRITORIAL_ANIMALS": territorial_animals,
}
assert set(SCORERS) == set(SCORING_CARDS), "a scoring card without a formula"


def score_card(card_id: str, bd: Board, cfg: Config) -> int:
    return SCORERS[card_id](bd, SCORING_CARDS[card_id], cfg)


def breakdown(s: State, seat: int) -> dict[str, int]:
    """R44 in score-sheet order; the values sum to the final score."""
    bd = Board.of(s, seat)
    out = {"sets": sets(bd), "flags": flag_stars(bd), "card_stars": card_stars(bd)}
    for card_id in s.scoring:
        out[card_id] = score_card(card_id, bd, s.cfg)
    out["tokens"] = s.tokens[seat]
    return out


def tie_key(s: State, seat: int, score: int) -> tuple[int, int, int]:
    """R60-R62, A16: score, then the most advanced flag's index, then the token total."""
    return (score, max(s.flags[seat * 3:seat * 3 + 3]), s.tokens[seat])


def objectives_achieved(s: State, seat: int) -> list[str]:
    return [oid for i, oid in enumerate(s.obj) if s.achieved[seat] >> i & 1]


def achievements(s: State, seat: int, parts: dict[str, int], score: int, won: bool) -> list[str]:
    """The achievements of 2.9 reached by ``seat`` in this game (R42, R64, A15, A27)."""
    bd = Board.of(s, seat)
    n_obj = len(objectives_achieved(s, seat))
    most = max((col.count(sp) for col in bd.species_cols() for sp in set(col)), default=0)
    tests: dict[str, Callable[[dict[str, Any]], bool]] = {
        "win": lambda a: won,
        "score_at_least": lambda a: score >= a["min"],
        "flag_on_last_space": lambda a: max(bd.flags) >= LAST_SPACE,
        "same_species_in_one_location_at_least": lambda a: most >= a["min"],
        "objectives_achieved_at_least": lambda a: n_obj >= a["min"],
        "win_without_objective": lambda a: won and n_obj == 0,
        "scoring_card_at_least": lambda a: a["card"] in parts and parts[a["card"]] >= a["min"],
    }
    return [a["id"] for a in ACHIEVEMENTS if tests[a["test"]](a)]


def update_record(marked, reached) -> tuple[list[str], str]:
    """R42, 2.9: add one game's achievements to a player's persistent record (the ids marked in
    earlier games); returns the distinct record, sorted, and the title it earns."""
    known = {a["id"] for a in ACHIEVEMENTS}
    record = set(marked) | set(reached)
    unknown = sorted(record - known)
    if unknown:
        raise ValueError(f"unknown achievement ids {unknown}")
    return sorted(record), title_for(len(record))


def balance(s: State, parts: list[dict[str, int]]) -> dict[str, list[int]]:
    """The balance convention (gameshelf.sim): ``"<kind>:<id>"`` -> points per seat.

    ``scoring_card:<id>`` is read from the breakdown's own entry for that card, and
    ``objective:<id>`` is the 5-star tokens taken from that objective (R31-R35): the same tokens
    that were added to the token total, which the breakdown's ``tokens`` category holds.
    """
    out: dict[str, list[int]] = {}
    for card_id in s.scoring:
        out[f"scoring_card:{card_id}"] = [int(p[card_id]) for p in parts]
    for i, oid in enumerate(s.obj):
        out[f"objective:{oid}"] = [TOKEN_VALUE if s.achieved[seat] >> i & 1 else 0
                                   for seat in range(s.n)]
    return out


def outcome(s: State) -> Outcome | None:
    """The final scores, ranks and breakdown (R39, R44-R64); None while the game runs."""
    return None if s.pending else score_now(s)


def score_now(s: State) -> Outcome:
    """The scoring as if the game ended now (R44-R64); equal to ``outcome`` at the end."""
    parts = [breakdown(s, seat) for seat in range(s.n)]
    scores = tuple(sum(p.values()) for p in parts)
    ranks = rank_players([tie_key(s, seat, scores[seat]) for seat in range(s.n)])
    achs = [achievements(s, seat, parts[seat], scores[seat], ranks[seat] == 1) for seat in range(s.n)]
    details = {
        "end_reason": END_REASONS[s.end_reason],
        "rounds": s.round,
        "scoring_cards": list(s.scoring),
        "objectives": list(s.obj),
        "objectives_achieved": [objectives_achieved(s, seat) for seat in range(s.n)],
        "achievements": achs,
        "titles_from_this_game": [title_for(len(a)) for a in achs],
        "objective_names": {oid: OBJECTIVES[oid].type for oid in s.obj},
        "balance": balance(s, parts),
    }
    return Outcome(scores, ranks, tuple(parts), details)

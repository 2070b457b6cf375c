"""Final scoring (R44-R59), tie-breakers (R60-R63, A16) and achievements (R42, R64, 2.9).

``outcome`` is None until the game is over; ``score_now`` scores any position as if it ended now
(a live score display, tests of scoring on a built position); at the end the two agree.
"""

from __future__ import annotations

from typing import Any, Callable

from gameshelf.core.game import Outcome, rank_players
from gameshelf.games.borealis.catalog import (
    ACHIEVEMENTS, CARD_BONUS_STARS, CARD_SPECIES, CARD_VEHICLE, LAST_SPACE, OBJECTIVES, SCORING_CARDS, SETUP, TRACK_STARS,
    set_points, title_for,
)
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.state import END_REASONS, State

TOKEN_VALUE = SETUP["objective_token_value"]


class Board:
    """One player's scored board: columns (bottom to top), zone totals and flag spaces."""

    __slots__ = ("columns", "zones", "flags")

    def __init__(self, columns: list[list[int]], zones: list[int], flags: list[int]) -> None:
        self.columns, self.zones, self.flags = columns, zones, flags

    @classmethod
    def of(cls, state: State, seat: int) -> "Board":
        counts, base = state.scientists, seat * 15
        zones = [counts[base + zone * 3] + counts[base + zone * 3 + 1] + counts[base + zone * 3 + 2]
                 for zone in range(5)]
        return cls(state.columns[seat * 3:seat * 3 + 3], zones, state.flags[seat * 3:seat * 3 + 3])

    def species_columns(self) -> list[list[int]]:
        return [[CARD_SPECIES[card] for card in column] for column in self.columns]


def _runs(values: list[int]) -> list[int]:
    """Lengths of maximal runs of equal consecutive values."""
    runs: list[int] = []
    for index, value in enumerate(values):
        if index and values[index - 1] == value:
            runs[-1] += 1
        else:
            runs.append(1)
    return runs


def sets(board: Board) -> int:
    """R45: each species in each location separately."""
    total = 0
    for column in board.species_columns():
        for species in set(column):
            total += set_points(column.count(species))
    return total


def flag_stars(board: Board) -> int:
    """R46."""
    return sum(TRACK_STARS[space] for space in board.flags)


def card_stars(board: Board) -> int:
    """R47."""
    return sum(CARD_BONUS_STARS[card] for column in board.columns for card in column)


# ---- the ten scoring cards (R49-R58); each (board, parameters, config) -> stars ----
def common_destination(board: Board, parameters: dict, config: Config) -> int:
    """R49, A11 (option common_destination_counts_start_space)."""
    flags = board.flags
    counts = {space: flags.count(space) for space in flags if config.common_start or space > 0}
    best = max(counts.values(), default=0)
    if best == 3:
        return parameters["all_three_same_line"]
    return parameters["exactly_two_same_line"] if best == 2 else 0


def widespread_species(board: Board, parameters: dict, config: Config) -> int:
    """R50, A14."""
    left, center, right = board.species_columns()
    rows = sum(1 for height in range(min(len(left), len(center), len(right)))
               if left[height] == center[height] == right[height])
    return parameters["per_row"] * rows


def interspecies_relations(board: Board, parameters: dict, config: Config) -> int:
    """R51, A28."""
    return parameters["per_location"] * sum(1 for column in board.species_columns()
                                            if len(set(column)) == parameters["required_species_count"])


def outer_lands(board: Board, parameters: dict, config: Config) -> int:
    """R52, A29."""
    left, center, right = (len(column) for column in board.columns)
    return parameters["per_location"] * ((left > center) + (right > center))


def farewell_party(board: Board, parameters: dict, config: Config) -> int:
    """R53: the best single location."""
    return parameters["per_scientist"] * max(board.zones[1:4])


def breeding_season(board: Board, parameters: dict, config: Config) -> int:
    """R54, A13: maximal runs of exactly 2."""
    return parameters["per_pair"] * sum(_runs(column).count(parameters["run_length"])
                                        for column in board.species_columns())


def safe_return(board: Board, parameters: dict, config: Config) -> int:
    """R55."""
    return parameters["per_scientist"] * (board.zones[0] + board.zones[4])


def popular_vehicle(board: Board, parameters: dict, config: Config) -> int:
    """R56, A26."""
    vehicles = [CARD_VEHICLE[card] for column in board.columns for card in column]
    return parameters["per_card"] * max((vehicles.count(vehicle) for vehicle in set(vehicles)), default=0)


def untrodden_path(board: Board, parameters: dict, config: Config) -> int:
    """R57, A25."""
    return parameters["multiplier"] * min(TRACK_STARS[space] for space in board.flags)


def territorial_animals(board: Board, parameters: dict, config: Config) -> int:
    """R58, A12 (option territorial_empty_location_scores)."""
    good = sum(1 for column in board.species_columns()
               if (column or config.territorial_empty) and all(x != y for x, y in zip(column, column[1:])))
    return parameters["per_location"] * good


SCORERS: dict[str, Callable[[Board, dict, Config], int]] = {
    "COMMON_DESTINATION": common_destination, "WIDESPREAD_SPECIES": widespread_species,
    "INTERSPECIES_RELATIONS": interspecies_relations, "OUTER_LANDS": outer_lands,
    "FAREWELL_PARTY": farewell_party, "BREEDING_SEASON": breeding_season,
    "SAFE_RETURN": safe_return, "POPULAR_VEHICLE": popular_vehicle,
    "UNTRODDEN_PATH": untrodden_path, "TERRITORIAL_ANIMALS": territorial_animals,
}
assert set(SCORERS) == set(SCORING_CARDS), "a scoring card without a formula"


def score_card(card_id: str, board: Board, config: Config) -> int:
    return SCORERS[card_id](board, SCORING_CARDS[card_id], config)


def breakdown(state: State, seat: int) -> dict[str, int]:
    """R44 in score-sheet order; the values sum to the final score."""
    board = Board.of(state, seat)
    out = {"sets": sets(board), "flags": flag_stars(board), "card_stars": card_stars(board)}
    for card_id in state.scoring_cards:
        out[card_id] = score_card(card_id, board, state.config)
    out["tokens"] = state.tokens[seat]
    return out


def tie_key(state: State, seat: int, score: int) -> tuple[int, int, int]:
    """R60-R62, A16: score, then the most advanced flag's index, then the token total."""
    return (score, max(state.flags[seat * 3:seat * 3 + 3]), state.tokens[seat])


def objectives_achieved(state: State, seat: int) -> list[str]:
    return [objective_id for index, objective_id in enumerate(state.objectives)
            if state.achieved[seat] >> index & 1]


def achievements(state: State, seat: int, parts: dict[str, int], score: int, won: bool) -> list[str]:
    """The achievements of 2.9 reached by ``seat`` in this game (R42, R64, A15, A27)."""
    board = Board.of(state, seat)
    objectives_count = len(objectives_achieved(state, seat))
    most = max((column.count(species) for column in board.species_columns() for species in set(column)),
               default=0)
    tests: dict[str, Callable[[dict[str, Any]], bool]] = {
        "win": lambda entry: won,
        "score_at_least": lambda entry: score >= entry["min"],
        "flag_on_last_space": lambda entry: max(board.flags) >= LAST_SPACE,
        "same_species_in_one_location_at_least": lambda entry: most >= entry["min"],
        "objectives_achieved_at_least": lambda entry: objectives_count >= entry["min"],
        "win_without_objective": lambda entry: won and objectives_count == 0,
        "scoring_card_at_least": lambda entry: entry["card"] in parts and parts[entry["card"]] >= entry["min"],
    }
    return [entry["id"] for entry in ACHIEVEMENTS if tests[entry["test"]](entry)]


def update_record(marked, reached) -> tuple[list[str], str]:
    """R42, 2.9: add one game's achievements to a player's persistent record (the ids marked in
    earlier games); returns the distinct record, sorted, and the title it earns."""
    known = {entry["id"] for entry in ACHIEVEMENTS}
    record = set(marked) | set(reached)
    unknown = sorted(record - known)
    if unknown:
        raise ValueError(f"unknown achievement ids {unknown}")
    return sorted(record), title_for(len(record))


def balance(state: State, parts: list[dict[str, int]]) -> dict[str, list[int]]:
    """The balance convention (gameshelf.sim): ``"<kind>:<id>"`` -> points per seat.

    ``scoring_card:<id>`` is read from the breakdown's own entry for that card, and
    ``objective:<id>`` is the 5-star tokens taken from that objective (R31-R35): the same tokens
    that were added to the token total, which the breakdown's ``tokens`` category holds.
    """
    out: dict[str, list[int]] = {}
    for card_id in state.scoring_cards:
        out[f"scoring_card:{card_id}"] = [int(part[card_id]) for part in parts]
    for index, objective_id in enumerate(state.objectives):
        out[f"objective:{objective_id}"] = [TOKEN_VALUE if state.achieved[seat] >> index & 1 else 0
                                            for seat in range(state.players)]
    return out


def outcome(state: State) -> Outcome | None:
    """The final scores, ranks and breakdown (R39, R44-R64); None while the game runs."""
    return None if state.pending else score_now(state)


def quiet_outcome(state: State) -> Outcome | None:
    """``outcome`` for search: the same scores and ranks (all a search reads), without the
    breakdown's entries or the details; None while the game runs."""
    if state.pending:
        return None
    scores = tuple(sum(breakdown(state, seat).values()) for seat in range(state.players))
    return Outcome(scores, rank_players([tie_key(state, seat, scores[seat]) for seat in range(state.players)]), ())


def score_now(state: State) -> Outcome:
    """The scoring as if the game ended now (R44-R64); equal to ``outcome`` at the end."""
    parts = [breakdown(state, seat) for seat in range(state.players)]
    scores = tuple(sum(part.values()) for part in parts)
    ranks = rank_players([tie_key(state, seat, scores[seat]) for seat in range(state.players)])
    achievements_per_seat = [achievements(state, seat, parts[seat], scores[seat], ranks[seat] == 1)
                             for seat in range(state.players)]
    details = {
        "end_reason": END_REASONS[state.end_reason],
        "rounds": state.round,
        "scoring_cards": list(state.scoring_cards),
        "objectives": list(state.objectives),
        "objectives_achieved": [objectives_achieved(state, seat) for seat in range(state.players)],
        "achievements": achievements_per_seat,
        "titles_from_this_game": [title_for(len(reached)) for reached in achievements_per_seat],
        "objective_names": {objective_id: OBJECTIVES[objective_id].type for objective_id in state.objectives},
        "balance": balance(state, parts),
    }
    return Outcome(scores, ranks, tuple(parts), details)

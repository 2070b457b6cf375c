"""The end of a turn (reference 4.7, 4.8): objectives (R31-R35, A9, A10), the end of a round, the
end of the game (R36-R39) and A32's fallbacks (stalemate, max_rounds).

The objective predicates (reference 2.8) are judged on a player's own board only (R35).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from gameshelf.core.errors import BadData
from gameshelf.core.game import Event
from gameshelf.games.borealis.catalog import CARD_PATTERN_BIT, CARD_SPECIES, CARD_VEHICLE, OBJECTIVES, SETUP, Objective
from gameshelf.games.borealis.decisions import CHOOSE_ACTION, OVER
from gameshelf.games.borealis.events import round_end_event, round_start_event
from gameshelf.games.borealis.rules_observe import location_masks
from gameshelf.games.borealis.state import (
    CLOSING, END_REASONS, MAX_ROUNDS, OPEN, REMOVED, SEVEN_CARDS, STALEMATE, State,
)

TOKEN_VALUE = SETUP["objective_token_value"]


# ---- the end of a turn, a round, the game -----------------------------------------------------
def finish_turn(state: State, seat: int, events: list[Event] | None) -> None:
    """Objective check, end of round, end of game, then the next seat (section 4.10)."""
    state.turns[seat] += 1
    check_objectives(state, seat, events)
    last = (seat + 1) % state.players == state.first_player
    if last:
        end_round(state, events)
        if state.end_triggered:
            return game_over(state, SEVEN_CARDS, events)
        if state.config.max_rounds and state.round >= state.config.max_rounds:
            return game_over(state, MAX_ROUNDS, events)
    if is_stalemate(state):
        return game_over(state, STALEMATE, events)
    if last:
        state.round += 1
    following = (seat + 1) % state.players
    state.pending = CHOOSE_ACTION[following]
    state.refreshed_this_turn = False
    if following == state.first_player and events is not None:
        events.append(round_start_event(state.round, following))


def check_objectives(state: State, seat: int, events: list[Event] | None) -> None:
    """R32, R33: the active player takes a 5-star token from each objective newly met."""
    status, achieved = state.objective_status, state.achieved[seat]
    for index, bit, objective_id, predicate, objective in objective_checks(state.objectives):
        if status[index] == REMOVED or achieved & bit or not predicate(state, seat, objective):
            continue
        state.achieved[seat] |= bit
        state.objective_tokens[index] -= 1
        state.tokens[seat] += TOKEN_VALUE
        if state.objective_status[index] == OPEN:
            state.objective_status[index] = CLOSING     # R34: the window closes at the end of this round
        if events is not None:
            events.append(Event("objective_achieved", {"seat": seat, "objective": objective_id, "stars": TOKEN_VALUE}))


def end_round(state: State, events: list[Event] | None) -> None:
    """R34: closing objectives leave the game with their remaining tokens."""
    for index, objective_id in enumerate(state.objectives):
        if state.objective_status[index] == CLOSING:
            state.objective_status[index] = REMOVED
            if events is not None:
                events.append(Event("objective_removed", {"objective": objective_id,
                                                          "left": state.objective_tokens[index]}))
    state.refresh_used_this_round = False
    if events is not None:
        events.append(round_end_event(state.round))


def is_stalemate(state: State) -> bool:
    """A32: every camp empty and no card in a hand, the deck or the discard pile is playable by
    anyone; then no card can ever be played again."""
    counts = state.scientists
    playable = 0
    for seat in range(state.players):
        base = seat * 15
        if (counts[base] or counts[base + 1] or counts[base + 2]
                or counts[base + 12] or counts[base + 13] or counts[base + 14]):
            return False
        left, center, right = location_masks(state, seat)
        playable |= left | center | right
    for pile in (state.deck, state.discard, *state.hands):
        for card in pile:
            if CARD_PATTERN_BIT[card] & playable:
                return False
    return True


def game_over(state: State, reason: int, events: list[Event] | None) -> None:
    """R37, R39, A32: no decision is left; final scoring (scoring.py) applies."""
    state.pending = OVER
    state.end_reason = reason
    if events is not None:
        events.append(Event("game_over", {"reason": END_REASONS[reason], "round": state.round}))


# ---- objective predicates (2.8) ----------------------------------------------------------------
def _columns(state: State, seat: int) -> list[list[int]]:
    return state.columns[seat * 3:seat * 3 + 3]


def _zone_total(state: State, seat: int, zone: int) -> int:
    base = seat * 15 + zone * 3
    return state.scientists[base] + state.scientists[base + 1] + state.scientists[base + 2]


def _most_of(values: list[int]) -> int:
    """The largest number of equal values (0 for none). A column holds a few cards, so counting
    each value with ``list.count`` (in C) beats tallying them in a loop."""
    return max(map(values.count, values), default=0)


def _in_play(state: State, seat: int) -> int:
    base = seat * 3
    columns = state.columns
    return len(columns[base]) + len(columns[base + 1]) + len(columns[base + 2])


# A location (or a board) with fewer than n cards cannot hold n of anything: the predicates below
# test that first, and look at the cards only when it passes.
def distinct_species_in_play_at_least(state: State, seat: int, objective: Objective) -> bool:
    if _in_play(state, seat) < objective.n:
        return False
    return len({CARD_SPECIES[card] for column in _columns(state, seat) for card in column}) >= objective.n


def same_species_in_one_location_at_least(state: State, seat: int, objective: Objective) -> bool:
    n = objective.n
    for column in _columns(state, seat):
        if len(column) >= n and _most_of([CARD_SPECIES[card] for card in column]) >= n:
            return True
    return False


def every_location_has_one_species_at_least(state: State, seat: int, objective: Objective) -> bool:
    n = objective.n
    return all(len(column) >= n and _most_of([CARD_SPECIES[card] for card in column]) >= n
               for column in _columns(state, seat))


def distinct_species_in_one_location_at_least(state: State, seat: int, objective: Objective) -> bool:
    n = objective.n
    for column in _columns(state, seat):
        if len(column) >= n and len({CARD_SPECIES[card] for card in column}) >= n:
            return True
    return False


def top_cards_of_all_locations_same_species(state: State, seat: int, objective: Objective) -> bool:
    columns = _columns(state, seat)
    return all(columns) and len({CARD_SPECIES[column[-1]] for column in columns}) == 1


def scientists_in_one_location_at_least(state: State, seat: int, objective: Objective) -> bool:
    n = objective.n
    return _zone_total(state, seat, 1) >= n or _zone_total(state, seat, 2) >= n or _zone_total(state, seat, 3) >= n


def all_three_of_a_colour_in_one_location(state: State, seat: int, objective: Objective) -> bool:
    base = seat * 15
    return max(state.scientists[base + 3:base + 12]) >= 3   # zones 1-3 (LEFT, CENTER, RIGHT), every colour


def scientists_in_camps_at_least(state: State, seat: int, objective: Objective) -> bool:
    return _zone_total(state, seat, 0) + _zone_total(state, seat, 4) >= objective.n


def some_location_without_scientists(state: State, seat: int, objective: Objective) -> bool:
    return _zone_total(state, seat, 1) == 0 or _zone_total(state, seat, 2) == 0 or _zone_total(state, seat, 3) == 0


def each_camp_at_least(state: State, seat: int, objective: Objective) -> bool:
    return _zone_total(state, seat, 0) >= objective.n and _zone_total(state, seat, 4) >= objective.n


def distinct_vehicles_in_play_at_least(state: State, seat: int, objective: Objective) -> bool:
    if _in_play(state, seat) < objective.n:
        return False
    return len({CARD_VEHICLE[card] for column in _columns(state, seat) for card in column}) >= objective.n


def same_vehicle_in_play_at_least(state: State, seat: int, objective: Objective) -> bool:
    if _in_play(state, seat) < objective.n:
        return False
    return _most_of([CARD_VEHICLE[card] for column in _columns(state, seat) for card in column]) >= objective.n


def any_flag_on_space_at_least(state: State, seat: int, objective: Objective) -> bool:
    flags, space = state.flags, objective.space    # max() of three, written out (the builtin is slower)
    return flags[seat * 3] >= space or flags[seat * 3 + 1] >= space or flags[seat * 3 + 2] >= space


def all_flags_on_space_at_least(state: State, seat: int, objective: Objective) -> bool:
    flags, space = state.flags, objective.space    # min() of three, written out
    return flags[seat * 3] >= space and flags[seat * 3 + 1] >= space and flags[seat * 3 + 2] >= space


def same_vehicle_in_one_location_at_least(state: State, seat: int, objective: Objective) -> bool:
    n = objective.n
    for column in _columns(state, seat):
        if len(column) >= n and _most_of([CARD_VEHICLE[card] for card in column]) >= n:
            return True
    return False


PREDICATES: dict[str, Callable[[State, int, Objective], bool]] = {function.__name__: function for function in (
    distinct_species_in_play_at_least,
    same_species_in_one_location_at_least,
    every_location_has_one_species_at_least,
    distinct_species_in_one_location_at_least,
    top_cards_of_all_locations_same_species,
    scientists_in_one_location_at_least,
    all_three_of_a_colour_in_one_location,
    scientists_in_camps_at_least,
    some_location_without_scientists,
    each_camp_at_least,
    distinct_vehicles_in_play_at_least,
    same_vehicle_in_play_at_least,
    any_flag_on_space_at_least,
    all_flags_on_space_at_least,
    same_vehicle_in_one_location_at_least,
)}
_missing = sorted({objective.predicate for objective in OBJECTIVES.values()} - set(PREDICATES))
if _missing:
    raise BadData(f"objectives.yaml names unknown predicates {_missing}")


# each objective's predicate with its parameters, looked up once (check_objectives runs every turn)
ObjectiveCheck = Callable[[State, int, Objective], bool]
CHECKS: dict[str, tuple[ObjectiveCheck, Objective]] = {
    objective_id: (PREDICATES[objective.predicate], objective) for objective_id, objective in OBJECTIVES.items()}


@lru_cache(maxsize=None)
def objective_checks(objectives: tuple[str, ...]) -> tuple[tuple[int, int, str, ObjectiveCheck, Objective], ...]:
    """Per objective slot of a game: its index, its bit in ``state.achieved``, its id, its predicate
    and its parameters (looked up once per choice of objectives: check_objectives runs every turn)."""
    return tuple((index, 1 << index, objective_id, *CHECKS[objective_id]) for index, objective_id in enumerate(objectives))


def is_met(state: State, seat: int, objective_id: str) -> bool:
    """Whether ``seat``'s board satisfies the objective now (R35)."""
    predicate, objective = CHECKS[objective_id]
    return predicate(state, seat, objective)

"""The end of a turn (reference 4.7, 4.8): objectives (R31-R35, A9, A10), the end of a round, the
end of the game (R36-R39) and A32's fallbacks (stalemate, max_rounds).

The objective predicates (reference 2.8) are judged on a player's own board only (R35).
"""

from __future__ import annotations

from typing import Callable

from gameshelf.core.errors import BadData
from gameshelf.core.game import Event
from gameshelf.games.borealis.catalog import C_PATBIT, C_SPECIES, C_VEHICLE, OBJECTIVES, SETUP, Objective
from gameshelf.games.borealis.decisions import CHOOSE_ACTION, OVER
from gameshelf.games.borealis.rules_observe import location_masks
from gameshelf.games.borealis.state import (
    CLOSING, END_REASONS, MAX_ROUNDS, OPEN, REMOVED, SEVEN_CARDS, STALEMATE, State,
)

TOKEN_VALUE = SETUP["objective_token_value"]


# ---- the end of a turn, a round, the game -----------------------------------------------------
def finish_turn(s: State, seat: int, events: list[Event]) -> None:
    """Objective check, end of round, end of game, then the next seat (section 4.10)."""
    s.turns[seat] += 1
    check_objectives(s, seat, events)
    last = (seat + 1) % s.n == s.first
    if last:
        end_round(s, events)
        if s.end_triggered:
            return game_over(s, SEVEN_CARDS, events)
        if s.cfg.max_rounds and s.round >= s.cfg.max_rounds:
            return game_over(s, MAX_ROUNDS, events)
    if is_stalemate(s):
        return game_over(s, STALEMATE, events)
    if last:
        s.round += 1
    nxt = (seat + 1) % s.n
    s.pending = CHOOSE_ACTION[nxt]
    s.turn_refreshed = False
    if nxt == s.first:
        events.append(Event("round_start", {"round": s.round, "seat": nxt}))


def check_objectives(s: State, seat: int, events: list[Event]) -> None:
    """R32, R33: the active player takes a 5-star token from each objective newly met."""
    for i, oid in enumerate(s.obj):
        bit = 1 << i
        if s.obj_status[i] == REMOVED or s.achieved[seat] & bit or not is_met(s, seat, oid):
            continue
        s.achieved[seat] |= bit
        s.obj_tokens[i] -= 1
        s.tokens[seat] += TOKEN_VALUE
        if s.obj_status[i] == OPEN:
            s.obj_status[i] = CLOSING     # R34: the window closes at the end of this round
        events.append(Event("objective_achieved", {"seat": seat, "objective": oid, "stars": TOKEN_VALUE}))


def end_round(s: State, events: list[Event]) -> None:
    """R34: closing objectives leave the game with their remaining tokens."""
    for i, oid in enumerate(s.obj):
        if s.obj_status[i] == CLOSING:
            s.obj_status[i] = REMOVED
            events.append(Event("objective_removed", {"objective": oid, "left": s.obj_tokens[i]}))
    s.refresh_round = False
    events.append(Event("round_end", {"round": s.round}))


def is_stalemate(s: State) -> bool:
    """A32: every camp empty and no card in a hand, the deck or the discard pile is playable by
    anyone; then no card can ever be played again."""
    sc = s.sci
    playable = 0
    for seat in range(s.n):
        b = seat * 15
        if sc[b] or sc[b + 1] or sc[b + 2] or sc[b + 12] or sc[b + 13] or sc[b + 14]:
            return False
        ml, mc, mr = location_masks(s, seat)
        playable |= ml | mc | mr
    for pile in (s.deck, s.discard, *s.hands):
        for c in pile:
            if C_PATBIT[c] & playable:
                return False
    return True


def game_over(s: State, reason: int, events: list[Event]) -> None:
    """R37, R39, A32: no decision is left; final scoring (scoring.py) applies."""
    s.pending = OVER
    s.end_reason = reason
    events.append(Event("game_over", {"reason": END_REASONS[reason], "round": s.round}))


# ---- objective predicates (2.8) ----------------------------------------------------------------
def _cols(s: State, seat: int) -> list[list[int]]:
    return s.cols[seat * 3:seat * 3 + 3]


def _zone_total(s: State, seat: int, zone: int) -> int:
    b = seat * 15 + zone * 3
    return s.sci[b] + s.sci[b + 1] + s.sci[b + 2]


def _most_of(values: list[int]) -> int:
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return max(counts.values(), default=0)
def distinct_species_in_play_at_least(s: State, seat: int, o: Objective) -> bool:
    return len({C_SPECIES[c] for col in _cols(s, seat) for c in col}) >= o.n


def same_species_in_one_location_at_least(s: State, seat: int, o: Objective) -> bool:
    return any(_most_of([C_SPECIES[c] for c in col]) >= o.n for col in _cols(s, seat))


def every_location_has_one_species_at_least(s: State, seat: int, o: Objective) -> bool:
    return all(_most_of([C_SPECIES[c] for c in col]) >= o.n for col in _cols(s, seat))


def distinct_species_in_one_location_at_least(s: State, seat: int, o: Objective) -> bool:
    return any(len({C_SPECIES[c] for c in col}) >= o.n for col in _cols(s, seat))


def top_cards_of_all_locations_same_species(s: State, seat: int, o: Objective) -> bool:
    cols = _cols(s, seat)
    return all(cols) and len({C_SPECIES[col[-1]] for col in cols}) == 1


def scientists_in_one_location_at_least(s: State, seat: int, o: Objective) -> bool:
    return any(_zone_total(s, seat, z) >= o.n for z in (1, 2, 3))


def all_three_of_a_colour_in_one_location(s: State, seat: int, o: Objective) -> bool:
    b = seat * 15
    return any(s.sci[b + z * 3 + k] >= 3 for z in (1, 2, 3) for k in range(3))


def scientists_in_camps_at_least(s: State, seat: int, o: Objective) -> bool:
    return _zone_total(s, seat, 0) + _zone_total(s, seat, 4) >= o.n


def some_location_without_scientists(s: State, seat: int, o: Objective) -> bool:
    return any(_zone_total(s, seat, z) == 0 for z in (1, 2, 3))


def each_camp_at_least(s: State, seat: int, o: Objective) -> bool:
    return _zone_total(s, seat, 0) >= o.n and _zone_total(s, seat, 4) >= o.n


def distinct_vehicles_in_play_at_least(s: State, seat: int, o: Objective) -> bool:
    return len({C_VEHICLE[c] for col in _cols(s, seat) for c in col}) >= o.n


def same_vehicle_in_play_at_least(s: State, seat: int, o: Objective) -> bool:
    return _most_of([C_VEHICLE[c] for col in _cols(s, seat) for c in col]) >= o.n


def any_flag_on_space_at_least(s: State, seat: int, o: Objective) -> bool:
    return max(s.flags[seat * 3:seat * 3 + 3]) >= o.space


def all_flags_on_space_at_least(s: State, seat: int, o: Objective) -> bool:
    return min(s.flags[seat * 3:seat * 3 + 3]) >= o.space


def same_vehicle_in_one_location_at_least(s: State, seat: int, o: Objective) -> bool:
    return any(_most_of([C_VEHICLE[c] for c in col]) >= o.n for col in _cols(s, seat))


PREDICATES: dict[str, Callable[[State, int, Objective], bool]] = {fn.__name__: fn for fn in (
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
_missing = sorted({o.predicate for o in OBJECTIVES.values()} - set(PREDICATES))
if _missing:
    raise BadData(f"objectives.yaml names unknown predicates {_missing}")


def is_met(s: State, seat: int, objective_id: str) -> bool:
    """Whether ``seat``'s board satisfies the objective now (R35)."""
    o = OBJECTIVES[objective_id]
    return PREDICATES[o.predicate](s, seat, o)

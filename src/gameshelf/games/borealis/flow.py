"""End of a turn: objectives (R32-R34), end of round, end of game (R36-R39) and A32's fallback."""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.borealis.catalog import C_PATBIT, SETUP
from gameshelf.games.borealis.objectives import is_met
from gameshelf.games.borealis.scientists import location_masks
from gameshelf.games.borealis.state import (
    CHOOSE, CLOSING, END_REASONS, MAX_ROUNDS, OPEN, OVER, REMOVED, SEVEN_CARDS, STALEMATE, State,
)

TOKEN_VALUE = SETUP["objective_token_value"]


def finish_turn(s: State, events: list[Event]) -> None:
    """Objective check, end of round, end of game, then the next seat (section 4.10)."""
    seat = s.seat
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
    s.seat = (seat + 1) % s.n
    s.phase = CHOOSE
    s.turn_refreshed = False
    s.pending = 0
    if s.seat == s.first:
        events.append(Event("round_start", {"round": s.round, "seat": s.seat}))


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
    s.phase = OVER
    s.end_reason = reason
    s.seat = -1
    events.append(Event("game_over", {"reason": END_REASONS[reason],
                                      "round": s.round}))

"""REGROUP (reference 4.4; R21-R25, A18) and the starting-hand mulligan (setup step 11, A19): both
discard cards one at a time, face up (R26), then draw as many from the deck (R22, R27)."""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.borealis.catalog import CARD_TERM, ZONES
from gameshelf.games.borealis.decisions import (
    CHOOSE_ACTION, REGROUP_LOCATION, Mulligan, counted, mulligan, regroup_discard,
)
from gameshelf.games.borealis.rules_draw import draw_to_hand
from gameshelf.games.borealis.rules_end import finish_turn
from gameshelf.games.borealis.rules_observe import camp_total
from gameshelf.games.borealis.state import State


def regroup(s: State, seat: int, events: list[Event]) -> None:
    """R21: the regroup starts with its discards."""
    s.pending = regroup_discard(seat)
    events.append(Event("regroup", {"seat": seat}))


def discard(s: State, top, card: int, events: list[Event]) -> None:
    """One card of a mulligan (A19) or a regroup (R21), face up to the discard pile (R26)."""
    seat = top.seat
    s.hands[seat].remove(card)
    s.discard.append(card)
    s.pending = counted(top, top.discarded + 1)
    key = "mulligan_discard" if type(top) is Mulligan else "regroup_discard"
    events.append(Event(key, {"seat": seat, "card": CARD_TERM[card], "id": card}))


def done(s: State, top, events: list[Event]) -> None:
    """The discards end: draw as many (R22, A19); then the next mulligan, the regroup location
    (R23, R24), or the end of the turn when the camps are empty (R25)."""
    seat, k = top.seat, top.discarded
    draw_to_hand(s, seat, k, events)
    if type(top) is Mulligan:
        _mulligan_done(s, seat, k, events)
    elif camp_total(s, seat):
        s.pending = REGROUP_LOCATION[seat]
        events.append(Event("regroup_replaced", {"seat": seat, "count": k}))
    else:
        events.append(Event("regroup_empty", {"seat": seat, "count": k}))
        finish_turn(s, seat, events)


def _mulligan_done(s: State, seat: int, k: int, events: list[Event]) -> None:
    """A19: once per player in seat order; then round 1 begins with the first player (step 12)."""
    events.append(Event("mulligan_done", {"seat": seat, "count": k}))
    nxt = (seat + 1) % s.n
    if nxt == s.first:
        s.pending = CHOOSE_ACTION[nxt]
        events.append(Event("round_start", {"round": s.round, "seat": s.first}))
    else:
        s.pending = mulligan(nxt)


def regroup_to(s: State, seat: int, loc: int, events: list[Event]) -> None:
    """R23, R24: 1 star per camp scientist; all of them go to the chosen location."""
    gained = camp_total(s, seat)
    s.tokens[seat] += gained
    sc, b = s.sci, seat * 15
    for k in range(3):
        sc[b + loc * 3 + k] += sc[b + k] + sc[b + 12 + k]
        sc[b + k] = sc[b + 12 + k] = 0
    events.append(Event("regroup_gather", {"seat": seat, "stars": gained, "location": ZONES[loc]}))
    finish_turn(s, seat, events)

"""REGROUP (reference 4.4; R21-R25, A18) and the starting-hand mulligan (setup step 11, A19): both
discard cards one at a time, face up (R26), then draw as many from the deck (R22, R27)."""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.borealis.actions import DISCARD, DONE, REGROUP_TO, Discard, Done, RegroupTo
from gameshelf.games.borealis.decisions import (
    CHOOSE_ACTION, REGROUP_LOCATION, Discarding, Mulligan, RegroupDiscard, RegroupLocation, counted, mulligan,
    regroup_discard,
)
from gameshelf.games.borealis.events import card_event, count_event, gather_event, round_start_event, seat_event
from gameshelf.games.borealis.rules_draw import draw_to_hand
from gameshelf.games.borealis.rules_end import finish_turn
from gameshelf.games.borealis.rules_observe import camp_total
from gameshelf.games.borealis.state import State

LOCATION_CHOICES = [REGROUP_TO[1], REGROUP_TO[2], REGROUP_TO[3]]


def regroup(state: State, seat: int, events: list[Event] | None) -> None:
    """R21: the regroup starts with its discards."""
    state.pending = regroup_discard(seat)
    if events is not None:
        events.append(seat_event("regroup", seat))


# ---- the discards of a mulligan (A19) or a regroup (R21, R22) ------------------------------------
def discard_options(state: State, frame: Discarding) -> list:
    """Any card of the hand, one at a time, or ``done``."""
    out: list[object] = [DISCARD[card] for card in state.hands[frame.seat]]
    out.append(DONE)
    return out


def discard_or_done(state: State, frame: Discarding, action: Discard | Done, events: list[Event] | None) -> None:
    if type(action) is Discard:
        discard(state, frame, action.card, events)
    else:
        done(state, frame, events)


def discard(state: State, frame: Discarding, card: int, events: list[Event] | None) -> None:
    """One card of a mulligan (A19) or a regroup (R21), face up to the discard pile (R26)."""
    seat = frame.seat
    state.hands[seat].remove(card)
    state.discard.append(card)
    state.pending = counted(frame, frame.discarded + 1)
    key = "mulligan_discard" if type(frame) is Mulligan else "regroup_discard"
    if events is not None:
        events.append(card_event(key, seat, card))


def done(state: State, frame: Discarding, events: list[Event] | None) -> None:
    """The discards end: draw as many (R22, A19); then the next mulligan, the regroup location
    (R23, R24), or the end of the turn when the camps are empty (R25)."""
    seat, count = frame.seat, frame.discarded
    draw_to_hand(state, seat, count, events)
    if type(frame) is Mulligan:
        _mulligan_done(state, seat, count, events)
    elif camp_total(state, seat):
        state.pending = REGROUP_LOCATION[seat]
        if events is not None:
            events.append(count_event("regroup_replaced", seat, count))
    else:
        if events is not None:
            events.append(count_event("regroup_empty", seat, count))
        finish_turn(state, seat, events)


def _mulligan_done(state: State, seat: int, count: int, events: list[Event] | None) -> None:
    """A19: once per player in seat order; then round 1 begins with the first player (step 12)."""
    if events is not None:
        events.append(count_event("mulligan_done", seat, count))
    following = (seat + 1) % state.players
    if following == state.first_player:
        state.pending = CHOOSE_ACTION[following]
        if events is not None:
            events.append(round_start_event(state.round, state.first_player))
    else:
        state.pending = mulligan(following)


def why_not_discard(state: State, frame: Discarding, action: object) -> tuple[str, str] | None:
    match action:
        case Discard(card=card):
            return f"card {card} is not in your hand", frame.rule
        case RegroupTo() if type(frame) is RegroupDiscard:
            return "finish the regroup discards first (done)", "R21"
    return None


# ---- the regroup location (R23, R24) ---------------------------------------------------------------
def location_options(state: State, frame: RegroupLocation) -> list:
    return LOCATION_CHOICES[:]


def regroup_to(state: State, frame: RegroupLocation, action: RegroupTo, events: list[Event] | None) -> None:
    """R23, R24: 1 star per camp scientist; all of them go to the chosen location."""
    seat, location = frame.seat, action.loc
    gained = camp_total(state, seat)
    state.board_memo[seat] = None     # the board changes (heuristics.estimate's cache)
    state.tokens[seat] += gained
    counts, base = state.scientists, seat * 15
    for colour in range(3):
        counts[base + location * 3 + colour] += counts[base + colour] + counts[base + 12 + colour]
        counts[base + colour] = counts[base + 12 + colour] = 0
    if events is not None:
        events.append(gather_event(seat, gained, location))
    finish_turn(state, seat, events)


def why_not_locate(state: State, frame: RegroupLocation, action: object) -> tuple[str, str] | None:
    return None

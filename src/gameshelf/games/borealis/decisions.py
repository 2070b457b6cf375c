"""Borealis decision frames (reference 4.10), and how each decision is shown.

``state.pending`` is a tuple of these frames, the top (the decision now) last; it is empty once the
game is over. Every decision is the active seat's: a mulligan in seat order (step 11, A19), the
turn's action (R3), the card to take after an observe (R17) or after a refresh (R19), the regroup
discards (R21) and the regroup location (R24).

The frames are interned (``mulligan(seat, discarded)``, ``CHOOSE_ACTION[seat]`` ...): the rules
replace the stack with a shared one-element tuple, so a turn allocates nothing and a copy shares
the stack.

Element ids a decision targets (each appears in the view, see view.py):
``card:<id>`` a card in a hand or the pool; ``location:<seat>:<L|C|R>`` one of a seat's locations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gameshelf.core.frames import Frame

MAX_SEATS = 4
MAX_DISCARDS = 100    # more than any hand can hold (R29: four cards)


@dataclass(frozen=True, slots=True)
class Mulligan(Frame):
    """Step 11, A19: discard starting-hand cards one at a time, then ``done``."""

    discarded: int = 0
    kind = "borealis.mulligan"
    rule = "A19"


@dataclass(frozen=True, slots=True)
class ChooseAction(Frame):
    """R3: observe a card at a location, or regroup."""

    kind = "borealis.choose_action"
    rule = "R3"


@dataclass(frozen=True, slots=True)
class TakeCard(Frame):
    """R17: after an observe, take a pool card, the deck top, or pay 1 star to refresh."""

    kind = "borealis.take_card"
    rule = "R17"


@dataclass(frozen=True, slots=True)
class TakeAfterRefresh(Frame):
    """R19: after a refresh, take a card from the new pool (A8: or the deck top, by option)."""

    kind = "borealis.take_after_refresh"
    rule = "R19"


@dataclass(frozen=True, slots=True)
class RegroupDiscard(Frame):
    """R21: discard hand cards one at a time, then ``done``."""

    discarded: int = 0
    kind = "borealis.regroup_discard"
    rule = "R21"


@dataclass(frozen=True, slots=True)
class RegroupLocation(Frame):
    """R23, R24: the location all camp scientists go to."""

    kind = "borealis.regroup_location"
    rule = "R24"


Discarding = Mulligan | RegroupDiscard          # the decisions that count their discards
Taking = TakeCard | TakeAfterRefresh            # the decisions that take a card
KINDS: dict[str, type[Frame]] = {cls.kind: cls for cls in (Mulligan, ChooseAction, TakeCard, TakeAfterRefresh,
                                                           RegroupDiscard, RegroupLocation)}

# interned one-element stacks, indexed by seat (and by discards so far)
CHOOSE_ACTION = tuple((ChooseAction(seat),) for seat in range(MAX_SEATS))
TAKE_CARD = tuple((TakeCard(seat),) for seat in range(MAX_SEATS))
TAKE_AFTER_REFRESH = tuple((TakeAfterRefresh(seat),) for seat in range(MAX_SEATS))
REGROUP_LOCATION = tuple((RegroupLocation(seat),) for seat in range(MAX_SEATS))
_MULLIGAN = tuple(tuple((Mulligan(seat, count),) for count in range(MAX_DISCARDS + 1))
                  for seat in range(MAX_SEATS))
_REGROUP_DISCARD = tuple(tuple((RegroupDiscard(seat, count),) for count in range(MAX_DISCARDS + 1))
                         for seat in range(MAX_SEATS))
OVER: tuple[Frame, ...] = ()


def mulligan(seat: int, discarded: int = 0) -> tuple[Mulligan]:
    return _MULLIGAN[seat][discarded]


def regroup_discard(seat: int, discarded: int = 0) -> tuple[RegroupDiscard]:
    return _REGROUP_DISCARD[seat][discarded]


def counted(frame: Discarding, discarded: int) -> tuple[Discarding]:
    """The same discard decision with another count."""
    table: tuple[tuple[tuple[Discarding], ...], ...] = _MULLIGAN if type(frame) is Mulligan else _REGROUP_DISCARD
    return table[frame.seat][discarded]


_STACKS: dict[type[Frame], tuple[tuple[Frame], ...]] = {
    ChooseAction: CHOOSE_ACTION, TakeCard: TAKE_CARD, TakeAfterRefresh: TAKE_AFTER_REFRESH,
    RegroupLocation: REGROUP_LOCATION,
}


def stack_of(frame: Frame) -> tuple[Frame, ...]:
    """The interned one-element stack holding ``frame`` (positions and views build frames by value)."""
    if isinstance(frame, (Mulligan, RegroupDiscard)):
        return counted(frame, frame.discarded) if frame.discarded <= MAX_DISCARDS else (frame,)
    return _STACKS[type(frame)][frame.seat] if frame.seat < MAX_SEATS else (frame,)


# ---- how a decision is shown (core.frames.decision_of) ---------------------------------------------
def location_id(seat: int, location: int) -> str:
    """The element id of a seat's location (zone 1..3)."""
    return f"location:{seat}:{'LCR'[location - 1]}"


def targets_of(state: Any, frame: Frame, action: Any) -> tuple[str, ...]:
    """The view element ids an action points at: its card and, for a location, the seat's location
    (nothing for deck, refresh, regroup, done)."""
    card = getattr(action, "card", None)
    location = getattr(action, "loc", None)
    ids = []
    if card is not None:
        ids.append(f"card:{card}")
    if location is not None:
        ids.append(location_id(frame.seat, location))
    return tuple(ids)


def prompt_args(state: Any, frame: Frame) -> dict[str, Any]:
    """The prompt's arguments besides the seat: the discards so far of a mulligan or regroup."""
    if isinstance(frame, (Mulligan, RegroupDiscard)):
        return {"count": frame.discarded}
    return {}

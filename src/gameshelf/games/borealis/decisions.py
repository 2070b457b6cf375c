"""Borealis pending decisions (reference 4.10): one frozen value per kind, and ``decision(state)``.

``state.pending`` is a tuple of these values, the top (the decision now) last; it is empty once the
game is over. Every decision is the active seat's: a mulligan in seat order (step 11, A19), the
turn's action (R3), the card to take after an observe (R17) or after a refresh (R19), the regroup
discards (R21) and the regroup location (R24).

The values are interned (``mulligan(seat, k)``, ``CHOOSE_ACTION[seat]`` ...): the rules replace the
stack with a shared one-element tuple, so a turn allocates nothing and a copy shares the stack.

Element ids a decision targets (each appears in the view, see view.py):
``card:<id>`` a card in a hand or the pool; ``location:<seat>:<L|C|R>`` one of a seat's locations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from gameshelf.core.decision import Decision, Prompt

MAX_SEATS = 4
MAX_DISCARDS = 100    # more than any hand can hold (R29: four cards)


@dataclass(frozen=True, slots=True)
class Mulligan:
    """Step 11, A19: discard starting-hand cards one at a time, then ``done``."""

    seat: int
    discarded: int = 0
    kind: ClassVar[str] = "borealis.mulligan"
    rule: ClassVar[str] = "A19"


@dataclass(frozen=True, slots=True)
class ChooseAction:
    """R3: observe a card at a location, or regroup."""

    seat: int
    kind: ClassVar[str] = "borealis.choose_action"
    rule: ClassVar[str] = "R3"


@dataclass(frozen=True, slots=True)
class TakeCard:
    """R17: after an observe, take a pool card, the deck top, or pay 1 star to refresh."""

    seat: int
    kind: ClassVar[str] = "borealis.take_card"
    rule: ClassVar[str] = "R17"


@dataclass(frozen=True, slots=True)
class TakeAfterRefresh:
    """R19: after a refresh, take a card from the new pool (A8: or the deck top, by option)."""

    seat: int
    kind: ClassVar[str] = "borealis.take_after_refresh"
    rule: ClassVar[str] = "R19"


@dataclass(frozen=True, slots=True)
class RegroupDiscard:
    """R21: discard hand cards one at a time, then ``done``."""

    seat: int
    discarded: int = 0
    kind: ClassVar[str] = "borealis.regroup_discard"
    rule: ClassVar[str] = "R21"


@dataclass(frozen=True, slots=True)
class RegroupLocation:
    """R23, R24: the location all camp scientists go to."""

    seat: int
    kind: ClassVar[str] = "borealis.regroup_location"
    rule: ClassVar[str] = "R24"


Pending = Mulligan | ChooseAction | TakeCard | TakeAfterRefresh | RegroupDiscard | RegroupLocation
KINDS: dict[str, type] = {cls.kind: cls for cls in (Mulligan, ChooseAction, TakeCard, TakeAfterRefresh,
                                                     RegroupDiscard, RegroupLocation)}
COUNTED = (Mulligan, RegroupDiscard)      # the kinds that count their discards

# interned one-element stacks, indexed by seat (and by discards so far)
CHOOSE_ACTION = tuple((ChooseAction(seat),) for seat in range(MAX_SEATS))
TAKE_CARD = tuple((TakeCard(seat),) for seat in range(MAX_SEATS))
TAKE_AFTER_REFRESH = tuple((TakeAfterRefresh(seat),) for seat in range(MAX_SEATS))
REGROUP_LOCATION = tuple((RegroupLocation(seat),) for seat in range(MAX_SEATS))
_MULLIGAN = tuple(tuple((Mulligan(seat, k),) for k in range(MAX_DISCARDS + 1)) for seat in range(MAX_SEATS))
_REGROUP_DISCARD = tuple(tuple((RegroupDiscard(seat, k),) for k in range(MAX_DISCARDS + 1))
                         for seat in range(MAX_SEATS))
OVER: tuple = ()


def mulligan(seat: int, discarded: int = 0) -> tuple[Mulligan]:
    return _MULLIGAN[seat][discarded]


def regroup_discard(seat: int, discarded: int = 0) -> tuple[RegroupDiscard]:
    return _REGROUP_DISCARD[seat][discarded]


def counted(top: Mulligan | RegroupDiscard, discarded: int) -> tuple:
    """The same discard decision with another count."""
    table = _MULLIGAN if type(top) is Mulligan else _REGROUP_DISCARD
    return table[top.seat][discarded]


def stack_of(top: Pending) -> tuple:
    """The interned one-element stack holding ``top`` (positions build decisions by value)."""
    if type(top) in COUNTED:
        return counted(top, top.discarded)
    table = {ChooseAction: CHOOSE_ACTION, TakeCard: TAKE_CARD, TakeAfterRefresh: TAKE_AFTER_REFRESH,
             RegroupLocation: REGROUP_LOCATION}[type(top)]
    return table[top.seat]


# ---- the protocol's decision(state) ---------------------------------------------------------
def _location(seat: int, loc: int) -> str:
    return f"location:{seat}:{'LCR'[loc - 1]}"


def targets_of(action, seat: int) -> tuple[str, ...]:
    """The view element ids an action points at (empty for deck, refresh, regroup, done)."""
    card = getattr(action, "card", None)
    loc = getattr(action, "loc", None)
    ids = []
    if card is not None:
        ids.append(f"card:{card}")
    if loc is not None:
        ids.append(_location(seat, loc))
    return tuple(ids)


def decision(s) -> Decision | None:
    """Who decides now, what kind of decision it is, and what each legal action targets."""
    if not s.pending:
        return None
    from gameshelf.games.borealis.rules import legal_actions   # rules imports this module

    top = s.pending[-1]
    args: dict[str, object] = {"seat": top.seat}
    if type(top) in COUNTED:
        args["count"] = top.discarded
    targets = {str(a): targets_of(a, top.seat) for a in legal_actions(s)}
    return Decision(top.seat, top.kind, Prompt(f"decision.{top.kind.split('.', 1)[1]}", args), targets)

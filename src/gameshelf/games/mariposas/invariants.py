"""Invariants: card and marker conservation, hand limit, marker locations, owned cards, flowers, and the
decision stack (R6-R80). ``check_invariants`` asserts them (tests); ``check_position`` reports the
first broken one as BadPosition (``from_position``)."""

from __future__ import annotations

from collections import Counter

from gameshelf.core.errors import BadPosition
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.decisions import (
    DECISIONS, ChooseAdjacent, ChooseCard, ChooseExchange, ChooseFreeHatch, ChooseHatch, ChooseReuse, Landing, PayFlower, PickFlower,
)
from gameshelf.games.mariposas.state import CARD_MAX, NSLOT, REMOVED, card_loc

ALL_CARDS = Counter({c: k for c, k in enumerate(CAT.action_copies)})
LANDING_DECISIONS = (PickFlower, ChooseCard, ChooseAdjacent, ChooseHatch, PayFlower)
NMOVE = sum(1 for r in CAT.reuse if r is None)


def _cards(s) -> str | None:
    cards = Counter(s.deck) + Counter(s.discard)
    for p in range(s.n):
        cards += Counter(s.hands[p]) + Counter(s.played[p])
        if len(s.hands[p]) > CAT.hand_size:
            return f"seat {p} holds {len(s.hands[p])} action cards (at most {CAT.hand_size})"
    if cards != ALL_CARDS:
        diff = (cards - ALL_CARDS) or (ALL_CARDS - cards)
        return f"action cards not conserved: {', '.join(CAT.action_ids[c] for c in diff)} (each card exactly once)"
    return None


def _seat(s, p: int) -> str | None:
    if any(x < 0 for x in s.flowers[p]):
        return f"seat {p} has negative flowers"
    if s.bused[p] & ~s.bonus[p]:
        return f"seat {p} used a bonus card it does not own"
    for slot in range(NSLOT):
        problem = _marker(s, p, slot)
        if problem:
            return problem
    return None


def _marker(s, p: int, slot: int) -> str | None:
    g = p * NSLOT + slot
    where = s.loc[g]
    if not (where >= REMOVED or where <= CARD_MAX) or where >= len(CAT.space_ids):
        return f"seat {p} marker {slot}: bad location {where}"
    if where <= CARD_MAX:
        season = -10 - where
        if season >= len(CAT.seasons) or s.goal_up[season]:
            return f"seat {p} marker {slot} lies on a face-up goal card"
        if CAT.card_setup[season][0] != CAT.slot_gen[slot]:
            return f"seat {p} marker {slot}: wrong generation on the {CAT.seasons[season]} goal card"
    if s.dbl[g] and CAT.slot_gen[slot] != 4:
        return f"seat {p} marker {slot}: only generation 4 can be double"
    return None


def _tables(s) -> str | None:
    if sorted(s.way) != list(range(len(CAT.marker_ids))):
        return "waystation markers not conserved (each marker on exactly one city)"
    if len(set(s.rows)) != len(s.rows):
        return "an ability lies on two rows"
    for season in range(len(CAT.seasons)):
        if not s.goal_up[season] and CAT.card_setup[season][1] and card_loc(season) not in s.loc:
            return f"the face-down {CAT.seasons[season]} goal card has no marker on it"
    return None


def _stack_shape(s) -> str | None:
    stack = s.pending
    if s.over:
        return "a finished game has no pending decision" if stack else None
    if not stack or not isinstance(stack[-1], DECISIONS):
        return "a running game needs a pending decision on top of the stack"
    top = stack[-1]
    if len(stack) == 2 and not (isinstance(stack[0], Landing) and isinstance(top, LANDING_DECISIONS)):
        return f"{top.NAME} cannot be pending above {stack[0].NAME}"
    if isinstance(top, LANDING_DECISIONS) and len(stack) != 2:
        return f"{top.NAME} is only pending during a landing"
    return None


def _decision(s) -> str | None:
    top = s.pending[-1]
    queued = isinstance(top, ChooseFreeHatch) or (isinstance(top, ChooseExchange) and top.setup)
    if queued and (not s.queue or s.queue[0] != top.seat):
        return f"{top.NAME}: seat {top.seat} is not the first seat still to be asked"
    if not queued and any(f.seat != s.cur for f in s.pending):
        return f"{top.NAME}: seat {top.seat} decides during seat {s.cur}'s turn"
    for f in s.pending:
        slot = getattr(f, "slot", None)
        if slot is not None and s.loc[f.seat * NSLOT + slot] < 0:
            return f"{f.NAME}: seat {f.seat}'s marker {slot} is not on the map"
    if isinstance(top, ChooseReuse) and not (s.played[top.seat] and s.played[top.seat][-1] >= NMOVE):
        return "reuse_target: the last card played is not a reuse card"
    return None


def _legal(s) -> str | None:
    from gameshelf.games.mariposas.rules import legal_actions
    if not s.over and not legal_actions(s):
        return f"{s.pending[-1].NAME}: seat {s.pending[-1].seat} has no legal choice"
    return None


def problems(s):
    """Yield the first broken invariant's message of each group (the cheap ones first)."""
    yield _cards(s)
    for p in range(s.n):
        yield _seat(s, p)
    yield _tables(s)
    shape = _stack_shape(s)
    yield shape
    if shape is None and not s.over:
        yield _decision(s)
        yield _legal(s)


def check_invariants(s) -> None:
    """Raise AssertionError if ``s`` breaks an invariant."""
    for problem in problems(s):
        assert problem is None, problem


def check_position(s) -> None:
    """Raise BadPosition naming the first broken invariant of a state built from a position."""
    for problem in problems(s):
        if problem is not None:
            raise BadPosition(problem)

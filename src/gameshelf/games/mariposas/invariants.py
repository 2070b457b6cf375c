"""Invariants: card and marker conservation, hand limit, marker locations, owned cards, flowers, and the
decision stack (R6-R80). ``check_invariants`` asserts them (tests); ``check_position`` reports the
first broken one as BadPosition (``from_position``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from gameshelf.core.errors import BadPosition
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.decisions import (
    DECISIONS, ChooseAdjacent, ChooseCard, ChooseExchange, ChooseFreeHatch, ChooseHatch, ChooseReuse, Landing, PayFlower, PickFlower,
)
from gameshelf.games.mariposas.state import CARD_MAX, MARKERS, REMOVED, State, card_location, card_season

ALL_CARDS = Counter(dict(enumerate(CAT.action_copies)))
LANDING_DECISIONS = (PickFlower, ChooseCard, ChooseAdjacent, ChooseHatch, PayFlower)
MOVEMENT_CARDS = sum(1 for reuse in CAT.reuse if reuse is None)


def _cards(state: State) -> str | None:
    cards = Counter(state.deck) + Counter(state.discard)
    for seat in range(state.players):
        cards += Counter(state.hands[seat]) + Counter(state.played[seat])
        if len(state.hands[seat]) > CAT.hand_size:
            return f"seat {seat} holds {len(state.hands[seat])} action cards (at most {CAT.hand_size})"
    if cards != ALL_CARDS:
        diff = (cards - ALL_CARDS) or (ALL_CARDS - cards)
        return f"action cards not conserved: {', '.join(CAT.action_ids[card] for card in diff)} (each card exactly once)"
    return None


def _seat(state: State, seat: int) -> str | None:
    if any(value < 0 for value in state.flowers[seat]):
        return f"seat {seat} has negative flowers"
    if state.bonus_used[seat] & ~state.bonus[seat]:
        return f"seat {seat} used a bonus card it does not own"
    for marker in range(MARKERS):
        problem = _marker(state, seat, marker)
        if problem:
            return problem
    return None


def _marker(state: State, seat: int, marker: int) -> str | None:
    butterfly = seat * MARKERS + marker
    where = state.locations[butterfly]
    if not (where >= REMOVED or where <= CARD_MAX) or where >= len(CAT.space_ids):
        return f"seat {seat} marker {marker}: bad location {where}"
    if where <= CARD_MAX:
        season = card_season(where)
        if season >= len(CAT.seasons) or state.goals_up[season]:
            return f"seat {seat} marker {marker} lies on a face-up goal card"
        if CAT.card_setup[season][0] != CAT.slot_gen[marker]:
            return f"seat {seat} marker {marker}: wrong generation on the {CAT.seasons[season]} goal card"
    if state.doubles[butterfly] and CAT.slot_gen[marker] != 4:
        return f"seat {seat} marker {marker}: only generation 4 can be double"
    return None


def _tables(state: State) -> str | None:
    if sorted(state.waystations) != list(range(len(CAT.marker_ids))):
        return "waystation markers not conserved (each marker on exactly one city)"
    if len(set(state.ability_rows)) != len(state.ability_rows):
        return "an ability lies on two rows"
    for season in range(len(CAT.seasons)):
        if not state.goals_up[season] and CAT.card_setup[season][1] and card_location(season) not in state.locations:
            return f"the face-down {CAT.seasons[season]} goal card has no marker on it"
    return None


def _stack_shape(state: State) -> str | None:
    stack = state.pending
    if state.over:
        return "a finished game has no pending decision" if stack else None
    if not stack or not isinstance(stack[-1], DECISIONS):
        return "a running game needs a pending decision on top of the stack"
    top = stack[-1]
    if len(stack) == 2 and not (isinstance(stack[0], Landing) and isinstance(top, LANDING_DECISIONS)):
        return f"{top.name} cannot be pending above {stack[0].name}"
    if isinstance(top, LANDING_DECISIONS) and len(stack) != 2:
        return f"{top.name} is only pending during a landing"
    return None


def _decision(state: State) -> str | None:
    top = state.pending[-1]
    queued = isinstance(top, ChooseFreeHatch) or (isinstance(top, ChooseExchange) and top.setup)
    if queued and (not state.queue or state.queue[0] != top.seat):
        return f"{top.name}: seat {top.seat} is not the first seat still to be asked"
    if not queued and any(frame.seat != state.turn_seat for frame in state.pending):
        return f"{top.name}: seat {top.seat} decides during seat {state.turn_seat}'s turn"
    for frame in state.pending:
        marker = getattr(frame, "marker", None)
        if marker is not None and state.locations[frame.seat * MARKERS + marker] < 0:
            return f"{frame.name}: seat {frame.seat}'s marker {marker} is not on the map"
    if isinstance(top, ChooseReuse) and not (state.played[top.seat] and state.played[top.seat][-1] >= MOVEMENT_CARDS):
        return "reuse_target: the last card played is not a reuse card"
    return None


def _legal(state: State) -> str | None:
    from gameshelf.games.mariposas.rules import legal_actions
    if not state.over and not legal_actions(state):
        return f"{state.pending[-1].name}: seat {state.pending[-1].seat} has no legal choice"
    return None


def problems(state: State) -> Iterator[str | None]:
    """Yield the first broken invariant's message of each group (the cheap ones first)."""
    yield _cards(state)
    for seat in range(state.players):
        yield _seat(state, seat)
    yield _tables(state)
    shape = _stack_shape(state)
    yield shape
    if shape is None and not state.over:
        yield _decision(state)
        yield _legal(state)


def check_invariants(state: State) -> None:
    """Raise AssertionError if ``state`` breaks an invariant."""
    for problem in problems(state):
        assert problem is None, problem


def check_position(state: State) -> None:
    """Raise BadPosition naming the first broken invariant of a state built from a position."""
    for problem in problems(state):
        if problem is not None:
            raise BadPosition(problem)

"""OBSERVE (reference 4.3; R5-R16, A4, A5): which cards may be played where, and playing one.

Also the reads of a player's scientists the other phases share: the arrow patterns each location
allows (R10, A5) and the camps (R23, R55).
"""

from __future__ import annotations

from typing import Protocol, Sequence

from gameshelf.core.game import Event
from gameshelf.games.borealis.actions import OBSERVE, Observe
from gameshelf.games.borealis.catalog import (
    CARD_LEFT_COLOUR, CARD_PATTERN_BIT, CARD_RIGHT_COLOUR, CARD_VEHICLE_BIT, LAST_SPACE, PLAYABLE, SETUP, TRACK_MASKS,
    ZONES,
)
from gameshelf.games.borealis.events import observe_event, scientists_event
from gameshelf.games.borealis.state import State

SEVEN = SETUP["seven_card_trigger"]

# count -> its place in PLAYABLE's key (counts above 2 behave like 2)
_NINES = (0, 9) + (18,) * 20
_THREES = (0, 3) + (6,) * 20
_ONES = (0, 1) + (2,) * 20


class HasScientists(Protocol):
    """Anything with a state's ``scientists`` list (a state, or one board's counts for the
    heuristic's cache)."""

    @property
    def scientists(self) -> Sequence[int]: ...


def location_masks(state: HasScientists, seat: int) -> tuple[int, int, int]:
    """Playable arrow-pattern bits of LEFT, CENTER, RIGHT (R10, A5)."""
    counts, base = state.scientists, seat * 15
    return (PLAYABLE[_NINES[counts[base + 3]] + _THREES[counts[base + 4]] + _ONES[counts[base + 5]]],
            PLAYABLE[_NINES[counts[base + 6]] + _THREES[counts[base + 7]] + _ONES[counts[base + 8]]],
            PLAYABLE[_NINES[counts[base + 9]] + _THREES[counts[base + 10]] + _ONES[counts[base + 11]]])


def camp_total(state: State, seat: int) -> int:
    """Scientists in LEFT_CAMP plus RIGHT_CAMP (R23, R55)."""
    counts, base = state.scientists, seat * 15
    return (counts[base] + counts[base + 1] + counts[base + 2]
            + counts[base + 12] + counts[base + 13] + counts[base + 14])


def observe_actions(state: State, seat: int) -> list:
    """Every (card, location) the seat may observe (R10, R11)."""
    left, center, right = location_masks(state, seat)
    out = []
    for card in state.hands[seat]:
        bit, row = CARD_PATTERN_BIT[card], OBSERVE[card]
        if bit & left:
            out.append(row[1])
        if bit & center:
            out.append(row[2])
        if bit & right:
            out.append(row[3])
    return out


def observe(state: State, seat: int, card: int, location: int, events: list[Event] | None) -> None:
    """R12-R16: the card on top of the column, the two scientists out, the flag, the 7th card."""
    state.hands[seat].remove(card)
    state.board_memo[seat] = None     # the board changes (heuristics.estimate's cache)
    column = state.columns[seat * 3 + location - 1]
    column.append(card)
    counts, base = state.scientists, seat * 15 + location * 3
    left_colour, right_colour = CARD_LEFT_COLOUR[card], CARD_RIGHT_COLOUR[card]
    counts[base + left_colour] -= 1
    counts[base - 3 + left_colour] += 1
    counts[base + right_colour] -= 1
    counts[base + 3 + right_colour] += 1
    index = seat * 3 + location - 1
    space = state.flags[index]
    moved = space < LAST_SPACE and bool(CARD_VEHICLE_BIT[card] & TRACK_MASKS[state.boards[seat]][location][space + 1])
    if moved:
        state.flags[index] = space = space + 1
    if events is not None:
        events.append(observe_event(moved, seat, card, location, space))
        events.append(scientists_event(seat, card, location))
    if len(column) >= SEVEN and not state.end_triggered:
        state.end_triggered = True
        if events is not None:
            events.append(Event("end_triggered", {"seat": seat, "location": ZONES[location]}))


def why_not_observe(state: State, seat: int, action: Observe) -> tuple[str, str]:
    """R10: the card is not in hand, or its arrow colours are not among the location's scientists."""
    if action.card not in state.hands[seat]:
        return f"card {action.card} is not in your hand", "R10"
    return (f"card {action.card} needs its arrow colours among the scientists at "
            f"{ZONES[action.loc]} (two of one colour for a same-colour card)", "R10")

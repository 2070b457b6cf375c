"""OBSERVE (reference 4.3; R5-R16, A4, A5): which cards may be played where, and playing one.

Also the reads of a player's scientists the other phases share: the arrow patterns each location
allows (R10, A5) and the camps (R23, R55).
"""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.borealis.actions import OBSERVE
from gameshelf.games.borealis.catalog import (
    C_LEFT, C_PATBIT, C_RIGHT, C_VBIT, CARD_TERM, COLOURS, LAST_SPACE, PLAYABLE, SETUP, TRACK_MASKS,
    TRACK_STARS, ZONES,
)
from gameshelf.games.borealis.state import State

SEVEN = SETUP["seven_card_trigger"]

# count -> its place in PLAYABLE's key (counts above 2 behave like 2)
_K9 = (0, 9) + (18,) * 20
_K3 = (0, 3) + (6,) * 20
_K1 = (0, 1) + (2,) * 20


def location_masks(s: State, seat: int) -> tuple[int, int, int]:
    """Playable arrow-pattern bits of LEFT, CENTER, RIGHT (R10, A5)."""
    sc, b = s.sci, seat * 15
    return (PLAYABLE[_K9[sc[b + 3]] + _K3[sc[b + 4]] + _K1[sc[b + 5]]],
            PLAYABLE[_K9[sc[b + 6]] + _K3[sc[b + 7]] + _K1[sc[b + 8]]],
            PLAYABLE[_K9[sc[b + 9]] + _K3[sc[b + 10]] + _K1[sc[b + 11]]])


def camp_total(s: State, seat: int) -> int:
    """Scientists in LEFT_CAMP plus RIGHT_CAMP (R23, R55)."""
    sc, b = s.sci, seat * 15
    return sc[b] + sc[b + 1] + sc[b + 2] + sc[b + 12] + sc[b + 13] + sc[b + 14]


def observe_actions(s: State, seat: int) -> list:
    """Every (card, location) the seat may observe (R10, R11)."""
    ml, mc, mr = location_masks(s, seat)
    out = []
    for c in s.hands[seat]:
        bit, row = C_PATBIT[c], OBSERVE[c]
        if bit & ml:
            out.append(row[1])
        if bit & mc:
            out.append(row[2])
        if bit & mr:
            out.append(row[3])
    return out


def observe(s: State, seat: int, card: int, loc: int, events: list[Event]) -> None:
    """R12-R16: the card on top of the column, the two scientists out, the flag, the 7th card."""
    s.hands[seat].remove(card)
    col = s.cols[seat * 3 + loc - 1]
    col.append(card)
    sc, b = s.sci, seat * 15 + loc * 3
    lc, rc = C_LEFT[card], C_RIGHT[card]
    sc[b + lc] -= 1
    sc[b - 3 + lc] += 1
    sc[b + rc] -= 1
    sc[b + 3 + rc] += 1
    fi = seat * 3 + loc - 1
    f = s.flags[fi]
    moved = f < LAST_SPACE and bool(C_VBIT[card] & TRACK_MASKS[s.boards[seat]][loc][f + 1])
    if moved:
        s.flags[fi] = f = f + 1
    events.append(Event("observe_flag" if moved else "observe_stay",
                        {"seat": seat, "card": CARD_TERM[card], "id": card, "location": ZONES[loc],
                         "space": f, "stars": TRACK_STARS[f]}))
    events.append(Event("scientists_move", {"seat": seat, "left_colour": COLOURS[lc],
                                            "left_to": ZONES[loc - 1], "right_colour": COLOURS[rc],
                                            "right_to": ZONES[loc + 1]}))
    if len(col) >= SEVEN and not s.end_triggered:
        s.end_triggered = True
        events.append(Event("end_triggered", {"seat": seat, "location": ZONES[loc]}))


def why_not_observe(s: State, seat: int, card: int, loc: int) -> tuple[str, str]:
    """R10: the card is not in hand, or its arrow colours are not among the location's scientists."""
    if card not in s.hands[seat]:
        return f"card {card} is not in your hand", "R10"
    return (f"card {card} needs its arrow colours among the scientists at "
            f"{ZONES[loc]} (two of one colour for a same-colour card)", "R10")

"""Reading a player's scientists: which arrow patterns each location allows (R10, A5), camps."""

from __future__ import annotations

from gameshelf.games.borealis.catalog import PLAYABLE
from gameshelf.games.borealis.state import State

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

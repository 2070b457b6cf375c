"""Midnight Zoo's public events (everyone may read them), each kind with its arguments in order.

An event is a value nobody changes, and the same few thousand (a seat took this tile from that
position, placed this tile on that space...) recur in every game: each kind builds an event once
per set of arguments and shares it after that, a lookup several times cheaper than building it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from gameshelf.core.game import Event


def public(key: str, *fields: str) -> Callable[..., Event]:
    """The kind of public event ``key``: called with a value per field, in order."""
    @lru_cache(maxsize=1 << 14)  # more than the distinct events of any kind (4 seats x 78 tiles x 25 spaces)
    def build(*values: object) -> Event:
        return Event(key, dict(zip(fields, values)))
    return build


CARDS_REVEALED = public("cards_revealed")
TOOK = public("took", "seat", "tile", "pos")
LEO_TOOK = public("leo_took", "tile", "pos")
LEFTOVER = public("leftover", "tile")
SOLO_SHUFFLED = public("solo_shuffled")
PHASE_DONE = public("phase_done", "seat")
ROUND_TERRAIN = public("round_terrain", "terrain")
GAME_OVER = public("game_over")
STORED = public("stored", "seat", "tile")
DISCARDED = public("discarded", "seat", "tile", "terrain")
PLACED = public("placed", "seat", "tile", "cell")
DISCOVERED = public("discovered", "seat", "animal", "spot")
BONUS_GAINED = public("bonus_gained", "seat", "terrain")
VP_GAINED = public("vp_gained", "seat", "vp")
ARRIVED = public("arrived", "seat", "animal", "spot")
MOVED = public("moved", "seat", "animal", "spot", "move")

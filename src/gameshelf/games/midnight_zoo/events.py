"""Midnight Zoo's public events, shared: an event is a value nobody changes, and the same few
thousand (a seat took a tile from a position, placed a tile on a space...) recur in every game,
so each is built once and looked up after that, several times cheaper than building it again."""

from __future__ import annotations

from functools import lru_cache

from gameshelf.core.game import Event


@lru_cache(maxsize=1 << 15)  # more than every distinct public event of the game
def event(key: str, **args: object) -> Event:
    """A public event (everyone may read it)."""
    return Event(key, args)

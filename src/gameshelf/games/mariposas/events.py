"""Mariposas' most frequent events, each built once per set of arguments and shared after that.

An event is a value nobody changes (core.game.Event), and the same few hundred (a seat drew or
played this card, landed a generation on that space, collected its flowers) recur in every game:
a lookup is several times cheaper than building one each time. Rarer events are built in place.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from gameshelf.core.game import Event


def public(key: str, *fields: str) -> Callable[..., Event]:
    """The kind of public event ``key``: called with a value per field, in order."""
    @lru_cache(maxsize=1 << 14)  # more than the distinct events of any kind (5 seats x 4 generations x spaces)
    def build(*values: object) -> Event:
        return Event(key, dict(zip(fields, values)))
    return build


PLAY = public("play", "player", "card")
REUSED = public("reuse", "player", "card")
SEGMENTS_DECLINED = public("segments_declined", "player")
LAND = public("land", "player", "gen", "space")
COLLECT = public("collect", "player", "flower", "count", "space")
HATCH = public("hatch", "player", "gen", "space", "double")
GOAL_SCORED = public("goal_scored", "player", "goal", "points")


@lru_cache(maxsize=None)
def drew(seat: int, card: str) -> tuple[Event, Event]:
    """R72: the card drawn, for the drawer alone, and its redacted twin for everyone else
    (spectators included)."""
    only = frozenset((seat,))
    return (Event("draw", {"player": seat, "card": card}, only),
            Event("draw_hidden", {"player": seat}, hidden_from=only))

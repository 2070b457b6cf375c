"""The events a turn emits most often, each built once: events are immutable values (frozen
``core.game.Event``; nothing edits their arguments), so the rules hand out the same object each
time instead of building an equal one per action (search applies millions of actions).

Indexed by seat (0-4) and biome index; the place targets by seat and territory id, on first use.
"""

from __future__ import annotations

from functools import lru_cache

from gameshelf.core.game import Event
from gameshelf.games.iwari.catalog import BIOMES, LETTER_INDEX

SEATS = range(5)
_BIOME_IDS = tuple(biome.id for biome in BIOMES)
ONLY = tuple(frozenset((seat,)) for seat in SEATS)  # R27: the drawer alone sees the card

EXCHANGE = tuple(tuple(Event("exchange", {"seat": seat, "biome": biome}) for biome in _BIOME_IDS) for seat in SEATS)
DRAW_DECK = tuple(tuple(Event("draw_deck", {"seat": seat, "biome": biome}, ONLY[seat]) for biome in _BIOME_IDS)
                  for seat in SEATS)
DRAW_DECK_HIDDEN = tuple(Event("draw_deck_hidden", {"seat": seat}, hidden_from=ONLY[seat]) for seat in SEATS)
TAKE_DISPLAY = tuple(tuple(Event("take_display", {"seat": seat, "biome": biome}) for biome in _BIOME_IDS)
                     for seat in SEATS)
DISPLAY_REFILL = tuple(Event("display_refill", {"biome": biome}) for biome in _BIOME_IDS)
PLACE_DONE = tuple(Event("place_done", {"seat": seat}) for seat in SEATS)
THIRD_STEP_SKIPPED = tuple(Event("third_step_skipped", {"seat": seat}) for seat in SEATS)


@lru_cache(maxsize=None)
def piece_event(key: str, player: int | str, space: str | None, territory: str, pay: str) -> Event:
    """``place_tent`` (on ``space``) / ``place_totem`` (``space`` None): the tribe (a seat, or
    ``third_tribe``), the territory and the cards paid (a biome letter, doubled for a pair)."""
    cards = [_BIOME_IDS[LETTER_INDEX[pay[0]]]] * len(pay)
    if space is None:
        return Event(key, {"player": player, "territory": territory, "cards": cards})
    return Event(key, {"player": player, "space": space, "territory": territory, "cards": cards})


@lru_cache(maxsize=None)
def target_event(key: str, seat: int, territory: str) -> Event:
    """``place_target`` / ``third_target``: the territory ``seat`` chose."""
    return Event(key, {"seat": seat, "territory": territory})

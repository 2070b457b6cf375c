"""The events a turn emits most often, each built once per set of arguments: events are immutable
values (frozen ``core.game.Event``; nothing edits their arguments), so the rules hand out the same
object each time instead of building an equal one per action (a random game emits some 250, and
search applies millions of actions). The arguments are those the rules pass (seats, card ids,
zones, counts); the piles' events are kept for one card only (their card lists vary most).
"""

from __future__ import annotations

from functools import lru_cache

from gameshelf.core.game import Event
from gameshelf.games.borealis.catalog import (CARD_LEFT_COLOUR, CARD_RIGHT_COLOUR, CARD_TERM, COLOURS,
                                              TRACK_STARS, ZONES)

_ONLY = tuple(frozenset({seat}) for seat in range(4))   # R27-style private draws: the drawer alone


@lru_cache(maxsize=None)
def observe_event(moved: bool, seat: int, card: int, location: int, space: int) -> Event:
    """``observe_flag`` (the flag moved to ``space``) or ``observe_stay`` (R12-R15)."""
    return Event("observe_flag" if moved else "observe_stay",
                 {"seat": seat, "card": CARD_TERM[card], "id": card, "location": ZONES[location],
                  "space": space, "stars": TRACK_STARS[space]})


@lru_cache(maxsize=None)
def scientists_event(seat: int, card: int, location: int) -> Event:
    """``scientists_move``: the card's two arrow colours leave ``location`` to either side (R13)."""
    left_colour, right_colour = CARD_LEFT_COLOUR[card], CARD_RIGHT_COLOUR[card]
    return Event("scientists_move", {"seat": seat, "left_colour": COLOURS[left_colour],
                                     "left_to": ZONES[location - 1], "right_colour": COLOURS[right_colour],
                                     "right_to": ZONES[location + 1]})


@lru_cache(maxsize=None)
def card_event(key: str, seat: int, card: int) -> Event:
    """``take_pool``, ``mulligan_discard`` or ``regroup_discard``: one card of ``seat``."""
    return Event(key, {"seat": seat, "card": CARD_TERM[card], "id": card})


@lru_cache(maxsize=None)
def seat_event(key: str, seat: int) -> Event:
    """An event whose only argument is the seat (``regroup``, ``no_card``)."""
    return Event(key, {"seat": seat})


@lru_cache(maxsize=None)
def count_event(key: str, seat: int, count: int) -> Event:
    """``regroup_replaced``, ``regroup_empty``, ``mulligan_done``: the seat and a count."""
    return Event(key, {"seat": seat, "count": count})


@lru_cache(maxsize=None)
def round_start_event(round_: int, seat: int) -> Event:
    return Event("round_start", {"round": round_, "seat": seat})


@lru_cache(maxsize=None)
def round_end_event(round_: int) -> Event:
    return Event("round_end", {"round": round_})


@lru_cache(maxsize=None)
def gather_event(seat: int, stars: int, location: int) -> Event:
    """``regroup_gather``: the camp scientists went to ``location`` for ``stars`` (R23, R24)."""
    return Event("regroup_gather", {"seat": seat, "stars": stars, "location": ZONES[location]})


def pool_refill_event(dealt: list[int]) -> Event:
    """``pool_refill``: the cards dealt face up, in order (R20); built once per card when one card
    is dealt (after a take), the common case (after a refresh four are: too many combinations to keep)."""
    if len(dealt) == 1:
        return _one_card_refill(dealt[0])
    return Event("pool_refill", {"cards": [CARD_TERM[card] for card in dealt], "ids": dealt})


@lru_cache(maxsize=None)
def _one_card_refill(card: int) -> Event:
    return Event("pool_refill", {"cards": [CARD_TERM[card]], "ids": [card]})


def draw_events(seat: int, drawn: list[int]) -> tuple[Event, Event]:
    """The drawer's private ``draw_private`` and its redacted twin for everyone else, spectators
    included (``draw_hidden_one`` / ``draw_hidden``); built once per seat and card for a draw of one
    card (the deck top, R17), the common case."""
    if len(drawn) == 1:
        return _one_card_draw(seat, drawn[0])
    return (Event("draw_private", {"seat": seat, "cards": [CARD_TERM[card] for card in drawn], "ids": drawn},
                  _ONLY[seat]),
            Event("draw_hidden", {"seat": seat, "count": len(drawn)}, hidden_from=_ONLY[seat]))


@lru_cache(maxsize=None)
def _one_card_draw(seat: int, card: int) -> tuple[Event, Event]:
    return (Event("draw_private", {"seat": seat, "cards": [CARD_TERM[card]], "ids": [card]}, _ONLY[seat]),
            Event("draw_hidden_one", {"seat": seat, "count": 1}, hidden_from=_ONLY[seat]))

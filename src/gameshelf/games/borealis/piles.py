"""Deck, discard pile, pool and hand movements (R17, R20, R22, R26-R28, A17), with their events."""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.borealis.catalog import SETUP
from gameshelf.games.borealis.state import State

POOL_SIZE = SETUP["pool_size"]
CARD_TERM = tuple(f"card:{i}" for i in range(200))
_ONLY = [frozenset({i}) for i in range(4)]


def draw(s: State, events: list[Event]) -> int:
    """The deck's top card, reshuffling the discard pile first if the deck is empty (R27);
    0 when both are empty (R28)."""
    if not s.deck:
        if not s.discard:
            return 0
        s.deck = s.discard
        s.discard = []
        s.chance.shuffle(s.deck)
        events.append(Event("reshuffle", {"count": len(s.deck)}))
    return s.deck.pop()


def draw_to_hand(s: State, seat: int, count: int, events: list[Event]) -> int:
    """Draw ``count`` cards into ``seat``'s hand; a private event for the drawer and a redacted
    twin for everyone else, spectators included. Returns how many were drawn."""
    got = []
    hand = s.hands[seat]
    for _ in range(count):
        card = draw(s, events)
        if not card:
            break
        hand.append(card)
        got.append(card)
    if got:
        events.append(Event("draw_private", {"seat": seat, "cards": [CARD_TERM[c] for c in got],
                                             "ids": got}, _ONLY[seat]))
        key = "draw_hidden_one" if len(got) == 1 else "draw_hidden"
        events.append(Event(key, {"seat": seat, "count": len(got)}, hidden_from=_ONLY[seat]))
    return len(got)


def refill_pool(s: State, events: list[Event]) -> None:
    """Deal face-up pool cards until it holds 4 or no card is left (R20, R28)."""
    dealt = []
    while len(s.pool) < POOL_SIZE:
        card = draw(s, events)
        if not card:
            break
        s.pool.append(card)
        dealt.append(card)
    if dealt:
        events.append(Event("pool_refill", {"cards": [CARD_TERM[c] for c in dealt], "ids": dealt}))

"""Taking a card after an observe (reference 4.3, 4.5; R17-R20, R26-R28, A7, A8, A17, A31), and
the deck, discard pile, pool and hand movements every phase uses, with their events."""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.borealis.actions import DECK, REFRESH, TAKE, Refresh, TakeDeck, TakePool
from gameshelf.games.borealis.catalog import CARD_TERM, SETUP
from gameshelf.games.borealis.decisions import TAKE_AFTER_REFRESH, TAKE_CARD, TakeCard
from gameshelf.games.borealis.rules_end import finish_turn
from gameshelf.games.borealis.state import State

POOL_SIZE = SETUP["pool_size"]
REFRESH_COST = SETUP["refresh_cost"]
_ONLY = [frozenset({i}) for i in range(4)]


# ---- piles (R20, R22, R26-R28, A17) ------------------------------------------------------------
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


# ---- the draw decision (R17-R19, A7, A8, A31) -------------------------------------------------
def can_refresh(s: State, seat: int) -> bool:
    """R18, A7: a token to pay, not yet this turn, and (global option) not yet this round."""
    if s.turn_refreshed or s.tokens[seat] < REFRESH_COST:
        return False
    return not (s.cfg.refresh_global and s.refresh_round)


def draw_options(s: State, top) -> list:
    """The legal takes: the pool cards, then the deck top and a refresh (R17), or after a refresh
    the new pool only (R19; A8: the deck top too, by option)."""
    out = [TAKE[c] for c in s.pool]
    if type(top) is TakeCard:
        if s.deck or s.discard:
            out.append(DECK)
            if can_refresh(s, top.seat):
                out.append(REFRESH)
        elif s.pool and can_refresh(s, top.seat):
            out.append(REFRESH)     # a refresh that deals nothing is never forced (R28, A31)
    elif s.cfg.refresh_then_deck and (s.deck or s.discard):
        out.append(DECK)
    return out


def start_draw(s: State, seat: int, events: list[Event], after_refresh: bool = False) -> None:
    """The seat now takes a card; when none can be gained at all the turn ends (R19, A31)."""
    s.pending = TAKE_AFTER_REFRESH[seat] if after_refresh else TAKE_CARD[seat]
    if not draw_options(s, s.pending[-1]):
        events.append(Event("no_card", {"seat": seat}))
        finish_turn(s, seat, events)


def take_pool(s: State, seat: int, card: int, events: list[Event]) -> None:
    """R17(a), R20."""
    s.pool.remove(card)
    s.hands[seat].append(card)
    events.append(Event("take_pool", {"seat": seat, "card": CARD_TERM[card], "id": card}))
    refill_pool(s, events)
    finish_turn(s, seat, events)


def take_deck(s: State, seat: int, events: list[Event]) -> None:
    """R17(b)."""
    draw_to_hand(s, seat, 1, events)
    finish_turn(s, seat, events)


def refresh(s: State, seat: int, events: list[Event]) -> None:
    """R17(c), R18: pay 1, discard the pool, deal a new one; then take from it (R19)."""
    s.tokens[seat] -= REFRESH_COST
    s.turn_refreshed = s.refresh_round = True
    old = s.pool
    s.discard.extend(old)
    s.pool = []
    events.append(Event("refresh", {"seat": seat, "cost": REFRESH_COST,
                                    "cards": [CARD_TERM[c] for c in old], "ids": old}))
    refill_pool(s, events)
    start_draw(s, seat, events, after_refresh=True)


def why_not_take(s: State, seat: int, top, action) -> tuple[str, str] | None:
    """Why a take, deck or refresh is not legal now (None: the action is not a draw option)."""
    after = type(top) is not TakeCard
    match action:
        case TakePool(card=card):
            return f"card {card} is not in the pool", "R17"
        case TakeDeck():
            if after:
                return "after a refresh the card must come from the new pool", "R19"
            return "the deck and the discard pile are empty", "R28"
        case Refresh():
            return why_not_refresh(s, seat, after)
    return None


def why_not_refresh(s: State, seat: int, after: bool) -> tuple[str, str]:
    if after:
        return "you already refreshed the pool this turn", "R18"
    if s.tokens[seat] < REFRESH_COST:
        return "a refresh costs 1 star and your token total is 0", "R18"
    if s.turn_refreshed:
        return "you already refreshed the pool this turn", "R18"
    if not (s.pool or s.deck or s.discard):
        return "the pool, the deck and the discard pile are empty: nothing to refresh", "R28"
    return "the pool was already refreshed this round", "A7"

"""Taking a card after an observe (reference 4.3, 4.5; R17-R20, R26-R28, A7, A8, A17, A31), and
the deck, discard pile, pool and hand movements every phase uses, with their events."""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.borealis.actions import DECK, REFRESH, TAKE, Refresh, TakeDeck, TakePool
from gameshelf.games.borealis.catalog import CARD_TERM, SETUP
from gameshelf.games.borealis.events import card_event, draw_events, pool_refill_event, seat_event
from gameshelf.games.borealis.decisions import TAKE_AFTER_REFRESH, TAKE_CARD, TakeCard, Taking
from gameshelf.games.borealis.rules_end import finish_turn
from gameshelf.games.borealis.state import State

POOL_SIZE = SETUP["pool_size"]
REFRESH_COST = SETUP["refresh_cost"]


# ---- piles (R20, R22, R26-R28, A17) ------------------------------------------------------------
def draw(state: State, events: list[Event] | None) -> int:
    """The deck's top card, reshuffling the discard pile first if the deck is empty (R27);
    0 when both are empty (R28)."""
    if not state.deck:
        if not state.discard:
            return 0
        state.deck = state.discard
        state.discard = []
        state.chance.shuffle(state.deck)
        if events is not None:
            events.append(Event("reshuffle", {"count": len(state.deck)}))
    return state.deck.pop()


def draw_to_hand(state: State, seat: int, count: int, events: list[Event] | None) -> int:
    """Draw ``count`` cards into ``seat``'s hand; a private event for the drawer and a redacted
    twin for everyone else, spectators included. Returns how many were drawn."""
    drawn = []
    hand = state.hands[seat]
    for _ in range(count):
        card = draw(state, events)
        if not card:
            break
        hand.append(card)
        drawn.append(card)
    if drawn and events is not None:
        events += draw_events(seat, drawn)  # the drawer's cards, and a redacted twin for all others
    return len(drawn)


def refill_pool(state: State, events: list[Event] | None) -> None:
    """Deal face-up pool cards until it holds 4 or no card is left (R20, R28)."""
    dealt = []
    while len(state.pool) < POOL_SIZE:
        card = draw(state, events)
        if not card:
            break
        state.pool.append(card)
        dealt.append(card)
    if dealt and events is not None:
        events.append(pool_refill_event(dealt))


# ---- the draw decision (R17-R19, A7, A8, A31) -------------------------------------------------
def can_refresh(state: State, seat: int) -> bool:
    """R18, A7: a token to pay, not yet this turn, and (global option) not yet this round."""
    if state.refreshed_this_turn or state.tokens[seat] < REFRESH_COST:
        return False
    return not (state.config.refresh_global and state.refresh_used_this_round)


def draw_options(state: State, frame: Taking) -> list:
    """The legal takes: the pool cards, then the deck top and a refresh (R17), or after a refresh
    the new pool only (R19; A8: the deck top too, by option)."""
    out: list[object] = [TAKE[card] for card in state.pool]
    if type(frame) is TakeCard:
        if state.deck or state.discard:
            out.append(DECK)
            if can_refresh(state, frame.seat):
                out.append(REFRESH)
        elif state.pool and can_refresh(state, frame.seat):
            out.append(REFRESH)     # a refresh that deals nothing is never forced (R28, A31)
    elif state.config.refresh_then_deck and (state.deck or state.discard):
        out.append(DECK)
    return out


def can_take(state: State, after_refresh: bool) -> bool:
    """Whether ``draw_options`` offers anything (without building the list): a pool card, else the
    deck top (R17; after a refresh only by option, A8) while the deck or the discard pile holds a
    card. A refresh needs a pool to replace (R28), so it never is the only option."""
    if state.pool:
        return True
    return bool(state.deck or state.discard) and (not after_refresh or state.config.refresh_then_deck)


def start_draw(state: State, seat: int, events: list[Event] | None, after_refresh: bool = False) -> None:
    """The seat now takes a card; when none can be gained at all the turn ends (R19, A31)."""
    state.pending = TAKE_AFTER_REFRESH[seat] if after_refresh else TAKE_CARD[seat]
    if not can_take(state, after_refresh):
        if events is not None:
            events.append(seat_event("no_card", seat))
        finish_turn(state, seat, events)


def take(state: State, frame: Taking, action: TakePool | TakeDeck | Refresh, events: list[Event] | None) -> None:
    """R17: a pool card (a), the deck top (b) or a refresh (c)."""
    seat = frame.seat
    if type(action) is TakePool:
        take_pool(state, seat, action.card, events)
    elif type(action) is TakeDeck:
        draw_to_hand(state, seat, 1, events)
        finish_turn(state, seat, events)
    else:
        refresh(state, seat, events)


def take_pool(state: State, seat: int, card: int, events: list[Event] | None) -> None:
    """R17(a), R20."""
    state.pool.remove(card)
    state.hands[seat].append(card)
    if events is not None:
        events.append(card_event("take_pool", seat, card))
    refill_pool(state, events)
    finish_turn(state, seat, events)


def refresh(state: State, seat: int, events: list[Event] | None) -> None:
    """R17(c), R18: pay 1, discard the pool, deal a new one; then take from it (R19)."""
    state.tokens[seat] -= REFRESH_COST
    state.refreshed_this_turn = state.refresh_used_this_round = True
    old = state.pool
    state.discard.extend(old)
    state.pool = []
    if events is not None:
        events.append(Event("refresh", {"seat": seat, "cost": REFRESH_COST,
                                        "cards": [CARD_TERM[c] for c in old], "ids": old}))
    refill_pool(state, events)
    start_draw(state, seat, events, after_refresh=True)


def why_not_take(state: State, frame: Taking, action: object) -> tuple[str, str] | None:
    """Why a take, deck or refresh is not legal now (None: the action is not a draw option)."""
    after = type(frame) is not TakeCard
    match action:
        case TakePool(card=card):
            return f"card {card} is not in the pool", "R17"
        case TakeDeck():
            if after:
                return "after a refresh the card must come from the new pool", "R19"
            return "the deck and the discard pile are empty", "R28"
        case Refresh():
            return why_not_refresh(state, frame.seat, after)
    return None


def why_not_refresh(state: State, seat: int, after: bool) -> tuple[str, str]:
    if after:
        return "you already refreshed the pool this turn", "R18"
    if state.tokens[seat] < REFRESH_COST:
        return "a refresh costs 1 star and your token total is 0", "R18"
    if state.refreshed_this_turn:
        return "you already refreshed the pool this turn", "R18"
    if not (state.pool or state.deck or state.discard):
        return "the pool, the deck and the discard pile are empty: nothing to refresh", "R28"
    return "the pool was already refreshed this round", "A7"

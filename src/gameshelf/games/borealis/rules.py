"""Borealis rules: setup (section 3), legal actions and apply (R3-R29, A7, A8, A18, A19, A31).

The end of a turn (objectives, end of round, game end, A32) lives in ``flow.py``.
"""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.core.game import Event
from gameshelf.games.borealis import flow
from gameshelf.games.borealis.actions import (
    DECK, DISCARD, DONE, OBSERVE, REFRESH, REGROUP, REGROUP_TO, TAKE,
    Discard, Done, Observe, Refresh, Regroup, RegroupTo, TakeDeck, TakePool,
)
from gameshelf.games.borealis.catalog import (
    C_LEFT, C_PATBIT, C_RIGHT, C_VBIT, CARD_IDS, COLOURS, LAST_SPACE, OBJECTIVES_BY_TYPE,
    SCORING_IDS, SETUP, SIDE_II_BOARDS, TRACK_MASKS, TRACK_STARS, ZONES,
)
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.piles import CARD_TERM, draw_to_hand, refill_pool
from gameshelf.games.borealis.scientists import camp_total, location_masks
from gameshelf.games.borealis.state import (
    AFTER_REFRESH, CHOOSE, DRAW, MULLIGAN, OPEN, OVER, REGROUP_DISCARD, REGROUP_LOCATION, State,
)

SEVEN = SETUP["seven_card_trigger"]
REFRESH_COST = SETUP["refresh_cost"]


# ---- setup -------------------------------------------------------------------------------------
def new_state(players: int, cfg: Config, seed: int) -> State:
    """Section 3, steps 1-12, in the canonical order for the seeded stream."""
    ch = Chance(seed)
    s = State.__new__(State)
    s.n, s.cfg, s.chance = players, cfg, ch
    s.first = ch.below(players) if cfg.first_player == "random" else 0
    s.deck = list(CARD_IDS)
    ch.shuffle(s.deck)
    s.discard, s.pool = [], []
    refill_pool(s, [])
    s.scoring = tuple(ch.sample(SCORING_IDS, SETUP["scoring_cards_in_play"]))
    s.obj = tuple(ch.choice(ids) for ids in OBJECTIVES_BY_TYPE)
    s.obj_tokens = [players] * len(s.obj)
    s.obj_status = [OPEN] * len(s.obj)
    if cfg.board_side == "II":
        picks = ch.sample(range(len(SIDE_II_BOARDS)), players)
        s.boards = tuple(1 + p for p in picks)
    else:
        s.boards = (0,) * players
    per = SETUP["scientists_per_colour_per_location"]
    s.sci = ([0, 0, 0] + [per] * 9 + [0, 0, 0]) * players
    s.cols = [[] for _ in range(players * 3)]
    s.flags = [0] * (players * 3)
    s.tokens = [SETUP["starting_tokens"]] * players
    s.hands = [[] for _ in range(players)]
    for k in range(players):
        draw_to_hand(s, (s.first + k) % players, SETUP["hand_size"], [])
    s.achieved = [0] * players
    s.seat, s.round, s.phase, s.pending = s.first, 1, MULLIGAN, 0
    s.refresh_round = s.turn_refreshed = s.end_triggered = False
    s.end_reason, s.ply, s.turns = 0, 0, [0] * players
    return s


# ---- legality ----------------------------------------------------------------------------------
def observe_actions(s: State, seat: int) -> list:
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


def can_refresh(s: State) -> bool:
    """R18, A7: a token to pay, not yet this turn, and (global option) not yet this round."""
    if s.turn_refreshed or s.tokens[s.seat] < REFRESH_COST:
        return False
    return not (s.cfg.refresh_global and s.refresh_round)


def draw_options(s: State) -> list:
    out = [TAKE[c] for c in s.pool]
    if s.phase == DRAW:
        if s.deck or s.discard:
            out.append(DECK)
            if can_refresh(s):
                out.append(REFRESH)
        elif s.pool and can_refresh(s):
            out.append(REFRESH)     # a refresh that deals nothing is never forced (R28, A31)
    elif s.cfg.refresh_then_deck and (s.deck or s.discard):
        out.append(DECK)
    return out


def legal_actions(s: State) -> list:
    ph = s.phase
    if ph == CHOOSE:
        out = observe_actions(s, s.seat)
        out.append(REGROUP)
        return out
    if ph == DRAW or ph == AFTER_REFRESH:
        return draw_options(s)
    if ph == MULLIGAN or ph == REGROUP_DISCARD:
        out = [DISCARD[c] for c in s.hands[s.seat]]
        out.append(DONE)
        return out
    if ph == REGROUP_LOCATION:
        return [REGROUP_TO[1], REGROUP_TO[2], REGROUP_TO[3]]
    return []


# ---- apply -------------------------------------------------------------------------------------
def apply(s: State, action) -> list[Event]:
    events: list[Event] = []
    s.ply += 1
    match action:
        case Observe(card=card, loc=loc):
            _observe(s, card, loc, events)
        case TakePool(card=card):
            _take_pool(s, card, events)
        case TakeDeck():
            _take_deck(s, events)
        case Refresh():
            _refresh(s, events)
        case Regroup():
            s.phase, s.pending = REGROUP_DISCARD, 0
            events.append(Event("regroup", {"seat": s.seat}))
        case Discard(card=card):
            _discard(s, card, events)
        case Done():
            _done(s, events)
        case RegroupTo(loc=loc):
            _regroup_to(s, loc, events)
    return events


def _observe(s: State, card: int, loc: int, events: list[Event]) -> None:
    """R12-R16."""
    seat = s.seat
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
    s.phase = DRAW
    _auto_draw(s, events)


def _auto_draw(s: State, events: list[Event]) -> None:
    """No card can be gained at all: the turn ends without a decision (R19, A31)."""
    if not draw_options(s):
        events.append(Event("no_card", {"seat": s.seat}))
        flow.finish_turn(s, events)


def _take_pool(s: State, card: int, events: list[Event]) -> None:
    s.pool.remove(card)
    s.hands[s.seat].append(card)
    events.append(Event("take_pool", {"seat": s.seat, "card": CARD_TERM[card], "id": card}))
    refill_pool(s, events)
    flow.finish_turn(s, events)


def _take_deck(s: State, events: list[Event]) -> None:
    draw_to_hand(s, s.seat, 1, events)
    flow.finish_turn(s, events)


def _refresh(s: State, events: list[Event]) -> None:
    """R17(c), R18: pay 1, discard the pool, deal a new one; then take from it (R19)."""
    s.tokens[s.seat] -= REFRESH_COST
    s.turn_refreshed = s.refresh_round = True
    old = s.pool
    s.discard.extend(old)
    s.pool = []
    events.append(Event("refresh", {"seat": s.seat, "cost": REFRESH_COST,
                                    "cards": [CARD_TERM[c] for c in old], "ids": old}))
    refill_pool(s, events)
    s.phase = AFTER_REFRESH
    _auto_draw(s, events)


def _discard(s: State, card: int, events: list[Event]) -> None:
    """One card of a mulligan (A19) or a regroup (R21), face up to the discard pile (R26)."""
    s.hands[s.seat].remove(card)
    s.discard.append(card)
    s.pending += 1
    key = "mulligan_discard" if s.phase == MULLIGAN else "regroup_discard"
    events.append(Event(key, {"seat": s.seat, "card": CARD_TERM[card], "id": card}))


def _done(s: State, events: list[Event]) -> None:
    seat, k = s.seat, s.pending
    s.pending = 0
    draw_to_hand(s, seat, k, events)
    if s.phase == MULLIGAN:
        events.append(Event("mulligan_done", {"seat": seat, "count": k}))
        s.seat = (seat + 1) % s.n
        if s.seat == s.first:
            s.phase = CHOOSE
            events.append(Event("round_start", {"round": s.round, "seat": s.first}))
        return
    if camp_total(s, seat):
        s.phase = REGROUP_LOCATION
        events.append(Event("regroup_replaced", {"seat": seat, "count": k}))
        return
    events.append(Event("regroup_empty", {"seat": seat, "count": k}))
    flow.finish_turn(s, events)


def _regroup_to(s: State, loc: int, events: list[Event]) -> None:
    """R23, R24: 1 star per camp scientist; all of them go to the chosen location."""
    seat = s.seat
    gained = camp_total(s, seat)
    s.tokens[seat] += gained
    sc, b = s.sci, seat * 15
    for k in range(3):
        sc[b + loc * 3 + k] += sc[b + k] + sc[b + 12 + k]
        sc[b + k] = sc[b + 12 + k] = 0
    events.append(Event("regroup_gather", {"seat": seat, "stars": gained, "location": ZONES[loc]}))
    flow.finish_turn(s, events)


# ---- errors ------------------------------------------------------------------------------------
PHASE_RULE = {MULLIGAN: "A19", CHOOSE: "R3", DRAW: "R17", AFTER_REFRESH: "R19",
              REGROUP_DISCARD: "R21", REGROUP_LOCATION: "R24", OVER: "R39"}
PHASE_WANTS = {MULLIGAN: "a mulligan discard or done", CHOOSE: "play CARD L|C|R or regroup",
               DRAW: "take CARD, deck or refresh", AFTER_REFRESH: "take CARD from the new pool",
               REGROUP_DISCARD: "discard CARD or done", REGROUP_LOCATION: "to L|C|R",
               OVER: "nothing (the game is over)"}


def why_illegal(s: State, action) -> tuple[str, str]:
    """(message, rule) for an action not in legal_actions; never names a hidden card."""
    ph, seat = s.phase, s.seat
    if ph == OVER:
        return "the game is over", "R39"
    hand = s.hands[seat]
    match action:
        case Observe(card=card, loc=loc) if ph == CHOOSE:
            if card not in hand:
                return f"card {card} is not in your hand", "R10"
            return (f"card {card} needs its arrow colours among the scientists at "
                    f"{ZONES[loc]} (two of one colour for a same-colour card)", "R10")
        case Discard(card=card) if ph in (MULLIGAN, REGROUP_DISCARD):
            return f"card {card} is not in your hand", PHASE_RULE[ph]
        case TakePool(card=card) if ph in (DRAW, AFTER_REFRESH):
            return f"card {card} is not in the pool", "R17"
        case TakeDeck() if ph == AFTER_REFRESH:
            return "after a refresh the card must come from the new pool", "R19"
        case TakeDeck() if ph == DRAW:
            return "the deck and the discard pile are empty", "R28"
        case Refresh() if ph == DRAW:
            if s.tokens[seat] < REFRESH_COST:
                return "a refresh costs 1 star and your token total is 0", "R18"
            if s.turn_refreshed:
                return "you already refreshed the pool this turn", "R18"
            if not (s.pool or s.deck or s.discard):
                return "the pool, the deck and the discard pile are empty: nothing to refresh", "R28"
            return "the pool was already refreshed this round", "A7"
        case Refresh() if ph == AFTER_REFRESH:
            return "you already refreshed the pool this turn", "R18"
        case RegroupTo() if ph == REGROUP_DISCARD:
            return "finish the regroup discards first (done)", "R21"
    return f"now is {PHASE_WANTS[ph]}, not {action}", PHASE_RULE[ph]

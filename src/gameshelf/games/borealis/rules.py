"""Borealis rules: setup (section 3), legal actions, apply and why an action is illegal (section 4).

Each phase lives in its own module: ``rules_observe`` (R5-R16), ``rules_draw`` (R17-R20, R26-R28),
``rules_regroup`` (R21-R25 and the mulligan, A19) and ``rules_end`` (objectives R31-R35, the end
of a round and of the game R36-R39, A32). The pending decision (decisions.py) says which applies.
"""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.core.game import Event
from gameshelf.games.borealis.actions import (
    DISCARD, DONE, REGROUP, REGROUP_TO, Discard, Done, Observe, Refresh, Regroup, RegroupTo, TakeDeck,
    TakePool,
)
from gameshelf.games.borealis.catalog import CARD_IDS, OBJECTIVES_BY_TYPE, SCORING_IDS, SETUP, SIDE_II_BOARDS
from gameshelf.games.borealis.decisions import (
    ChooseAction, Mulligan, RegroupDiscard, RegroupLocation, TakeAfterRefresh, TakeCard, mulligan,
)
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.rules_draw import (
    draw_options, draw_to_hand, refill_pool, refresh, start_draw, take_deck, take_pool, why_not_take,
)
from gameshelf.games.borealis.rules_observe import observe, observe_actions, why_not_observe
from gameshelf.games.borealis.rules_regroup import discard, done, regroup, regroup_to
from gameshelf.games.borealis.state import OPEN, State


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
    s.round, s.pending = 1, mulligan(s.first)
    s.refresh_round = s.turn_refreshed = s.end_triggered = False
    s.end_reason, s.ply, s.turns = 0, 0, [0] * players
    return s


# ---- the protocol's small questions -------------------------------------------------------------
def to_act(s: State) -> int | None:
    return s.pending[-1].seat if s.pending else None


def is_over(s: State) -> bool:
    return not s.pending


def num_players(s: State) -> int:
    return s.n


# ---- legality ----------------------------------------------------------------------------------
def legal_actions(s: State) -> list:
    """Every action of the pending decision (empty when the game is over)."""
    if not s.pending:
        return []
    top = s.pending[-1]
    kind = type(top)
    if kind is ChooseAction:
        out = observe_actions(s, top.seat)
        out.append(REGROUP)
        return out
    if kind is TakeCard or kind is TakeAfterRefresh:
        return draw_options(s, top)
    if kind is RegroupLocation:
        return [REGROUP_TO[1], REGROUP_TO[2], REGROUP_TO[3]]
    out = [DISCARD[c] for c in s.hands[top.seat]]     # Mulligan, RegroupDiscard
    out.append(DONE)
    return out


# ---- apply -------------------------------------------------------------------------------------
def apply(s: State, action) -> list[Event]:
    """Apply a legal action of the pending decision (trusted) and return what happened."""
    events: list[Event] = []
    s.ply += 1
    top = s.pending[-1]
    seat = top.seat
    match action:
        case Observe(card=card, loc=loc):
            observe(s, seat, card, loc, events)
            start_draw(s, seat, events)
        case TakePool(card=card):
            take_pool(s, seat, card, events)
        case TakeDeck():
            take_deck(s, seat, events)
        case Refresh():
            refresh(s, seat, events)
        case Regroup():
            regroup(s, seat, events)
        case Discard(card=card):
            discard(s, top, card, events)
        case Done():
            done(s, top, events)
        case RegroupTo(loc=loc):
            regroup_to(s, seat, loc, events)
    return events


# ---- errors ------------------------------------------------------------------------------------
WANTS = {Mulligan: "a mulligan discard or done", ChooseAction: "play CARD L|C|R or regroup",
         TakeCard: "take CARD, deck or refresh", TakeAfterRefresh: "take CARD from the new pool",
         RegroupDiscard: "discard CARD or done", RegroupLocation: "to L|C|R"}


def _reason(s: State, top, action) -> tuple[str, str] | None:
    """The specific reason for an action of the right kind for this decision, if any."""
    kind = type(top)
    match action:
        case Observe(card=card, loc=loc) if kind is ChooseAction:
            return why_not_observe(s, top.seat, card, loc)
        case Discard(card=card) if kind in (Mulligan, RegroupDiscard):
            return f"card {card} is not in your hand", top.rule
        case TakePool() | TakeDeck() | Refresh() if kind in (TakeCard, TakeAfterRefresh):
            return why_not_take(s, top.seat, top, action)
        case RegroupTo() if kind is RegroupDiscard:
            return "finish the regroup discards first (done)", "R21"
    return None


def why_illegal(s: State, action) -> IllegalAction:
    """The error, naming the rule, for an action not in legal_actions; never names a hidden card."""
    if not s.pending:
        return IllegalAction("the game is over", rule="R39")
    top = s.pending[-1]
    message, rule = _reason(s, top, action) or (f"now is {WANTS[type(top)]}, not {action}", top.rule)
    return IllegalAction(message, rule=rule)

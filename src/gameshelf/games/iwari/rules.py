"""Iwari rules: setup (section 3, R69-R71), the turn's first decision (R10-R15), and the one table
that maps each decision frame to its legal actions, how each action applies and why it is
illegal. The phases live beside it: rules_place.py (the Place action, R15-R26, R40-R41),
rules_feats.py (what follows a Place action: feats, expeditions, the 20th-tent end, the
third-tribe step; R38-R64), rules_draw.py (draw, refill, exhaustion, the end).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.core.frames import Frame
from gameshelf.core.game import Event
from gameshelf.games.iwari.actions import Decline, Done, Draw, Exchange, PlaceFeat, Target, Tent, Totem
from gameshelf.games.iwari.catalog import (EXPEDITIONS, EXPEDITIONS_FACE_UP, FEATS, HAND, LETTER_INDEX, MAPS,
                                           MOUNTAINS, NB, TENTS, THIRD_TRIBE_PLAYERS, TOTEMS, deck_counts)
from gameshelf.games.iwari.events import EXCHANGE
from gameshelf.games.iwari.decisions import (CHOOSE_ACTION, DRAW_CARDS, ChooseAction, DraftPick, DrawCards,
                                             PlaceFeatToken, PlacePieces, ThirdTribeTarget)
from gameshelf.games.iwari.options import Config
from gameshelf.games.iwari.rules_draw import (apply_draft_pick, apply_draw, deal_display, draw_choices,
                                              why_draw)
from gameshelf.games.iwari.rules_feats import apply_decline, apply_done, apply_feat, feat_choices, why_decline, why_feat
from gameshelf.games.iwari.rules_place import (Reason, apply_target, apply_tent, apply_third_target, apply_totem,
                                               exchange_choices, hand_of, piece_choices, target_choices, why_done, why_target,
                                               why_tent, why_third_target, why_totem)
from gameshelf.games.iwari.state import State

# ---- setup ----------------------------------------------------------------------------------

def new_state(players: int, config: Config, seed: int) -> State:
    """Setup steps 1-10 (section 3): mountains, deck, start player, expeditions, hands, display."""
    board = MAPS[config.map]
    chance = Chance(seed)
    state = State()
    state.map, state.players, state.config = board, players, config
    state.tribes = players + (1 if players in THIRD_TRIBE_PLAYERS else 0)
    blocked = [False] * len(board.lines)
    for size in range(1, MOUNTAINS[players] + 1):
        blocked[chance.choice(board.lines_with_icon(size))] = True
    state.blocked = tuple(blocked)
    state.adjacency = board.adjacency(state.blocked)
    empty_board(state)
    counts = deck_counts(players)
    state.deck = [biome for biome in range(NB) for _ in range(counts[biome])]
    chance.shuffle(state.deck)
    state.discard, state.display, state.hands = [0] * NB, [0] * NB, [0] * (NB * players)
    state.exhaustions = 0
    state.first_player = state.current = chance.below(players)
    order = list(range(len(EXPEDITIONS)))
    chance.shuffle(order)
    state.expeditions = tuple(order[:EXPEDITIONS_FACE_UP]) if config.expeditions else ()
    state.expeditions_scored = [()] * len(state.expeditions)
    state.chance = chance
    state.ply, state.pending = 0, []
    _deal_hands(state, config.initial_hand)
    return state


def empty_board(state: State) -> None:
    """No piece on the board, full supplies, no feat or score yet (``map``, ``tribes`` set)."""
    board, tribes = state.map, state.tribes
    territories = len(board.territories)
    state.owner = [-1] * len(board.space_ids)
    state.tents, state.totems = [0] * (tribes * territories), [0] * (tribes * territories)
    state.filled, state.totem_stacks = [0] * territories, [0] * territories
    state.supply_tents, state.supply_totems = [TENTS] * tribes, [TOTEMS] * tribes
    state.settled = (False,) * tribes
    state.territory_feats, state.line_feats = [0] * territories, [0] * len(board.lines)
    state.feats_earned = [()] * len(FEATS)
    state.feat_tokens, state.feat_interim = (), (0,) * (len(FEATS) * tribes)
    state.scores, state.interim, state.expedition_points = [0] * tribes, [0] * tribes, [0] * tribes
    state.final, state.end_reason = None, None
    state.area_terms = state.line_terms = state.margins = None


def _deal_hands(state: State, how: str) -> None:
    """R69 random, R70 guaranteed wild (redeal until a pair), R71 draft (display first)."""
    if how == "draft":
        deal_display(state)
        state.current = (state.first_player - 1) % state.players  # the last player picks first (A24)
        state.pending.append(DraftPick(state.current, state.players))
        return
    for seat in [(state.first_player + i) % state.players for i in range(state.players)]:
        while True:
            cards = [state.deck.pop() for _ in range(HAND)]
            if how != "guaranteed_wild" or len(set(cards)) < HAND:
                break
            state.deck.extend(cards)
            state.chance.shuffle(state.deck)  # setup: the state has no copy yet
        for card in cards:
            state.hands[seat * NB + card] += 1
    deal_display(state)
    state.pending.append(CHOOSE_ACTION[state.current])


# ---- queries --------------------------------------------------------------------------------

def num_players(state: State) -> int:
    return state.players


def is_over(state: State) -> bool:
    return not state.pending


def to_act(state: State) -> int | None:
    return state.pending[-1].seat if state.pending else None


# ---- the turn's first decision (R11-R13) ------------------------------------------------------

def choose_action_choices(state: State, frame: ChooseAction) -> list[Any]:
    """R11: Exchange a card of the hand (R13) or choose a Place target (R15)."""
    base = frame.seat * NB
    return [*exchange_choices(state.map.id, tuple(state.hands[base:base + NB])),
            *target_choices(state, frame.seat, frame.seat)]


def third_tribe_choices(state: State, frame: ThirdTribeTarget) -> list[Any]:
    """R40-R42: the territories where the third tribe can place with the acting seat's cards."""
    return target_choices(state, state.players, frame.seat)


def apply_exchange(state: State, action: Exchange) -> list[Event]:
    """R13: discard one card (face up), then the draw step takes one card."""
    biome = LETTER_INDEX[action.biome]
    state.hands[state.current * NB + biome] -= 1
    state.discard[biome] += 1
    state.pending[-1] = DRAW_CARDS[state.current]
    return [EXCHANGE[state.current][biome]]


def why_exchange(state: State, action: Exchange) -> Reason | None:
    if hand_of(state, state.current)[LETTER_INDEX[action.biome]] == 0:
        return "R13", "you hold no card of that biome to discard"
    return None


# ---- the one dispatch: frame -> (legal actions, apply by action type, why by action type) -------

class Phase(NamedTuple):
    """What a pending frame allows: its legal actions, and per action type how that action
    applies and why it is illegal (a (rule, reason) pair, or None)."""

    legal: Callable[[State, Any], list[Any]]
    apply: Mapping[type, Callable[[State, Any], list[Event]]]
    why: Mapping[type, Callable[[State, Any], Reason | None]]


RULES: dict[type[Frame], Phase] = {
    ChooseAction: Phase(choose_action_choices, {Exchange: apply_exchange, Target: apply_target},
                        {Exchange: why_exchange, Target: why_target}),
    PlacePieces: Phase(piece_choices, {Tent: apply_tent, Totem: apply_totem, Done: apply_done},
                       {Tent: why_tent, Totem: why_totem, Done: why_done}),
    ThirdTribeTarget: Phase(third_tribe_choices, {Target: apply_third_target}, {Target: why_third_target}),
    PlaceFeatToken: Phase(feat_choices, {PlaceFeat: apply_feat, Decline: apply_decline},
                          {PlaceFeat: why_feat, Decline: why_decline}),
    DrawCards: Phase(draw_choices, {Draw: apply_draw}, {Draw: why_draw}),
    DraftPick: Phase(draw_choices, {Draw: apply_draft_pick}, {Draw: why_draw}),
}
ACTION_TYPES = frozenset((Exchange, Target, Tent, Totem, Done, Draw, PlaceFeat, Decline))
_LEGAL = {frame: phase.legal for frame, phase in RULES.items()}  # the table, one lookup less
_APPLY = {frame: phase.apply for frame, phase in RULES.items()}


def legal_actions(state: State) -> list[Any]:
    """Every choice of the top pending decision (none when the game is over)."""
    if not state.pending:
        return []
    frame = state.pending[-1]
    return _LEGAL[type(frame)](state, frame)


def apply(state: State, action: Any) -> list[Event]:
    """Apply a legal action to the decision on top of the stack."""
    events = _APPLY[type(state.pending[-1])][type(action)](state, action)
    state.ply += 1
    return events


def why_illegal(state: State, action: Any) -> IllegalAction:
    """Why ``action`` is illegal now, naming the rule (never revealing another player's cards)."""
    if not state.pending:
        return IllegalAction("the game is over", rule="R36")
    if type(action) not in ACTION_TYPES:
        return IllegalAction(f"not an Iwari action: {action!r}")
    frame = state.pending[-1]
    why = RULES[type(frame)].why.get(type(action))
    if why is None:
        return IllegalAction(f"{action} is not possible now: the pending decision is {frame.kind}", rule=frame.rule)
    reason = why(state, action)
    if reason is None:
        return IllegalAction(f"{action} is not a legal choice now", rule=frame.rule)
    return IllegalAction(reason[1], rule=reason[0])

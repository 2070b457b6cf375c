"""Iwari rules: setup (section 3, R69-R71), the turn's first decision (R10-R15), the dispatch of
actions and of why an action is illegal. The phases live beside it: rules_place.py (the Place
action, R15-R26, R40-R41), rules_feats.py (what follows a Place action: feats, expeditions, the
20th-tent end, the third-tribe step; R38-R64), rules_draw.py (draw, refill, exhaustion, the end).
"""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.core.game import Event
from gameshelf.games.iwari.actions import Decline, Done, Draw, Exchange, PlaceFeat, Target, Tent, Totem, action_table
from gameshelf.games.iwari.catalog import (EXPEDITIONS, EXPEDITIONS_FACE_UP, FEATS, HAND, LETTER_INDEX, MAPS,
                                           MOUNTAINS, NB, TENTS, THIRD_TRIBE_PLAYERS, TOTEMS, deck_counts)
from gameshelf.games.iwari.decisions import (CHOOSE_ACTION, DRAW_CARDS, ChooseAction, DraftPick, DrawCards, PlaceFeatToken, PlacePieces,
                                             ThirdTribeTarget)
from gameshelf.games.iwari.options import Config
from gameshelf.games.iwari.rules_draw import BIOME_IDS, apply_draw, deal_display, draw_choices, why_draw
from gameshelf.games.iwari.rules_feats import apply_done, apply_feat, feat_choices, why_feat
from gameshelf.games.iwari.rules_place import (apply_target, apply_tent, apply_totem, hand_of, piece_choices,
                                               target_choices, why_done, why_target, why_tent, why_totem)
from gameshelf.games.iwari.state import State

# Traits.max_game_length: every turn takes at least one card off the deck (a draw, or the display
# refill after a display card was taken: R29-R31), and the deck holds at most all 57 cards (2.2)
# the first time and the discard pile the second; the second exhaustion ends the game (R34). So
# at most 2 * 57 turns, each of at most 15 actions (the action or target 1, two pieces and done
# 3, four feat tokens 4, the third tribe's target, pieces and done 4, three draws 3), plus a draft
# of at most 5 * 3 picks (R71).
MAX_GAME_LENGTH = 2 * 57 * 15 + 5 * 3


# ---- setup ----------------------------------------------------------------------------------

def new_state(players: int, config: Config, seed: int) -> State:
    """Setup steps 1-10 (section 3): mountains, deck, start player, expeditions, hands, display."""
    m = MAPS[config.map]
    ch = Chance(seed)
    s = State()
    s.map, s.players, s.config = m, players, config
    s.ntribes = players + (1 if players in THIRD_TRIBE_PLAYERS else 0)
    blocked = [False] * len(m.lines)
    for size in range(1, MOUNTAINS[players] + 1):
        blocked[ch.choice(m.lines_with_icon(size))] = True
    s.blocked = tuple(blocked)
    s.adj = m.adjacency(s.blocked)
    empty_board(s)
    s.deck = [b for b in range(NB) for _ in range(deck_counts(players)[b])]
    ch.shuffle(s.deck)
    s.discard, s.display, s.hands = [0] * NB, [0] * NB, [0] * (NB * players)
    s.exhaustions = 0
    s.start = s.current = ch.below(players)
    order = list(range(len(EXPEDITIONS)))
    ch.shuffle(order)
    s.expeditions = tuple(order[:EXPEDITIONS_FACE_UP]) if config.expeditions else ()
    s.exp_scored = [()] * len(s.expeditions)
    s.chance = ch
    s.ply, s.pending = 0, []
    _deal_hands(s, config.initial_hand)
    return s


def empty_board(s: State) -> None:
    """No piece on the board, full supplies, no feat or score yet (``map``, ``ntribes`` set)."""
    m, nt = s.map, s.ntribes
    T = len(m.territories)
    s.owner = [-1] * len(m.space_ids)
    s.tents, s.totems = [0] * (nt * T), [0] * (nt * T)
    s.filled, s.ktot = [0] * T, [0] * T
    s.supply_tents, s.supply_totems = [TENTS] * nt, [TOTEMS] * nt
    s.terr_feats, s.line_feats = [0] * T, [0] * len(m.lines)
    s.feat_earned = [()] * len(FEATS)
    s.feat_log, s.feat_interim = (), (0,) * (len(FEATS) * nt)
    s.score, s.interim, s.exp_points = [0] * nt, [0] * nt, [0] * nt
    s.final, s.end_reason = None, None


def _deal_hands(s: State, how: str) -> None:
    """R69 random, R70 guaranteed wild (redeal until a pair), R71 draft (display first)."""
    if how == "draft":
        deal_display(s)
        s.current = (s.start - 1) % s.players  # the last player picks first (A24)
        s.pending.append(DraftPick(s.current, s.players))
        return
    for seat in [(s.start + i) % s.players for i in range(s.players)]:
        while True:
            cards = [s.deck.pop() for _ in range(HAND)]
            if how != "guaranteed_wild" or len(set(cards)) < HAND:
                break
            s.deck.extend(cards)
            s.chance.shuffle(s.deck)
        for c in cards:
            s.hands[seat * NB + c] += 1
    deal_display(s)
    s.pending.append(CHOOSE_ACTION[s.current])


# ---- queries --------------------------------------------------------------------------------

def num_players(s: State) -> int:
    return s.players


def is_over(s: State) -> bool:
    return not s.pending


def to_act(s: State) -> int | None:
    return s.pending[-1].seat if s.pending else None


def _choose_action_choices(s: State, top: ChooseAction) -> list:
    """R11: Exchange a card of the hand (R13) or choose a Place target (R15)."""
    table = action_table(s.map.id)
    base = top.seat * NB
    hand = s.hands[base:base + NB]
    return [table.exchange[b] for b in range(NB) if hand[b]] + target_choices(s, top.seat, top.seat)


def _draw_choices(s: State, top) -> list:
    return draw_choices(s)


def _third_choices(s: State, top: ThirdTribeTarget) -> list:
    return target_choices(s, s.players, top.seat)


_CHOICES = {ChooseAction: _choose_action_choices, PlacePieces: piece_choices, DrawCards: _draw_choices,
            DraftPick: _draw_choices, ThirdTribeTarget: _third_choices, PlaceFeatToken: feat_choices}


def legal_actions(s: State) -> list:
    """Every choice of the top pending decision (none when the game is over)."""
    if not s.pending:
        return []
    top = s.pending[-1]
    return _CHOICES[type(top)](s, top)


# ---- apply ----------------------------------------------------------------------------------

def apply(s: State, action) -> list[Event]:
    events = _APPLY[type(action)](s, action)
    s.ply += 1
    return events


def _apply_exchange(s: State, a: Exchange) -> list[Event]:
    """R13: discard one card (face up), then the draw step takes one card."""
    b = LETTER_INDEX[a.biome]
    s.hands[s.current * NB + b] -= 1
    s.discard[b] += 1
    s.pending[-1] = DRAW_CARDS[s.current]
    return [Event("exchange", {"seat": s.current, "biome": BIOME_IDS[b]})]


_APPLY = {Tent: apply_tent, Totem: apply_totem, Done: apply_done, Draw: apply_draw, Target: apply_target,
          Exchange: _apply_exchange, PlaceFeat: apply_feat, Decline: apply_feat}


# ---- why an action is illegal (naming the rule, never revealing another player's cards) ----------

_DECISION_OF = {Exchange: (ChooseAction,), Target: (ChooseAction, ThirdTribeTarget), Tent: (PlacePieces,),
                Totem: (PlacePieces,), Done: (PlacePieces,), Draw: (DrawCards, DraftPick),
                PlaceFeat: (PlaceFeatToken,), Decline: (PlaceFeatToken,)}
_DECISION_RULE = {ChooseAction: "R11", PlacePieces: "R16", ThirdTribeTarget: "R42", PlaceFeatToken: "R54",
                  DrawCards: "R29", DraftPick: "R71"}


def _why_exchange(s: State, a: Exchange):
    if hand_of(s, s.current)[LETTER_INDEX[a.biome]] == 0:
        return "R13", "you hold no card of that biome to discard"
    return None


_REASONS = {Exchange: _why_exchange, Target: why_target, Tent: why_tent, Totem: why_totem, Done: why_done,
            Draw: why_draw, PlaceFeat: why_feat, Decline: why_feat}


def why_illegal(s: State, a) -> IllegalAction:
    if not s.pending:
        return IllegalAction("the game is over", rule="R36")
    kinds = _DECISION_OF.get(type(a))
    if kinds is None:
        return IllegalAction(f"not an Iwari action: {a!r}")
    top = s.pending[-1]
    if type(top) not in kinds:
        return IllegalAction(f"{a} is not possible now: the pending decision is {top.KIND}",
                             rule=_DECISION_RULE[type(top)])
    reason = _REASONS[type(a)](s, a)
    return IllegalAction(*reason[1:], rule=reason[0]) if reason else IllegalAction(
        f"{a} is not a legal choice now", rule=_DECISION_RULE[type(top)])

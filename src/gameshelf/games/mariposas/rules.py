"""Mariposas rules entry points: setup, legal actions per pending decision, apply, why_illegal (R1-R88).

The turn itself lives in rules_turn (R6-R16, R57-R73), landings in rules_land (R17-R56, R61), and
seasons / final scoring in rules_season (setup 15, R1-R5, R55, R76-R86). The pending decision is
the top frame of ``state.pending`` (decisions.py): ``legal_actions`` reads it, ``apply`` pops it
and hands it to the handler, which pushes whatever comes next.
"""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.core.game import Event
from gameshelf.games.mariposas import rules_land as L
from gameshelf.games.mariposas import rules_season as S
from gameshelf.games.mariposas import rules_turn as T
from gameshelf.games.mariposas.actions import (
    BONUS32, BOTH, FLY, HATCH, NONE, PAY, PICK_ALL, PLAY, STEP_LISTS, STOP, Adjacent, Bonus32,
    Exchange, FreeHatch, Fly, Hatch, Pay, Pick, Play, Reuse, Segment, Step, Stop, TakeCard,
)
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.decisions import (
    ChooseAdjacent, ChooseBonus32, ChooseButterfly, ChooseCard, ChooseExchange, ChooseFreeHatch, ChooseHatch,
    ChoosePlay, ChooseReuse, ChooseSegment, ChooseStep, PayFlower, PickFlower,
)
from gameshelf.games.mariposas.options import Config
from gameshelf.games.mariposas.state import NSLOT, State, blank, card_loc

NSP = len(CAT.space_ids)
REUSE_ACT = tuple(Reuse(c) for c in range(len(CAT.action_ids)))
SEG_ACT = {(n, p): Segment(n, p) for n in range(1, 12) for p in (False, True)}
TAKE_ACT = tuple(TakeCard(k) for k in range(L.NKINDS))
ADJ_ACT = {sp: Adjacent(sp) for sp in range(-1, NSP)}
FREE_ACT = {sp: FreeHatch(sp) for sp in range(-1, NSP)}
EXCH_ACT = {w: Exchange(w) for w in [NONE, BOTH] + list(range(len(CAT.action_ids)))}
B_ADD1, B_ADD2 = 2, 4


def _max_game_length() -> int:
    """An upper bound on the actions of any game, from the rules (the traits declare it).

    A turn: an action card and a reuse target (R6, R62); at most 3 card segments + bonus_add_1 +
    the 2 of bonus_move_3_2 (R65, R67), each a length and a butterfly; at most 5 + 1 + 2 + 5 steps
    in all (the longest card, add cards, bonus_move_3_2); each landing at most a die pick (R44) and
    two two_cards takes (R52), an adjacent space and its wildflower pick (R61), a hatch and its
    payment token by token (R30); a stop, the bonus_move_3_2 question and the exchange (R71).
    A seat has sum(turns) turns and one extra fall turn (R55); setup asks every seat once and each
    season change offers every seat one free hatch (R80).
    """
    segments = max(len(x) for x in CAT.action_segments) + 1 + 2
    steps = max(sum(x) for x in CAT.action_segments) + 1 + 2 + 5
    landing = 1 + 2 + 2 + 1 + max(cost[1] for cost in CAT.hatch_cost.values())
    turn = 2 + 2 * segments + steps + segments * landing + 3
    n = CAT.max_players
    return n * (sum(CAT.turns) + 1) * turn + n + n * (len(CAT.seasons) - 1)


MAX_GAME_LENGTH = _max_game_length()


def _play_options(s) -> list:
    p = s.cur
    free = s.bonus[p] & ~s.bused[p]
    out = []
    for c in sorted(set(s.hands[p])):
        out.append(PLAY[c, False, False])
        if free & 6 and T.gives_segments(s, p, c):
            if free & B_ADD1:
                out.append(PLAY[c, True, False])
            if free & B_ADD2:
                out.append(PLAY[c, False, True])
            if free & 6 == 6:
                out.append(PLAY[c, True, True])
    return out


def _segment_options(s) -> list:
    out = []
    for n in T.segment_options(s):
        out.append(SEG_ACT[n, False])
        if s.plus2:
            out.append(SEG_ACT[n, True])
    out.append(STOP)
    return out


def new_state(n: int, config: Config, seed: int) -> State:
    """Setup steps 1-15: goals, deck, hands, butterflies, first player, waystations, ability rows."""
    ch = Chance(seed)
    s = blank(n, ch)
    ev: list = []
    s.goals = [ch.choice(CAT.goals_by_season[k]) for k in range(len(CAT.seasons))]
    s.goal_up = [k == 0 for k in range(len(CAT.seasons))]
    s.deck = [c for c, k in enumerate(CAT.action_copies) for _ in range(k)]
    ch.shuffle(s.deck)
    for p in range(n):
        s.hands[p] = [s.deck.pop() for _ in range(CAT.hand_size)]
        base = p * NSLOT
        s.loc[base + CAT.gen_slots[1][0]] = CAT.michoacan
        for season, (gen, count) in enumerate(CAT.card_setup):
            for slot in CAT.gen_slots[gen][:count] if count else ():
                s.loc[base + slot] = card_loc(season)
    s.first = ch.below(n)
    s.cur = s.first
    s.way = list(range(len(CAT.marker_ids)))
    ch.shuffle(s.way)
    s.rows = ch.sample(range(len(CAT.ability_ids)), CAT.abilities_in_play)
    ev.append(Event("first_player", {"player": s.first, "season": CAT.seasons[0]}))
    s.queue = S.order(s)  # every seat, so the view does not tell whose hands are redundant
    S.next_setup_exchange(s, ev)
    return s


def to_act(s) -> int | None:
    return None if s.over else s.pending[-1].seat


def is_over(s) -> bool:
    return s.over


def num_players(s) -> int:
    return s.n


def legal_actions(s) -> list:
    """The one truth of legality: the options of the pending decision (the top frame)."""
    if s.over:
        return []
    top = s.pending[-1]
    k = top.CODE
    if k == ChooseStep.CODE:
        return list(STEP_LISTS[s.loc[top.seat * NSLOT + top.slot]])
    if k == ChooseSegment.CODE:
        return _segment_options(s)
    if k == ChooseButterfly.CODE:
        base = top.seat * NSLOT
        return [FLY[i] for i in range(NSLOT) if s.loc[base + i] >= 0]
    if k == ChoosePlay.CODE:
        return _play_options(s)
    return _LEGAL[k](s, top)


_LEGAL = {
    ChooseHatch.CODE: lambda s, top: [HATCH[m] for m in L.hatch_options(s, top.seat, top.slot)] + [HATCH[NONE]],
    PayFlower.CODE: lambda s, top: [PAY[f] for f in range(5) if s.flowers[top.seat][f] > 0],
    PickFlower.CODE: lambda s, top: PICK_ALL[:],
    ChooseReuse.CODE: lambda s, top: [REUSE_ACT[c] for c in T.reuse_targets(s, top.seat, s.played[top.seat][-1])],
    ChooseAdjacent.CODE: lambda s, top: [ADJ_ACT[sp] for sp in L.adjacent_options(s, top.seat, top.slot)]
    + [ADJ_ACT[NONE]],
    ChooseCard.CODE: lambda s, top: [TAKE_ACT[x] for x in L.take_options(s, top.seat)],
    ChooseBonus32.CODE: lambda s, top: [BONUS32[True], BONUS32[False]],
    ChooseExchange.CODE: lambda s, top: [EXCH_ACT[w] for w in T.exchange_options(s, top.seat)],
    ChooseFreeHatch.CODE: lambda s, top: [FREE_ACT[sp] for sp in S.free_hatch_options(s, top.seat)] + [FREE_ACT[NONE]],
}


def apply(s, action) -> list:
    """Apply a legal action in place (the top frame is its decision); returns the events."""
    ev: list = []
    top = s.pending.pop()
    match action:
        case Step(space=sp):
            T.step(s, top, sp, ev)
        case Segment(length=n, plus2=p2):
            T.choose_segment(s, n, p2, ev)
        case Fly(slot=slot):
            T.choose_fly(s, top, slot, ev)
        case Play(card=c, add1=a1, add2=a2):
            T.play_card(s, c, a1, a2, ev)
        case Exchange(which=w):
            T.exchange(s, top, w, ev)
        case Stop():
            T.stop_segments(s, ev)
        case _:
            _apply_other(s, top, action, ev)
    s.ply += 1
    return ev


def _apply_other(s, top, action, ev: list) -> None:
    match action:
        case Reuse(card=c):
            T.choose_target(s, c, ev)
        case Pick(flower=f):
            L.pick_flower(s, top, f, ev)
        case TakeCard(kind=k):
            L.take_card(s, top, k, ev)
        case Adjacent(space=sp):
            L.take_adjacent(s, top, sp, ev)
        case Hatch(mode=m):
            L.choose_hatch(s, top, m, ev)
        case Pay(flower=f):
            L.pay_one(s, top, f, ev)
        case Bonus32(use=u):
            T.use_bonus32(s, u, ev)
        case FreeHatch(space=sp):
            S.free_hatch(s, top, sp, ev)


EXPECTED = {
    ChoosePlay: (Play, "R6", "play an action card"),
    ChooseReuse: (Reuse, "R62", "choose the movement card your reuse card copies"),
    ChooseSegment: ((Segment, Stop), "R9", "start a segment or stop"),
    ChooseButterfly: (Fly, "R10", "choose the butterfly for this segment"),
    ChooseStep: (Step, "R12", "move one step"),
    PickFlower: (Pick, "R44", "choose a flower type"),
    ChooseCard: (TakeCard, "R52", "choose a card with the two_cards ability"),
    ChooseAdjacent: (Adjacent, "R61", "choose an adjacent space to collect from, or none"),
    ChooseHatch: (Hatch, "R26", "hatch or decline"),
    PayFlower: (Pay, "R30", "pay one flower token"),
    ChooseBonus32: (Bonus32, "R67", "use bonus_move_3_2 or not"),
    ChooseExchange: (Exchange, "R71", "keep your hand, or exchange it if it is redundant"),
    ChooseFreeHatch: (FreeHatch, "R80", "free hatch or decline"),
}


def why_illegal(s, action) -> IllegalAction:
    """The error for an action outside legal_actions, naming the rule (never hidden information)."""
    if s.over:
        return IllegalAction("the game is over", rule="R83")
    top = s.pending[-1]
    cls, rule, what = EXPECTED[type(top)]
    if not isinstance(action, cls):
        return IllegalAction(f"now you must {what} ({top.NAME})", rule=rule)
    return _specific(s, top, action) or IllegalAction(f"{action} is not allowed now: {what}", rule=rule)


def _why_play(s, p: int, c: int, a1: bool, a2: bool) -> IllegalAction:
    if c not in s.hands[p]:
        return IllegalAction(f"you hold no {CAT.action_ids[c]}", rule="R6")
    free = s.bonus[p] & ~s.bused[p]
    if (a1 and not free & B_ADD1) or (a2 and not free & B_ADD2):
        return IllegalAction("you have no unused bonus card of that type", rule="R68")
    return IllegalAction("add cards need an action card that gives a segment", rule="R69")


_WHY = {
    Reuse: ("a reuse card copies a movement card played this season", "R64"),
    Fly: ("that butterfly is not on the map", "R16"),
    Step: ("a step goes to an adjacent space", "R12"),
    TakeCard: ("you already own that card", "R47"),
    Adjacent: ("that space is not an eligible adjacent flower space", "R61"),
    Pay: ("you hold no token of that type", "R30"),
    Exchange: ("only a redundant hand may be exchanged (a card you hold, or both); otherwise keep it", "R71"),
    FreeHatch: ("place it on one of your previous-generation butterflies", "R80"),
}


def _specific(s, top, a) -> IllegalAction | None:
    match a:
        case Play(card=c, add1=a1, add2=a2):
            return _why_play(s, top.seat, c, a1, a2)
        case Segment(plus2=True) if not s.plus2:
            return IllegalAction("no bonus_add_2 is available for this segment", rule="R66")
        case Segment():
            return IllegalAction("no segment of that length is left", rule="R9")
        case Hatch():
            return _why_no_hatch(s, top)
    if type(a) in _WHY:
        message, rule = _WHY[type(a)]
        return IllegalAction(message, rule=rule)
    return None


def _why_no_hatch(s, top) -> IllegalAction:
    g = top.seat * NSLOT + top.slot
    if not CAT.milkweed[s.loc[g]]:
        return IllegalAction("the landing space is not next to milkweed", rule="R25")
    if CAT.slot_gen[top.slot] == 4 and s.dbl[g]:
        return IllegalAction("a double generation-4 butterfly cannot hatch", rule="R29")
    if L.hatch_cost(s, g) is None:
        return IllegalAction("you have no marker of the next generation off the map", rule="R33")
    return IllegalAction("you cannot pay that cost (matched or any)", rule="R30")

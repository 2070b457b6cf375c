"""Mariposas rules entry points: legal actions per pending decision, apply, why_illegal (R1-R88).

The turn itself lives in rules_turn (R6-R16, R57-R73), landings in rules_land (R17-R56, R61), and
setup / seasons / final scoring in rules_season (setup, R1-R5, R55, R76-R86).
"""

from __future__ import annotations

from gameshelf.core.errors import IllegalAction
from gameshelf.games.mariposas import rules_land as L
from gameshelf.games.mariposas import rules_season as S
from gameshelf.games.mariposas import rules_turn as T
from gameshelf.games.mariposas.actions import (
    BONUS32, BOTH, FLY, HATCH, NONE, PAY, PICK_ALL, PLAY, STEP_LISTS, STOP, Adjacent, Bonus32,
    Exchange, FreeHatch, Fly, Hatch, Pay, Pick, Play, Reuse, Segment, Step, Stop, TakeCard,
)
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.state import (
    NSLOT, P_ADJ, P_BONUS32, P_EXCHANGE, P_FLY, P_FREE, P_HATCH, P_OVER, P_PAY, P_PICK, P_PLAY,
    P_SEGMENT, P_STEP, P_TAKE, P_TARGET, PENDING_NAMES,
)

NSP = len(CAT.space_ids)
REUSE_ACT = tuple(Reuse(c) for c in range(len(CAT.action_ids)))
SEG_ACT = {(n, p): Segment(n, p) for n in range(1, 12) for p in (False, True)}
TAKE_ACT = tuple(TakeCard(k) for k in range(L.NKINDS))
ADJ_ACT = {sp: Adjacent(sp) for sp in range(-1, NSP)}
FREE_ACT = {sp: FreeHatch(sp) for sp in range(-1, NSP)}
EXCH_ACT = {w: Exchange(w) for w in [NONE, BOTH] + list(range(len(CAT.action_ids)))}
B_ADD1, B_ADD2 = 2, 4


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


def legal_actions(s) -> list:
    """The one truth of legality: the options of the pending decision."""
    k = s.pending
    if k == P_STEP:
        return list(STEP_LISTS[s.loc[s.cur * NSLOT + s.cur_slot]])
    if k == P_SEGMENT:
        return _segment_options(s)
    if k == P_FLY:
        base = s.cur * NSLOT
        return [FLY[i] for i in range(NSLOT) if s.loc[base + i] >= 0]
    if k == P_PLAY:
        return _play_options(s)
    if k == P_HATCH:
        return [HATCH[m] for m in L.hatch_options(s)] + [HATCH[NONE]]
    if k == P_PAY:
        fl = s.flowers[s.cur]
        return [PAY[f] for f in range(5) if fl[f] > 0]
    if k == P_PICK:
        return PICK_ALL[:]
    if k == P_TARGET:
        return [REUSE_ACT[c] for c in T.reuse_targets(s, s.cur, s.played[s.cur][-1])]
    if k == P_ADJ:
        return [ADJ_ACT[sp] for sp in L.adjacent_options(s)] + [ADJ_ACT[NONE]]
    if k == P_TAKE:
        return [TAKE_ACT[x] for x in L.take_options(s, s.actor)]
    if k == P_BONUS32:
        return [BONUS32[True], BONUS32[False]]
    if k == P_EXCHANGE:
        return [EXCH_ACT[w] for w in T.exchange_options(s, s.actor)]
    if k == P_FREE:
        return [FREE_ACT[sp] for sp in S.free_hatch_options(s, s.actor)] + [FREE_ACT[NONE]]
    return []


def apply(s, action) -> list:
    """Apply a legal action in place; returns the events."""
    ev: list = []
    match action:
        case Step(space=sp):
            T.step(s, sp, ev)
        case Segment(length=n, plus2=p2):
            T.choose_segment(s, n, p2, ev)
        case Fly(slot=slot):
            T.choose_fly(s, slot, ev)
        case Play(card=c, add1=a1, add2=a2):
            T.play_card(s, c, a1, a2, ev)
        case Reuse(card=c):
            T.choose_target(s, c, ev)
        case Stop():
            T.stop_segments(s, ev)
        case Pick(flower=f):
            L.pick_flower(s, f, ev)
        case TakeCard(kind=k):
            L.take_card(s, k, ev)
        case Adjacent(space=sp):
            L.take_adjacent(s, sp, ev)
        case Hatch(mode=m):
            L.choose_hatch(s, m, ev)
        case Pay(flower=f):
            L.pay_one(s, f, ev)
        case Bonus32(use=u):
            T.use_bonus32(s, u, ev)
        case Exchange(which=w):
            T.exchange(s, w, ev)
        case FreeHatch(space=sp):
            S.free_hatch(s, sp, ev)
    s.ply += 1
    return ev


EXPECTED = {
    P_PLAY: (Play, "R6", "play an action card"),
    P_TARGET: (Reuse, "R62", "choose the movement card your reuse card copies"),
    P_SEGMENT: ((Segment, Stop), "R9", "start a segment or stop"),
    P_FLY: (Fly, "R10", "choose the butterfly for this segment"),
    P_STEP: (Step, "R12", "move one step"),
    P_PICK: (Pick, "R44", "choose a flower type"),
    P_TAKE: (TakeCard, "R52", "choose a card with the two_cards ability"),
    P_ADJ: (Adjacent, "R61", "choose an adjacent space to collect from, or none"),
    P_HATCH: (Hatch, "R26", "hatch or decline"),
    P_PAY: (Pay, "R30", "pay one flower token"),
    P_BONUS32: (Bonus32, "R67", "use bonus_move_3_2 or not"),
    P_EXCHANGE: (Exchange, "R71", "keep your hand, or exchange it if it is redundant"),
    P_FREE: (FreeHatch, "R80", "free hatch or decline"),
}


def why_illegal(s, action) -> IllegalAction:
    """The error for an action outside legal_actions, naming the rule (never hidden information)."""
    if s.pending == P_OVER:
        return IllegalAction("the game is over", rule="R83")
    cls, rule, what = EXPECTED[s.pending]
    if not isinstance(action, cls):
        return IllegalAction(f"now you must {what} ({PENDING_NAMES[s.pending]})", rule=rule)
    return _specific(s, action) or IllegalAction(f"{action} is not allowed now: {what}", rule=rule)


def _specific(s, a) -> IllegalAction | None:
    p = s.actor
    match a:
        case Play(card=c, add1=a1, add2=a2):
            if c not in s.hands[p]:
                return IllegalAction(f"you hold no {CAT.action_ids[c]}", rule="R6")
            free = s.bonus[p] & ~s.bused[p]
            if (a1 and not free & B_ADD1) or (a2 and not free & B_ADD2):
                return IllegalAction("you have no unused bonus card of that type", rule="R68")
            return IllegalAction("add cards need an action card that gives a segment", rule="R69")
        case Reuse():
            return IllegalAction("a reuse card copies a movement card played this season", rule="R64")
        case Segment(plus2=True) if not s.plus2:
            return IllegalAction("no bonus_add_2 is available for this segment", rule="R66")
        case Segment():
            return IllegalAction("no segment of that length is left", rule="R9")
        case Fly():
            return IllegalAction("that butterfly is not on the map", rule="R16")
        case Step():
            return IllegalAction("a step goes to an adjacent space", rule="R12")
        case TakeCard():
            return IllegalAction("you already own that card", rule="R47")
        case Adjacent():
            return IllegalAction("that space is not an eligible adjacent flower space", rule="R61")
        case Hatch():
            return _why_no_hatch(s, a)
        case Pay():
            return IllegalAction("you hold no token of that type", rule="R30")
        case Exchange():
            return IllegalAction("only a redundant hand may be exchanged (a card you hold, or both); "
                                 "otherwise keep it", rule="R71")
        case FreeHatch():
            return IllegalAction("place it on one of your previous-generation butterflies", rule="R80")
    return None


def _why_no_hatch(s, a) -> IllegalAction:
    g = s.cur * NSLOT + s.cur_slot
    if not CAT.milkweed[s.loc[g]]:
        return IllegalAction("the landing space is not next to milkweed", rule="R25")
    if CAT.slot_gen[s.cur_slot] == 4 and s.dbl[g]:
        return IllegalAction("a double generation-4 butterfly cannot hatch", rule="R29")
    if L.hatch_cost(s, g) is None:
        return IllegalAction("you have no marker of the next generation off the map", rule="R33")
    return IllegalAction("you cannot pay that cost (matched or any)", rule="R30")

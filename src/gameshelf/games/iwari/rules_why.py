"""Why an action is illegal, naming the rule (never revealing another player's cards)."""

from __future__ import annotations

from gameshelf.core.errors import IllegalAction
from gameshelf.games.iwari.actions import Decline, Done, Draw, Exchange, PlaceFeat, Target, Tent, Totem
from gameshelf.games.iwari.catalog import FEAT_INDEX, FEATS, LETTER_INDEX
from gameshelf.games.iwari.rules_place import (can_place_in, hand_of, limit_exceeded, max_tents, pay_problem,
                                               pays_tent_after, totem_first_over_limit)
from gameshelf.games.iwari.state import ACTION, DRAW, FEAT, OVER, PLACE, PHASES, THIRD, State

_PHASE_OF = {Exchange: (ACTION,), Target: (ACTION, THIRD), Tent: (PLACE,), Totem: (PLACE,),
             Done: (PLACE,), Draw: (DRAW,), PlaceFeat: (FEAT,), Decline: (FEAT,)}
_PHASE_RULE = {ACTION: "R11", PLACE: "R16", THIRD: "R42", FEAT: "R54", DRAW: "R29"}


def why_illegal(s: State, a) -> IllegalAction:
    if s.phase == OVER:
        return IllegalAction("the game is over", rule="R36")
    phases = _PHASE_OF.get(type(a))
    if phases is None:
        return IllegalAction(f"not an Iwari action: {a!r}")
    if s.phase not in phases:
        return IllegalAction(f"{a} is not possible now: the pending decision is {PHASES[s.phase]}",
                             rule=_PHASE_RULE[s.phase])
    reason = _REASONS[type(a)](s, a)
    return IllegalAction(*reason[1:], rule=reason[0]) if reason else IllegalAction(
        f"{a} is not a legal choice now", rule=_PHASE_RULE[s.phase])


def _exchange(s: State, a: Exchange):
    if hand_of(s, s.current)[LETTER_INDEX[a.biome]] == 0:
        return "R13", "you hold no card of that biome to discard"
    return None


def _target(s: State, a: Target):
    t = s.map.terr_index.get(a.territory)
    if t is None:
        return "R15", f"no territory {a.territory} on this map"
    tribe = s.players if s.phase == THIRD else s.current
    if not can_place_in(s, tribe, t, hand_of(s, s.current)):
        return "R26", f"no legal piece with a legal payment exists in {a.territory} (R17-R23)"
    return None


def _piece_common(s: State, pay: str):
    if s.p_pieces >= 2:
        return "R16", "a Place action places at most 2 pieces"
    if s.p_pieces == 1 and s.p_unexplored:
        return "R19", "only one tent may be placed in a territory unexplored at the start of the action"
    terr = s.map.territories[s.p_terr]
    return pay_problem(s, pay, terr.biome, LETTER_INDEX)


def _tent(s: State, a: Tent):
    sp = s.map.space_index.get(a.space)
    if sp is None or s.map.space_terr[sp] != s.p_terr:
        return "R15", f"{a.space} is not a tent space of the chosen territory"
    if s.owner[sp] >= 0:
        return "R3", f"{a.space} already holds a tent"
    if s.supply_tents[s.p_tribe] == 0:
        return "R22", "no tent left in supply"
    return _piece_common(s, a.pay)


def _totem(s: State, a: Totem):
    t = s.p_terr
    if s.p_unexplored and s.p_pieces == 0:
        return "R19", "the first piece in an unexplored territory must be a tent"
    if not s.map.territories[t].totem_space:
        return "R21", "this territory has no totem space"
    if s.supply_totems[s.p_tribe] == 0:
        return "R22", "no totem left in supply"
    problem = _piece_common(s, a.pay)
    if problem:
        return problem
    if s.ktot[t] + 1 > max_tents(s, t):
        terr = s.map.territories[t]
        x = LETTER_INDEX[a.pay[0]]
        if not (totem_first_over_limit(s, s.p_tribe, t)
                and pays_tent_after(hand_of(s, s.current), terr.biome, x, len(a.pay))):
            return "R23", ("totems would exceed the largest tent count of any tribe here, "
                           "and no own tent of this action can lift it")
    return None


def _done(s: State, a: Done):
    if not s.p_pieces:
        return "R26", "a Place action must place at least one piece"
    if limit_exceeded(s):
        return "R23", "the totems exceed the largest tent count here: place the tent that lifts it"
    return None


def _draw(s: State, a: Draw):
    if a.source == "deck":
        return None
    if s.display[LETTER_INDEX[a.source]] == 0:
        return "R29", "no display card of that biome"
    return None


def _feat(s: State, a):
    f = FEAT_INDEX.get(a.feat)
    if f is None or f != s.feat_queue[0]:
        return "R59", f"the token to place now is {FEATS[s.feat_queue[0]].id}"
    if isinstance(a, PlaceFeat):
        rule = _FEAT_RULE.get(FEATS[f].id, "R50")
        return rule, f"that target is not allowed for the {FEATS[f].id} token ({rule})"
    return None


_FEAT_RULE = {"unity": "R50", "discovery": "R51", "honor": "R52", "awe": "R53"}


_REASONS = {Exchange: _exchange, Target: _target, Tent: _tent, Totem: _totem, Done: _done,
            Draw: _draw, PlaceFeat: _feat, Decline: _feat}

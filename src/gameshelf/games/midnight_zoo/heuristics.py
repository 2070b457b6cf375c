"""A fast evaluation for bots: the seat's final score if the game ended now, plus progress of
animals towards the zoo, open paths, and the value of pending decisions (move points, effects,
tiles in hand or storage), minus the best opponent's same estimate."""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace

from .catalog import CAT, MOVE, VP
from .decisions import ChooseBonusTerrain, ChooseCell, ChooseDiscover, ChooseEffect, GroupMove, SpendMoves, UseBonus
from .state import ENT0, UNDISC
from .scoring import discovered_vp, food_vp, zoo_vp

ZR, ZC = divmod(CAT.zoo, CAT.cols)
DIST = tuple(abs(c // CAT.cols - ZR) + abs(c % CAT.cols - ZC) for c in range(CAT.cells))
ENT_DIST = tuple(DIST[c] + 1 for c in CAT.ent_cell)
VALUE = tuple(float(a.scoring[1]) if a.scoring[0] == "per_animal" else 8.0 for a in CAT.animals)
PATH = tuple(0.6 if d == 1 else 0.3 if d == 2 else 0.1 for d in DIST)
MOVE_POINT, DISCOVER, BONUS = 1.5, 1.2, 0.8


def effect_value(effect) -> float:
    kind, n = effect
    if kind == VP:
        return float(n)
    if kind == MOVE:
        return MOVE_POINT * n
    return (DISCOVER if kind == "discover" else BONUS) * n


TILE_VALUE = tuple(max((effect_value(e) for e in a), default=0.0) for a in CAT.tile_actions)


def pending_value(st) -> float:
    """What the decisions still open for the acting seat are worth."""
    return sum(VALUE_OF[type(f)](f) for f in st.pending)


def effects_value(f: ChooseEffect) -> float:
    total = TILE_VALUE[f.tile] if f.tile_open else 0.0
    if f.space is not None:
        total += 5.0 if f.space == "choose" else effect_value(f.space)
    return total


VALUE_OF = {
    SpendMoves: lambda f: MOVE_POINT * f.points,
    ChooseEffect: effects_value,
    GroupMove: lambda f: MOVE_POINT * (len(f.eligible) + (f.animal >= 0)),
    ChooseDiscover: lambda f: DISCOVER,
    ChooseBonusTerrain: lambda f: BONUS,
    ChooseCell: lambda f: BONUS + TILE_VALUE[f.tile],
    UseBonus: lambda f: 0.0,
}


@lru_cache(maxsize=8192)
def animal_terms(loc: tuple[int, ...], pollen: tuple[int, ...], kind: tuple[int, ...],
                 zero_pollen_vp: int) -> tuple[int, float]:
    """A player's animals, cached: (zoo VP + discovered VP (S2, S3), progress towards the zoo)."""
    pl = SimpleNamespace(loc=loc, pollen=pollen, kind=kind)   # the fields the scoring reads
    progress = 0.0
    for k, where in enumerate(loc):
        if where == UNDISC or where < 0:
            continue
        d = ENT_DIST[where - ENT0] if where >= ENT0 else DIST[where]
        progress += VALUE[kind[k]] / (1.0 + d)
    return zoo_vp(pl, zero_pollen_vp) + discovered_vp(pl), progress


@lru_cache(maxsize=8192)
def district_terms(district: tuple[int, ...]) -> tuple[int, float]:
    """A player's district, cached: (food VP (S4), open paths near the zoo)."""
    roads = sum(PATH[c] for c, t in enumerate(district) if t >= 0)
    return food_vp(SimpleNamespace(district=district)), roads


@lru_cache(maxsize=16384)
def player_estimate(vp: int, loc: tuple[int, ...], pollen: tuple[int, ...], kind: tuple[int, ...], zero_pollen_vp: int,
                    district: tuple[int, ...], hand: int, stored: int) -> float:
    """A player's estimate, cached (a search meets the same players again and again)."""
    animals, progress = animal_terms(loc, pollen, kind, zero_pollen_vp)
    food, roads = district_terms(district)
    score = vp + animals + food
    held = (TILE_VALUE[hand] + 1.0 if hand >= 0 else 0.0) + 1.0 * stored
    return score + 0.6 * progress + roads + held


def estimate(st, pl) -> float:
    return player_estimate(pl.vp, tuple(pl.loc), tuple(pl.pollen), pl.kind, st.config.zero_pollen_vp,
                           tuple(pl.district), pl.hand, len(pl.storage))


def heuristic(st, seat: int) -> float:
    players = st.players
    mine = estimate(st, players[seat])
    if st.cur == seat and st.pending:
        mine += pending_value(st)
    if st.n == 1:
        return mine
    if st.n == 2:
        return mine - estimate(st, players[1 - seat])
    return mine - max(estimate(st, p) for i, p in enumerate(players) if i != seat)

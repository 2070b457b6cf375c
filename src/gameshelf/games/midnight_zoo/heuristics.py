"""A fast evaluation for bots: the seat's final score if the game ended now, plus progress of
animals towards the zoo, open paths, and the value of pending decisions (move points, effects,
tiles in hand or storage), minus the best opponent's same estimate."""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace

from .catalog import CAT, MOVE, VP
from .state import ENT0, F_BTERRAIN, F_CELL, F_DISCOVER, F_EFFECTS, F_GROUP, F_MOVE, UNDISC
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
    total = 0.0
    for f in st.pstack:
        k = f[0]
        if k == F_MOVE:
            total += MOVE_POINT * f[1]
        elif k == F_EFFECTS:
            if f[3]:
                total += TILE_VALUE[f[1]]
            if f[4] is not None:
                total += 5.0 if f[4] == "choose" else effect_value(f[4])
        elif k == F_GROUP:
            total += MOVE_POINT * (len(f[2]) + (f[3] >= 0))
        elif k == F_DISCOVER:
            total += DISCOVER
        elif k in (F_BTERRAIN, F_CELL):
            total += BONUS + (TILE_VALUE[f[1]] if k == F_CELL else 0.0)
    return total


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


def estimate(st, pl) -> float:
    animals, progress = animal_terms(tuple(pl.loc), tuple(pl.pollen), pl.kind, st.rules.zero_pollen_vp)
    food, roads = district_terms(tuple(pl.district))
    score = pl.vp + animals + food
    held = (TILE_VALUE[pl.hand] + 1.0 if pl.hand >= 0 else 0.0) + 1.0 * len(pl.storage)
    return score + 0.6 * progress + roads + held


def heuristic(st, seat: int) -> float:
    mine = estimate(st, st.players[seat])
    if st.cur == seat and st.pstack:
        mine += pending_value(st)
    if st.n == 1:
        return mine
    return mine - max(estimate(st, p) for i, p in enumerate(st.players) if i != seat)

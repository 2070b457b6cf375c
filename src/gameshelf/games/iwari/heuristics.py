"""Iwari heuristic for greedy/ISMCTS bots: VP so far plus the tent-majority points the board
would pay now (R76) and a small settlement/totem term, minus the best other tribe."""

from __future__ import annotations

from functools import lru_cache

from gameshelf.games.iwari.scoring import score_area
from gameshelf.games.iwari.state import State


@lru_cache(maxsize=8192)
def area_gains(counts: tuple[int, ...], multiplier: int) -> tuple[tuple[int, int], ...]:
    """(tribe, points) for every tribe a territory with these tent counts pays (R76), cached:
    the same few count patterns come up again and again."""
    return tuple((p, v) for p, v in enumerate(score_area(list(counts), multiplier)) if v)


def estimate(s: State) -> list[float]:
    """Per tribe: score + current majority points (+ line totems and tents placed, lightly)."""
    est = [float(v) for v in s.score]
    if s.final is not None:
        return est
    T = len(s.map.territories)
    weight = 1.0 if s.exhaustions else 1.8  # before the interim scoring majorities pay twice
    tents, filled, terr_feats = s.tents, s.filled, s.terr_feats
    for t in range(T):
        if filled[t]:
            for p, v in area_gains(tuple(tents[t::T]), 1 + terr_feats[t]):
                est[p] += weight * v
    totems, ktot, blocked = s.totems, s.ktot, s.blocked
    for ln in s.map.lines:
        a, b = ln.a, ln.b
        if blocked[ln.index] or not ktot[a] or not ktot[b]:
            continue
        on_a, on_b = totems[a::T], totems[b::T]
        ka, kb = max(on_a), max(on_b)
        gain = 0.7 * (ktot[a] + ktot[b]) * (1 + s.line_feats[ln.index])
        for p in range(s.ntribes):
            if on_a[p] == ka and on_b[p] == kb:
                est[p] += gain
    return est


def heuristic(s: State, seat: int) -> float:
    est = estimate(s)
    mine = est[seat]
    del est[seat]
    return mine - max(est)

"""Iwari heuristic for greedy/ISMCTS bots: VP so far plus the tent-majority points the board
would pay now (R76) and a small settlement/totem term, minus the best other tribe."""

from __future__ import annotations

from gameshelf.games.iwari.scoring import score_area
from gameshelf.games.iwari.state import State


def estimate(s: State) -> list[float]:
    """Per tribe: score + current majority points (+ line totems and tents placed, lightly)."""
    T = len(s.map.territories)
    est = [float(v) for v in s.score]
    if s.final is not None:
        return est
    weight = 1.0 if s.exhaustions else 1.8  # before the interim scoring majorities pay twice
    tents = s.tents
    for t in range(T):
        if s.filled[t]:
            for p, v in enumerate(score_area(tents[t::T], 1 + s.terr_feats[t])):
                est[p] += weight * v
    for ln in s.map.lines:
        if s.blocked[ln.index] or not s.ktot[ln.a] or not s.ktot[ln.b]:
            continue
        ka, kb = max(s.totems[ln.a::T]), max(s.totems[ln.b::T])
        for p in range(s.ntribes):
            if s.totems[p * T + ln.a] == ka and s.totems[p * T + ln.b] == kb:
                est[p] += 0.7 * (s.ktot[ln.a] + s.ktot[ln.b]) * (1 + s.line_feats[ln.index])
    return est


def heuristic(s: State, seat: int) -> float:
    est = estimate(s)
    others = [v for p, v in enumerate(est) if p != seat]
    return est[seat] - max(others)

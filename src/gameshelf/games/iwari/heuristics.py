"""Iwari heuristic for greedy/ISMCTS bots: VP so far plus the tent-majority points the board
would pay now (R76) and a small settlement/totem term, minus the best other tribe.

The board terms depend on the public board only, and the same boards come back again and again in
a search (every determinization starts from the same board), so each is cached as the list of
(tribe, points) it adds, in the order the estimate adds them: the sums, and so the floats, are
those of adding term by term.
"""

from __future__ import annotations

from functools import lru_cache

from gameshelf.games.iwari.catalog import MapData
from gameshelf.games.iwari.scoring import score_area
from gameshelf.games.iwari.state import State

_MAPS: dict[str, MapData] = {}  # map id -> its data, for the cached line terms


@lru_cache(maxsize=8192)
def area_gains(counts: tuple[int, ...], multiplier: int) -> tuple[tuple[int, int], ...]:
    """(tribe, points) for every tribe a territory with these tent counts pays (R76), cached:
    the same few count patterns come up again and again."""
    return tuple((p, v) for p, v in enumerate(score_area(list(counts), multiplier)) if v)


@lru_cache(maxsize=8192)
def territory_gains(tents: tuple[int, ...], filled: tuple[int, ...], terr_feats: tuple[int, ...]
                    ) -> tuple[tuple[int, int], ...]:
    """(tribe, points) of every explored territory's majorities now, territory by territory (R76)."""
    T = len(filled)
    out: list[tuple[int, int]] = []
    for t in range(T):
        if filled[t]:
            out.extend(area_gains(tents[t::T], 1 + terr_feats[t]))
    return tuple(out)


@lru_cache(maxsize=8192)
def line_gains(map_id: str, totems: tuple[int, ...], ktot: tuple[int, ...], blocked: tuple[bool, ...],
               line_feats: tuple[int, ...], ntribes: int) -> tuple[tuple[int, float], ...]:
    """(tribe, value) for every open line whose both ends a tribe leads in totems, line by line:
    0.7 x the totems at both ends x the line's feat multiplier."""
    T = len(ktot)
    out: list[tuple[int, float]] = []
    for ln in _MAPS[map_id].lines:
        a, b = ln.a, ln.b
        if blocked[ln.index] or not ktot[a] or not ktot[b]:
            continue
        on_a, on_b = totems[a::T], totems[b::T]
        ka, kb = max(on_a), max(on_b)
        gain = 0.7 * (ktot[a] + ktot[b]) * (1 + line_feats[ln.index])
        for p in range(ntribes):
            if on_a[p] == ka and on_b[p] == kb:
                out.append((p, gain))
    return tuple(out)


def estimate(s: State) -> list[float]:
    """Per tribe: score + current majority points (+ line totems and tents placed, lightly)."""
    est = [float(v) for v in s.score]
    if s.final is not None:
        return est
    weight = 1.0 if s.exhaustions else 1.8  # before the interim scoring majorities pay twice
    for p, v in territory_gains(tuple(s.tents), tuple(s.filled), tuple(s.terr_feats)):
        est[p] += weight * v
    board = s.map
    if board.id not in _MAPS:
        _MAPS[board.id] = board
    for p, gain in line_gains(board.id, tuple(s.totems), tuple(s.ktot), tuple(s.blocked), tuple(s.line_feats),
                              s.ntribes):
        est[p] += gain
    return est


def heuristic(s: State, seat: int) -> float:
    est = estimate(s)
    mine = est[seat]
    del est[seat]
    return mine - max(est)

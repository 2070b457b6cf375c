"""A fast evaluation for bots: points so far, end-game points already secured, and progress terms."""

from __future__ import annotations

from collections import deque

from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.scoring import goal_points, michoacan_count, michoacan_points
from gameshelf.games.mariposas.state import NSLOT

END_PTS = CAT.ability_end_points
NABIL = len(CAT.ability_ids)
GEN4 = CAT.gen_slots[4]


def _distances(start: int) -> tuple[int, ...]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        x = queue.popleft()
        for y in CAT.adj[x]:
            if y not in dist:
                dist[y] = dist[x] + 1
                queue.append(y)
    return tuple(dist.get(i, 99) for i in range(len(CAT.space_ids)))


TO_MICH = _distances(CAT.michoacan)


def estimate(s, p: int) -> float:
    """Score + secured end-game points + the current goal's value now + small progress terms."""
    est = float(sum(s.pts[p]))
    if s.over:
        return est
    est += bin(s.life[p]).count("1") + sum(END_PTS[a] for a in range(NABIL) if s.abil[p] >> a & 1)
    est += michoacan_points(michoacan_count(s, p))
    est += 0.7 * goal_points(s, p, CAT.goals[s.goals[s.season]])
    base = p * NSLOT
    for slot in range(NSLOT):
        sp = s.loc[base + slot]
        if sp >= 0:
            w = 2 if s.dbl[base + slot] else 1
            est += 0.6 * w
            if slot in GEN4 and s.season >= 1 and sp != CAT.michoacan:
                est += w * max(0.0, 2.5 - 0.15 * TO_MICH[sp])
    est += 0.15 * sum(s.flowers[p])
    return est


def heuristic(s, seat: int) -> float:
    """Own estimate minus the best opponent's."""
    mine = estimate(s, seat)
    best = max((estimate(s, q) for q in range(s.n) if q != seat), default=0.0)
    return mine - best

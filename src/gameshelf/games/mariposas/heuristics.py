"""A fast evaluation for bots: points so far plus end-game points already secured and progress."""

from __future__ import annotations

from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.scoring import michoacan_count, michoacan_points
from gameshelf.games.mariposas.state import NSLOT

MICH = CAT.michoacan
ROW = CAT.row
END_PTS = CAT.ability_end_points
NABIL = len(CAT.ability_ids)


def estimate(s, p: int) -> float:
    """Score + secured end-game points + small progress terms (butterflies, flowers, gen-4 homing)."""
    est = float(sum(s.pts[p]))
    if s.over:
        return est
    est += bin(s.life[p]).count("1") + sum(END_PTS[a] for a in range(NABIL) if s.abil[p] >> a & 1)
    est += michoacan_points(michoacan_count(s, p))
    base = p * NSLOT
    for slot in range(NSLOT):
        sp = s.loc[base + slot]
        if sp >= 0:
            w = 2 if s.dbl[base + slot] else 1
            est += 0.6 * w
            if s.season == 2 and CAT.slot_gen[slot] == 4 and sp != MICH:
                est += 0.15 * w * ROW[sp]
    est += 0.12 * sum(s.flowers[p])
    return est


def heuristic(s, seat: int) -> float:
    mine = estimate(s, seat)
    best = max((estimate(s, q) for q in range(s.n) if q != seat), default=0.0)
    return mine - best

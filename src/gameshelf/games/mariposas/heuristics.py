"""A fast evaluation for bots: points so far, end-game points already secured, and progress terms."""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.scoring import A_MICH_DOUBLE, goal_points_of, michoacan_points
from gameshelf.games.mariposas.state import NSLOT

END_PTS = CAT.ability_end_points
NABIL = len(CAT.ability_ids)
GEN4 = CAT.gen_slots[4]
IS_GEN4 = tuple(slot in GEN4 for slot in range(NSLOT))
FLOWER_GOAL = tuple(goal.own_each_flower for goal in CAT.goals)


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


@lru_cache(maxsize=4096)
def card_points(life: int, abil: int) -> int:
    """Life cycle cards held plus the end points of the abilities owned (R83)."""
    return bin(life).count("1") + sum(END_PTS[a] for a in range(NABIL) if abil >> a & 1)


@lru_cache(maxsize=8192)
def board_terms(loc: tuple[int, ...], dbl: tuple[int, ...], migrating: bool, goal_index: int,
                michoacan_double: bool, flowers_complete: bool) -> tuple[float, ...]:
    """The estimate's terms from one player's markers (``loc``/``dbl``: their NSLOT slots), in
    the order they are added, cached: Michoacan points (R84, R85), 0.7 x the season goal's
    points now, then per marker 0.6 a weight and, from season 1 on, a gen-4's nearness to
    Michoacan. ``flowers_complete`` (one of each flower) only matters for a flower goal."""
    markers, terms = [], []
    in_michoacan = 0
    for slot, sp in enumerate(loc):
        if sp >= 0:
            w = 2 if dbl[slot] else 1
            markers.append((sp, w))
            terms.append(0.6 * w)
            if IS_GEN4[slot]:
                if sp == CAT.michoacan:
                    in_michoacan += 2 if (michoacan_double or dbl[slot]) else 1
                elif migrating:
                    terms.append(w * max(0.0, 2.5 - 0.15 * TO_MICH[sp]))
    flowers = (1,) if flowers_complete else (0,)    # any flowers equally complete score alike
    goal = 0.7 * goal_points_of(markers, flowers, CAT.goals[goal_index])
    return (michoacan_points(in_michoacan), goal, *terms)


@lru_cache(maxsize=16384)
def player_estimate(points: int, life: int, abil: int, loc: tuple[int, ...], dbl: tuple[int, ...], migrating: bool,
                    goal_index: int, flowers: tuple[int, ...]) -> float:
    """The estimate of a player in a game not over, cached (a search meets the same players again
    and again): the terms added one at a time in a fixed order, so the float is always the same."""
    est = float(points)
    est += card_points(life, abil)
    for term in board_terms(loc, dbl, migrating, goal_index, bool(abil >> A_MICH_DOUBLE & 1),
                            FLOWER_GOAL[goal_index] and min(flowers) >= 1):
        est += term
    est += 0.15 * sum(flowers)
    return est


def estimate(s, p: int) -> float:
    """Score + secured end-game points + the current goal's value now + small progress terms."""
    if s.over:
        return float(sum(s.pts[p]))
    base = p * NSLOT
    return player_estimate(sum(s.pts[p]), s.life[p], s.abil[p], tuple(s.loc[base:base + NSLOT]),
                           tuple(s.dbl[base:base + NSLOT]), s.season >= 1, s.goals[s.season], tuple(s.flowers[p]))


def heuristic(s, seat: int) -> float:
    """Own estimate minus the best opponent's."""
    mine = estimate(s, seat)
    if s.n == 2:
        return mine - estimate(s, 1 - seat)
    best = max((estimate(s, q) for q in range(s.n) if q != seat), default=0.0)
    return mine - best

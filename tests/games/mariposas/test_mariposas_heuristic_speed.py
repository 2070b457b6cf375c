"""The optimised bot heuristic returns exactly what the plain version returns, on random games."""

import pytest

from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.heuristics import TO_MICH
from gameshelf.games.mariposas.state import NSLOT
from tests.heuristic_check import assert_heuristic_matches_reference

MICH = CAT.michoacan


def reference_placed(s, p):
    base = p * NSLOT
    return [(s.loc[g], 2 if s.dbl[g] else 1) for g in range(base, base + NSLOT) if s.loc[g] >= 0]


def reference_weight_in(markers, mask):
    return sum(w for sp, w in markers if mask >> sp & 1)


def reference_goal_points(s, p, goal):
    t = goal.type
    if t == "per_butterfly":
        return goal.points * reference_weight_in(reference_placed(s, p), goal.region)
    if t == "once":
        if goal.own_each_flower:
            ok = all(x >= 1 for x in s.flowers[p])
        else:
            m = reference_placed(s, p)
            ok = all(reference_weight_in(m, mask) >= need for mask, need in goal.conditions)
        return goal.points if ok else 0
    if t == "compound":
        m = reference_placed(s, p)
        ok = sum(w for _, w in m) >= goal.on_map_min and reference_weight_in(m, goal.none_in) == 0
        return goal.points if ok else 0
    return 0


def reference_michoacan_points(s, p):
    doubled = s.abil[p] >> CAT.ability_ids.index("michoacan_double") & 1
    n = sum(2 if (doubled or s.dbl[p * NSLOT + slot]) else 1
            for slot in CAT.gen_slots[4] if s.loc[p * NSLOT + slot] == MICH)
    table = CAT.michoacan_table
    return table[n] if n < len(table) else table[-1] + CAT.michoacan_beyond * (n - len(table) + 1)


def reference_estimate(s, p):
    est = float(sum(s.pts[p]))
    if s.over:
        return est
    est += bin(s.life[p]).count("1") + sum(CAT.ability_end_points[a]
                                           for a in range(len(CAT.ability_ids)) if s.abil[p] >> a & 1)
    est += reference_michoacan_points(s, p)
    est += 0.7 * reference_goal_points(s, p, CAT.goals[s.goals[s.season]])
    base = p * NSLOT
    for slot in range(NSLOT):
        sp = s.loc[base + slot]
        if sp >= 0:
            w = 2 if s.dbl[base + slot] else 1
            est += 0.6 * w
            if slot in CAT.gen_slots[4] and s.season >= 1 and sp != MICH:
                est += w * max(0.0, 2.5 - 0.15 * TO_MICH[sp])
    est += 0.15 * sum(s.flowers[p])
    return est


def reference_heuristic(s, seat):
    """The heuristic as first written (before the speed-up), kept as the specification."""
    mine = reference_estimate(s, seat)
    best = max((reference_estimate(s, q) for q in range(s.n) if q != seat), default=0.0)
    return mine - best


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_equals_the_reference_on_random_games(players):
    assert_heuristic_matches_reference(GAME, reference_heuristic, players, {})

"""The optimised bot heuristic returns exactly what the plain version returns, on random games."""

import pytest

from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.heuristics import TO_MICHOACAN
from gameshelf.games.mariposas.state import MARKERS
from tests.heuristic_check import assert_heuristic_matches_reference

MICH = CAT.michoacan


def reference_placed(s, p):
    base = p * MARKERS
    return [(s.locations[g], 2 if s.doubles[g] else 1) for g in range(base, base + MARKERS) if s.locations[g] >= 0]


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
    doubled = s.abilities[p] >> CAT.ability_ids.index("michoacan_double") & 1
    n = sum(2 if (doubled or s.doubles[p * MARKERS + slot]) else 1
            for slot in CAT.gen_slots[4] if s.locations[p * MARKERS + slot] == MICH)
    table = CAT.michoacan_table
    return table[n] if n < len(table) else table[-1] + CAT.michoacan_beyond * (n - len(table) + 1)


def reference_estimate(s, p):
    est = float(sum(s.points[p]))
    if s.over:
        return est
    est += bin(s.lifecycle[p]).count("1") + sum(CAT.ability_end_points[a]
                                           for a in range(len(CAT.ability_ids)) if s.abilities[p] >> a & 1)
    est += reference_michoacan_points(s, p)
    est += 0.7 * reference_goal_points(s, p, CAT.goals[s.goals[s.season]])
    base = p * MARKERS
    for slot in range(MARKERS):
        sp = s.locations[base + slot]
        if sp >= 0:
            w = 2 if s.doubles[base + slot] else 1
            est += 0.6 * w
            if slot in CAT.gen_slots[4] and s.season >= 1 and sp != MICH:
                est += w * max(0.0, 2.5 - 0.15 * TO_MICHOACAN[sp])
    est += 0.15 * sum(s.flowers[p])
    return est


def reference_heuristic(s, seat):
    """The heuristic written plainly, the specification the cached version must equal."""
    mine = reference_estimate(s, seat)
    best = max((reference_estimate(s, q) for q in range(s.players) if q != seat), default=0.0)
    return mine - best


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_equals_the_reference_on_random_games(players):
    assert_heuristic_matches_reference(GAME, reference_heuristic, players, {})

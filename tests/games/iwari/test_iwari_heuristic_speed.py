"""The optimised bot heuristic returns exactly what the plain version returns, on random games."""

import pytest

from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.scoring import score_area
from tests.heuristic_check import assert_heuristic_matches_reference


def reference_estimate(s):
    T = len(s.map.territories)
    est = [float(v) for v in s.scores]
    if s.final is not None:
        return est
    weight = 1.0 if s.exhaustions else 1.8
    tents = s.tents
    for t in range(T):
        if s.filled[t]:
            for p, v in enumerate(score_area(tents[t::T], 1 + s.territory_feats[t])):
                est[p] += weight * v
    for ln in s.map.lines:
        if s.blocked[ln.index] or not s.totem_stacks[ln.a] or not s.totem_stacks[ln.b]:
            continue
        ka, kb = max(s.totems[ln.a::T]), max(s.totems[ln.b::T])
        for p in range(s.tribes):
            if s.totems[p * T + ln.a] == ka and s.totems[p * T + ln.b] == kb:
                est[p] += 0.7 * (s.totem_stacks[ln.a] + s.totem_stacks[ln.b]) * (1 + s.line_feats[ln.index])
    return est


def reference_heuristic(s, seat):
    """The heuristic as first written (before the speed-up), kept as the specification."""
    est = reference_estimate(s)
    others = [v for p, v in enumerate(est) if p != seat]
    return est[seat] - max(others)


CONFIGS = [(n, {}) for n in (2, 3, 4, 5)] + [
    (3, {"map": "B"}), (4, {"map": "floating_continent"}), (5, {"map": "ice_land"}),
    (4, {"map": "long_road"}), (2, {"feats": "off"}), (3, {"expeditions": "on"}),
]


@pytest.mark.parametrize("players,options", CONFIGS)
def test_heuristic_equals_the_reference_on_random_games(players, options):
    assert_heuristic_matches_reference(GAME, reference_heuristic, players, options)

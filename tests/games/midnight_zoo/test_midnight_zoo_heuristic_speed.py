"""The optimised bot heuristic returns exactly what the plain version returns, on random games."""

import pytest

from gameshelf.games.midnight_zoo import GAME
from gameshelf.games.midnight_zoo.heuristics import DIST, ENT_DIST, PATH, TILE_VALUE, VALUE, pending_value
from gameshelf.games.midnight_zoo.scoring import discovered_vp, food_vp, zoo_vp
from gameshelf.games.midnight_zoo.state import ENT0, UNDISC
from tests.heuristic_check import assert_heuristic_matches_reference


def reference_estimate(st, pl):
    score = pl.vp + zoo_vp(pl, st.config.zero_pollen_vp) + discovered_vp(pl) + food_vp(pl)
    progress = 0.0
    for k, loc in enumerate(pl.loc):
        if loc == UNDISC or loc < 0:
            continue
        d = ENT_DIST[loc - ENT0] if loc >= ENT0 else DIST[loc]
        progress += VALUE[pl.kind[k]] / (1.0 + d)
    roads = sum(PATH[c] for c, t in enumerate(pl.district) if t >= 0)
    held = (TILE_VALUE[pl.hand] + 1.0 if pl.hand >= 0 else 0.0) + 1.0 * len(pl.storage)
    return score + 0.6 * progress + roads + held


def reference_heuristic(st, seat):
    """The heuristic as first written (before the speed-up), kept as the specification."""
    mine = reference_estimate(st, st.players[seat])
    if st.cur == seat and st.pending:
        mine += pending_value(st)
    if st.n == 1:
        return mine
    return mine - max(reference_estimate(st, p) for i, p in enumerate(st.players) if i != seat)


CONFIGS = [(n, {}) for n in (1, 2, 3, 4)] + [
    (2, {"variability_cards": "on", "dark_pair_mode": "single_pair_choose_reward"}),
    (4, {"snake_turn": "any_direction_one_move", "variability_cards": "on",
         "forced_group_moves": "true", "butterfly_zero_pollen_vp": "5"}),
    (1, {"butterfly_zero_pollen_vp": "1"}),
]


@pytest.mark.parametrize("players,options", CONFIGS)
def test_heuristic_equals_the_reference_on_random_games(players, options):
    assert_heuristic_matches_reference(GAME, reference_heuristic, players, options)

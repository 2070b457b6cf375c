"""The optimised bot heuristic returns exactly what the plain version returns, on random games."""

import pytest

from gameshelf.games.midnight_zoo import GAME
from gameshelf.games.midnight_zoo.heuristics import DISTANCE, ENTRANCE_DISTANCE, PATH, TILE_VALUE, VALUE, pending_value
from gameshelf.games.midnight_zoo.scoring import discovered_vp, food_vp, zoo_vp
from gameshelf.games.midnight_zoo.state import ENTRANCE0, UNDISCOVERED
from tests.heuristic_check import assert_heuristic_matches_reference


def reference_estimate(state, player):
    score = player.vp + zoo_vp(player, state.config.zero_pollen_vp) + discovered_vp(player) + food_vp(player)
    progress = 0.0
    for piece, location in enumerate(player.location):
        if location == UNDISCOVERED or location < 0:
            continue
        distance = ENTRANCE_DISTANCE[location - ENTRANCE0] if location >= ENTRANCE0 else DISTANCE[location]
        progress += VALUE[player.animals[piece]] / (1.0 + distance)
    roads = sum(PATH[cell] for cell, tile in enumerate(player.district) if tile >= 0)
    held = (TILE_VALUE[player.hand] + 1.0 if player.hand >= 0 else 0.0) + 1.0 * len(player.storage)
    return score + 0.6 * progress + roads + held


def reference_heuristic(state, seat):
    """The heuristic as first written (before the speed-up), kept as the specification."""
    mine = reference_estimate(state, state.players[seat])
    if GAME.to_act(state) == seat:
        mine += pending_value(state)
    if state.player_count == 1:
        return mine
    return mine - max(reference_estimate(state, player) for other, player in enumerate(state.players) if other != seat)


CONFIGS = [(n, {}) for n in (1, 2, 3, 4)] + [
    (2, {"variability_cards": "on", "dark_pair_mode": "single_pair_choose_reward"}),
    (4, {"snake_turn": "any_direction_one_move", "variability_cards": "on",
         "forced_group_moves": "true", "butterfly_zero_pollen_vp": "5"}),
    (1, {"butterfly_zero_pollen_vp": "1"}),
]


@pytest.mark.parametrize("players,options", CONFIGS)
def test_heuristic_equals_the_reference_on_random_games(players, options):
    assert_heuristic_matches_reference(GAME, reference_heuristic, players, options)

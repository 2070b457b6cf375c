"""Issue 14: the OpenSpiel registration passes OpenSpiel's random simulation test, and OpenSpiel's
own ISMCTS and MCTS bots play whole games of every game."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import gameshelf.rl.openspiel as gos  # noqa: E402
from tests.rl.conftest import configs  # noqa: E402


@pytest.mark.parametrize("game_id,players", configs())
def test_random_simulation(game_id, players):
    game = pyspiel.load_game(f"gameshelf_{game_id}(players={players})")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", sorted({g for g, _ in configs()}))
def test_traits_and_information(game_id):
    game = pyspiel.load_game(f"gameshelf_{game_id}")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(17)
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    seat = state.current_player()
    tensor = np.asarray(state.information_state_tensor(seat))
    assert tensor.shape == tuple(game.information_state_tensor_shape())
    # a resampled state is the same to the seat: same information state string and tensor
    other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert np.array_equal(np.asarray(other.information_state_tensor(seat)), tensor)
    clone = state.clone()
    assert clone.history() == state.history() and str(clone) == str(state)


@pytest.mark.parametrize("game_id", sorted({g for g, _ in configs()}))
def test_openspiel_ismcts_plays_a_whole_game(game_id):
    game = pyspiel.load_game(f"gameshelf_{game_id}(players=2)")
    from gameshelf.agents import make_agent
    bots = {0: gos.ismcts_bot(game, sims=4, seed=1), 1: make_agent("random", 2)}
    state = gos.play_game(game, bots, seed=3)
    returns = state.returns()
    assert state.is_terminal() and all(-1.0 <= r <= 1.0 for r in returns)
    assert sum(returns) <= 0.0      # zero-sum unless Iwari's 2-player third tribe places above a seat


def test_openspiel_mcts_plays_a_whole_game():
    from open_spiel.python.algorithms import mcts
    game = pyspiel.load_game("gameshelf_borealis(players=2)")
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 3, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = gos.play_game(game, {0: bot, 1: bot}, seed=4)
    assert state.is_terminal()


def test_players_and_options_are_game_parameters():
    game = pyspiel.load_game("gameshelf_borealis(players=3,board_side=II,max_rounds=0)")
    assert game.num_players() == 3
    assert game.options["board_side"] == "II" and game.options["max_rounds"] == "none"
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.state is not None and game.gs.view(state.state, 0)["options"]["board_side"] == "II"

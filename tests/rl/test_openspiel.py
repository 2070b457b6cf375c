"""The OpenSpiel registration passes OpenSpiel's random simulation test, OpenSpiel's own ISMCTS
and MCTS bots play whole games of every game, and the information state is perfect recall."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import gameshelf.rl.openspiel as gos  # noqa: E402
from gameshelf.core.errors import BadOption  # noqa: E402
from gameshelf.games import get_game  # noqa: E402
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
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(17)
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    seat = state.current_player()
    tensor = np.asarray(state.observation_tensor(seat))
    assert tensor.shape == tuple(game.observation_tensor_shape())
    # a resampled state is the same to the seat: same information state string and observation
    other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert np.array_equal(np.asarray(other.observation_tensor(seat)), tensor)
    clone = state.clone()
    assert clone.history() == state.history() and str(clone) == str(state)
    assert clone.information_state_string(seat) == state.information_state_string(seat)


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
    game = pyspiel.load_game("gameshelf_borealis(players=3,board_side=II,max_rounds=10)")
    assert game.num_players() == 3
    assert game.options["board_side"] == "II" and game.options["max_rounds"] == "10"
    assert game.max_game_length() == get_game("borealis").max_game_length(3, {"max_rounds": "10"}) + 1
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.state is not None and game.gs.view(state.state, 0)["options"]["board_side"] == "II"


def test_a_configuration_without_a_length_bound_is_refused():
    """Borealis with max_rounds=none (A32) may go on for ever: OpenSpiel needs a bound, so it is refused."""
    with pytest.raises(BadOption, match="max_rounds=none has no bound on its length"):
        pyspiel.load_game("gameshelf_borealis(players=3,max_rounds=0)")


def random_walk(game, seed, steps):
    """The states of one random game from deal ``seed``: at most ``steps`` moves after the deal."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    state.apply_action(seed % 4096)
    states = [state.clone()]
    while not state.is_terminal() and len(states) <= steps:
        state.apply_action(int(rng.choice(state.legal_actions())))
        states.append(state.clone())
    return states


def recalled(state, seat):
    """The record part of ``seat``'s information state: every line but the current view."""
    return state.information_state_string(seat).split("\n")[:-1]


@pytest.mark.parametrize("game_id", sorted({g for g, _ in configs()}))
def test_information_state_is_perfect_recall(game_id):
    """A seat's information state at a later move extends the one at an earlier move (it forgets
    nothing it saw or did), and names each of the seat's own actions; a Markov string (the view
    now) would not extend."""
    game = pyspiel.load_game(f"gameshelf_{game_id}(players=3)")
    states = random_walk(game, seed=5, steps=40)
    for seat in range(3):
        before = recalled(states[0], seat)
        for previous, state in zip(states, states[1:]):
            after = recalled(state, seat)
            assert after[:len(before)] == before and len(after) == len(before) + 1
            move = state.history()[-1]
            mine = previous.current_player() == seat
            assert after[-1].startswith(previous.action_to_string(seat, move) + " " if mine else ". ")
            before = after


@pytest.mark.parametrize("game_id", sorted({g for g, _ in configs()}))
def test_histories_the_seat_can_tell_apart_give_different_strings(game_id):
    """Two different actions of a seat from one state: the seat's strings differ from then on,
    even after the other seats' moves; a seat that saw the same thing keeps the same string when
    the state is rebuilt from its history."""
    game = pyspiel.load_game(f"gameshelf_{game_id}(players=2)")
    state = random_walk(game, seed=9, steps=6)[-1]
    seat = state.current_player()
    first, second = state.legal_actions()[:2]
    one, two = state.child(first), state.child(second)
    assert one.information_state_string(seat) != two.information_state_string(seat)
    rng = np.random.RandomState(0)
    for _ in range(5):
        if one.is_terminal() or two.is_terminal():
            break
        if one.current_player() != seat:
            one.apply_action(int(rng.choice(one.legal_actions())))
        if two.current_player() != seat:
            two.apply_action(int(rng.choice(two.legal_actions())))
        assert one.information_state_string(seat) != two.information_state_string(seat)
    rebuilt = game.new_initial_state()
    for action in one.history():
        rebuilt.apply_action(action)
    assert all(rebuilt.information_state_string(s) == one.information_state_string(s) for s in range(2))


def test_a_resampled_state_restarts_the_other_seats_records():
    game = pyspiel.load_game("gameshelf_borealis(players=3)")
    state = random_walk(game, seed=2, steps=20)[-1]
    seat = state.current_player()
    other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(seat) == state.information_state_string(seat)
    for watcher in set(range(3)) - {seat}:
        assert recalled(other, watcher)[0].startswith("resampled ") and len(recalled(other, watcher)) == 1

"""A game with no RL code of its own (High Card, the example of docs/adding-a-game.md) runs through
every adapter: action ids from its verbs' domains, the generic view encoder, PettingZoo's
api_test, gymnasium's env checker and OpenSpiel's own checks, with random play to the end.

The tests need only the Game object (``highcard.GAME``, from examples/highcard), not a registered game id."""

from __future__ import annotations

import random

import numpy as np
import pytest

from highcard import GAME
from gameshelf.core.chance import Chance
from gameshelf.rl.actions import action_space
from gameshelf.rl.encode import encoder
from gameshelf.rl.encode.view import FEATURES, ViewEncoder


def random_states(players, options=None, games=3, seed=0):
    rng = random.Random(seed)
    for g in range(games):
        state = GAME.setup(players, options or {}, seed * 100 + g)
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            yield state, legal
            GAME.apply(state, rng.choice(legal))


@pytest.mark.parametrize("players,options", GAME.conformance_configs())
def test_action_ids_come_from_the_verbs_and_cover_every_legal_action(players, options):
    space = action_space(GAME, players, options)
    assert space.notations == tuple(f"play {card}" for card in range(1, 13))
    for _, legal in random_states(players, options):
        ids = space.ids(legal)
        assert [space.action(i) for i in ids] == legal
        assert space.mask(legal).sum() == len(legal)


@pytest.mark.parametrize("players", GAME.info.player_counts)
def test_the_generic_encoder_is_fixed_size_deterministic_and_blind(players):
    enc = encoder(GAME, players)
    assert isinstance(enc, ViewEncoder) and enc.size == players + (players + 1) + FEATURES
    assert sum(size for _, _, size, _ in enc.layout.segments) == enc.size
    chance = Chance(4)
    seen = set()
    for state, _ in random_states(players, games=2, seed=1):
        for seat in range(players):
            view = GAME.view(state, seat)
            vector = enc.encode(view)
            assert vector.shape == enc.shape and vector.dtype == np.float32 and np.isfinite(vector).all()
            assert vector[seat] == 1.0 and vector[:players].sum() == 1.0
            assert np.array_equal(encoder(GAME, players).encode(view), vector)        # deterministic
            twin = GAME.determinize(view, chance)        # the hidden cards dealt anew: the same vector
            assert np.array_equal(enc.encode(GAME.view(twin, seat)), vector)
            assert np.array_equal(enc.encode_state(GAME, state, seat), vector)
            seen.add(vector.tobytes())
    assert len(seen) > 10          # the vectors tell states apart


def test_the_generic_encoder_tells_the_own_hand_apart():
    enc = encoder(GAME, 2)
    state = GAME.setup(2, {}, 3)
    view = GAME.view(state, 0)
    other = dict(view, hand=[c for c in range(1, 13) if c not in view["hand"] + view["played"]][:2])
    assert not np.array_equal(enc.encode(view), enc.encode(other))


@pytest.mark.parametrize("players", GAME.info.player_counts)
def test_pettingzoo_api_and_a_random_game_to_the_end(players):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    import gameshelf.rl as rl
    api_test(rl.env(GAME, players), num_cycles=40)
    env = rl.env(GAME, players)
    env.reset(seed=7)
    rng = np.random.default_rng(0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(obs["action_mask"].nonzero()[0])))
        steps += 1
    assert GAME.is_over(env.state) and steps == 12


def test_gymnasium_env_checker_and_a_random_game_to_the_end():
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import gameshelf.rl as rl
    check_env(rl.gym_env(GAME, 2), skip_render_check=True)
    env = rl.gym_env(GAME, 3, opponents="random")
    obs, info = env.reset(seed=2)
    done = False
    while not done:
        obs, reward, done, _, info = env.step(int(info["action_mask"].nonzero()[0][0]))
    assert reward in (-1.0, 0.0, 1.0) and len(info["scores"]) == 3


@pytest.mark.parametrize("players", GAME.info.player_counts)
def test_openspiel_checks_and_random_play(players):
    pyspiel = pytest.importorskip("pyspiel")
    import gameshelf.rl.openspiel as gos

    name = gos.register_game(GAME)
    game = pyspiel.load_game(f"{name}(players={players})")
    assert game.num_distinct_actions() == 12 and game.max_game_length() == 12 + 1
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    state = gos.play_game(game, {s: gos.ismcts_bot(game, sims=4, seed=s) for s in range(players)}, seed=1)
    assert state.is_terminal() and len(state.history()) == 12 + 1
    seat = 0
    lines = state.information_state_string(seat).split("\n")
    assert len(lines) == 12 + 2           # the deal, twelve moves, the view now

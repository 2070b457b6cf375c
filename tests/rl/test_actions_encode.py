"""Issue 14: action ids cover every legal action and round-trip; observations come from the view only."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gameshelf.core.chance import Chance
from gameshelf.games import get_game
from gameshelf.rl.actions import action_space
from gameshelf.rl.encode import encoder
from tests.rl.conftest import configs


def random_states(game_id, players, games=2, seed=0, options=None):
    """Every state of a few random games (the state before each action), with its legal actions."""
    game = get_game(game_id)
    rng = random.Random(seed)
    for g in range(games):
        state = game.setup(players, options or {}, seed * 100 + g)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            yield game, state, legal
            game.apply(state, rng.choice(legal))


@pytest.mark.parametrize("game_id,players", configs())
def test_every_legal_action_has_an_id_that_round_trips(game_id, players):
    space = action_space(game_id, players)
    game = get_game(game_id)
    for text, action in zip(space.notations, space.actions):
        assert game.parse_action(text) == action and str(action) == text
    seen = 0
    for _, _, legal in random_states(game_id, players):
        for action in legal:
            i = space.id(action)
            assert space.action(i) == action and game.parse_action(space.notations[i]) == action
        mask = space.mask(legal)
        assert mask.dtype == np.int8 and mask.sum() == len(legal)
        seen += 1
    assert seen > 20


@pytest.mark.parametrize("game_id,players", configs())
def test_observation_is_fixed_shape_and_blind_to_hidden_information(game_id, players):
    enc = encoder(game_id, players)
    chance = Chance(7)
    for k, (game, state, _) in enumerate(random_states(game_id, players, games=1, seed=3)):
        seat = game.to_act(state)
        view = game.view(state, seat)
        obs = enc.encode(view)
        assert obs.shape == enc.shape and obs.dtype == np.float32 and np.isfinite(obs).all()
        if k % 7 == 0:   # a state the seat cannot tell apart from this one gives the same observation
            other = game.determinize(view, chance)
            assert np.array_equal(enc.encode(game.view(other, seat)), obs)
            for watcher in range(players):   # and so does every other seat's
                w = game.view(state, watcher)
                assert np.array_equal(enc.encode(game.view(game.determinize(w, chance), watcher)), enc.encode(w))


@pytest.mark.parametrize("game_id", sorted({g for g, _ in configs()}))
def test_layout_is_documented_and_covers_the_vector(game_id):
    enc = encoder(game_id, get_game(game_id).info.player_counts[0])
    segments = enc.layout.segments
    assert sum(size for _, _, size, _ in segments) == enc.size
    assert len(enc.describe().splitlines()) == len(segments)


def test_cli_prints_the_enumeration_size(capsys):
    from gameshelf.cli.main import main
    assert main(["games", "borealis", "--actions"]) == 0
    assert f"{action_space('borealis', 2).size} action ids" in capsys.readouterr().out


@pytest.mark.parametrize("game_id", sorted({g for g, _ in configs()}))
def test_every_conformance_configuration_is_covered(game_id):
    """Every (players, options) the conformance suite plays: ids cover the legal actions, the
    encoder reads every view."""
    game = get_game(game_id)
    for players, options in game.conformance_configs():
        space, enc = action_space(game_id, players, options), encoder(game_id, players, options)
        for _, state, legal in random_states(game_id, players, games=1, seed=11, options=options):
            space.ids(legal)
            assert enc.encode(game.view(state, game.to_act(state))).shape == enc.shape


@pytest.mark.parametrize("game_id", sorted({g for g, _ in configs()}))
def test_encoding_from_the_state_is_exactly_the_encoding_of_the_view(game_id):
    """The fast path (Encoder.encode_state reads the state's visible fields) gives, for every seat,
    bit for bit the vector of the seat's view: in every conformance configuration (all player
    counts, options such as Iwari's maps), and so it shows no more than the view does."""
    game = get_game(game_id)
    checked = 0
    for players, options in game.conformance_configs():
        enc = encoder(game_id, players, options)
        assert enc.state_type is not None
        for k, (_, state, _) in enumerate(random_states(game_id, players, games=1, seed=5, options=options)):
            if k % 3:
                continue
            for seat in range(players):
                expected = enc.encode(game.view(state, seat))
                assert np.array_equal(enc.encode_state(game, state, seat), expected), (players, options, k, seat)
                checked += 1
    assert checked > 50


def test_encode_state_falls_back_to_the_view_for_other_state_types():
    game = get_game("borealis")
    enc = encoder("borealis", 2)
    state = game.setup(2, {}, 3)

    class Proxy:          # not the game's State: encode_state must read the view instead
        pass
    proxy_game = type("G", (), {"seat_view": lambda self, s, seat: game.seat_view(state, seat)})()
    assert np.array_equal(enc.encode_state(proxy_game, Proxy(), 1), enc.encode(game.view(state, 1)))


def test_encode_state_names_a_bad_seat():
    game = get_game("mariposas")
    enc = encoder("mariposas", 3)
    with pytest.raises(ValueError, match="seat must be one of 0..2"):
        enc.encode_state(game, game.setup(3, {}, 1), 3)

"""Issue 14 (speed): incremental observations are bit for bit the fresh encoding, at every step.

IncrementalEncoder rewrites only the sections of a seat's vector whose key (a snapshot of the state
fields the section reads) changed since that seat's previous observation. A key that missed a field
would leave a stale part in the vector: these tests compare with a fresh ``encode_state`` (itself
checked against the encoding of the seat's view in test_actions_encode) at every step of random
games, for seats observed in and out of turn, across games, and through the PettingZoo env.
"""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest
from hypothesis import given, strategies as st

import gameshelf.rl as rl
from gameshelf.games import get_game
from gameshelf.rl.encode import encoder
from gameshelf.rl.encode.incremental import IncrementalEncoder
from tests.rl.conftest import RL_GAMES, configs
from tests.rl.test_actions_encode import random_states


# Encoders without sections, and why: their observations are always encoded whole.
WHOLE = {"borealis": "measured no faster incrementally (bench_rl): every seat's tableau and the board change on most "
                     "turns, so the keys cost as much as the fills they would skip"}
SECTIONED = [(g, n) for g, n in configs() if g not in WHOLE]


def _writes(section, state, seat):
    ones, idx, val = [], [], []
    section.fill(state, seat, ones, idx, val)
    return ones, idx, val


@pytest.mark.parametrize("game_id", RL_GAMES)
def test_every_encoder_has_sections_or_a_reason_to_be_encoded_whole(game_id):
    enc = encoder(game_id, get_game(game_id).info.player_counts[-1])
    assert (enc.sections() is None) == (game_id in WHOLE)


@pytest.mark.parametrize("game_id,players", SECTIONED)
def test_sections_are_disjoint_and_each_writes_only_inside_its_range(game_id, players):
    """Zeroing a section before its fill rewrites it clears nothing another section wrote."""
    enc = encoder(game_id, players)
    sections = enc.sections()
    bounds = sorted((s.start, s.stop) for s in sections)
    assert all(0 <= a < b <= enc.size for a, b in bounds)
    assert all(b <= a2 for (_, b), (a2, _) in zip(bounds, bounds[1:])), "sections overlap"
    assert len({s.name for s in sections}) == len(sections)
    for k, (_, state, _) in enumerate(random_states(game_id, players, games=1, seed=2)):
        if k % 5:
            continue
        for seat in range(players):
            for section in sections:
                ones, idx, _ = _writes(section, state, seat)
                assert all(section.start <= i < section.stop for i in ones + idx), section.name


def _fields(state):
    names = getattr(type(state), "__slots__", None) or getattr(state, "__dict__", ())
    return [name for name in names if hasattr(state, name)]


def _bumps(value, rng, depth=3, items=6):
    """Values one small change away from ``value``: an int + 1, a flag flipped, or one item of a
    list (up to ``items`` of them, drawn by ``rng``) or one attribute of an object bumped, down to
    ``depth`` levels (seats, then a seat's components)."""
    if type(value) is bool:
        yield not value
    elif type(value) is int:
        yield value + 1
    elif isinstance(value, (list, tuple)) and depth:
        for i in rng.sample(range(len(value)), min(items, len(value))):
            for bumped in _bumps(value[i], rng, depth - 1, items):
                yield type(value)([*value[:i], bumped, *value[i + 1:]])
    elif depth and not isinstance(value, (str, bytes, dict, float, type(None))):
        for name in _fields(value):
            for bumped in _bumps(getattr(value, name), rng, depth - 1, items):
                other = copy.copy(value)
                try:
                    object.__setattr__(other, name, bumped)
                except (AttributeError, TypeError):
                    break
                yield other


def _transplants(state, donor, rng):
    """Copies of ``state`` with one field, or one item of a per-seat list, taken from ``donor``, or
    with one small change (``_bumps``: rare changes, such as gaining an ability, too). Data a
    game's states share (the map) only comes from the donor."""
    shared = getattr(type(state), "SHARED", frozenset())
    for name in _fields(state):
        mine, theirs = getattr(state, name), getattr(donor, name)
        if name not in shared and name != "chance":
            for bumped in _bumps(mine, rng):
                yield f"{name}+", copy_with(state, name, bumped)
        if mine == theirs:
            continue
        yield name, copy_with(state, name, theirs)
        if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
            for i, (a, b) in enumerate(zip(mine, theirs)):
                if a != b:
                    yield f"{name}[{i}]", copy_with(state, name, [*mine[:i], b, *mine[i + 1:]])


def copy_with(state, name, value):
    other = copy.copy(state)
    setattr(other, name, copy.deepcopy(value))
    return other


def _conformance(game_id):
    return [(game_id, players, options) for players, options in get_game(game_id).conformance_configs()]


@pytest.mark.parametrize("game_id,players,options", [c for g in RL_GAMES if g not in WHOLE for c in _conformance(g)])
def test_every_field_a_section_shows_is_in_its_key(game_id, players, options):
    """Transplant one state field (or one seat's item of it) from another random state, or bump it:
    whenever a section's writes change, its key changes too (a field missing from a key would leave
    a stale part in an incremental vector, however rarely that field changes alone). In every
    conformance configuration (player counts and options such as Midnight Zoo's variability)."""
    enc = encoder(game_id, players, options)
    sections = enc.sections()
    states = [s.copy() for k, (_, s, _) in enumerate(random_states(game_id, players, games=3, seed=0,
                                                                    options=options)) if k % 13 == 0]
    rng = random.Random(0)
    keyed = [section for section in sections if section.key is not None]
    checked = 0
    for state in states:
        donor = rng.choice(states)
        seat = rng.randrange(players)
        for field, other in _transplants(state, donor, rng):
            for section in keyed:
                try:
                    changed = _writes(section, other, seat) != _writes(section, state, seat)
                except (IndexError, KeyError, TypeError, ValueError):
                    continue      # a transplant can make a state no game reaches: nothing to compare
                if changed:
                    assert section.key(other, seat) != section.key(state, seat), (section.name, field)
                    checked += 1
    assert checked > 100


def _play(game, state, rng, steps):
    """Up to ``steps`` random actions (a step after each)."""
    for _ in range(steps):
        if game.is_over(state):
            return
        game.apply(state, rng.choice(game.legal_actions(state)))
        yield


@pytest.mark.parametrize("game_id", RL_GAMES)
@given(data=st.data(), seed=st.integers(0, 10**6), out_of_turn=st.floats(0.0, 0.5))
def test_incremental_observation_equals_a_fresh_encoding_at_every_step(game_id, data, seed, out_of_turn):
    """Over a whole game and the start of the next (one IncrementalEncoder, never cleared, so its
    keys must compare values, not objects), observing the seat to act and, now and then, another
    seat: every vector equals the fresh one, and a vector handed out earlier never changes."""
    game = get_game(game_id)
    players = data.draw(st.sampled_from(game.info.player_counts), label="players")
    enc = encoder(game_id, players)
    incremental = IncrementalEncoder(enc)
    rng = random.Random(seed)
    held: list[tuple[np.ndarray, np.ndarray]] = []
    for g, steps in ((0, 10**6), (1, 40)):
        state = game.setup(players, {}, seed + g)
        for _ in _play(game, state, rng, steps):
            seat = game.to_act(state)
            if seat is None or rng.random() < out_of_turn:
                seat = rng.randrange(players)
            obs = incremental.encode_state(game, state, seat)
            assert np.array_equal(obs, enc.encode_state(game, state, seat)), (players, g, seat, state.ply)
            if rng.random() < 0.05:
                held.append((obs, obs.copy()))
    assert all(np.array_equal(obs, copy) for obs, copy in held)


def test_a_bad_seat_is_a_clear_error_and_leaves_the_memory_usable():
    game = get_game("mariposas")
    incremental = IncrementalEncoder(encoder("mariposas", 2))
    state = game.setup(2, {}, 1)
    with pytest.raises(ValueError, match="seat must be one of 0..1"):
        incremental.encode_state(game, state, 2)
    assert np.array_equal(incremental.encode_state(game, state, 1), encoder("mariposas", 2).encode_state(game, state, 1))


@pytest.mark.parametrize("game_id,players", [("mariposas", 4), ("mariposas", 2), ("iwari", 5), ("borealis", 3),
                                             ("midnight_zoo", 2)])
@given(seed=st.integers(0, 10**6))
def test_env_observations_of_every_agent_match_the_view_across_resets(game_id, players, seed):
    """The PettingZoo env's observation of any agent, at any step of two games, is the encoding of
    that agent's view (so it shows nothing the view hides)."""
    env = rl.env(game_id, players)
    enc = encoder(game_id, players)
    rng = random.Random(seed)
    for g in range(2):
        env.reset(seed=seed + g)
        for step, agent in enumerate(env.agent_iter(max_iter=120 if g else 10**6)):
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            if step % 3 == 0:
                other = rng.choice(env.possible_agents)
                view = env.game.view(env.state, env.agent_seat[other])
                assert np.array_equal(env.observe(other)["observation"], enc.encode(view))
            assert np.array_equal(obs["observation"], enc.encode(env.game.view(env.state, env.agent_seat[agent])))
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("game_id,players", [("mariposas", 3), ("iwari", 2), ("midnight_zoo", 1)])
def test_gym_observations_match_the_learners_view_across_resets(game_id, players):
    env = rl.gym_env(game_id, players, seat="random")
    enc = encoder(game_id, players)
    rng = random.Random(1)
    for seed in (1, 2):
        obs, info = env.reset(seed=seed)
        done, steps = False, 0
        while not done:
            assert np.array_equal(obs, enc.encode(env.game.view(env.state, env.seat)))
            obs, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            steps += 1
        assert np.array_equal(obs, enc.encode(env.game.view(env.state, env.seat))) and steps > 10

"""The conformance suite: every game, every configuration, the same protocol properties.

(DESIGN.md habit 12.) Each test names the property it checks; a game's own rules are tested in
tests/games/<game>/.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gameshelf.core import BadNotation, Chance, GameError, IllegalAction, NotYourTurn
from gameshelf.core.record import Record, replay
from gameshelf.match import run_match
from gameshelf.agents import make_agent
from tests.conformance.harness import (
    canonical,
    config_id,
    configurations,
    find_game,
    random_actions,
    sample_every,
    walk,
)

CONFIGS = configurations()
SEEDS = (1, 2)


def parametrize_configs(fn):
    return pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])(fn)


@parametrize_configs
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_with_a_consistent_outcome(config, seed):
    game_id, players, options = config
    game = find_game(game_id)
    *_, (_, state) = walk(game_id, players, options, seed, every=10**9)
    outcome = game.outcome(state)
    assert game.is_over(state) and game.to_act(state) is None and game.legal_actions(state) == []
    assert outcome is not None
    assert len(outcome.scores) == len(outcome.ranks) == len(outcome.breakdown) == players
    for score, breakdown in zip(outcome.scores, outcome.breakdown):
        assert sum(breakdown.values()) == score, "the breakdown must sum to the score"
    for a in range(players):
        for b in range(players):
            if outcome.scores[a] > outcome.scores[b]:
                assert outcome.ranks[a] <= outcome.ranks[b], "a higher score never ranks lower"
    json.dumps(outcome.to_json())


@parametrize_configs
def test_every_legal_action_applies_and_keeps_invariants(config):
    game_id, players, options = config
    game = find_game(game_id)
    for _, state in walk(game_id, players, options, 1, sample_every(game_id, players, options, 1, 15)):
        game.check_invariants(state)
        for action in game.legal_actions(state):
            trial = game.copy(state)
            game.apply(trial, action)
            game.check_invariants(trial)


@parametrize_configs
def test_notation_round_trips(config):
    game_id, players, options = config
    game = find_game(game_id)
    for _, state in walk(game_id, players, options, 1, sample_every(game_id, players, options, 1, 40)):
        for action in game.legal_actions(state):
            assert game.parse_action(str(action)) == action
            hash(action)


@parametrize_configs
def test_replay_reproduces_the_final_hash(config, tmp_path):
    game_id, players, options = config
    game = find_game(game_id)
    agents = [make_agent("random", seat) for seat in range(players)]
    result = run_match(game, agents, seed=11, options=dict(options))
    path = tmp_path / "record.json"
    result.record.save(path)
    state = replay(game, Record.load(path))
    assert game.state_hash(state) == result.final_hash


@parametrize_configs
def test_same_seed_same_game_byte_for_byte(config):
    game_id, players, options = config
    game = find_game(game_id)
    finals = []
    for _ in range(2):
        agents = [make_agent("random", 100 + seat) for seat in range(players)]
        result = run_match(game, agents, seed=5, options=dict(options))
        state = replay(game, result.record)
        finals.append((result.record.actions, canonical(game.position(state))))
    assert finals[0] == finals[1]


@parametrize_configs
def test_views_are_json_and_determinize_round_trips(config):
    """view(determinize(view(s, p)), p) == view(s, p); two deals of the hidden parts look the same
    to p (so p's view carries nothing of what p cannot see); the seat to act keeps its legal actions."""
    game_id, players, options = config
    game = find_game(game_id)
    for ply, state in walk(game_id, players, options, 2, sample_every(game_id, players, options, 2, 12)):
        for seat in [*range(players), None]:
            view = game.view(state, seat)
            json.dumps(view)
            if seat is None:
                continue
            deals = [game.determinize(json.loads(json.dumps(view)), Chance(ply * 31 + k)) for k in (1, 2)]
            for dealt in deals:
                assert canonical(game.view(dealt, seat)) == canonical(view)
                if game.to_act(state) == seat:
                    assert game.legal_actions(dealt) == game.legal_actions(state)


@parametrize_configs
def test_copies_are_independent(config):
    game_id, players, options = config
    game = find_game(game_id)
    for _, state in walk(game_id, players, options, 3, sample_every(game_id, players, options, 3, 10)):
        if game.is_over(state):
            continue
        before = canonical(game.position(state))
        twin = game.copy(state)
        game.apply(twin, game.legal_actions(twin)[-1])
        assert canonical(game.position(state)) == before
        game.apply(state, game.legal_actions(state)[0])
        game.position(twin)


@parametrize_configs
def test_events_render_in_english_and_japanese(config):
    game_id, players, options = config
    game = find_game(game_id)
    names = [f"P{i}" for i in range(players)]
    state = game.setup(players, dict(options), 4)
    for text in random_actions(game_id, players, options, 4)[:400]:
        for event in game.apply(state, game.parse_action(text)):
            assert event.key in game.messages, f"no log sentence for event {event.key!r}"
            for lang in ("en", "ja"):
                line = game.describe(event, names, lang)
                assert line and "{" not in line, line
            json.dumps(event.to_json())


@parametrize_configs
def test_the_wrong_seat_is_refused(config):
    game_id, players, options = config
    if players < 2:
        pytest.skip("one seat: there is no other seat to refuse")
    game = find_game(game_id)
    state = game.setup(players, dict(options), 6)
    seat = game.to_act(state)
    before = canonical(game.position(state))
    with pytest.raises(NotYourTurn):
        game.checked_apply(state, game.legal_actions(state)[0], seat=(seat + 1) % players)
    assert canonical(game.position(state)) == before


@parametrize_configs
@given(data=st.data())
def test_property_illegal_actions_are_refused_and_change_nothing(config, data):
    """An action legal elsewhere in the game but not now raises IllegalAction naming a rule; so does
    nonsense text (BadNotation); either way the state is unchanged."""
    game_id, players, options = config
    game = find_game(game_id)
    seed = data.draw(st.sampled_from(SEEDS))
    actions = random_actions(game_id, players, options, seed)
    ply = data.draw(st.integers(0, len(actions) - 1))
    state = game.setup(players, dict(options), seed)
    for text in actions[:ply]:
        game.apply(state, game.parse_action(text))
    before = canonical(game.position(state))
    legal = set(game.legal_actions(state))
    candidates = sorted({a for a in actions if game.parse_action(a) not in legal})
    if candidates:
        text = data.draw(st.sampled_from(candidates))
        with pytest.raises(IllegalAction) as caught:
            game.checked_apply(state, text)
        assert caught.value.rule, "an illegal action's error must name the rule"
        assert canonical(game.position(state)) == before
    garbage = data.draw(st.text(max_size=12))
    try:
        parsed = game.parse_action(garbage)
    except BadNotation:
        parsed = None
    if parsed is not None and parsed not in legal:
        with pytest.raises(GameError):
            game.checked_apply(state, garbage)
    assert canonical(game.position(state)) == before


@parametrize_configs
@given(data=st.data())
def test_property_random_play_keeps_invariants_and_replays_byte_for_byte(config, data):
    game_id, players, options = config
    game = find_game(game_id)
    seed = data.draw(st.integers(0, 2**32))
    state = game.setup(players, dict(options), seed)
    played = []
    for _ in range(data.draw(st.integers(1, 150))):
        if game.is_over(state):
            break
        legal = game.legal_actions(state)
        action = legal[data.draw(st.integers(0, len(legal) - 1))]
        game.checked_apply(state, str(action))
        game.check_invariants(state)
        played.append(str(action))
    again = game.setup(players, dict(options), seed)
    for text in played:
        game.checked_apply(again, text)
    assert canonical(game.position(again)) == canonical(game.position(state))
    assert game.state_hash(again) == game.state_hash(state)

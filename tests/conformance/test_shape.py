"""One shape for four games: the decision model, pure queries, public positions, state declared once
and declared traits, checked the same way for every game and configuration."""

from __future__ import annotations

import hashlib
import json
import typing

import typing_extensions

import hypothesis
import pytest
from hypothesis import strategies as st

from gameshelf.core import BadPosition, BadSeat, Decision
from gameshelf.core.frames import Frame, frame_from_json, frame_to_json
from gameshelf.core.state import GameState
from gameshelf.core.view import check_header
from gameshelf.games import game_ids
from tests.conformance.harness import (
    canonical,
    config_id,
    find_game,
    configurations,
    random_actions,
    sample_every,
    walk,
)

CONFIGS = [c for c in configurations() if c[0] != "toy"]


def parametrize_configs(fn):
    return pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])(fn)


def sampled_states(config, seed=1, samples=12):
    game_id, players, options = config
    yield from walk(game_id, players, options, seed, sample_every(game_id, players, options, seed, samples))


@parametrize_configs
def test_queries_never_change_the_state(config):
    """legal_actions, decision, view, why_illegal, outcome, score_now and heuristic are pure."""
    game = find_game(config[0])
    players = config[1]
    for _, state in sampled_states(config):
        before = game.state_hash(state)
        legal = game.legal_actions(state)
        game.decision(state)
        for seat in [*range(players), None]:
            game.view(state, seat)
        for seat in range(players):
            game.heuristic(state, seat)
        game.outcome(state)
        game.score_now(state)
        if legal:
            probe = game.copy(state)
            game.apply(probe, legal[0])
            for other in game.legal_actions(probe)[:3]:
                if other not in legal:
                    game.why_illegal(state, other)
        game.legal_actions(state)
        assert game.state_hash(state) == before


@parametrize_configs
def test_decision_names_the_seat_kind_prompt_and_targets(config):
    game = find_game(config[0])
    names = [f"P{i}" for i in range(config[1])]
    for _, state in sampled_states(config):
        decision = game.decision(state)
        if game.is_over(state):
            assert decision is None
            continue
        assert isinstance(decision, Decision)
        assert decision.seat == game.to_act(state)
        assert decision.kind.startswith(f"{game.id}.") and decision.kind != f"{game.id}.turn"
        notations = {str(a) for a in game.legal_actions(state)}
        assert set(decision.targets) <= notations, "targets name legal actions only"
        for lang in ("en", "ja"):
            text = game.prompt_text(decision, names, lang)
            assert text and "{" not in text and decision.prompt.key not in text
        json.dumps(decision.to_json())


@parametrize_configs
def test_positions_round_trip(config):
    """from_position(position(s)) has the same hash as s, and the position is plain JSON."""
    game = find_game(config[0])
    for _, state in sampled_states(config, samples=6):
        data = json.loads(json.dumps(game.position(state)))
        again = game.from_position(data)
        assert game.state_hash(again) == game.state_hash(state)
        assert game.legal_actions(again) == game.legal_actions(state)


@parametrize_configs
def test_score_now_matches_the_outcome_at_the_end(config):
    game_id, players, options = config
    game = find_game(game_id)
    *_, (_, final) = walk(game_id, players, options, 1, every=10**9)
    assert game.score_now(final).scores == game.outcome(final).scores
    for _, state in sampled_states(config, samples=4):
        now = game.score_now(state)
        assert len(now.scores) == players
        for score, breakdown in zip(now.scores, now.breakdown):
            assert sum(breakdown.values()) == score


@parametrize_configs
def test_state_is_declared_once(config):
    """The state class is declared with core.state.game_state: its annotations are its slots, its
    copy is generated from them, every mutable field is copied (not shared), the fields marked
    Shared are shared, and a copy has the same position (the hash is taken over it)."""
    game = find_game(config[0])
    for _, state in sampled_states(config, samples=3):
        cls = type(state)
        assert issubclass(cls, GameState) and cls.FIELDS == cls.__slots__, "declare the state with @game_state"
        twin = game.copy(state)
        for name in cls.FIELDS:
            mine, theirs = getattr(state, name), getattr(twin, name)
            if name in cls.SHARED:
                assert mine is theirs, f"shared field {name!r} is copied"
            elif isinstance(mine, (list, dict, set, bytearray)):
                assert mine is not theirs, f"field {name!r} is shared by a copy"
        assert canonical(game.position(twin)) == canonical(game.position(state))
        text = json.dumps(game.position(state), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        assert game.state_hash(state) == hashlib.sha256(text.encode()).hexdigest()


@parametrize_configs
def test_every_view_starts_with_the_header(config):
    """core.view.ViewHeader: game, seat, players (a count), to_act, ply, over and decision (the top
    frame as JSON), the same keys in every game; the decision is the protocol decision's kind."""
    game_id, players, _ = config
    game = find_game(game_id)
    for _, state in sampled_states(config, samples=6):
        for seat in [*range(players), None]:
            view = game.view(state, seat)
            check_header(view)
            assert (view["game"], view["seat"], view["players"]) == (game.id, seat, players)
            assert view["to_act"] == game.to_act(state)
            decision = game.decision(state)
            assert (view["decision"] or {}).get("kind") == (decision.kind if decision else None)


@parametrize_configs
def test_every_pending_decision_is_a_frame(config):
    """core.frames: the stack holds Frame values (top = the decision now), empty exactly when the game
    is over; each frame's JSON reads back to the same frame."""
    game = find_game(config[0])
    module = game._modules["decisions"]
    kinds = {cls.kind: cls for cls in vars(module).values()
             if isinstance(cls, type) and issubclass(cls, Frame) and cls is not Frame}
    for _, state in sampled_states(config, samples=6):
        assert bool(state.pending) == (game.to_act(state) is not None)
        for frame in state.pending:
            assert isinstance(frame, Frame), f"{frame!r} is not a core.frames.Frame"
            assert frame_from_json(json.loads(json.dumps(frame_to_json(frame))), kinds) == frame
        if state.pending:
            assert state.pending[-1].seat == game.to_act(state)


@parametrize_configs
def test_traits_hold_over_random_play(config):
    game_id, players, options = config
    game = find_game(game_id)
    traits = game.info.traits
    bound = game.max_game_length(players, dict(options))
    assert bound is None or len(random_actions(game_id, players, options, 1)) <= bound
    assert traits.solo_mode == (1 in game.info.player_counts)


@pytest.mark.parametrize("game_id", [*game_ids(), "highcard"])
@pytest.mark.parametrize("seat", [-1, 99, True, 1.0, "0", [0]])
def test_a_seat_that_is_not_a_seat_is_refused(game_id, seat):
    game = find_game(game_id)
    players = game.info.player_counts[-1]
    state = game.setup(players, None, 3)
    with pytest.raises(BadSeat):
        game.view(state, seat)


@parametrize_configs
def test_views_match_their_typed_definition(config):
    """Each game's ``view`` is annotated with a TypedDict; every real view validates against it
    strictly (a renamed, missing or mistyped key fails)."""
    pydantic = pytest.importorskip("pydantic")
    game = find_game(config[0])
    view_type = typing.get_type_hints(game.seat_view)["return"]
    assert typing_extensions.is_typeddict(view_type), f"{config[0]}'s view() must be annotated with a TypedDict"
    adapter = pydantic.TypeAdapter(view_type)
    for _, state in sampled_states(config, samples=5):
        for seat in [*range(config[1]), None]:
            data = json.loads(json.dumps(game.view(state, seat)))
            validated = adapter.validate_python(data, strict=True)
            assert canonical(adapter.dump_python(validated, mode="json")) == canonical(data), "keys not in the type"


def _paths(data, prefix=()):
    """Every path (tuple of keys/indices) into nested JSON data."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*prefix, index))


def _mutate(data, path, how):
    """A copy of ``data`` with the value at ``path`` replaced, removed or duplicated."""
    data = json.loads(json.dumps(data))
    if not path:
        return how if how in (None, [], "x") else data
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "remove":
        del parent[last]
    elif how == "duplicate" and isinstance(parent, list):
        parent.append(parent[last])
    else:
        parent[last] = how
    return data


MUTATIONS = ["remove", "duplicate", None, -1, 10**9, 1.5, True, "x", "", [], {}, [[1]], {"a": 1}]


@parametrize_configs
@hypothesis.settings(max_examples=40, deadline=None)
@hypothesis.given(data=st.data())
def test_property_bad_positions_are_refused_by_name(config, data):
    """Any mutation of a real position (a key removed, a value of the wrong type or out of range, an
    item duplicated) gives a valid state or BadPosition with a message: nothing else, ever."""
    game = find_game(config[0])
    states = [s for _, s in sampled_states(config, samples=4)]
    position = game.position(data.draw(st.sampled_from(states)))
    paths = list(_paths(position))
    bad = position
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        try:
            bad = _mutate(bad, path, data.draw(st.sampled_from(MUTATIONS)))
        except (KeyError, IndexError, TypeError):
            continue
    try:
        state = game.from_position(bad)
    except BadPosition as exc:
        assert str(exc).strip()
        return
    game.check_invariants(state)
    json.dumps(game.view(state, None))

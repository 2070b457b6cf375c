"""Issue 14: the PettingZoo AEC adapter passes PettingZoo's own API and seed tests."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import gameshelf.rl as rl  # noqa: E402
from tests.rl.conftest import configs  # noqa: E402


@pytest.mark.parametrize("game_id,players", configs())
def test_pettingzoo_api(game_id, players):
    api_test(rl.env(game_id, players), num_cycles=60)


@pytest.mark.parametrize("game_id,players", configs())
def test_pettingzoo_seed(game_id, players):
    seed_test(lambda: rl.env(game_id, players), num_cycles=40)


def test_a_whole_game_ends_with_rank_rewards_and_renders_as_text():
    env = rl.env("borealis", 2, render_mode="ansi")
    env.reset(seed=3)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(obs["action_mask"].nonzero()[0][0]))
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    text = env.render()
    assert isinstance(text, str) and text.strip()


def test_score_rewards_are_score_differences():
    from gameshelf.rl.pettingzoo import final_rewards
    from gameshelf.core.game import Outcome
    out = Outcome((10, 4, 1), (1, 2, 3), ({}, {}, {}))
    assert final_rewards(out, "score") == [7.5, -1.5, -6.0]
    assert final_rewards(out, "rank") == [1.0, 0.0, -1.0]


def test_observations_are_built_once_per_state_and_match_the_view():
    """observe() encodes lazily, once per state and agent; the vector is the seat's view encoded,
    the mask marks the legal ids for the agent to act only."""
    from gameshelf.rl.encode import encoder
    env = rl.env("mariposas", 3)
    env.reset(seed=4)
    agent = env.agent_selection
    first = env.observe(agent)
    assert env.observe(agent) is first                      # cached: same state, same agent
    seat = env.agent_seat[agent]
    view = env.game.view(env.state, seat)
    assert (first["observation"] == encoder("mariposas", 3).encode(view)).all()
    assert first["action_mask"].sum() == len(env.game.legal_actions(env.state))
    other = next(a for a in env.possible_agents if a != agent)
    assert env.observe(other)["action_mask"].sum() == 0
    env.step(int(first["action_mask"].nonzero()[0][0]))
    assert env.observe(env.agent_selection) is not first     # a new state: a new observation

"""Issue 14: the Gymnasium adapter passes gymnasium's check_env, against fixed bots."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import gameshelf.rl as rl  # noqa: E402
from tests.rl.conftest import configs  # noqa: E402


@pytest.mark.parametrize("game_id,players", configs())
def test_check_env(game_id, players):
    check_env(rl.gym_env(game_id, players), skip_render_check=True)


def test_a_game_against_greedy_ends_with_a_terminal_reward():
    env = rl.gym_env("borealis", 2, opponents="greedy", seat="random")
    obs, info = env.reset(seed=5)
    done, steps = False, 0
    while not done:
        obs, reward, done, trunc, info = env.step(int(info["action_mask"].nonzero()[0][-1]))
        steps += 1
    assert reward in (-1.0, 0.0, 1.0) and len(info["scores"]) == 2 and steps > 10


def test_an_illegal_id_ends_the_episode_as_a_loss():
    env = rl.gym_env("mariposas", 2)
    _, info = env.reset(seed=1)
    illegal = int((info["action_mask"] == 0).nonzero()[0][0])
    _, reward, done, _, info = env.step(illegal)
    assert done and reward == -1.0 and info["illegal"]

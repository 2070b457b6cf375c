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


def test_shaped_rewards_add_up_to_the_rank_reward_plus_the_final_score_difference():
    """reward="shaped": each step pays the change of the running score difference (score_now), so
    an episode returns the rank reward plus (own final score - the other's) / score_scale."""
    env = rl.gym_env("borealis", 2, opponents="random", seat=1, reward="shaped", score_scale=20.0)
    obs, info = env.reset(seed=11)
    total, done, steps, paid_before_the_end = 0.0, False, 0, False
    while not done:
        obs, reward, done, _, info = env.step(int(info["action_mask"].nonzero()[0][0]))
        total += reward
        steps += 1
        paid_before_the_end |= (reward != 0.0 and not done)
    scores, ranks = info["scores"], info["ranks"]
    rank_reward = 1.0 if ranks[1] < ranks[0] else -1.0 if ranks[1] > ranks[0] else 0.0
    start = env.game.score_now(env.game.setup(2, {}, 0)).scores       # every seat starts level
    assert start[0] == start[1]
    assert total == pytest.approx(rank_reward + (scores[1] - scores[0]) / 20.0)
    assert paid_before_the_end and steps > 10


def test_solo_shaped_rewards_add_up_to_the_final_score():
    env = rl.gym_env("midnight_zoo", 1, reward="shaped", score_scale=50.0)
    obs, info = env.reset(seed=2)
    start = env.game.score_now(env.state).scores[0]
    total, done = 0.0, False
    while not done:
        obs, reward, done, _, info = env.step(int(info["action_mask"].nonzero()[0][-1]))
        total += reward
    assert total == pytest.approx((info["scores"][0] - start) / 50.0)


def test_bad_reward_settings_are_clear_errors():
    with pytest.raises(ValueError, match="reward must be one of"):
        rl.gym_env("borealis", 2, reward="points")
    with pytest.raises(ValueError, match="score_scale must be positive"):
        rl.gym_env("borealis", 2, reward="shaped", score_scale=0)

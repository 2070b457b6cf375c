"""Issue 14: the imitation warm start of the PPO baseline (gameshelf.rl.imitate)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from gameshelf.agents import make_agent  # noqa: E402
from gameshelf.rl.imitate import agreement, collect, pretrain  # noqa: E402
from gameshelf.rl.train import make_env, train  # noqa: E402


class Recorder:
    """A teacher that plays greedy and remembers each view and legal list it was shown."""

    def __init__(self) -> None:
        self.greedy = make_agent("greedy", 3)
        self.shown: list[tuple[dict, list]] = []

    def choose(self, game, view, legal):
        self.shown.append((view, list(legal)))
        return self.greedy.choose(game, view, legal)


@pytest.fixture(scope="module")
def demonstrations():
    env = make_env("borealis", 2, {}, "random", "random", "shaped")
    teacher = Recorder()
    return env, teacher, collect(env, teacher, games=4)


def test_every_demonstrated_action_is_legal_and_taught_from_the_learners_own_view(demonstrations):
    env, teacher, data = demonstrations
    assert len(data) == len(teacher.shown) > 50          # one row per teacher decision, forced ones left out
    assert data.obs.shape == (len(data), env.observation_space.shape[0])
    assert data.masks[np.arange(len(data)), data.actions].all()
    space = env.unwrapped.space
    for (view, legal), action_id, mask in zip(teacher.shown, data.actions, data.masks):
        assert "seat" in view and len(legal) > 1              # a seat's view, never the state
        assert space.actions[action_id] in legal
        assert sorted(np.flatnonzero(mask)) == sorted(space.ids(legal))


def test_returns_are_the_reward_to_go_of_the_shaped_episode():
    """With gamma 1 the shaped rewards telescope: the first decision's return is the rank reward
    (+1 / -1 / 0) plus the final score margin / 50 minus the margin when it was taken."""
    from gameshelf.rl.pettingzoo import final_rewards
    env = make_env("borealis", 2, {}, "random", "random", "shaped")
    base = env.unwrapped
    env.reset(seed=0)                       # collect's first game is this very deal and seat
    assert len(base.game.legal_actions(base.state)) > 1
    before = base._score_difference()
    data = collect(env, make_agent("greedy", 3), games=1)
    outcome = base.game.outcome(base.state)
    expected = final_rewards(outcome, "rank")[base.seat] + base._score_difference() - before
    assert data.returns[0] == pytest.approx(expected, abs=1e-5)
    assert data.returns[-1] != data.returns[0]


def test_pretraining_teaches_the_network_the_teachers_moves(demonstrations):
    env, _, data = demonstrations
    from sb3_contrib import MaskablePPO
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=64, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [64, 64]})
    before = agreement(model, data)
    history = pretrain(model, data, epochs=40, batch_size=64)
    assert history[-1]["policy_loss"] < history[0]["policy_loss"]
    assert history[-1]["value_loss"] < history[0]["value_loss"]
    assert agreement(model, data) > max(before + 0.2, 0.6)


def test_training_with_a_warm_start_records_it_and_plays_on(tmp_path):
    meta = train("borealis", 2, steps=128, n_steps=64, envs=2, batch_size=64, out=tmp_path / "warm", minutes=5,
                 imitate="greedy", imitate_games=2, imitate_epochs=2)
    assert meta["imitation"]["teacher"] == "greedy" and meta["imitation"]["games"] == 2
    assert meta["imitation"]["decisions"] > 20 and len(meta["imitation"]["epochs"]) == 2
    assert meta["steps"] >= 128 and (tmp_path / "warm.zip").exists()

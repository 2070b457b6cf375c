"""Imitation warm start for the PPO baseline: learn a teacher bot's moves first.

PPO from a random network spends most of a short budget discovering what a one-ply heuristic
already knows. ``collect`` plays ``games`` games of the Gymnasium env (the learner's seat, the
same opponents as in training) with a *teacher* bot (``greedy`` by default) choosing the learner's
moves from the learner's own view, and records for each of its decisions the observation, the
legal-action mask, the teacher's action id and the return that followed (the env's reward from
that step to the end, gamma = 1); forced decisions (one legal action) teach nothing and are left out. ``pretrain`` then fits the policy network to the teacher's
actions (cross-entropy over the masked distribution) and its value head to those returns (mean
squared error), with the model's own optimiser, before PPO takes over.

The teacher only ever sees the learner's view (``game.seat_view``), like any bot, so the warm
start uses no hidden information.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass
class Demonstrations:
    """The teacher's decisions: observations, masks (bool), action ids and returns, one row each."""

    obs: np.ndarray
    masks: np.ndarray
    actions: np.ndarray
    returns: np.ndarray
    games: int

    def __len__(self) -> int:
        return len(self.actions)


def collect(env: Any, teacher: Any, games: int) -> Demonstrations:
    """Play ``games`` episodes of the Gymnasium ``env`` with ``teacher`` (an agent with
    ``choose(game, view, legal)``) in the learner's seat; returns its decisions.

    Episode ``g`` is reset with seed ``g`` (the deals differ from training's, which draw seeds from
    the env's own generator)."""
    base = env.unwrapped
    game, space = base.game, base.space
    obs_rows: list[np.ndarray] = []
    mask_rows: list[np.ndarray] = []
    actions: list[int] = []
    returns: list[float] = []
    for g in range(games):
        obs, _ = env.reset(seed=g)
        rewards: list[float] = []          # every step's reward, and whether it was a decision
        recorded: list[bool] = []
        done = False
        while not done:
            state, seat = base.state, base.seat
            legal = game.legal_actions(state)
            choice = legal[0] if len(legal) == 1 else teacher.choose(game, game.seat_view(state, seat), legal)
            if len(legal) > 1:
                obs_rows.append(obs)
                mask_rows.append(base.action_masks().copy())
                actions.append(space.id(choice))
            obs, reward, terminated, truncated, _ = env.step(space.id(choice))
            rewards.append(float(reward))
            recorded.append(len(legal) > 1)
            done = terminated or truncated
        to_go = np.cumsum(rewards[::-1])[::-1]        # reward-to-go, gamma = 1
        returns.extend(float(r) for r, kept in zip(to_go, recorded) if kept)
    size = base.observation_space.shape[0]
    return Demonstrations(obs=np.asarray(obs_rows, np.float32).reshape(-1, size),
                          masks=np.asarray(mask_rows, bool).reshape(-1, space.size),
                          actions=np.asarray(actions, np.int64), returns=np.asarray(returns, np.float32),
                          games=games)


def pretrain(model: Any, data: Demonstrations, epochs: int = 10, batch_size: int = 256,
             value_weight: float = 0.5, seed: int = 0, lr: float | None = None) -> list[dict[str, float]]:
    """Fit ``model.policy`` (a MaskablePPO policy) to ``data``: cross-entropy of the teacher's
    action plus ``value_weight`` x the squared error of the value, ``epochs`` passes in shuffled
    batches, at learning rate ``lr`` (default: the model's). Returns per epoch the mean loss terms
    and the share of decisions where the policy's most likely legal action is the teacher's."""
    import torch
    policy = model.policy
    policy.set_training_mode(True)
    saved = [group["lr"] for group in policy.optimizer.param_groups]
    if lr is not None:
        for group in policy.optimizer.param_groups:
            group["lr"] = lr
    rng = np.random.default_rng(seed)
    obs = torch.as_tensor(data.obs)
    actions = torch.as_tensor(data.actions)
    returns = torch.as_tensor(data.returns)
    history = []
    for _ in range(epochs):
        order = rng.permutation(len(data))
        totals = {"policy_loss": 0.0, "value_loss": 0.0}
        for start in range(0, len(order), batch_size):
            batch = order[start:start + batch_size]
            values, log_prob, _ = policy.evaluate_actions(obs[batch], actions[batch], action_masks=data.masks[batch])
            policy_loss = -log_prob.mean()
            value_loss = torch.nn.functional.mse_loss(values.flatten(), returns[batch])
            loss = policy_loss + value_weight * value_loss
            policy.optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            policy.optimizer.step()
            totals["policy_loss"] += policy_loss.item() * len(batch)
            totals["value_loss"] += value_loss.item() * len(batch)
        history.append({k: round(v / len(data), 4) for k, v in totals.items()}
                       | {"agreement": round(agreement(model, data), 4)})
    for group, rate in zip(policy.optimizer.param_groups, saved):
        group["lr"] = rate
    policy.set_training_mode(False)
    return history


def agreement(model: Any, data: Demonstrations) -> float:
    """The share of ``data``'s decisions where the policy's most likely legal action is the teacher's."""
    import torch
    with torch.no_grad():
        dist = model.policy.get_distribution(torch.as_tensor(data.obs), action_masks=data.masks)
        best = dist.distribution.probs.argmax(dim=1).numpy()
    return float((best == data.actions).mean()) if len(data) else 0.0

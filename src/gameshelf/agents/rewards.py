"""Rewards in [0, 1] for search: from an outcome's ranks and scores, or from a game's heuristic.

Search bots compare rewards across games with very different score scales, so every reward is
normalised: a finished game gives each seat the share of other seats it beat (ties count half),
blended with a small score-margin term; an unfinished game (a truncated rollout) gives each seat a
logistic of its heuristic, centred and scaled by running statistics of the heuristic values seen
in the same search (so the scale of a game's heuristic does not matter).
"""

from __future__ import annotations

import math
from typing import Sequence

from gameshelf.core.game import Game, Outcome


def rank_rewards(ranks: Sequence[int]) -> list[float]:
    """Per seat: the share of the other places it finished above, ties counted half (1 player: 1).

    Places no seat holds count as other finishers: a game may rank a non-player (Iwari's
    2-player neutral tribe) first, giving the seats ranks (2, 3); the second place then earns 0.5.
    """
    if len(ranks) == 1 and ranks[0] == 1:
        return [1.0]
    tied = {rank: sum(1 for other in ranks if other == rank) for rank in ranks}
    places = max(len(ranks), *(rank + tied[rank] - 1 for rank in ranks))
    return [(places - rank - (tied[rank] - 1) / 2) / (places - 1) for rank in ranks]


def margin_rewards(scores: Sequence[float]) -> list[float]:
    """Per seat in [0, 1]: 0.5 plus half its relative margin over the best other seat."""
    if len(scores) == 1:
        return [0.5]
    rewards = []
    for seat, score in enumerate(scores):
        best_other = max(s for other, s in enumerate(scores) if other != seat)
        spread = max(1.0, abs(score) + abs(best_other))
        rewards.append(0.5 + 0.5 * (score - best_other) / spread)
    return rewards


def outcome_rewards(outcome: Outcome, score_weight: float = 0.1) -> list[float]:
    """Rank reward blended with ``score_weight`` of the score-margin reward."""
    ranks = rank_rewards(outcome.ranks)
    if len(outcome.scores) == 1:  # solo: only the score tells good from bad
        return [0.5 + 0.5 * math.tanh(outcome.scores[0] / 50.0)]
    if not score_weight:
        return ranks
    margins = margin_rewards(outcome.scores)
    return [(1 - score_weight) * r + score_weight * m for r, m in zip(ranks, margins)]


class Normaliser:
    """Running mean and deviation of heuristic values; maps a value to (0, 1) by a logistic."""

    __slots__ = ("count", "mean", "m2")

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.m2 += delta * (value - self.mean)

    def reward(self, value: float) -> float:
        self.add(value)
        deviation = math.sqrt(self.m2 / self.count) if self.count > 1 else 0.0
        if deviation <= 1e-9:
            return 0.5
        z = max(-30.0, min(30.0, (value - self.mean) / deviation))
        return 1.0 / (1.0 + math.exp(-z))


def heuristic_reward(game: Game, state, seat: int, normaliser: Normaliser) -> float:
    """A seat's reward for an unfinished state, from the game's heuristic."""
    return normaliser.reward(float(game.heuristic(state, seat)))

"""The greedy agent: one-ply lookahead on the game's heuristic, over determinizations of its view.

For each legal action it applies the action to ``samples`` determinizations of its own view (it
never sees the true state), follows up to ``chain`` more decisions of its own that come right after
(a turn made of several small decisions is judged whole, each follow-up chosen best) and scores the
result: a finished game by the outcome (a win beats
any unfinished position, a loss is worse than any), otherwise by ``game.heuristic(state, seat)``.
Ties are broken with the agent's own random stream. ``noise`` (relative to the spread of the
actions' values) and ``epsilon`` (chance of a uniformly random action) weaken it for easy play.
"""

from __future__ import annotations

import math
from typing import Sequence

from gameshelf.agents.ismcts import quiet_apply
from gameshelf.agents.rewards import rank_rewards
from gameshelf.core.chance import Chance
from gameshelf.core.game import Action, Game, View


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 1, noise: float = 0.0, epsilon: float = 0.0,
                 chain: int = 2) -> None:
        self.chance = Chance(seed)
        self.chain = chain
        self.samples = max(1, samples)
        self.noise = noise
        self.epsilon = epsilon

    def choose(self, game: Game, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.epsilon and self.chance.random() < self.epsilon:
            return self.chance.choice(legal)
        values = self.evaluate(game, view, legal)
        if self.noise:
            values = self._perturb(values)
        best = max(values)
        return self.chance.choice([a for a, v in zip(legal, values) if v == best])

    def evaluate(self, game: Game, view: View, legal: Sequence[Action]) -> list[tuple[float, float]]:
        """(outcome term, heuristic term) per action, averaged over the determinizations."""
        totals = [[0.0, 0.0] for _ in legal]
        for _ in range(self.samples):
            root = game.determinize(view, self.chance)
            advance = quiet_apply(game)
            seat = game.to_act(root)
            for total, action in zip(totals, legal):
                state = game.copy(root)
                advance(state, action)
                primary, secondary = self._lookahead(game, state, seat, self.chain)
                total[0] += primary
                total[1] += secondary
        return [(p / self.samples, h / self.samples) for p, h in totals]

    def _lookahead(self, game: Game, state, seat: int, chain: int) -> tuple[float, float]:
        """The value of ``state``, looking through up to ``chain`` more decisions of ``seat``'s own turn."""
        if chain <= 0 or game.is_over(state) or game.to_act(state) != seat:
            return position_value(game, state, seat)
        best = None
        for action in game.legal_actions(state):
            after = game.copy(state)
            quiet_apply(game)(after, action)
            value = self._lookahead(game, after, seat, chain - 1)
            if best is None or value > best:
                best = value
        return best

    def _perturb(self, values: list[tuple[float, float]]) -> list[tuple[float, float]]:
        heuristics = [h for _, h in values]
        spread = max(heuristics) - min(heuristics) or 1.0
        return [(p, h + self.noise * spread * _gauss(self.chance)) for p, h in values]


def position_value(game: Game, state, seat: int) -> tuple[float, float]:
    """Sort key of a position for ``seat``: (rank reward if finished else 0.5, heuristic)."""
    if game.is_over(state):
        ranks = game.outcome(state).ranks
        primary = rank_rewards(ranks)[seat] if len(ranks) > 1 else 0.5  # solo: no win to seek
        return primary, float(game.heuristic(state, seat))
    return 0.5, float(game.heuristic(state, seat))


def _gauss(chance: Chance) -> float:
    """A standard normal draw (Box-Muller) from the agent's own stream."""
    u = 1.0 - chance.random()
    return math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * chance.random())

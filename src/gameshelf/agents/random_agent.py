"""The random agent: uniform over the legal actions, with its own random stream."""

from __future__ import annotations

from typing import Sequence

from gameshelf.core.chance import Chance
from gameshelf.core.game import Action, Game, View


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.chance = Chance(seed)

    def choose(self, game: Game, view: View, legal: Sequence[Action]) -> Action:
        return self.chance.choice(legal)

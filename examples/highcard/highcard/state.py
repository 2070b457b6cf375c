"""High Card's state: declared once in ``__slots__``; no rule logic here."""

from __future__ import annotations

from gameshelf.core.chance import Chance
from highcard.decisions import PlayCard


class State:
    __slots__ = ("config", "chance", "deck", "hands", "played", "scores", "pending")
    SHARED = frozenset({"config"})

    config: object
    chance: Chance
    deck: list[int]           # the END is the top card
    hands: list[list[int]]
    played: list[int]
    scores: list[int]
    pending: list[PlayCard]   # the decision stack (top = last); empty when the game is over

    def copy(self) -> State:
        twin = State.__new__(State)
        twin.config, twin.chance = self.config, self.chance.copy()
        twin.deck, twin.played, twin.scores = self.deck[:], self.played[:], self.scores[:]
        twin.hands = [hand[:] for hand in self.hands]
        twin.pending = self.pending[:]
        return twin

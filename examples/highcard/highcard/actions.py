"""High Card's actions and their notation: ``play 7``."""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core.notation import Grammar, Verb, join, parse_int


@dataclass(frozen=True, slots=True)
class Play:
    """Play this card from hand (H1)."""

    card: int

    def __str__(self) -> str:
        return join("play", self.card)


GRAMMAR = Grammar("High Card", [
    Verb("play", ("card",), lambda card: Play(parse_int(card, what="card", lo=1, hi=12)), "play 7",
         "play a card from your hand"),
])

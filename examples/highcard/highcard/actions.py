"""High Card's actions and their notation: ``play 7``."""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core.notation import Grammar, Verb, parse_int
from highcard.catalog import CARDS


@dataclass(frozen=True, slots=True)
class Play:
    """Play this card from hand (H1)."""

    card: int

    def __str__(self) -> str:
        return PLAY_VERB.format(self.card)


PLAY_VERB = Verb("play", ("card",), lambda card: Play(parse_int(card, what="card", lo=1, hi=12)), "play 7",
                 "play a card from your hand", domains=(tuple(str(card) for card in CARDS),))

GRAMMAR = Grammar("High Card", [PLAY_VERB])

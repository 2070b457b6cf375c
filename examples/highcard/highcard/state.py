"""High Card's state, declared once: the class annotations are the fields (core.state.game_state
writes ``__slots__`` and ``copy`` from them). No rule logic here."""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.core.state import Copied, GameState, Shared, game_state
from highcard.decisions import PlayCard
from highcard.options import Config


@game_state
class State(GameState):
    config: Shared[Config]    # fixed for the game: copies share it
    chance: Copied[Chance]
    deck: list[int]           # the END is the top card
    hands: list[list[int]]
    played: list[int]
    scores: list[int]
    pending: list[PlayCard]   # the decision stack (top = last); empty when the game is over

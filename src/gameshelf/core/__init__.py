"""The game-agnostic core: the protocol every game implements, chance, records and errors."""

from gameshelf.core.chance import Chance, derive_seed
from gameshelf.core.errors import (
    BadNotation,
    BadOption,
    BadRecord,
    GameError,
    IllegalAction,
    NotYourTurn,
)
from gameshelf.core.game import Event, Game, Outcome, rank_players
from gameshelf.core.options import Option, OptionSchema

__all__ = [
    "BadNotation",
    "BadOption",
    "BadRecord",
    "Chance",
    "Event",
    "Game",
    "GameError",
    "IllegalAction",
    "NotYourTurn",
    "Option",
    "OptionSchema",
    "Outcome",
    "derive_seed",
    "rank_players",
]

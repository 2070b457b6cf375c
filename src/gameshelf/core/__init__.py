"""The game-agnostic core: the protocol every game implements, chance, records and errors."""

from gameshelf.core.chance import Chance, derive_seed
from gameshelf.core.decision import Decision, Prompt
from gameshelf.core.errors import (
    BadNotation,
    BadOption,
    BadPosition,
    BadRecord,
    BadSeat,
    GameError,
    IllegalAction,
    NotYourTurn,
)
from gameshelf.core.game import Event, Game, GameInfo, Outcome, SearchHints, Traits, rank_players
from gameshelf.core.options import Option, OptionSchema

__all__ = [
    "BadNotation",
    "BadOption",
    "BadPosition",
    "BadRecord",
    "BadSeat",
    "Decision",
    "GameInfo",
    "Prompt",
    "SearchHints",
    "Traits",
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

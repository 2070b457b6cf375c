"""Typed errors with namespaced codes, a rule reference and a translatable message.

Messages never contain hidden information: they name what the submitter sent and the rule it
breaks, never a card they cannot see.
"""

from __future__ import annotations

from typing import Any

BRIEF = 40


def brief(value: Any, limit: int = BRIEF) -> str:
    """User input quoted in a one-line message: ``repr`` of text or a number cut to ``limit``
    characters; other values by their type only (their repr may be huge or nested)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a {len(format(value, 'x'))}-hex-digit number"
    if value is None or isinstance(value, (str, int, float)):
        text = repr(value)
        return text if len(text) <= limit else text[: limit - 1] + "…"
    return f"a {type(value).__name__}"


class GameError(Exception):
    """Base of every error a player or client can cause."""

    code = "game.error"

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}" if rule else message)

    def to_json(self) -> dict[str, str | None]:
        return {"code": self.code, "rule": self.rule, "message": self.message}


class IllegalAction(GameError):
    """A well-formed action that the rules do not allow now."""

    code = "action.illegal"


class NotYourTurn(IllegalAction):
    code = "action.not_your_turn"


class BadNotation(GameError):
    """Text that does not parse as an action of this game."""

    code = "action.bad_notation"


class BadOption(GameError):
    """An unknown option, a value outside its choices, or an unsupported player count."""

    code = "options.invalid"


class BadRecord(GameError):
    """A match record that is malformed or does not replay to its recorded state."""

    code = "record.invalid"


class BadData(GameError):
    """A component data file that fails validation at load time."""

    code = "data.invalid"


class BadSeat(GameError):
    """A seat that is not ``None`` (a spectator) or a seat of this game."""

    code = "seat.invalid"


class BadPosition(GameError):
    """A position (``from_position`` input) that is malformed or breaks a rule of the game."""

    code = "position.invalid"

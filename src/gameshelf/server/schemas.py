"""The API's pydantic models (requests and responses); the OpenAPI schema is generated from them."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

Level = Literal["random", "easy", "normal", "hard"]
# Explicit bidi embeddings, overrides and isolates: one left open reverses the text beside the name.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters and symbols that draw nothing (Hangul fillers, the braille blank, the Mongolian separator).
BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
INVISIBLE = ("Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me", "Mc")


def display_name(value: str) -> str:
    """A person's name as shown to everyone: NFC, trimmed, on one line, with no bidi control that
    could reorder the page around it, and at least one visible character."""
    value = unicodedata.normalize("NFC", value).strip()
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp", "Cs") for c in value):
        raise ValueError("a name is one line of text without control characters")
    if any(c in BIDI_CONTROLS for c in value):
        raise ValueError("a name may not hold bidi embedding, override or isolate characters")
    if not any(unicodedata.category(c) not in INVISIBLE and c not in BLANK_GLYPHS for c in value):
        raise ValueError("a name needs at least one visible character")
    if len(value) > 40:
        raise ValueError("at most 40 characters")
    return value


Name = Annotated[str, Field(min_length=1, max_length=64, description="at most 40 characters once NFC and trimmed"),
                 AfterValidator(display_name)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class OptionOut(BaseModel):
    name: str
    choices: list[str]
    default: str
    help: str
    rule: str | None
    integers: list[int] | None


class GameOut(BaseModel):
    id: str
    titles: dict[str, str]
    player_counts: list[int]
    options: list[OptionOut]
    rules_version: str
    traits: dict[str, Any]


class GuestIn(Strict):
    name: Name


class RegisterIn(Strict):
    username: str = Field(min_length=3, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$")
    password: str = Field(min_length=8, max_length=200)
    name: Name | None = None


class LoginIn(Strict):
    username: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=1, max_length=200)


class UserOut(BaseModel):
    id: str
    name: str
    username: str | None


class SessionOut(BaseModel):
    user: UserOut
    token: str


class SeatIn(Strict):
    kind: Literal["me", "open", "invited", "bot"] = "open"
    level: Level | None = None


class TableIn(Strict):
    game: str = Field(min_length=1, max_length=32)
    players: int = Field(ge=1, le=8)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=32)
    seats: list[SeatIn] | None = Field(default=None, max_length=8,
                                       description="one per seat; default: you at seat 0, the rest open")
    mode: Literal["turn", "realtime"] = "turn"
    turn_hours: float = Field(default=24.0, gt=0, le=24 * 14, description="turn-based: deadline per move")
    base_seconds: float = Field(default=600.0, gt=0, le=24 * 3600, description="real-time: Fischer base")
    increment_seconds: float = Field(default=10.0, ge=0, le=3600, description="real-time: per move")
    rated: bool = False
    spectators: bool = True
    zombie_level: Level = Field(default="easy", description="the bot that plays for an absent human")
    absent_policy: Literal["bot", "drop"] = Field(
        default="bot", description="turn-based: when a move's deadline passes, a bot plays the seat until "
                                   "its person takes it back (bot), or the seat resigns (drop)")
    spectator_chat: bool = Field(default=False, description="spectators may write in the table's chat")


class JoinIn(Strict):
    invite_code: str | None = Field(default=None, max_length=32)
    seat: int | None = Field(default=None, ge=0, le=7)


class SeatOut(BaseModel):
    seat: int
    kind: str
    name: str | None
    user_id: str | None
    level: str | None
    zombie: bool
    resigned: bool = False
    invite_code: str | None = Field(default=None, description="shown to the table's creator only")


class ClockOut(BaseModel):
    mode: str
    to_act: int | None
    deadline_ms: float | None
    remaining_ms: list[int | None]


class TableOut(BaseModel):
    id: str
    game: str
    players: int
    options: dict[str, str]
    status: Literal["open", "playing", "over"]
    mode: str
    turn_hours: float
    base_seconds: float
    increment_seconds: float
    rated: bool
    spectators: bool
    zombie_level: str
    absent_policy: str = "bot"
    spectator_chat: bool = False
    rematch_of: str | None = None
    rematch_id: str | None = None
    owner_id: str
    state_id: int
    seats: list[SeatOut]
    clock: ClockOut | None
    outcome: dict[str, Any] | None


class FinishedGameOut(BaseModel):
    table_id: str
    game: str
    players: int
    seat: int
    score: int | None
    rank: int | None
    finished_at: str | None


class RatingOut(BaseModel):
    user_id: str
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int


class RecordOut(BaseModel):
    """Redacted (no seed, no actions: the spectator's view and log) until the game is over."""

    redacted: bool
    game: str
    rules_version: str
    players: int
    options: dict[str, str]
    seats: list[str]
    state_id: int
    seed: int | None = None
    actions: list[str] | None = None
    final_hash: str | None = None
    outcome: dict[str, Any] | None = None
    view: dict[str, Any] | None = None
    log: list[str] | None = None
    record: dict[str, Any] | None = Field(default=None, description="the whole record (format gameshelf-record/2)")


class ErrorOut(BaseModel):
    code: str
    rule: str | None
    reason: str
    message: str


class ErrorEnvelope(BaseModel):
    error: ErrorOut


class OkOut(BaseModel):
    ok: bool = True


ERRORS = {status: {"model": ErrorEnvelope} for status in (400, 401, 403, 404, 409, 413, 422)}
"""The error answers every route may give, for the OpenAPI schema."""

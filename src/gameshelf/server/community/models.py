"""The community routes' response models (their OpenAPI schema)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class MyTableOut(BaseModel):
    id: str
    game: str
    status: str = Field(description="open | playing")
    seat: int
    mode: str
    rated: bool
    invited: bool = Field(description="a seat kept for you at a rematch you have not joined yet")
    your_turn: bool
    deadline: str | None = Field(description="the awaited move's deadline, ISO 8601 UTC")
    deadline_ms: float | None
    state_id: int
    to_act: int | None = None


class ChatLineOut(BaseModel):
    type: str = "chat"
    id: int
    table: str
    seat: int | None = Field(description="None: a spectator")
    user_id: str
    name: str
    text: str
    at: str


class RatingPointOut(BaseModel):
    table_id: str | None
    mu: float
    sigma: float
    ordinal: float
    at: str


class RatingHistoryOut(BaseModel):
    user_id: str
    start: float = Field(description="the ordinal every player starts from")
    games: dict[str, list[RatingPointOut]]

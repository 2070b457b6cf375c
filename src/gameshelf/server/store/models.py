"""The tables of the store. ``actions`` is append-only: a match is its seed, options and actions.

An undo is itself an appended row (``kind='undo'``), so a state id (the number of rows of a match)
only ever grows and a stale client is always recognised; the match is replayed without the action
the undo names.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Index, Integer, String,
                        UniqueConstraint, false)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    username: Mapped[str | None] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Token(Base):
    __tablename__ = "tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Table(Base):
    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    rules_version: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), index=True)  # open | playing | over
    mode: Mapped[str] = mapped_column(String(16))  # turn | realtime
    turn_hours: Mapped[float] = mapped_column(Float)
    base_seconds: Mapped[float] = mapped_column(Float)
    increment_seconds: Mapped[float] = mapped_column(Float)
    rated: Mapped[bool] = mapped_column(Boolean)
    spectators: Mapped[bool] = mapped_column(Boolean)
    zombie_level: Mapped[str] = mapped_column(String(16))
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    state_id: Mapped[int] = mapped_column(Integer, default=0)
    turn_started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    outcome: Mapped[dict | None] = mapped_column(JSON)
    final_hash: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # What happens to a person whose move's deadline passes: "bot" (the table's bot plays the seat
    # until its person takes it back) or "drop" (the seat resigns: ranked last).
    absent_policy: Mapped[str] = mapped_column(String(16), default="bot", server_default="bot")
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    rematch_of: Mapped[str | None] = mapped_column(String(32))  # the finished table this one replays
    rematch_id: Mapped[str | None] = mapped_column(String(32))  # the rematch created from this one


class Seat(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # open | invited | human | bot
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"), index=True)
    level: Mapped[str | None] = mapped_column(String(16))
    invite_code: Mapped[str | None] = mapped_column(String(32), unique=True)
    bot_seed: Mapped[int] = mapped_column(BigInteger)
    zombie: Mapped[bool] = mapped_column(Boolean, default=False)
    remaining_ms: Mapped[int | None] = mapped_column(BigInteger)
    disconnected_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    resigned_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))  # conceded (or dropped)


class Action(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "ply", name="uq_actions_table_ply"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    ply: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))  # act | undo
    by_bot: Mapped[bool] = mapped_column(Boolean)
    notation: Mapped[str] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Rating(Base):
    __tablename__ = "ratings"

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class ChatMessage(Base):
    """One chat line at a table, stored with it (``seat`` None: a spectator)."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(2000))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingHistory(Base):
    """A player's rating for a game after each rated game (the player page's chart)."""

    __tablename__ = "rating_history"
    __table_args__ = (Index("ix_rating_history_user_game", "user_id", "game"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    game: Mapped[str] = mapped_column(String(32))
    table_id: Mapped[str | None] = mapped_column(String(32))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ServerAlive(Base):
    """When a server process last showed it was running (one row): clocks stand still while none runs."""

    __tablename__ = "server_alive"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    alive_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class GameAnalysis(Base):
    """A finished game's post-game analysis, computed once in the background and kept.

    ``status``: pending (queued) | running | done | failed; ``done``/``total`` count the decisions
    searched so far; ``runs`` counts the computations started (a cached analysis is never redone);
    ``requested_by``: the user who started the last run (a person has few running at once);
    ``updated_at`` moves with every progress report, so a computation whose process died is seen.
    """

    __tablename__ = "game_analyses"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    level: Mapped[str] = mapped_column(String(16), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    sims: Mapped[int | None] = mapped_column(Integer)
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    runs: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict | None] = mapped_column(JSON)
    error: Mapped[str | None] = mapped_column(String(512))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    requested_by: Mapped[str | None] = mapped_column(String(32), index=True)  # who started the last run


class LoginThrottle(Base):
    """Sign-in attempts counted per key (``account:<name>`` or ``address:<ip>``) in a fixed window,
    shared by every worker through the store; ``blocked_until`` refuses the key until then."""

    __tablename__ = "login_throttle"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    attempts: Mapped[int] = mapped_column(Integer)
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    blocked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

"""Read queries the routes ask the store (each takes an open session)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from gameshelf.server.store.models import ChatMessage, GameAnalysis, Rating, RatingHistory, Seat, Table, User


def finished_games(session: Session, user_id: str, limit: int) -> list[tuple[Seat, Table]]:
    """(the user's seat, its table) for the user's finished games, the latest first."""
    return [(seat, table) for seat, table in session.execute(
        select(Seat, Table).join(Table, Table.id == Seat.table_id)
        .where(Seat.user_id == user_id, Table.status == "over")
        .order_by(Table.finished_at.desc()).limit(limit))]


def ratings_of_game(session: Session, game_id: str) -> list[tuple[Rating, User]]:
    """(rating, player) for every rated player of ``game_id``."""
    return [(rating, user) for rating, user in session.execute(
        select(Rating, User).join(User, User.id == Rating.user_id).where(Rating.game == game_id))]


def rating_history(session: Session, user_id: str) -> list[RatingHistory]:
    """The user's rating after each rated game, oldest first."""
    return list(session.execute(select(RatingHistory).where(RatingHistory.user_id == user_id)
                                .order_by(RatingHistory.id)).scalars())


def chat_lines(session: Session, table_id: str, after: int, limit: int) -> list[ChatMessage]:
    """The table's latest ``limit`` chat lines with an id above ``after``, oldest first."""
    rows = session.execute(select(ChatMessage).where(ChatMessage.table_id == table_id, ChatMessage.id > after)
                           .order_by(ChatMessage.id.desc()).limit(limit)).scalars()
    return list(reversed(list(rows)))


def analyses_computing(session: Session, user_id: str, since: datetime) -> int:
    """The user's analyses queued or running and heard from after ``since``."""
    return session.execute(select(func.count()).select_from(GameAnalysis).where(
        GameAnalysis.requested_by == user_id, GameAnalysis.status.in_(("pending", "running")),
        GameAnalysis.updated_at >= since)).scalar_one()


def user_named(session: Session, username: str) -> User | None:
    """The account with this user name, if any."""
    return session.execute(select(User).where(User.username == username)).scalar_one_or_none()

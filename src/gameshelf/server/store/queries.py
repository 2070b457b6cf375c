"""Read queries the routes ask the store (each takes an open session)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from gameshelf.server.store.models import Rating, Seat, Table, User


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

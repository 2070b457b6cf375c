"""Players: a person's finished games, their rating history, and each game's leaderboard."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query

from gameshelf.server import ratings
from gameshelf.server.community.models import RatingHistoryOut
from gameshelf.server.deps import Store
from gameshelf.server.i18n import ServerError
from gameshelf.server.routes.games import known_game
from gameshelf.server.schemas import ERRORS, FinishedGameOut, RatingOut
from gameshelf.server.store import User
from gameshelf.server.store import queries

router = APIRouter()


@router.get("/api/users/{user_id}/games", response_model=list[FinishedGameOut], responses=ERRORS)
def finished_games(user_id: str, db: Store, limit: int = Query(50, ge=1, le=500)):
    with db.read() as session:
        if session.get(User, user_id) is None:
            raise ServerError("user.not_found")
        return [FinishedGameOut(table_id=t.id, game=t.game, players=t.players, seat=s.seat,
                                score=(t.outcome or {}).get("scores", [None] * t.players)[s.seat],
                                rank=(t.outcome or {}).get("ranks", [None] * t.players)[s.seat],
                                finished_at=t.finished_at.isoformat() if t.finished_at else None)
                for s, t in queries.finished_games(session, user_id, limit)]


@router.get("/api/leaderboard/{game_id}", response_model=list[RatingOut], responses=ERRORS)
def leaderboard(game_id: str, db: Store, limit: int = Query(50, ge=1, le=500)):
    known_game(game_id)
    with db.read() as session:
        rows = queries.ratings_of_game(session, game_id)
    board = [RatingOut(user_id=u.id, name=u.name, mu=r.mu, sigma=r.sigma,
                       ordinal=ratings.ordinal(r.mu, r.sigma), games=r.games) for r, u in rows]
    return sorted(board, key=lambda r: r.ordinal, reverse=True)[:limit]


@router.get("/api/users/{user_id}/ratings", response_model=RatingHistoryOut, responses=ERRORS)
def rating_history(user_id: str, db: Store) -> dict[str, Any]:
    """The player's rating (ordinal: mu - 3 sigma) after each rated game, per game, oldest first."""
    with db.read() as session:
        if session.get(User, user_id) is None:
            raise ServerError("user.not_found")
        fresh = ratings.model().rating()  # where every player starts: the chart's first point
        return {"user_id": user_id, "start": ratings.ordinal(fresh.mu, fresh.sigma),
                "games": ratings.history(session, user_id)}

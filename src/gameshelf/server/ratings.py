"""Ratings per game (openskill's Plackett-Luce), updated in the transaction that ends a rated game.

Only human seats are rated (a seat a bot finished for its human still counts for that human);
a game with fewer than two rated players changes no rating. Every update also appends each player's
new rating to ``rating_history``, which the player page draws as a chart.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Sequence

from sqlalchemy.orm import Session

from gameshelf.server.store.models import Rating, RatingHistory
from gameshelf.server.store import queries

_model = None


def now() -> datetime:
    return datetime.now(timezone.utc)


def model():
    global _model
    if _model is None:
        from openskill.models import PlackettLuce

        _model = PlackettLuce()
    return _model


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def update(session: Session, game: str, placings: Sequence[tuple[str, int]], table_id: str | None = None) -> None:
    """``placings``: (user id, rank; 1 is best) per rated seat."""
    if len({user for user, _ in placings}) < 2:
        return
    rows = []
    for user, _ in placings:
        row = session.get(Rating, (user, game))
        if row is None:
            fresh = model().rating()
            row = Rating(user_id=user, game=game, mu=fresh.mu, sigma=fresh.sigma, games=0)
            session.add(row)
        rows.append(row)
    teams = [[model().create_rating([row.mu, row.sigma])] for row in rows]
    new = model().rate(teams, ranks=[rank for _, rank in placings])
    for row, (rating,) in zip(rows, new):
        row.mu, row.sigma, row.games = rating.mu, rating.sigma, row.games + 1
        session.add(RatingHistory(user_id=row.user_id, game=game, table_id=table_id, mu=rating.mu,
                                  sigma=rating.sigma, created_at=now()))


def history(session: Session, user_id: str) -> dict[str, list[dict]]:
    """The user's rating after each rated game, oldest first, per game."""
    rows = queries.rating_history(session, user_id)
    out: dict[str, list[dict]] = {}
    for r in rows:
        out.setdefault(r.game, []).append({"table_id": r.table_id, "mu": r.mu, "sigma": r.sigma,
                                           "ordinal": ordinal(r.mu, r.sigma), "at": r.created_at.isoformat()})
    return out

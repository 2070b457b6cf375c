"""Ratings per game (openskill's Plackett-Luce), updated in the transaction that ends a rated game.

Only human seats are rated (a seat a bot finished for its human still counts for that human);
a game with fewer than two rated players changes no rating.
"""

from __future__ import annotations

from typing import Sequence

from sqlalchemy.orm import Session

from gameshelf.server.store.models import Rating

_model = None


def model():
    global _model
    if _model is None:
        from openskill.models import PlackettLuce

        _model = PlackettLuce()
    return _model


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def update(session: Session, game: str, placings: Sequence[tuple[str, int]]) -> None:
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

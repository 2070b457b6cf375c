"""Summaries of result rows: win rates with 95% confidence intervals, scores, ratings, seats.

A seat's win share in a game is ``1/len(winners)`` if it is among the winners, else 0 (ties share
the win). An agent's win rate is the mean share over every seat it occupied; its interval is the
Wilson score interval treating each occupied seat as a trial (an agent holding several seats of
one game makes those trials dependent, so read such intervals as approximate). Ratings are
OpenSkill (Plackett-Luce) mu and sigma, updated game by game in game order; an agent holding
several seats of one game gets the mean of its seats' updated ratings.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

if TYPE_CHECKING:
    from gameshelf.sim.batch import ResultRow

Z95 = 1.959963984540054


def wilson(rate: float, n: int, z: float = Z95) -> list[float]:
    """The Wilson score interval of a proportion ``rate`` observed over ``n`` trials."""
    if n <= 0:
        return [0.0, 1.0]
    denominator = 1 + z * z / n
    centre = (rate + z * z / (2 * n)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / denominator
    return [max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half))]


def win_share(row: ResultRow, seat: int) -> float:
    winners = row.winners
    return 1.0 / len(winners) if seat in winners else 0.0


def rate_summary(shares: Sequence[float]) -> dict[str, Any]:
    rate = statistics.fmean(shares) if shares else 0.0
    return {"n": len(shares), "win_rate": rate, "ci95": wilson(rate, len(shares))}


def decision_time(rows: Sequence[ResultRow], name: str) -> dict[str, Any] | None:
    """Agent ``name``'s CPU seconds per decision (decisions with a real choice): the mean over the
    games (and seats) it played of that game's seconds per decision, with a normal-approximation
    95% interval; None when no row timed it (rows stored before the timing was kept)."""
    per_game = [row.think[seat] / row.decisions[seat] for row in rows for seat, spec in enumerate(row.seats)
                if spec == name and row.think and row.decisions[seat]]
    if not per_game:
        return None
    mean = statistics.fmean(per_game)
    half = Z95 * statistics.stdev(per_game) / math.sqrt(len(per_game)) if len(per_game) > 1 else math.inf
    return {"n": len(per_game), "mean": mean, "ci95": [max(0.0, mean - half), mean + half],
            "decisions": sum(row.decisions[seat] for row in rows for seat, spec in enumerate(row.seats)
                             if spec == name and row.think)}


def duration_text(seconds: float) -> str:
    """A short time for a table: µs below a millisecond, ms below a second, else seconds."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    return f"{seconds * 1e3:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _mean(values: Iterable[float]) -> float | None:
    values = list(values)
    return statistics.fmean(values) if values else None


def agent_names(rows: Sequence[ResultRow], given: Sequence[str] | None = None) -> list[str]:
    """The agents as given, then any other agent found in the rows."""
    names = list(dict.fromkeys(given or []))
    for row in rows:
        for spec in row.seats:
            if spec not in names:
                names.append(spec)
    return names


def ratings(rows: Sequence[ResultRow], names: Sequence[str]) -> dict[str, dict[str, float]]:
    """OpenSkill mu/sigma per agent after every game, in game order."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # pragma: no cover - depends on the install
        return {}
    model = PlackettLuce()
    current = {name: model.rating(name=name) for name in names}
    for row in rows:
        if len(row.seats) < 2:
            continue
        teams = [[model.rating(mu=current[s].mu, sigma=current[s].sigma)] for s in row.seats]
        new = model.rate(teams, ranks=list(row.ranks))
        grouped: dict[str, list] = defaultdict(list)
        for spec, team in zip(row.seats, new):
            grouped[spec].append(team[0])
        for spec, rated in grouped.items():
            current[spec] = model.rating(mu=statistics.fmean(r.mu for r in rated),
                                         sigma=statistics.fmean(r.sigma for r in rated), name=spec)
    return {name: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for name, r in current.items()}


def summarize(rows: Sequence[ResultRow], given: Sequence[str] | None = None) -> dict[str, Any]:
    """The summary of a batch (``tournament --json`` prints it; ``simulate`` draws its tables from it)."""
    names = agent_names(rows, given)
    rated = ratings(rows, names)
    agents = {}
    for name in names:
        taken = [(row, seat) for row in rows for seat, spec in enumerate(row.seats) if spec == name]
        agents[name] = _agent_summary(taken, rated.get(name))
    players = max((row.players for row in rows), default=0)
    lengths = [row.actions for row in rows]
    return {
        "games": len(rows),
        "game": rows[0].game if rows else None,
        "players": sorted({row.players for row in rows}),
        "agents": agents,
        "seats": [_seat_summary(rows, seat, names) for seat in range(players)],
        "mean_length": _mean(lengths),
        "length": {"mean": _mean(lengths), "min": min(lengths, default=None), "max": max(lengths, default=None)},
        "categories": category_summary(rows),
        "decision_time": {name: decision_time(rows, name) for name in names},
    }


def category_summary(rows: Sequence[ResultRow]) -> dict[str, dict[str, float]]:
    """Per scoring category, over every player of every game: mean, min and max points."""
    points: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        for breakdown in row.breakdown:
            for name, value in breakdown.items():
                points[name].append(value)
    return {name: {"mean": statistics.fmean(values), "min": min(values), "max": max(values)}
            for name, values in points.items()}


def _agent_summary(taken: list[tuple[ResultRow, int]], rating: Mapping[str, float] | None) -> dict[str, Any]:
    shares = [win_share(row, seat) for row, seat in taken]
    scores = [row.scores[seat] for row, seat in taken]
    categories: dict[str, list[float]] = defaultdict(list)
    for row, seat in taken:
        for name, points in row.breakdown[seat].items():
            categories[name].append(points)
    return {
        **rate_summary(shares),
        "mean_score": _mean(scores),
        "score_sd": statistics.pstdev(scores) if scores else None,
        "mean_rank": _mean(row.ranks[seat] for row, seat in taken),
        "rating": rating["mu"] if rating else None,
        "rating_sigma": rating["sigma"] if rating else None,
        "rating_ordinal": rating["ordinal"] if rating else None,
        "categories": {name: statistics.fmean(values) for name, values in categories.items()},
    }


def _seat_summary(rows: Sequence[ResultRow], seat: int, names: Sequence[str]) -> dict[str, Any]:
    present = [row for row in rows if seat < row.players]
    by_agent = {}
    for name in names:
        shares = [win_share(row, seat) for row in present if row.seats[seat] == name]
        if shares:
            by_agent[name] = statistics.fmean(shares)
    return {
        "seat": seat,
        **rate_summary([win_share(row, seat) for row in present]),
        "mean_score": _mean(row.scores[seat] for row in present),
        "by_agent": by_agent,
    }

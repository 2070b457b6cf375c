"""Balance studies over result rows, for any game, through the rows alone.

Questions answered generically:

* **First-player advantage** per player count: each seat's win rate against the fair share
  ``1/P``, with a 95% interval.
* **Options**: for every option that takes more than one value across the rows (a tournament run
  with ``--vary``, or several directories given to ``gameshelf report``), per value: games, mean
  score, mean length, seat-0 win rate and each agent's win rate.
* **Components**, from ``Outcome.details["balance"]`` (the convention games follow):

  ``details["balance"]`` maps ``"<kind>:<id>"`` to the points that component produced in that game,
  either one number (all seats together) or a list with one number per seat. Examples:
  ``"scoring_card:C03": 14``, ``"objective:O2": [3, 0, 5]``, ``"animal:fox": [4, 2]``,
  ``"season_goal:S1-b": [2, 4]``, ``"map:delta": 1`` (a component that was simply in play counts 1
  or 0). A key absent from a game means the component was not in play in that game.

  Per kind, per component: in how many games it appeared, its mean points per game (summed over
  seats), and for per-seat lists the mean points to a winner and to a non-winner (a component whose
  points go mostly to winners decides games).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import TYPE_CHECKING, Any, Sequence

from gameshelf.sim.stats import agent_names, rate_summary, win_share

if TYPE_CHECKING:
    from gameshelf.sim.batch import ResultRow

BALANCE_KEY = "balance"


def first_player_advantage(rows: Sequence[ResultRow]) -> dict[int, list[dict[str, Any]]]:
    """Per player count: each seat's win rate, interval and fair share."""
    by_count: dict[int, list[ResultRow]] = defaultdict(list)
    for row in rows:
        by_count[row.players].append(row)
    result = {}
    for players, group in sorted(by_count.items()):
        seats = []
        for seat in range(players):
            summary = rate_summary([win_share(row, seat) for row in group])
            seats.append({"seat": seat, **summary, "fair": 1.0 / players,
                          "mean_score": statistics.fmean(row.scores[seat] for row in group)})
        result[players] = seats
    return result


def option_effects(rows: Sequence[ResultRow]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per varied option, per value: games, mean score, mean length, seat-0 and agents' win rates."""
    values: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        for name, value in row.options.items():
            values[name].add(str(value))
    names = agent_names(rows)
    effects = {}
    for option in sorted(n for n, v in values.items() if len(v) > 1):
        effects[option] = {}
        for value in sorted(values[option]):
            group = [row for row in rows if str(row.options.get(option)) == value]
            effects[option][value] = _group_summary(group, names)
    return effects


def _group_summary(group: Sequence[ResultRow], names: Sequence[str]) -> dict[str, Any]:
    agents = {}
    for name in names:
        shares = [win_share(row, seat) for row in group for seat, spec in enumerate(row.seats) if spec == name]
        if shares:
            agents[name] = statistics.fmean(shares)
    return {
        "games": len(group),
        "mean_score": statistics.fmean(s for row in group for s in row.scores),
        "mean_length": statistics.fmean(row.actions for row in group),
        "seat0": rate_summary([win_share(row, 0) for row in group]),
        "agents": agents,
    }


def component_points(rows: Sequence[ResultRow]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per kind, per component id: appearances, mean points per game, winner/non-winner means."""
    seen: dict[str, list[tuple[ResultRow, Any]]] = defaultdict(list)
    for row in rows:
        for key, value in (row.details or {}).get(BALANCE_KEY, {}).items():
            seen[key].append((row, value))
    kinds: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for key in sorted(seen):
        kind, _, component = key.partition(":")
        kinds[kind][component or kind] = _component_summary(seen[key], len(rows))
    return dict(kinds)


def _component_summary(entries: list[tuple[ResultRow, Any]], total_games: int) -> dict[str, Any]:
    totals, to_winners, to_others = [], [], []
    for row, value in entries:
        if isinstance(value, (list, tuple)):
            totals.append(float(sum(value)))
            for seat, points in enumerate(value):
                (to_winners if seat in row.winners else to_others).append(float(points))
        else:
            totals.append(float(value))
    return {
        "games": len(entries),
        "share_of_games": len(entries) / total_games if total_games else 0.0,
        "mean_points": statistics.fmean(totals),
        "mean_to_winner": statistics.fmean(to_winners) if to_winners else None,
        "mean_to_other": statistics.fmean(to_others) if to_others else None,
    }


def components_in_play(rows: Sequence[ResultRow]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per details key holding a list of ids (e.g. ``"scoring_cards": ["C1", "C7"]``), per id:
    games with it in play, mean score per seat and mean length in those games.

    A fallback that needs nothing from a game beyond listing what was in play; the points a
    component itself produced come from ``details["balance"]`` (:func:`component_points`).
    """
    grouped: dict[str, dict[str, list[ResultRow]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        for key, value in (row.details or {}).items():
            if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                for component in dict.fromkeys(value):
                    grouped[key][component].append(row)
    result = {}
    for key in sorted(grouped):
        result[key] = {
            component: {
                "games": len(group),
                "mean_score": statistics.fmean(s for row in group for s in row.scores),
                "mean_length": statistics.fmean(row.actions for row in group),
            }
            for component, group in sorted(grouped[key].items())
        }
    return result


def study(rows: Sequence[ResultRow]) -> dict[str, Any]:
    """Every balance question the rows can answer."""
    return {
        "first_player": first_player_advantage(rows),
        "options": option_effects(rows),
        "components": component_points(rows),
        "in_play": components_in_play(rows),
    }

"""``gameshelf simulate``: seeded batches of games, as JSON lines or a readable summary.

The games run on the batch runner shared with ``tournament`` (:mod:`gameshelf.sim.batch`), and
the summary comes from :func:`gameshelf.sim.stats.summarize`, like a tournament's.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from rich.console import Console
from rich.table import Table

from gameshelf.agents import split_agent_list
from gameshelf.agents.registry import agents_by_seat
from gameshelf.cli.common import MAX_GAMES, add_game_arguments, add_jobs_argument, options_from, output_dir, whole
from gameshelf.sim.batch import resolve_game
from gameshelf.sim.parallel import BACKENDS, default_jobs
from gameshelf.sim.simulate import simulate
from gameshelf.sim.stats import summarize


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("simulate", help="simulate many games between bots")
    add_game_arguments(parser)
    parser.add_argument("--games", "-n", type=whole(0, MAX_GAMES), default=10, help="number of games")
    parser.add_argument("--agents", default="random", help="agents by seat, e.g. random,greedy")
    add_jobs_argument(parser)
    parser.add_argument("--backend", choices=BACKENDS, default="local", help="where games run")
    parser.add_argument("--ray-address", default=None, help="address of an existing Ray cluster")
    parser.add_argument("--save-logs", metavar="DIR", help="write each game's record as JSON into DIR")
    parser.add_argument("--json", action="store_true", help="one JSON object per game on stdout")
    return parser


def run(args: argparse.Namespace) -> int:
    game = resolve_game(args.game)
    game.setup(args.players, options_from(args), 0)  # validates count and options up front
    agents = split_agent_list(args.agents)
    seats = agents_by_seat(agents, args.players)
    save = output_dir(args.save_logs, "--save-logs") if args.save_logs else None
    rows = simulate(args.game, args.players, args.games, args.seed if args.seed is not None else 0,
                    agents, options_from(args), args.jobs or default_jobs(), save,
                    backend=args.backend, address=args.ray_address)
    if args.json:
        for row in rows:
            print(json.dumps(row.summary(), ensure_ascii=False), flush=True)
        return 0
    rows = list(rows)
    print_summary(summarize(rows, seats), seats, game, rows)
    return 0


def _term(game, key: str) -> str:
    """A scoring category or rank as the game names it for people ("Popular Vehicle", not POPULAR_VEHICLE)."""
    return game.term(key, "en") if game is not None else key


def _solo_rank(row) -> str | None:
    details = getattr(row, "details", None) or {}
    if isinstance(details, list):
        details = details[0] if details else {}
    return next((v for k, v in details.items() if "rank" in k and isinstance(v, str)), None)


def print_summary(summary: dict, seats: tuple[str, ...], game=None, rows=()) -> None:
    """Tables from a batch summary (:func:`gameshelf.sim.stats.summarize`): by seat, by category.

    A solo game has no win rate: its table gives the score and how often each solo rank came.
    """
    console = Console()
    if not summary["games"]:
        console.print("no games played")
        return
    title = f"{summary['game']}: {summary['games']} games"
    if len(seats) == 1:
        scores = [row.scores[0] for row in rows]
        table = Table("agent", "mean score", "min", "max", "solo ranks", title=title)
        ranks = Counter(_solo_rank(row) for row in rows if _solo_rank(row))
        text = ", ".join(f"{_term(game, r)} ×{n}" for r, n in ranks.most_common()) or "—"
        table.add_row(seats[0], f"{summary['seats'][0]['mean_score']:.1f}", str(min(scores, default=0)),
                      str(max(scores, default=0)), text)
    else:
        table = Table("seat", "agent", "win rate", "mean score", title=title)
        for seat in summary["seats"]:
            table.add_row(str(seat["seat"]), seats[seat["seat"]], f"{seat['win_rate']:.1%}",
                          f"{seat['mean_score']:.1f}")
    console.print(table)
    cats = Table("category", "mean", "min", "max", title="points per player by category")
    for name, values in summary["categories"].items():
        cats.add_row(_term(game, name), f"{values['mean']:.2f}", str(values["min"]), str(values["max"]))
    console.print(cats)
    length = summary["length"]
    console.print(f"actions per game: mean {length['mean']:.0f}, min {length['min']}, max {length['max']}")

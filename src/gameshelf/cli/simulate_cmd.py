"""``gameshelf simulate``: seeded batches of games, as JSON lines or a readable summary."""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict

from rich.console import Console
from rich.table import Table

from gameshelf.agents import split_agent_list
from gameshelf.cli.common import add_game_arguments, options_from
from gameshelf.core.errors import BadOption
from gameshelf.games import get_game
from gameshelf.sim.parallel import default_jobs
from gameshelf.sim.simulate import simulate


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("simulate", help="simulate many games between bots")
    add_game_arguments(parser)
    parser.add_argument("--games", "-n", type=int, default=10, help="number of games")
    parser.add_argument("--agents", default="random", help="agents by seat, e.g. random,greedy")
    parser.add_argument("--jobs", "-j", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--save-logs", metavar="DIR", help="write each game's record as JSON into DIR")
    parser.add_argument("--json", action="store_true", help="one JSON object per game on stdout")
    return parser


def run(args: argparse.Namespace) -> int:
    if args.games < 0:
        raise BadOption("--games must be 0 or more")
    game = get_game(args.game)
    game.setup(args.players, options_from(args), 0)  # validates count and options up front
    results = simulate(
        args.game, args.players, args.games, args.seed if args.seed is not None else 0,
        split_agent_list(args.agents), options_from(args), args.jobs or default_jobs(), args.save_logs,
    )
    if args.json:
        for summary in results:
            print(json.dumps(summary, ensure_ascii=False), flush=True)
        return 0
    print_summary(list(results), args.players)
    return 0


def print_summary(results: list[dict], players: int) -> None:
    console = Console()
    if not results:
        console.print("no games played")
        return
    wins = [0.0] * players
    for r in results:
        for seat in r["winners"]:
            wins[seat] += 1 / len(r["winners"])
    table = Table("seat", "agent", "win rate", "mean score", title=f"{results[0]['game']}: {len(results)} games")
    for seat in range(players):
        scores = [r["scores"][seat] for r in results]
        table.add_row(str(seat), results[0]["seats"][seat], f"{wins[seat] / len(results):.1%}",
                      f"{statistics.fmean(scores):.1f}")
    console.print(table)
    categories: dict[str, list[int]] = defaultdict(list)
    for r in results:
        for breakdown in r["breakdown"]:
            for name, points in breakdown.items():
                categories[name].append(points)
    cats = Table("category", "mean", "min", "max", title="points per player by category")
    for name, values in categories.items():
        cats.add_row(name, f"{statistics.fmean(values):.2f}", str(min(values)), str(max(values)))
    console.print(cats)
    lengths = [r["actions"] for r in results]
    console.print(f"actions per game: mean {statistics.fmean(lengths):.0f}, min {min(lengths)}, max {max(lengths)}")

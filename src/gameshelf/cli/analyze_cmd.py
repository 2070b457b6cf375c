"""``gameshelf analyze RECORD``: review a finished game decision by decision, from each seat's view.

Every decision of the chosen seats is searched by the level's ISMCTS from what that seat could see
at the time (see :mod:`gameshelf.analysis` for the values, thresholds and accuracy).
"""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from gameshelf.analysis import LEVELS, Analysis, SeatReview, action_text, analyse_record, label_result
from gameshelf.core.game import Game
from gameshelf.core.errors import BadOption, BadSeat
from gameshelf.core.record import Record
from gameshelf.games import get_game

PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
FLAG_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("analyze", help="review a finished game's decisions with the bots' search")
    parser.add_argument("file", metavar="RECORD", help="a finished record (`simulate --save-logs`, `play --save`)")
    parser.add_argument("--seat", default="all", help="the seat to analyse (0, 1, ...) or 'all' (default)")
    parser.add_argument("--level", default="normal", help=f"search level: {' or '.join(LEVELS)} (default normal)")
    parser.add_argument("--sims", type=int, default=None, help="simulations per decision (default: the level's)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--lang", choices=["en", "ja"], default="en",
                        help="language of the actions' labels (tables and JSON; default en)")
    parser.add_argument("--plot", metavar="FILE", help="draw each seat's estimated result over the game (matplotlib)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (the result is the same for any)")
    parser.add_argument("--seed", type=int, default=0, help="the search's seed (default 0)")
    return parser


def run(args: argparse.Namespace) -> int:
    seats = _parse_seat(args.seat)
    if args.jobs < 1:
        raise BadOption("--jobs must be at least 1")
    pyplot = _pyplot() if args.plot else None
    record = Record.load(args.file)
    game = get_game(record.game)
    console = Console(stderr=True)
    with Progress(console=console, transient=True, disable=args.json or not console.is_terminal) as bar:
        task = bar.add_task("analysing", total=None)
        analysis = analyse_record(game, record, seats, level=args.level, seed=args.seed, sims=args.sims,
                                  jobs=args.jobs, progress=lambda done, total: bar.update(task, completed=done,
                                                                                          total=total))
    if args.json:
        print(json.dumps(label_result(analysis.to_json(), args.lang, game), ensure_ascii=False))
    else:
        _print_tables(analysis, game, args.lang)
    if pyplot is not None:
        _plot(pyplot, analysis, args.plot)
    return 0


def _parse_seat(text: str) -> list[int] | None:
    if text.strip().lower() == "all":
        return None
    try:
        return [int(text)]
    except ValueError:
        raise BadSeat(f"--seat takes a seat number or 'all', not {text!r}") from None


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise BadOption("--plot needs matplotlib: pip install 'gameshelf[sim]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot

    return pyplot


def _print_tables(analysis: Analysis, game: Game, lang: str) -> None:
    console = Console()
    console.print(f"[bold]{analysis.game}[/], {analysis.players} players: level {analysis.level} "
                  f"({analysis.sims} simulations a decision), seed {analysis.seed}")
    for review in analysis.seats.values():
        console.print(_table(review, game, lang))
        counts = ", ".join(f"{n} {PLURALS[name] if n != 1 else name}" for name, n in review.counts().items())
        console.print(f"accuracy [bold]{review.accuracy:.1f}[/], average loss {review.average_loss:.3f}; {counts}")
        for decision in review.costliest:
            console.print(f"  costly: ply {decision.ply} {action_text(game, decision.action, lang)} "
                          f"(best {action_text(game, decision.best, lang)}), loss {decision.loss:.3f}",
                          markup=False, highlight=False)


def _table(review: SeatReview, game: Game, lang: str) -> Table:
    """One seat's decisions, each action as its label in ``lang`` (the JSON keeps the notations)."""
    table = Table(title=f"seat {review.seat} ({review.name})", title_justify="left")
    # On a narrow terminal (or a pipe, 80 columns) the actions wrap; numbers and flags never shrink.
    for column in ("ply", "action", "value", "best", "best value", "loss", "flag"):
        text = column in ("action", "best")
        table.add_column(column, overflow="fold", no_wrap=column == "flag",
                         min_width=None if text else {"ply": 3, "flag": 10}.get(column, 5),
                         justify="right" if "value" in column or column in ("ply", "loss") else "left")
    for d in review.decisions:
        flag = f"[{FLAG_STYLES[d.flag]}]{d.flag}[/]" if d.flag else ""
        best = "" if d.best == d.action else escape(action_text(game, d.best, lang))
        table.add_row(str(d.ply), escape(action_text(game, d.action, lang)), f"{d.value:.3f}", best, f"{d.best_value:.3f}", f"{d.loss:.3f}", flag)
    return table


def _plot(pyplot, analysis: Analysis, path: str) -> None:
    figure, axes = pyplot.subplots(figsize=(9, 4))
    for review in analysis.seats.values():
        plies = [d.ply for d in review.decisions]
        axes.plot(plies, [d.value for d in review.decisions], marker=".", label=f"seat {review.seat} ({review.name})")
        for d in review.decisions:
            if d.flag in ("mistake", "blunder"):
                axes.annotate("?" if d.flag == "mistake" else "??", (d.ply, d.value), ha="center", va="bottom")
    axes.axhline(0.5, color="grey", linewidth=0.5)
    axes.set(xlabel="ply", ylabel="expected result (2 players: win chance)", ylim=(0, 1),
             title=f"{analysis.game}: level {analysis.level} ({analysis.sims} simulations), seed {analysis.seed}")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)

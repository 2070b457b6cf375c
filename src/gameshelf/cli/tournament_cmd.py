"""``gameshelf tournament``: agents play many seeded games, seats rotated; a row per game is stored.

Runs on local processes (all cores by default) or on Ray (``--backend ray``; ``--ray-address`` for
an existing cluster). The same seed gives the same results whatever the backend or ``--jobs``,
except with agents on a time budget (``ismcts:seconds=...``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from gameshelf.agents import level_definitions, split_agent_list
from gameshelf.agents.registry import agents_by_seat
from gameshelf.cli.common import (
    MAX_GAMES,
    add_game_arguments,
    add_jobs_argument,
    options_from,
    output_dir,
    seed_from,
    whole,
)
from gameshelf.core.errors import BadOption, brief
from gameshelf.sim.store import FILENAME
from gameshelf.sim.store import load as load_results
from gameshelf.sim.parallel import BACKENDS, default_jobs
from gameshelf.sim.stats import duration_text, summarize
from gameshelf.sim.store import ResultStore
from gameshelf.sim.tournament import make_jobs, option_sets, resolve_game, run_tournament


DEFAULT_OUT = "tournaments"


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("tournament", help="a tournament between bots, seats rotated, with stored results")
    add_game_arguments(parser)
    parser.add_argument("--agents", required=True, help="agents, e.g. ismcts:sims=200,greedy,random")
    parser.add_argument("--games", "-n", type=whole(1, MAX_GAMES), default=100, help="number of games")
    parser.add_argument("--vary", action="append", default=[], metavar="NAME[=V1|V2...]",
                        help="an option to study: games cycle through its values (all values if none given)")
    add_jobs_argument(parser)
    parser.add_argument("--backend", choices=BACKENDS, default="local", help="where games run")
    parser.add_argument("--ray-address", default=None, help="address of an existing Ray cluster")
    parser.add_argument("--out", default=None, metavar="DIR",
                        help=f"directory for the results (default: {DEFAULT_OUT}/GAME-SEED; printed either way)")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.add_argument("--resume", action="store_true",
                        help="keep the games already stored in DIR and play only the missing ones "
                             "(also extends a tournament to a larger --games)")
    parser.add_argument("--force", action="store_true",
                        help="replace the results of a different tournament stored in DIR")
    return parser


def parse_vary(game, items: list[str]) -> dict[str, list[str]]:
    """``["map", "mode=a|b"]`` -> each option's values to cycle through."""
    known = {option.name: option for option in game.info.options.options}
    vary = {}
    for item in items:
        name, sep, values = item.partition("=")
        if name not in known:
            raise BadOption(f"{game.id} has no option {brief(name)} to vary")
        vary[name] = values.split("|") if sep else list(known[name].choices)
    return vary


def run(args: argparse.Namespace) -> int:
    game = resolve_game(args.game)
    agents = split_agent_list(args.agents)  # validates every agent's parameters before any game starts
    agents_by_seat(agents, args.players)
    seed = seed_from(args)
    sets = option_sets(game, options_from(args), parse_vary(game, args.vary))
    for options in sets:
        game.setup(args.players, options, 0)  # validates the player count and options up front
    jobs = make_jobs(args.game, agents, args.games, seed, args.players, sets)
    out = output_dir(args.out or Path(DEFAULT_OUT) / f"{game.id}-{seed}", "--out")
    config = {"game": game.id, "game_ref": args.game, "agents": agents, "games": args.games, "seed": seed,
              "players": args.players, "option_sets": sets, "backend": args.backend,
              "levels": level_definitions(agents, game)}
    if not args.resume and not args.force:
        _refuse_other_results(out, config)
    with ResultStore(out, config, resume=args.resume) as store, _progress(args.json) as progress:
        err = Console(stderr=True)
        err.print(f"results go to {escape(str(out))}", highlight=False)
        rows = list(store.rows)
        if args.resume:
            err.print(f"kept {len(rows)} stored game(s); {len(jobs) - len(rows)} to play", highlight=False)
        done = {row.index for row in rows}
        task = progress.add_task(f"{game.id} {', '.join(agents)}", total=len(jobs), completed=len(done))
        missing = [job for job in jobs if job.index not in done]
        try:
            for row in run_tournament(missing, backend=args.backend, workers=args.jobs or default_jobs(),
                                      address=args.ray_address):
                store.add(row)
                rows.append(row)
                progress.advance(task)
        except KeyboardInterrupt:
            err.print(f"interrupted after {len(rows)} of {len(jobs)} games — rerun with --resume to play "
                      f"the rest", highlight=False)
            raise
    rows.sort(key=lambda r: r.index)
    summary = {**summarize(rows, agents), "seed": seed, "option_sets": sets, "out": str(out)}
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print_summary(summary)
    return 0


def _refuse_other_results(out: Path, config: dict) -> None:
    """BadOption when ``out`` holds results of a tournament with other settings (--force replaces them)."""
    if not (out / FILENAME).is_file():
        return
    try:
        stored, _ = load_results(out)
    except BadOption:
        return
    differ = sorted(k for k in set(stored) | set(config) if k != "backend" and stored.get(k) != config.get(k))
    if differ:
        raise BadOption(f"--out {brief(str(out), 80)} holds results of another tournament (its "
                        f"{', '.join(differ)} differ): --resume continues it, --force replaces it")


def _progress(quiet: bool) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    TextColumn("ETA"), TimeRemainingColumn(), console=Console(stderr=True), transient=quiet)


def print_summary(summary: dict) -> None:
    console = Console()
    table = Table("agent", "seats played", "win rate", "95% CI", "mean score", "mean rank", "rating",
                  "CPU/decision", title=f"{summary['game']}: {summary['games']} games, seed {summary['seed']}")
    for name, a in summary["agents"].items():
        rating = f"{a['rating']:.1f} ± {a['rating_sigma']:.1f}" if a["rating"] is not None else "-"
        table.add_row(name, str(a["n"]), f"{a['win_rate']:.1%}", f"{a['ci95'][0]:.1%} – {a['ci95'][1]:.1%}",
                      _num(a["mean_score"]), _num(a["mean_rank"], 2), rating,
                      _decision_time(summary.get("decision_time", {}).get(name)))
    console.print(table)
    seats = Table("seat", "win rate", "95% CI", "mean score", title="by seat")
    for s in summary["seats"]:
        seats.add_row(str(s["seat"]), f"{s['win_rate']:.1%}", f"{s['ci95'][0]:.1%} – {s['ci95'][1]:.1%}",
                      _num(s["mean_score"]))
    console.print(seats)
    length = summary["length"]
    console.print(f"actions per game: mean {_num(length['mean'])}, min {length['min']}, max {length['max']}")
    console.print(f"results: {escape(summary['out'])}", highlight=False)


def _decision_time(timed: dict | None) -> str:
    return "-" if timed is None else duration_text(timed["mean"])


def _num(value, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"

"""``gameshelf report``: an HTML report with plots from one or more tournament directories."""

from __future__ import annotations

import argparse
from dataclasses import replace

from rich.console import Console
from rich.markup import escape

from gameshelf.cli.common import output_dir
from gameshelf.sim.report import write_report
from gameshelf.sim.store import load


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("report", help="an HTML report (with plots) of tournament results")
    parser.add_argument("dirs", nargs="+", metavar="DIR", help="tournament result directories")
    parser.add_argument("--study", action="store_true",
                        help="answer balance questions: first-player advantage, options, components")
    parser.add_argument("--out", default=None, metavar="DIR", help="where to write (default: the first DIR)")
    return parser


def run(args: argparse.Namespace) -> int:
    rows, agents, games = [], [], []
    for directory in args.dirs:
        config, found = load(directory)
        offset = len(rows)
        rows += [replace(row, index=offset + row.index) for row in found]
        agents += [a for a in config.get("agents", []) if a not in agents]
        games.append(config.get("game", "?"))
    title = f"{', '.join(dict.fromkeys(games))}: tournament report"
    out = output_dir(args.out or args.dirs[0], "--out")
    path = write_report(rows, out, agents=agents, title=title, study=args.study)
    Console().print(f"report written to {escape(str(path))}", highlight=False)
    return 0

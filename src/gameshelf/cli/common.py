"""Arguments and helpers shared by several commands."""

from __future__ import annotations

import argparse

from gameshelf.core.options import parse_assignments


def add_game_arguments(parser: argparse.ArgumentParser, *, players_default: int | None = 2) -> None:
    parser.add_argument("game", help="game id (see `gameshelf games`)")
    parser.add_argument("--players", "-p", type=int, default=players_default, help="number of players")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option; repeat for several")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: from the clock)")


def options_from(args: argparse.Namespace) -> dict[str, str]:
    return parse_assignments(args.option)


def seed_from(args: argparse.Namespace) -> int:
    if args.seed is not None:
        return args.seed
    import time

    return time.time_ns() % (1 << 62)

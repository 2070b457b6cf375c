"""Arguments and helpers shared by several commands.

Every number typed on the command line goes through :func:`gameshelf.core.notation.parse_int`
(ASCII digits, bounded); every path a command writes to is checked before any game starts.
"""

from __future__ import annotations

import argparse
import difflib
from pathlib import Path
from typing import Callable

from gameshelf.core.chance import MAX_SEED, fresh_seed
from gameshelf.core.errors import BadNotation, BadOption, brief
from gameshelf.core.notation import parse_int
from gameshelf.core.game import Game
from gameshelf.core.options import parse_assignments
from gameshelf.games import game_ids, get_game

MAX_PLAYERS = 99
MAX_GAMES = 10**6
MAX_JOBS = 1024


def whole(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number in ASCII digits from ``lo`` to ``hi``."""
    def convert(text: str) -> int:
        try:
            return parse_int(text, what="the value", lo=lo, hi=hi)
        except BadNotation as exc:
            raise argparse.ArgumentTypeError(exc.message) from None

    convert.__name__ = "whole number"
    return convert


def find_game(name: str) -> Game:
    """The game with id ``name`` in any case (``Borealis``, ``midnight-zoo``), or BadOption with
    the nearest id as a suggestion."""
    wanted = name.strip().lower().replace("-", "_").replace(" ", "_")
    if wanted in game_ids():
        return get_game(wanted)
    near = difflib.get_close_matches(wanted, game_ids(), n=1, cutoff=0.5)
    hint = f"; did you mean {near[0]}?" if near else ""
    raise BadOption(f"unknown game {brief(name, 60)}{hint} (known games: {', '.join(game_ids())})")


def add_game_arguments(parser: argparse.ArgumentParser, *, players_default: int | None = 2,
                       game_optional: bool = False) -> None:
    parser.add_argument("game", nargs="?" if game_optional else None, help="game id (see `gameshelf games`)")
    parser.add_argument("--players", "-p", type=whole(1, MAX_PLAYERS), default=players_default,
                        help="number of players")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option; repeat for several")
    parser.add_argument("--seed", type=whole(0, MAX_SEED), default=None,
                        help=f"random seed, 0 to {MAX_SEED} (default: an unpredictable one)")


def add_jobs_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", "-j", type=whole(1, MAX_JOBS), default=None,
                        help="worker processes (default: all cores)")


def options_from(args: argparse.Namespace) -> dict[str, str]:
    return parse_assignments(args.option)


def seed_from(args: argparse.Namespace) -> int:
    """The ``--seed`` given, or an unpredictable one (``secrets``: a clock can be guessed)."""
    return args.seed if args.seed is not None else fresh_seed()


def output_dir(path: str | Path, flag: str) -> Path:
    """``path`` as a folder to write into, created if missing; BadOption if it cannot be."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise BadOption(f"{flag} {brief(str(folder), 80)} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadOption(f"{flag} {brief(str(folder), 80)}: cannot create the folder "
                        f"({exc.strerror or type(exc).__name__})") from None
    return folder


def output_file(path: str | Path, flag: str) -> Path:
    """``path`` as a file to (over)write later, checked now: its folder exists and it is writable."""
    target = Path(path)
    if target.is_dir():
        raise BadOption(f"{flag} {brief(str(target), 80)} is a folder, not a file")
    if not target.parent.is_dir():
        raise BadOption(f"{flag} {brief(str(target), 80)}: the folder {brief(str(target.parent), 80)} does not exist")
    try:
        with target.open("a", encoding="utf-8"):
            pass
    except (OSError, ValueError) as exc:
        raise BadOption(f"{flag} {brief(str(target), 80)}: cannot write there "
                        f"({getattr(exc, 'strerror', None) or type(exc).__name__})") from None
    return target

"""Entry point: one subcommand per module, each with ``add_parser`` and ``run``."""

from __future__ import annotations

import argparse
import sys
from importlib import import_module

from rich.console import Console

from gameshelf.core.errors import GameError

COMMANDS = ["games", "play", "simulate", "replay", "tournament", "report", "serve"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gameshelf",
        description="Play, simulate and analyse four modern board games with exact rules.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        module = import_module(f"gameshelf.cli.{name}_cmd")
        module.add_parser(sub).set_defaults(handler=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except GameError as exc:
        Console(stderr=True, soft_wrap=True).print(f"[bold red]error[/] ({exc.code}): {exc}", markup=True, highlight=False)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())

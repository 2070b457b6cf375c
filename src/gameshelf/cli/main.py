"""Entry point: one subcommand per module, each with ``add_parser`` and ``run``.

Every error a user can cause ends in one line on stderr and exit code 2: a GameError from a
command, or a bad argument (the parser's errors are one line too).
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib import import_module

from rich.console import Console
from rich.markup import escape

from gameshelf.core.errors import GameError

COMMANDS = ["games", "play", "learn", "puzzle", "simulate", "replay", "tournament", "report", "analyze", "serve"]


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (and exit code 2), like every other error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        one_line = " ".join(message.split())
        self.exit(2, f"error (cli.usage): {self.prog}: {one_line} (see {self.prog} --help)\n")


class DefaultsFormatter(argparse.HelpFormatter):
    """``--help`` shows each option's default, unless it is empty or the help already says it."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        empty = action.default is None or action.default is False or action.default == [] \
            or action.default == argparse.SUPPRESS
        if "default" in text or empty or not action.option_strings:
            return text
        return text + " (default: %(default)s)"


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="gameshelf",
        description="Play, simulate and analyse four modern board games with exact rules.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        module = import_module(f"gameshelf.cli.{name}_cmd")
        command = module.add_parser(sub)
        command.formatter_class = DefaultsFormatter
        command.set_defaults(handler=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    try:
        return int(args.handler(args) or 0)
    except GameError as exc:
        message = " ".join(str(exc).split())
        Console(stderr=True, soft_wrap=True).print(f"[bold red]error[/] ({exc.code}): {escape(message)}",
                                                   markup=True, highlight=False)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``gameshelf replay FILE | head``): stop quietly, as the shell does.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())

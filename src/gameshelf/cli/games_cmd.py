"""``gameshelf games [GAME]``: the games, or one game's player counts and options."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table
from rich.text import Text

from gameshelf.cli.common import find_game
from gameshelf.games import all_games, problems


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("games", help="list the games, or one game's options")
    parser.add_argument("game", nargs="?", help="a game id")
    parser.add_argument("--actions", action="store_true",
                        help="print the size of the game's RL action enumeration (gameshelf.rl.actions)")
    return parser


def run(args: argparse.Namespace) -> int:
    console = Console()
    if args.game is None:
        table = Table("id", "title", "タイトル", "players")
        for game in all_games():
            info = game.info
            table.add_row(info.id, info.titles["en"], info.titles.get("ja", ""), _counts(info.player_counts))
        console.print(table)
        for problem in problems():  # a broken plugin is named, never a traceback
            console.print(Text.assemble(("plugin problem: ", "yellow"), problem))
        return 0
    info = find_game(args.game).info
    if args.actions:
        from gameshelf.rl.actions import action_space
        for players in info.player_counts:
            console.print(f"{info.id} {players} players: {action_space(info.id, players).size} action ids")
        return 0
    console.print(f"[bold]{info.titles['en']}[/] / {info.titles.get('ja', '')}  ({info.id}, rules {info.rules_version})")
    console.print(f"players: {_counts(info.player_counts)}")
    if not list(info.options):
        console.print("no options")
        return 0
    table = Table("option", "values", "default", "help")
    table.columns[0].no_wrap = True      # an option name is typed: never cut it, wrap the help instead
    table.columns[2].no_wrap = True
    table.columns[3].overflow = "fold"  # a long word in the help is folded, never cut
    for option in info.options:
        table.add_row(option.name, " | ".join(option.choices), option.default, option.help)
    console.print(table)
    return 0


def _counts(counts: tuple[int, ...]) -> str:
    return ", ".join(map(str, counts))

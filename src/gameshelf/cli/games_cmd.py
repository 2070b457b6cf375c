"""``gameshelf games [GAME]``: the games, or one game's player counts and options."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from gameshelf.games import all_games, get_game


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
        return 0
    info = get_game(args.game).info
    if args.actions:
        from gameshelf.rl.actions import action_space
        for players in info.player_counts:
            console.print(f"{info.id} {players} players: {action_space(info.id, players).size} action ids")
        return 0
    console.print(f"[bold]{info.titles['en']}[/] / {info.titles.get('ja', '')}  ({info.id}, rules {info.rules_version})")
    console.print(f"players: {_counts(info.player_counts)}")
    table = Table("option", "values", "default", "help")
    for option in info.options:
        table.add_row(option.name, " | ".join(option.choices), option.default, option.help)
    console.print(table)
    return 0


def _counts(counts: tuple[int, ...]) -> str:
    return ", ".join(map(str, counts))

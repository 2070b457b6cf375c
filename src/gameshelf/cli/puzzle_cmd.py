"""``gameshelf puzzle GAME``: find the best move in positions mined from bot games.

Each puzzle shows the deciding seat's view only; after a guess it tells the answer, the margin by
which the hard analysis prefers it, and the reason.
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.markup import escape

from gameshelf.cli.common import find_game, whole
from gameshelf.core.errors import BadOption, GameError
from gameshelf.learn.payload import OPPONENT, seat_names
from gameshelf.learn.puzzles import load_puzzles
from gameshelf.learn.terminal import as_notation, ask, show_position
from gameshelf.learn.texts import ui

QUIT = ("q", "quit", "exit")


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("puzzle", help="find-the-best-move puzzles of a game",
                            description="Puzzles mined from bot games and checked by the hard analysis: find "
                                        "the best move; the answer and its reason follow your guess.")
    parser.add_argument("game", help="game id (see `gameshelf games`)")
    parser.add_argument("--number", "-n", type=whole(1, 10_000), default=1, help="start at this puzzle")
    parser.add_argument("--lang", choices=["en", "ja"], default="en", help="language of the texts")
    return parser


def run(args: argparse.Namespace) -> int:
    game = find_game(args.game)
    puzzles = load_puzzles(game.id)
    console, lang = Console(), args.lang
    if not puzzles:
        console.print(escape(ui("no_puzzles", lang)))
        return 0
    if args.number > len(puzzles):
        raise BadOption(f"{game.id} has puzzles 1 to {len(puzzles)}, not {args.number}")
    for number in range(args.number, len(puzzles) + 1):
        puzzle = puzzles[number - 1]
        state = puzzle.state(game)
        names = seat_names(game.num_players(state), puzzle.seat, lang, OPPONENT[lang])
        console.rule(ui("puzzle", lang, n=number, total=len(puzzles)))
        legal = show_position(console, game, state, puzzle.seat, lang, names)
        guess = None
        while guess is None:
            answer = ask(console, ui("prompt", lang))
            if answer is None or answer.strip().lower() in QUIT:
                return 0
            try:
                action = game.parse_action(as_notation(answer, legal))
            except GameError as exc:
                console.print(escape(ui("notation", lang, message=str(exc))), style="red")
                continue
            if action not in legal:
                console.print(escape(ui("illegal", lang, message=str(game.why_illegal(state, action)))), style="red")
                continue
            guess = action
        label = game.action_label(game.parse_action(puzzle.answer), lang)
        right = str(guess) == puzzle.answer
        console.print(escape(ui("right" if right else "wrong", lang, label=label)),
                      style="bold green" if right else "bold red")
        console.print(escape(puzzle.reason.get(lang, puzzle.reason.get("en", ""))))
        console.print(escape(ui("margin", lang, margin=puzzle.margin)), style="dim")
    return 0

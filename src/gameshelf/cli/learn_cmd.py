"""``gameshelf learn GAME``: the guided first game in the terminal, then a real game against easy.

Each step shows the learner's view, the rule at work and the move wanted; the player types a
menu number or a notation and the step goes on only with the step's move (or any move, where the
step says so). A legal move that is not the step's is answered with why the step wants another,
an illegal one with the engine's reason.
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.markup import escape

from gameshelf.cli.common import find_game, whole
from gameshelf.core.errors import BadOption
from gameshelf.learn import tutorial as tut
from gameshelf.learn.terminal import as_notation, ask, show_position
from gameshelf.learn.texts import ui

QUIT = ("q", "quit", "exit")


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("learn", help="a guided first game of a game, step by step",
                            description="Learn a game: a short guided game through the real rules, each step "
                                        "explaining the rule at work, then a real game against the easy bot.")
    parser.add_argument("game", help="game id (see `gameshelf games`)")
    parser.add_argument("--lang", choices=["en", "ja"], default="en", help="language of the texts")
    parser.add_argument("--step", type=whole(1, tut.MAX_STEPS), default=1, help="start at this step")
    parser.add_argument("--no-game", action="store_true", help="do not offer the real game at the end")
    return parser


def run(args: argparse.Namespace) -> int:
    game = find_game(args.game)
    tutorial = tut.load_tutorial(game.id)
    if args.step > len(tutorial.steps):
        raise BadOption(f"the {game.id} tutorial has steps 1 to {len(tutorial.steps)}, not {args.step}")
    console, lang = Console(), args.lang
    console.print(f"[bold]{escape(game.info.titles.get(lang, game.id))}[/]")
    console.print(escape(tutorial.intro[lang]))
    for index in range(args.step - 1, len(tutorial.steps)):
        if not play_step(console, tutorial, index, lang):
            return 0
    console.print(f"[bold green]{escape(ui('finished', lang))}[/] {escape(tutorial.outro[lang])}")
    if args.no_game:
        return 0
    answer = ask(console, ui("play_now", lang))
    if answer is None or answer.strip().lower() not in ("y", "yes", "はい"):
        return 0
    from gameshelf.cli.main import main

    return main(["play", game.id, "--players", "2", "--bots", "easy", "--lang", lang])


def play_step(console: Console, tutorial: tut.Tutorial, index: int, lang: str) -> bool:
    """Run one step until its move is played; False when the player quits."""
    game = find_game(tutorial.game)
    step = tutorial.steps[index]
    state = tut.state_at(tutorial, index)
    console.rule(ui("step", lang, n=index + 1, total=len(tutorial.steps)))
    legal = show_position(console, game, state, tutorial.seat, lang)
    console.print(f"[bold cyan]{escape(ui('rule', lang, rule=step.rule))}[/] {escape(step.text[lang])}")
    label = tut.step_label(tutorial, index, lang)
    console.print(escape(ui("do", lang, label=label) if label else ui("do_any", lang)), style="bold")
    while True:
        answer = ask(console, ui("prompt", lang))
        if answer is None or answer.strip().lower() in QUIT:
            return False
        text = answer.strip()
        if text in ("?", "help"):
            console.print(escape(ui("help", lang)))
            continue
        if text in ("h", "hint") and step.move is not None:
            console.print(escape(ui("hint", lang, label=label, notation=step.move)))
            continue
        verdict = tut.judge(tutorial, index, as_notation(text, legal), lang)
        console.print(escape(verdict.message), style="green" if verdict.ok else "red", highlight=False)
        if verdict.ok:
            return True

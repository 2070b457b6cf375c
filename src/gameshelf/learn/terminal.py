"""The terminal side of learning, shared by ``gameshelf learn`` and ``gameshelf puzzle``: draw one
seat's view with the game's terminal renderer, list the legal actions, read a choice."""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Console
from rich.markup import escape

from gameshelf.cli.render import render_view
from gameshelf.cli.screen import menu_line
from gameshelf.core.game import Action, Game
from gameshelf.learn.payload import seat_names


def show_position(console: Console, game: Game, state: Any, seat: int, lang: str,
                  names: Sequence[str] | None = None) -> list[Action]:
    """Print ``seat``'s view and its numbered legal actions; returns them in menu order."""
    names = list(names) if names is not None else seat_names(game.num_players(state), seat, lang)
    console.print(render_view(game, game.view(state, seat), names, lang))
    decision = game.decision(state)
    if decision is not None and decision.seat == seat:
        console.print(escape(game.prompt_text(decision, names, lang)), style="bold")
    legal = game.legal_actions(state)
    for number, action in enumerate(legal, 1):
        console.print(menu_line(number, game.action_label(action, lang), str(action)), highlight=False)
    return legal


def as_notation(answer: str, legal: Sequence[Action]) -> str:
    """A menu number becomes that action's notation; anything else is taken as notation."""
    text = answer.strip()
    if text.isdigit() and 1 <= int(text) <= len(legal):
        return str(legal[int(text) - 1])
    return text


def ask(console: Console, prompt: str) -> str | None:
    """One line from the player, or None at the end of the input."""
    try:
        return console.input(prompt)
    except EOFError:
        return None

"""Terminal renderers, one module per game, drawing a seat's view (never the state)."""

from __future__ import annotations

import json
from importlib import import_module

from rich.console import RenderableType
from rich.panel import Panel
from rich.syntax import Syntax

from gameshelf.core.game import Game


def render_view(game: Game, view: dict, names: list[str], lang: str = "en") -> RenderableType:
    """The game's own drawing of ``view``, or the view as JSON for a game without one."""
    try:
        module = import_module(f"gameshelf.cli.render.{game.id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"gameshelf.cli.render.{game.id}":
            raise
        text = json.dumps(view, ensure_ascii=False, indent=1)
        return Panel(Syntax(text, "json", word_wrap=True), title=game.info.titles.get(lang, game.id))
    return module.render(view, names, lang)

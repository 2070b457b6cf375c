"""Terminal renderers, one module per game, drawing a seat's view (never the state)."""

from __future__ import annotations

import json
from importlib import import_module

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.panel import Panel
from rich.syntax import Syntax
from rich.text import Text

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


class Packed:
    """Texts laid out left to right, a new line when the next one does not fit (never split)."""

    def __init__(self, items: list[Text], head: Text | None = None, gap: int = 3) -> None:
        self.items, self.head, self.gap = items, head, gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = self.head.copy() if self.head is not None else Text()
        for item in self.items:
            sep = " " * self.gap if line.plain.strip() else ("" if not line.plain else " ")
            if line.plain and line.cell_len + len(sep) + item.cell_len > width:
                yield line
                line = Text(" " * min(self.gap, 4))
                sep = ""
            line.append(sep)
            line.append_text(item)
        yield line

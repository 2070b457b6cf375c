"""Terminal renderers, one module per game, drawing a seat's view (never the state); a game without
one (a plugin) gets :func:`generic_view`."""

from __future__ import annotations

import json
from importlib import import_module
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.core.game import Game

SEAT_FIELDS = ("seat", "to_act")  # the view header's fields that hold a seat number
SHOWN_ELSEWHERE = ("game", "players", "over", "decision")  # the title, the names, the prompt, the end


def render_view(game: Game, view: dict, names: list[str], lang: str = "en") -> RenderableType:
    """The game's own drawing of ``view``, or :func:`generic_view` for a game without one."""
    try:
        module = import_module(f"gameshelf.cli.render.{game.id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"gameshelf.cli.render.{game.id}":
            raise
        return generic_view(game, view, names, lang)
    return module.render(view, names, lang)


def generic_view(game: Game, view: dict, names: list[str], lang: str = "en") -> RenderableType:
    """Any game's view as a table: each field named by the game's terms (data/terms.yaml) or by its
    key, a seat number by the seat's name, a list with one value per seat as ``name: value``."""
    terms = getattr(game, "terms", None) or {}

    def term(key: str) -> str:
        entry = terms.get(key)
        if isinstance(entry, dict):
            return str(entry.get(lang) or entry.get("en") or key)
        return key.replace("_", " ")

    def shown(key: str, value: Any) -> str:
        if key in SEAT_FIELDS and type(value) is int and 0 <= value < len(names):
            return names[value]
        if value is None or value == []:
            return "–"
        if isinstance(value, bool):
            return "✓" if value else "✗"
        if isinstance(value, list) and all(not isinstance(v, (list, dict)) for v in value):
            if len(value) == len(names) and key.endswith("s"):
                return "   ".join(f"{name}: {shown('', v)}" for name, v in zip(names, value))
            return " ".join(shown("", v) for v in value)
        if isinstance(value, dict):
            return "   ".join(f"{term(k)}: {shown(k, v)}" for k, v in value.items())
        if isinstance(value, list):
            return json.dumps(value, ensure_ascii=False)
        return str(value)

    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    for key, value in view.items():
        if key not in SHOWN_ELSEWHERE:
            table.add_row(term(key), Text(shown(key, value)))
    return Panel(table, title=game.info.titles.get(lang, game.id), expand=False)


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

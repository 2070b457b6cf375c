"""One screen of terminal play: the board, the latest log lines, the decision and a page of the menu.

Everything is measured at the console's width so the whole screen fits its height (120x40 is the
size the tests draw at): the board first, then as many menu entries as fit (at least a few; the
rest on further pages), then the newest log lines in the space that is left.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType
from typing import Any, Sequence

from rich.console import Console, Group, RenderableType
from rich.text import Text

from gameshelf.cli.render import render_view
from gameshelf.core.game import Game

MIN_MENU = 6      # menu entries shown even when the board is tall
FIXED_LINES = 3   # the decision line, the menu's footer, the input line
LOG_LINES = 5     # the newest log lines, when there is room

UI: dict[str, dict[str, str]] = {
    "en": {
        "footer": "?: help   hint   undo   explain NAME   log   q: quit",
        "page": "page {page}/{pages}: m more, a all",
        "all": "all {n} choices: m back to pages",
        "earlier": "… {n} earlier line(s): type log",
        "decision": "Decision",
    },
    "ja": {
        "footer": "?: ヘルプ   hint: ヒント   undo: 取り消し   explain 名前: 説明   log: 記録   q: 終了",
        "page": "{page}/{pages} ページ: m 次へ、a すべて",
        "all": "全 {n} 件: m でページ表示に戻る",
        "earlier": "… ほか {n} 行: log で表示",
        "decision": "決定",
    },
}


def renderer(game: Game) -> ModuleType | None:
    """The game's renderer module (cli/render/<id>.py), or None for a game without one."""
    try:
        return import_module(f"gameshelf.cli.render.{game.id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"gameshelf.cli.render.{game.id}":
            raise
        return None


def height_of(console: Console, renderable: RenderableType, width: int) -> int:
    """How many lines ``renderable`` takes at ``width``."""
    return len(console.render_lines(renderable, console.options.update(width=width, height=None), pad=False))


def menu_line(number: int, label: str, notation: str, marked: bool = False) -> Text:
    text = Text(f"{'*' if marked else ' '}{number:>3}  ", style="cyan")
    text.append(label)
    if notation != label:
        text.append(f"  {notation}", style="dim")
    return text


@dataclass
class Screen:
    """What one screen shows; :meth:`draw` lays it out for a console's size."""

    game: Game
    view: dict
    names: Sequence[str]
    lang: str
    decision: str
    menu: list[tuple[str, str]]            # (label, notation) per legal action, in menu order
    targets: dict = field(default_factory=dict)   # notation -> the view ids it targets (Decision)
    log: list[str] = field(default_factory=list)
    page: int = 0
    show_all: bool = False
    notes: list[str] = field(default_factory=list)

    def pages(self, per_page: int) -> int:
        return max(1, -(-len(self.menu) // max(1, per_page)))

    def draw(self, console: Console, width: int | None = None, height: int | None = None,
             full_log: bool = False) -> list[RenderableType]:
        """The renderables of the screen, fitted to ``width`` x ``height`` (the console's by default).

        ``full_log`` shows every log line (for a stream that is not a terminal, where nothing is
        redrawn and each line is printed once).
        """
        width = width or console.width
        height = height or console.height
        ui = UI.get(self.lang, UI["en"])
        board = render_view(self.game, self.view, list(self.names), self.lang)
        used = height_of(console, board, width) + FIXED_LINES + len(self.notes)
        module = renderer(self.game)
        annotate = getattr(module, "annotate", None)
        entries = [menu_line(i, label + (annotate(self.view, tuple(self.targets.get(notation, ())), self.lang)
                                         if annotate else ""), notation)
                   for i, (label, notation) in enumerate(self.menu, 1)]
        per_page = self._per_page(console, entries, width, max(MIN_MENU, height - used - min(len(self.log), 2)))
        pages = self.pages(per_page)
        self.page %= pages
        shown = entries if self.show_all else entries[self.page * per_page:(self.page + 1) * per_page]
        used += sum(_rows(console, e, width) for e in shown)
        log = self._log_lines(console, width, max(0, height - used - 1), ui, full_log)
        footer = Text(ui["footer"], style="dim")
        if self.show_all and pages > 1:
            footer.append("   " + ui["all"].format(n=len(entries)), style="bold")
        elif pages > 1:
            footer.append("   " + ui["page"].format(page=self.page + 1, pages=pages), style="bold")
        head = Text(f"{ui['decision']}: ", style="bold")
        head.append(self.decision, style="bold green")
        parts: list[RenderableType] = [board, *log, head, *shown, footer]
        parts += [Text(note, style="yellow") for note in self.notes]
        return parts

    def _per_page(self, console: Console, entries: list[Text], width: int, room: int) -> int:
        rows, count = 0, 0
        for entry in entries:
            rows += _rows(console, entry, width)
            if rows > room:
                break
            count += 1
        return max(1, count) if count < len(entries) else max(1, len(entries))

    def _log_lines(self, console: Console, width: int, room: int, ui: dict, full: bool) -> list[Text]:
        lines = [Text(f"  · {line}") for line in self.log]
        if full or not lines:
            return lines
        kept: list[Text] = []
        rows = 0
        for line in reversed(lines):
            rows += _rows(console, line, width)
            if rows > min(room, LOG_LINES + 1) - (1 if len(kept) + 1 < len(lines) else 0):
                break
            kept.insert(0, line)
        dropped = len(lines) - len(kept)
        if dropped:
            kept.insert(0, Text(ui["earlier"].format(n=dropped), style="dim"))
        return kept


def _rows(console: Console, text: Text, width: int) -> int:
    return max(1, -(-text.cell_len // width)) if "\n" not in text.plain else height_of(console, text, width)


def as_group(parts: list[RenderableType]) -> Group:
    return Group(*parts)


def label_of(game: Game, action: Any, lang: str) -> tuple[str, str]:
    return game.action_label(action, lang), str(action)

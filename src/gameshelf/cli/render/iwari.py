"""Terminal drawing of an Iwari view: the map as a grid of territories (tents and totems by
tribe colour, feat tokens), the alliance lines (mountains, feats), display, hand and scores."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.catalog import BIOMES, MAPS
from gameshelf.games.iwari.labels import LABELS

TRIBE_COLOURS = ("bright_cyan", "bright_magenta", "bright_white", "bright_green", "bright_blue")
THIRD_COLOUR = "purple"
BIOME_STYLE = {b.id: {"orange": "dark_orange"}.get(b.colour, b.colour) for b in BIOMES}
# en/ja strings from the game's data/labels.yaml: {lang: {key: text}}
TEXT = {lang: {key: texts[lang] for key, texts in LABELS["render"].items()} for lang in ("en", "ja")}


def _tribe_style(tribe: int, players: int) -> str:
    return THIRD_COLOUR if tribe >= players else TRIBE_COLOURS[tribe % len(TRIBE_COLOURS)]


def _cards(cards: list[str], lang: str) -> Text:
    text = Text()
    for c in cards:
        text.append(f"[{GAME.term(c, lang)}] ", style=f"bold {BIOME_STYLE[c]}")
    return text


def _territory(view: dict, m, t, players: int, lang: str) -> Panel:
    tents = view["tents"]
    body = Text()
    road = set(m.long_road_spaces)
    for sp in t.spaces:
        owner = tents.get(m.space_ids[sp])
        on_road = " underline" if sp in road else ""
        if owner is None:
            body.append("◦" if on_road else "·", style="magenta" if on_road else "dim")
        else:
            body.append("▲", style=f"bold {_tribe_style(owner, players)}{on_road}")
    body.append("  ")
    totems = view["totems"].get(t.id, [])
    if not t.totem_space:
        body.append("no totem", style="dim")
    for tribe, n in enumerate(totems):
        body.append("I" * n, style=f"bold {_tribe_style(tribe, players)}")
    feats = view["territory_feats"].get(t.id, 0)
    if feats:
        body.append(" " + "★" * feats, style="bold yellow")
    biome = BIOMES[t.biome].id
    return Panel(body, title=Text(t.id, style=f"bold {BIOME_STYLE[biome]}"),
                 subtitle=Text(GAME.term(biome, lang), style=BIOME_STYLE[biome]), padding=(0, 1))


def _board(view: dict, m, players: int, lang: str) -> Table:
    grid = Table.grid(padding=(0, 1))
    placed = {c for row in m.layout for c in row}
    rows = [list(r) for r in m.layout] + [[t.id for t in m.territories if t.id not in placed]]
    for row in rows:
        if row:
            grid.add_row(*(Text("") if c == "." else _territory(view, m, m.territories[m.terr_index[c]], players, lang)
                           for c in row))
    return grid


def _lines(view: dict, m, lang: str) -> Table:
    table = Table(title=TEXT[lang]["lines"], show_edge=False, pad_edge=False)
    for head in ("#", "—/≈", "⛰", "★"):
        table.add_column(head)
    blocked = set(view["mountains"])
    for ln in m.lines:
        a, b = m.territories[ln.a].id, m.territories[ln.b].id
        mark = Text(f"⛰ {TEXT[lang]['blocked']}", style="bold red") if ln.n in blocked else Text(
            f"({'^' * ln.icon})" if ln.icon else "", style="dim")
        feats = view["line_feats"].get(str(ln.n), 0)
        table.add_row(str(ln.n), f"{a}{'—' if ln.kind == 'land' else '≈'}{b}", mark,
                      Text("★" * feats, style="bold yellow"))
    return table


def _scores(view: dict, names: list[str], lang: str) -> Table:
    tx = TEXT[lang]
    players = view["players"]
    table = Table(show_edge=False, pad_edge=False)
    for head in ("", tx["score"], tx["tents"], tx["totems"], "🂠"):
        table.add_column(head)
    for tribe in range(view["tribes"]):
        name = names[tribe] if tribe < players and tribe < len(names) else tx["third"]
        marker = "▶ " if tribe == view["current"] and view["decision"] is not None else "  "
        supply = view["supply"][tribe]
        hand = str(view["hand_sizes"][tribe]) if tribe < players else ""
        table.add_row(Text(marker + name, style=f"bold {_tribe_style(tribe, players)}"),
                      str(view["scores"][tribe]), str(supply["tents"]), str(supply["totems"]), hand)
    return table


def render(view: dict, names: list[str], lang: str = "en"):
    """The whole view as a rich renderable (no state access: the view and static map data only)."""
    lang = lang if lang in TEXT else "en"
    tx = TEXT[lang]
    m = MAPS[view["map"]]
    players = view["players"]
    cards = Table.grid(padding=(0, 2))
    discard = [b for b, n in view["discard"].items() for _ in range(n)]
    cards.add_row(Text(tx["display"] + ":"), _cards(view["display"], lang))
    cards.add_row(Text(tx["deck"] + ":"), Text(f"{view['deck_size']}" +
                  (f" ({tx['exhausted']} ×{view['exhaustions']})" if view["exhaustions"] else "")))
    cards.add_row(Text(tx["discard"] + ":"), Text(str(len(discard))))
    if view.get("hand") is not None:
        cards.add_row(Text(tx["hand"] + ":", style="bold"), _cards(view["hand"], lang))
    if view["expeditions"]:
        cards.add_row(Text(tx["exp"] + ":"), Text(", ".join(
            f"{e} {view['expeditions_scored'][i]}" for i, e in enumerate(view["expeditions"]))))
    top = view["pending"][-1] if view["pending"] else {}
    about = top.get("territory") or top.get("feat") or ""
    cards.add_row(Text(tx["pending"] + ":"), Text(f"{view['decision'] or tx['over']} {about}".strip()))
    legend = Text("▲ tent/テント  I totem/トーテム  ★ feat/偉業  ⛰ mountain/山岳  (^) icon size", style="dim")
    side = Group(_scores(view, names, lang), Text(""), cards, legend)
    top = Table.grid(padding=(0, 2))
    top.add_row(_board(view, m, players, lang), _lines(view, m, lang))
    return Group(top, side)

"""Terminal drawing of an Iwari view: the map as a grid of territories (tents and totems by
tribe colour, feat tokens), the alliance lines (mountains, feats), display, hand and scores."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.cli.render import Packed
from gameshelf.core.data import load_yaml
from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.catalog import BIOMES, DATA, FEATS, MAPS
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


SEAT = "ABCDE"


def tribe_letter(tribe: int, players: int) -> str:
    """A tribe's letter on the board (pieces read without colour): seats A-E, the third tribe X."""
    return "X" if tribe >= players else SEAT[tribe % len(SEAT)]


def _title(t, m) -> str:
    """``N02 n07-11``: the territory and the ids of its tent spaces."""
    first, last = m.space_ids[t.spaces[0]], m.space_ids[t.spaces[-1]]
    return f"{t.id} {first}-{last[-2:]}" if len(t.spaces) > 1 else f"{t.id} {first}"


def _territory(view: dict, m, t, players: int, lang: str) -> Panel:
    tents = view["tents"]
    body = Text()
    road = set(m.long_road_spaces or ())
    for sp in t.spaces:
        owner = tents.get(m.space_ids[sp])
        if sp in road:
            body.append("=", style="magenta")
        if owner is None:
            body.append(m.space_ids[sp][-1], style="dim underline" if sp in road else "dim")
        else:
            body.append(tribe_letter(owner, players), style=f"bold reverse {_tribe_style(owner, players)}")
    body.append("|", style="dim")
    totems = view["totems"].get(t.id, [])
    if not t.totem_space:
        body.append("-", style="dim")
    for tribe, n in enumerate(totems):
        if n:
            body.append(f"{tribe_letter(tribe, players)}{n}", style=f"bold {_tribe_style(tribe, players)}")
    feats = view["territory_feats"].get(t.id, 0)
    if feats:
        body.append("*" * feats, style="bold yellow")
    biome = BIOMES[t.biome].id
    return Panel(body, title=Text(_title(t, m), style=f"bold {BIOME_STYLE[biome]}"),
                 subtitle=Text(GAME.term(biome, lang), style=BIOME_STYLE[biome]), padding=(0, 0), width=16)


def _board(view: dict, m, players: int, lang: str) -> Table:
    grid = Table.grid(padding=(0, 0))
    placed = {c for row in m.layout for c in row}
    rows = [list(r) for r in m.layout] + [[t.id for t in m.territories if t.id not in placed]]
    for row in rows:
        if row:
            grid.add_row(*(Text("") if c == "." else _territory(view, m, m.territories[m.territory_index[c]], players, lang)
                           for c in row))
    return grid


def _lines(view: dict, m, lang: str) -> Packed:
    """Every alliance line on a few lines: ``8 N05-N06 M`` (number, territories, ^ icon, M mountain, * feats)."""
    blocked = set(view["mountains"])
    items = []
    for ln in m.lines:
        a, b = m.territories[ln.a].id, m.territories[ln.b].id
        item = Text(f"{ln.n}:", style="bold")
        item.append(f"{a}{'-' if ln.kind == 'land' else '~'}{b}", style="" if ln.kind == "land" else "bright_blue")
        if ln.n in blocked:
            item.append(" M", style="bold red")
        elif ln.icon:
            item.append(" " + "^" * ln.icon, style="dim")
        feats = view["line_feats"].get(str(ln.n), 0)
        if feats:
            item.append(" " + "*" * feats, style="bold yellow")
        items.append(item)
    return Packed(items, head=Text(TEXT[lang]["lines"] + ":", style="bold"), gap=2)


def _feats(view: dict, players: int, lang: str) -> Text:
    """Each feat, the letters of the tribes that earned it and a dot per slot left."""
    text = Text()
    for k, feat in enumerate(FEATS):
        earned = view["feats_earned"].get(feat.id, [])
        text.append(("  " if k else "") + GAME.term(feat.id, lang) + " ")
        for tribe in earned:
            text.append(tribe_letter(tribe, players), style=f"bold {_tribe_style(tribe, players)}")
        text.append("·" * max(0, feat.tokens - len(earned)), style="dim")
    return text


def _scores(view: dict, names: list[str], lang: str) -> Table:
    tx = TEXT[lang]
    players = view["players"]
    table = Table(show_edge=False, pad_edge=False, box=box.SIMPLE_HEAD, padding=(0, 1))
    for head in ("", tx["score"], "▲ " + tx["tents"], "I " + tx["totems"], tx["cards_n"]):
        table.add_column(head)
    for tribe in range(view["tribes"]):
        name = names[tribe] if tribe < players and tribe < len(names) else tx["third"]
        marker = "▶ " if tribe == view["to_act"] else "  "
        supply = view["supply"][tribe]
        hand = str(view["hand_sizes"][tribe]) if tribe < players else ""
        table.add_row(Text(f"{marker}{tribe_letter(tribe, players)} {name}", style=f"bold {_tribe_style(tribe, players)}"),
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
    if view["options"].get("feats") != "off":
        cards.add_row(Text(tx["feats"] + ":"), _feats(view, players, lang))
    if view["expeditions"]:
        exp = Text()
        for i, e in enumerate(view["expeditions"]):
            exp.append(("  " if i else "") + e + " ")         # the id: explain X06 gives its mission
            for tribe in view["expeditions_scored"][i]:
                exp.append(tribe_letter(tribe, players), style=f"bold {_tribe_style(tribe, players)}")
            exp.append("·" * max(0, 2 - len(view["expeditions_scored"][i])), style="dim")
        cards.add_row(Text(tx["exp"] + ":"), exp)
    if view["over"]:
        cards.add_row(Text(tx["over"], style="bold"), Text(""))
    top = Table.grid(padding=(0, 2))
    top.add_row(_board(view, m, players, lang), Group(_scores(view, names, lang), cards))
    parts = [top, _lines(view, m, lang)]
    if view["over"] and view["tribes"] > players and view.get("final"):
        parts += _third_tribe_sheet(view, names, lang)
    return Group(*parts)


def _third_tribe_sheet(view: dict, names: list[str], lang: str) -> list:
    """With 2 players, the final points of all three tribes (the game's score sheet lists the
    players only), and the R46 line when the third tribe has the most."""
    tx = TEXT[lang]
    players = view["players"]
    finals = view["final"]
    extra = {"interim": view.get("interim"), "expeditions": view.get("expedition_points")}
    extra = {k: v for k, v in extra.items() if isinstance(v, list) and len(v) == view["tribes"]}
    finals = [{**{k: v[t] for k, v in extra.items() if k == "interim"}, **f,
               **{k: v[t] for k, v in extra.items() if k != "interim"}} for t, f in enumerate(finals)]
    categories = list(finals[0])
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    table.add_column("")
    for c in categories:
        table.add_column(GAME.term(c, lang))
    table.add_column(tx["total"])
    for tribe in range(view["tribes"]):
        name = names[tribe] if tribe < players and tribe < len(names) else tx["third"]
        table.add_row(Text(f"{tribe_letter(tribe, players)} {name}", style=f"bold {_tribe_style(tribe, players)}"),
                      *(str(finals[tribe].get(c, 0)) for c in categories), Text(str(view["scores"][tribe]), style="bold"))
    out: list = [table]
    third = view["scores"][players]
    if all(third > view["scores"][p] for p in range(players)):
        out.append(Text(tx["third_wins"], style="bold red"))
    return out


# ---- what a menu entry points at, the legend, explain -------------------------------------------
EXPLAIN = load_yaml(DATA / "explain.yaml")


def place_label(target: str, lang: str = "en") -> tuple[str, ...] | None:
    """The board labels that find a decision's place: a territory's or a tent space's territory
    title (``N02 n07-11``), an alliance line's number."""
    kind, _, what = target.partition(":")
    for m in MAPS.values():
        if kind == "territory" and what in m.territory_index:
            return (what,)
        if kind == "space" and what in m.space_ids:
            sp = m.space_ids.index(what)
            t = next(t for t in m.territories if sp in t.spaces)
            return (_title(t, m),)
    if kind == "line":
        return (f"{what}:",)
    return None


def annotate(view: dict, targets: tuple[str, ...], lang: str = "en") -> str:
    """A tent space on the Long Road says so (the menu and the prompt already name its territory)."""
    m = MAPS[view["map"]]
    road = set(m.long_road_spaces or ())
    for target in targets:
        kind, _, what = target.partition(":")
        if kind == "space" and what in m.space_ids and m.space_ids.index(what) in road:
            return f"  (= {GAME.term('long_road', lang)})"
    return ""


def legend(lang: str = "en") -> list[str]:
    entry = LABELS["legend"]
    return [line for line in (entry.get(lang) or entry["en"]).split("\n") if line]


def explanations(lang: str = "en") -> dict[str, tuple[str, str]]:
    """The feats and the expedition cards: id -> (name, text)."""
    return {key: (GAME.term(key, lang), texts.get(lang, texts["en"])) for key, texts in EXPLAIN.items()}

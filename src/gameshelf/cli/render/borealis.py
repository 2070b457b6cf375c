"""Terminal drawing of a Borealis view: boards, hand, pool, objectives, scoring cards."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.games.borealis.catalog import (
    BOARD_IDS, BY_ID, CARD_BY_TERM, LABELS, TERMS, TRACK_MASKS, TRACK_STARS, VEHICLES,
)

SPECIES_STYLE = {"POLAR_BEAR": "bold white", "ARCTIC_FOX": "bright_black", "SNOWY_OWL": "bold yellow",
                 "HARP_SEAL": "cyan", "PUFFIN": "bold red"}
COLOUR_STYLE = ("yellow", "bright_blue", "magenta")
COLOUR_LETTER = ("Y", "B", "P")
ZONES = ("LEFT_CAMP", "LEFT", "CENTER", "RIGHT", "RIGHT_CAMP")
_UI = LABELS["renderer"]      # word -> {en, ja}, from data/labels.yaml
LANGS = ("en", "ja")


def _t(key: str, lang: str) -> str:
    entry = TERMS.get(key)
    return entry.get(lang, entry["en"]) if entry else key


def _ui(lang: str) -> dict[str, str]:
    return {word: texts[lang] for word, texts in _UI.items()}


def card_text(element: str, lang: str) -> Text:
    """``59 Y◀▶P Harp Seal sled ★``: id, arrow colours, species, vehicle, bonus star."""
    card = CARD_BY_TERM[element]
    c = BY_ID[card]
    text = Text(f"{card:>2} ")
    left = ("YELLOW", "BLUE", "PINK").index(c.left_arrow)
    right = ("YELLOW", "BLUE", "PINK").index(c.right_arrow)
    text.append(COLOUR_LETTER[left] + "◀", style=COLOUR_STYLE[left])
    text.append("▶" + COLOUR_LETTER[right], style=COLOUR_STYLE[right])
    text.append(" " + _t(c.species, lang), style=SPECIES_STYLE.get(c.species, ""))
    text.append(" " + _t(c.vehicle, lang) + (" ★" if c.bonus_stars else ""))
    return text


def _scientists(counts: list[int]) -> Text:
    text = Text()
    for k, n in enumerate(counts):
        text.append(COLOUR_LETTER[k] * n, style=COLOUR_STYLE[k])
    return text if text.plain else Text("·", style="dim")


def _flag(board: str, zone: int, flag: int, lang: str) -> Text:
    """The flag's space and stars, and the two vehicles that move it on (R15)."""
    masks = TRACK_MASKS[BOARD_IDS.index(board)][zone]
    text = Text(f"⚑ {flag} ({TRACK_STARS[flag]}★)", style="bold green")
    if flag + 1 < len(TRACK_STARS):
        icons = "/".join(_t(v, lang) for i, v in enumerate(VEHICLES) if masks[flag + 1] >> i & 1)
        text.append(f" → {icons}", style="dim")
    return text


def player_panel(p: dict, seat: int, name: str, active: bool, lang: str) -> Panel:
    ui = _ui(lang)
    table = Table(show_header=True, expand=True, padding=(0, 1))
    for zone in ZONES:
        table.add_column(_t(zone, lang), justify="center", ratio=1 if "CAMP" in zone else 3)
    table.add_row(*[_scientists(p["scientists"][z]) for z in range(5)])
    height = max((len(c) for c in p["columns"]), default=0)
    for h in range(height - 1, -1, -1):
        row: list[Text | str] = [""]
        for col in p["columns"]:
            row.append(card_text(col[h], lang) if h < len(col) else "")
        row.append("")
        table.add_row(*row)
    table.add_row("", *[_flag(p["board"], z, p["flags"][z - 1], lang) for z in (1, 2, 3)], "")
    hand = ui["hand"] if p["hand"] is not None else ui["hidden"]
    title = f"{name} — {ui['tokens']} {p['tokens']}★ — {hand}: {p['hand_count']} {ui['cards']}"
    return Panel(table, title=("▶ " if active else "") + title,
                 border_style="green" if active else "white")


def render(view: dict, names: list[str], lang: str = "en") -> RenderableType:
    lang = lang if lang in LANGS else "en"
    ui = _ui(lang)
    parts: list[RenderableType] = []
    to_act = view["to_act"]
    head = Text(f"{ui['round']} {view['round']}  ", style="bold")
    if to_act is None:
        head.append(ui["over"], style="bold red")
    else:
        kind = view["decision"]["kind"].split(".", 1)[1] if view["decision"] else ""
        head.append(f"{ui['to_act']}: {names[to_act]} ({kind})", style="bold green")
    if view["end_triggered"] and to_act is not None:
        head.append(f"  {ui['last_round']}", style="bold red")
    head.append(f"  {ui['deck']} {view['deck_count']}  {ui['discard']} {len(view['discard'])}")
    parts.append(head)
    pool = Table(title=ui["pool"], show_header=False)
    for card in view["pool"]:
        pool.add_row(card_text(card, lang))
    objectives = Table(title=ui["objectives"], show_header=False)
    for i, o in enumerate(view["objectives"]):
        who = ", ".join(names[s] for s, p in enumerate(view["players"])
                        if o["id"] in p["objectives_achieved"] and s < len(names))
        objectives.add_row(_t(o["id"], lang), f"{o['tokens']}×5★", o["status"], who)
    scoring = Table(title=ui["scoring"], show_header=False)
    for card in view["scoring_cards"]:
        scoring.add_row(_t(card, lang))
    grid = Table.grid(padding=(0, 2))
    grid.add_row(pool, objectives, scoring)
    parts.append(grid)
    for seat, p in enumerate(view["players"]):
        parts.append(player_panel(p, seat, names[seat] if seat < len(names) else f"seat{seat}", seat == to_act, lang))
    me = view.get("seat")
    if me is not None and view["players"][me]["hand"] is not None:
        hand = Table(title=ui["hand"], show_header=False)
        for card in view["players"][me]["hand"]:
            hand.add_row(card_text(card, lang))
        parts.append(hand)
    return Group(*parts)

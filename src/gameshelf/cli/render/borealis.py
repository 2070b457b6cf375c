"""Terminal drawing of a Borealis view: your board in full, the others in one row each, the pool,
objectives and scoring cards, your hand. Fits 120x40 at 4 players with room for the menu."""

from __future__ import annotations

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gameshelf.cli.render import Packed
from gameshelf.core.data import load_yaml
from gameshelf.games.borealis.catalog import (
    BOARD_IDS, BY_ID, CARD_BY_TERM, DATA, LABELS, TERMS, TRACK_MASKS, TRACK_STARS, VEHICLES,
)

SPECIES_STYLE = {"POLAR_BEAR": "bold white", "ARCTIC_FOX": "bright_black", "SNOWY_OWL": "bold yellow",
                 "HARP_SEAL": "cyan", "PUFFIN": "bold red"}
COLOUR_STYLE = ("yellow", "bright_blue", "magenta")
COLOUR_LETTER = ("Y", "B", "P")
COLOURS = ("YELLOW", "BLUE", "PINK")
ZONES = ("LEFT_CAMP", "LEFT", "CENTER", "RIGHT", "RIGHT_CAMP")
ZONE_LETTER = ("", "L", "C", "R", "")
_UI = LABELS["renderer"]      # word -> {en, ja}, from data/labels.yaml
EXPLAIN = load_yaml(DATA / "explain.yaml")
LANGS = ("en", "ja")


def _t(key: str, lang: str) -> str:
    entry = TERMS.get(key)
    return entry.get(lang, entry["en"]) if entry else key


def _ui(lang: str) -> dict[str, str]:
    return {word: texts.get(lang, texts["en"]) for word, texts in _UI.items()}


def zone_label(zone: int, lang: str) -> str:
    """A location's column title, as menus name it: "L left" (the notation letter and the name)."""
    letter = ZONE_LETTER[zone]
    return f"{letter} {_t(ZONES[zone], lang)}" if letter else _t(ZONES[zone], lang)


def place_label(target: str, lang: str = "en") -> str | None:
    """The board label of a decision target that is a place (``location:<seat>:<L|C|R>``)."""
    parts = target.split(":")
    if parts[0] == "location" and len(parts) == 3 and parts[2] in ZONE_LETTER:
        return zone_label(ZONE_LETTER.index(parts[2]), lang)
    return None


def card_text(element: str, lang: str, short: bool = False) -> Text:
    """``59 Y◀▶P Harp Seal sled ★``: id, the colours that move left/right, species, vehicle, bonus star."""
    card = CARD_BY_TERM[element]
    c = BY_ID[card]
    text = Text(f"{card:>2} ")
    left, right = COLOURS.index(c.left_arrow), COLOURS.index(c.right_arrow)
    text.append(COLOUR_LETTER[left] + "◀", style=COLOUR_STYLE[left])
    text.append("▶" + COLOUR_LETTER[right], style=COLOUR_STYLE[right])
    text.append(" " + _t(c.species, lang), style=SPECIES_STYLE.get(c.species, ""))
    if not short:
        text.append(" " + _t(c.vehicle, lang))
    text.append(" ★" if c.bonus_stars else "")
    return text


def _scientists(counts: list[int]) -> Text:
    text = Text()
    for k, n in enumerate(counts):
        text.append(COLOUR_LETTER[k] * n, style=COLOUR_STYLE[k])
    return text if text.plain else Text("·", style="dim")


def _flag(board: str, zone: int, flag: int, lang: str) -> Text:
    """The flag's space and stars, and the vehicles that move it on (R15)."""
    masks = TRACK_MASKS[BOARD_IDS.index(board)][zone]
    text = Text(f"⚑{flag} {TRACK_STARS[flag]}★", style="bold green")
    if flag + 1 < len(TRACK_STARS):
        icons = "/".join(_t(v, lang) for i, v in enumerate(VEHICLES) if masks[flag + 1] >> i & 1)
        text.append(f" → {icons}", style="dim")
    return text


def own_board(p: dict, name: str, active: bool, lang: str) -> Table:
    """Every card of every location, scientists on top, flags below."""
    ui = _ui(lang)
    table = Table(show_header=True, expand=True, padding=(0, 1), box=box.SIMPLE_HEAD, show_edge=False)
    camp = max(cell_len(zone_label(z, lang)) for z in (0, 4))
    for zone in range(5):
        if zone in (0, 4):
            table.add_column(zone_label(zone, lang), justify="center", width=camp)
        else:
            table.add_column(zone_label(zone, lang), justify="center", ratio=1)
    table.add_row(*[_scientists(p["scientists"][z]) for z in range(5)])
    height = max((len(c) for c in p["columns"]), default=0)
    for h in range(height - 1, -1, -1):
        row: list[Text | str] = [""]
        for col in p["columns"]:
            row.append(card_text(col[h], lang) if h < len(col) else "")
        row.append("")
        table.add_row(*row)
    table.add_row("", *[_flag(p["board"], z, p["flags"][z - 1], lang) for z in (1, 2, 3)], "")
    title = f"{name} — {ui['tokens']} {p['tokens']}★"
    table.title = ("▶ " if active else "") + title
    table.title_justify = "left"
    table.title_style = "bold green" if active else "bold"
    return table


def others_table(view: dict, names: list[str], lang: str) -> Table:
    """One row per other player: tokens, hand, and per location scientists / cards (top) / flag."""
    ui = _ui(lang)
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column(ui["player"], no_wrap=True)
    table.add_column("★", justify="right")
    table.add_column(ui["hand_n"], justify="right")
    table.add_column(_ui(lang)["camps"])
    for zone in (1, 2, 3):
        table.add_column(zone_label(zone, lang))
    me = view.get("seat")
    for seat, p in enumerate(view["boards"]):
        if seat == me:
            continue
        name = names[seat] if seat < len(names) else f"seat{seat}"
        cells = [Text(("▶ " if seat == view["to_act"] else "") + name), str(p["tokens"]), str(p["hand_count"])]
        camps = _scientists(p["scientists"][0])
        camps.append("|", style="dim")
        camps.append_text(_scientists(p["scientists"][4]))
        cells.append(camps)
        for z in (1, 2, 3):
            col = p["columns"][z - 1]
            cell = _scientists(p["scientists"][z])
            cell.append(f" {len(col)}▮ ")
            if col:
                top = BY_ID[CARD_BY_TERM[col[-1]]]
                cell.append(_t(top.species, lang), style=SPECIES_STYLE.get(top.species, ""))
                cell.append(" ★" if top.bonus_stars else "")
            cell.append(f" ⚑{p['flags'][z - 1]}", style="green")
            cells.append(cell)
        table.add_row(*cells)
    return table


def _header(view: dict, names: list[str], lang: str) -> Text:
    ui = _ui(lang)
    to_act = view["to_act"]
    head = Text(f"{ui['round']} {view['round']}  ", style="bold")
    if to_act is None:
        head.append(ui["over"], style="bold red")
    else:
        head.append(f"{ui['to_act']}: {names[to_act] if to_act < len(names) else to_act}", style="bold green")
    if view["end_triggered"] and to_act is not None:
        head.append(f"  {ui['last_round']}", style="bold red")
    head.append(f"   {ui['deck']} {view['deck_count']}  {ui['discard']} {len(view['discard'])}")
    return head


def _table_cards(view: dict, names: list[str], lang: str) -> Table:
    """Pool, objectives (name, tokens left, state, achieved by) and scoring cards side by side."""
    ui = _ui(lang)
    pool = Table(title=ui["pool"], show_header=False, box=None, padding=(0, 1))
    for card in view["pool"]:
        pool.add_row(card_text(card, lang))
    objectives = Table(ui["objective"], ui["tokens_left"], ui["state"], ui["achieved_by"],
                       title=ui["objectives"], box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for o in view["objectives"]:
        who = ", ".join(names[s] for s, p in enumerate(view["boards"])
                        if o["id"] in p["objectives_achieved"] and s < len(names))
        objectives.add_row(_t(o["id"], lang), f"{o['tokens']}×5★", ui["status_" + o["status"]], who or "—")
    grid = Table.grid(padding=(0, 3))
    grid.add_row(pool, objectives)
    return grid


def _scoring(view: dict, lang: str) -> Text:
    text = Text(_ui(lang)["scoring"] + ": ", style="bold")
    text.append("   ".join(_t(card, lang) for card in view["scoring_cards"]))
    return text


def render(view: dict, names: list[str], lang: str = "en") -> RenderableType:
    lang = lang if lang in LANGS else "en"
    ui = _ui(lang)
    me = view.get("seat")
    parts: list[RenderableType] = [_header(view, names, lang), _scoring(view, lang), _table_cards(view, names, lang)]
    if len(view["boards"]) > (1 if me is not None else 0):
        parts.append(others_table(view, names, lang))
    seats = [me] if me is not None else range(len(view["boards"]))
    for seat in seats:
        name = names[seat] if seat < len(names) else f"seat{seat}"
        parts.append(own_board(view["boards"][seat], name, seat == view["to_act"], lang))
    if me is not None and view["boards"][me]["hand"] is not None:
        cards = [card_text(card, lang) for card in view["boards"][me]["hand"]]
        parts.append(Packed(cards, head=Text(f"{ui['hand']}:", style="bold")))
    return Group(*parts)


def legend(lang: str = "en") -> list[str]:
    """Every symbol the board uses."""
    return [line for line in _ui(lang)["legend"].split("\n") if line]


def explanations(lang: str = "en") -> dict[str, tuple[str, str]]:
    """Every scoring card and objective: id -> (name, text)."""
    out = {}
    for section in ("scoring_cards", "objectives"):
        for key, texts in EXPLAIN[section].items():
            out[key] = (_t(key, lang), texts.get(lang, texts["en"]))
    rule = EXPLAIN["objective_rule"]
    out["objectives"] = (_ui(lang)["objectives"], rule.get(lang, rule["en"]))
    return out

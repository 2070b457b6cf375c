"""Terminal drawing of a Mariposas view: the hex map, goal cards, players, your hand, the turn."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.catalog import CAT, CITY_KIND, FLOWER_KIND
from gameshelf.games.mariposas.labels import ui

CELL = 3  # characters per x2 unit: a hex is 6 characters wide
REGION_BG = {"red": "on #5f1010", "orange": "on #6a3a00", "yellow": "on #5a5a00", "green": "on #104a10",
             "blue": "on #10204f", None: "on #3a1050"}
FLOWER_STYLE = {"white": "bold bright_white", "yellow": "bold yellow1", "orange": "bold dark_orange",
                "pink": "bold hot_pink", "purple": "bold medium_purple1"}
FLOWER_LETTER = {"white": "w", "yellow": "y", "orange": "o", "pink": "p", "purple": "u"}
PLAYER_STYLE = ("bold bright_red", "bold bright_cyan", "bold bright_green", "bold bright_magenta",
                "bold bright_white")
CITY_CODE = {"winnipeg": "WIN", "quebec": "QUE", "minneapolis": "MIN", "toronto": "TOR", "chicago": "CHI",
             "boston": "BOS", "new_york": "NYC", "kansas_city": "KCY", "st_louis": "STL", "richmond": "RIC",
             "nashville": "NAS", "dallas": "DAL", "atlanta": "ATL", "houston": "HOU", "new_orleans": "NOL",
             "orlando": "ORL"}
STAGE_LETTER = {"egg": "e", "caterpillar": "c", "chrysalis": "p", "adult": "a"}


def _marker_code(marker: str | None) -> str:
    if marker is None:
        return "??"
    if marker.startswith("life_"):
        _, color, stage = marker.split("_")
        return color[0].upper() + STAGE_LETTER[stage]
    return {"bonus_move_3_2": "32", "bonus_add_1": "+1", "bonus_add_2": "+2", "wildflower": "W*"}[marker]


def _occupants(view: dict) -> dict[str, list[tuple[int, int, bool]]]:
    out: dict[str, list[tuple[int, int, bool]]] = {}
    for seat, pl in enumerate(view["players"]):
        for b in pl["butterflies"]:
            if b["at"] in CAT.space_index:
                out.setdefault(b["at"], []).append((seat, b["gen"], b["double"]))
    return out


def _bugs(items: list[tuple[int, int, bool]], width: int) -> Text:
    text = Text()
    for k, (seat, gen, double) in enumerate(sorted(items)):
        if k == width - 1 and len(items) > width:
            text.append(f"+{len(items) - k}"[:1 + (width - k > 1)], style="bold")
            break
        text.append("D" if double else str(gen), style=PLAYER_STYLE[seat % len(PLAYER_STYLE)])
    return text


def _cell(view: dict, i: int, occ: dict) -> tuple[Text, Text]:
    sid = CAT.space_ids[i]
    bg = REGION_BG[CAT.color[i]]
    top = Text(style=bg)
    if CAT.kind[i] == FLOWER_KIND:
        f = CAT.flower_types[CAT.flower[i]]
        top.append(" " + FLOWER_LETTER[f] + str(CAT.nflowers[i]), style=FLOWER_STYLE[f] + " " + bg)
    else:
        top.append(CITY_CODE.get(sid, sid[:3].upper()), style="bold bright_white " + bg)
    top.append("*" if CAT.milkweed[i] else " ", style="bold green1 " + bg)
    if CAT.kind[i] == CITY_KIND:
        top.append(_marker_code(view["waystations"][sid]), style="italic " + bg)
    top.pad_right(2 * CELL - len(top.plain))
    top.truncate(2 * CELL)
    bottom = _bugs(occ.get(sid, []), 2 * CELL)
    bottom.stylize(bg)
    bottom.pad_right(2 * CELL - len(bottom.plain))
    bottom.stylize(bg)
    return top, bottom


def render_map(view: dict) -> Text:
    occ = _occupants(view)
    rows: dict[int, list[int]] = {}
    for i in range(len(CAT.space_ids)):
        if CAT.kind[i] != 2:
            rows.setdefault(CAT.row[i], []).append(i)
    width = (max(CAT.x2) + 2) * CELL
    lines = []
    for r in sorted(rows):
        top, bottom = Text(" " * width), Text(" " * width)
        line_top, line_bot = Text(), Text()
        col = 0
        for i in sorted(rows[r], key=lambda k: CAT.x2[k]):
            start = CAT.x2[i] * CELL
            if start > col:
                line_top.append(" " * (start - col))
                line_bot.append(" " * (start - col))
            t, b = _cell(view, i, occ)
            line_top.append_text(t)
            line_bot.append_text(b)
            col = start + 2 * CELL
        del top, bottom
        lines += [line_top, line_bot]
    m = CAT.michoacan
    mich = Text("  MICHOACÁN  ", style="bold black on #c08000")
    bugs = _bugs(occ.get(CAT.space_ids[m], []), 40)
    mich.append(" ")
    mich.append_text(bugs)
    lines.append(Text(" " * (CAT.x2[m] * CELL)) + mich)
    return Text("\n").join(lines)


def _flowers(fl: dict) -> Text:
    text = Text()
    for f, n in fl.items():
        text.append(f"{FLOWER_LETTER[f]}{n} ", style=FLOWER_STYLE[f] if n else "dim")
    return text


def _lifecycle(cards: list[str]) -> Text:
    text = Text()
    for color, style in (("green", "green"), ("pink", "hot_pink"), ("blue", "bright_blue")):
        for stage in CAT.lifecycle_ids:
            if stage.startswith(color + "_"):
                owned = stage in cards
                text.append(STAGE_LETTER[stage.split("_")[1]] if owned else "·", style=style if owned else "dim")
        text.append(" ")
    return text


def _goals(view: dict, lang: str) -> Table:
    t = Table(title=ui("goals", lang), show_header=False, expand=False)
    counts = {}
    for pl in view["players"]:
        for b in pl["butterflies"]:
            if b["at"].endswith("_card"):
                counts[b["at"][:-5]] = counts.get(b["at"][:-5], 0) + 1
    for season, goal in view["goals"].items():
        style = "bold" if season == view["season"] else ""
        text = GAME.term(goal, lang) if goal else f"({ui('down', lang)}: {counts.get(season, 0)} {ui('markers', lang)})"
        t.add_row(Text(GAME.term(season, lang), style=style), Text(text, style=style))
    return t


def _players(view: dict, names: list[str], lang: str) -> Table:
    t = Table(expand=False)
    for key in ("player", "score", "hand_n", "flowers", "cards", "bonus", "abilities", "played"):
        t.add_column(ui(key, lang))
    for seat, pl in enumerate(view["players"]):
        name = Text(names[seat] if seat < len(names) else f"P{seat}", style=PLAYER_STYLE[seat % 5])
        if seat == view["actor"] and not view["over"]:
            name.append(" ◀")
        bonus = Text()
        for b in pl["bonus_cards"] + pl["used_bonus_cards"]:
            bonus.append(_marker_code(b) + " ", style="dim strike" if b in pl["used_bonus_cards"] else "bold")
        t.add_row(name, str(pl["score"]), str(pl["hand_count"]), _flowers(pl["flowers"]), _lifecycle(pl["lifecycle_cards"]),
                  bonus, ", ".join(GAME.term(a, lang) for a in pl["abilities"]),
                  ", ".join(GAME.term(c, lang) for c in pl["played"]))
    return t


def _status(view: dict, names: list[str], lang: str) -> Text:
    def who(seat):
        return names[seat] if 0 <= seat < len(names) else f"P{seat}"
    if view["over"]:
        return Text(ui("over", lang), style="bold")
    text = Text(f"{ui('season', lang)}: {GAME.term(view['season'], lang)}  "
                f"{ui('turn', lang)} {view['turn_no'] + 1}  {ui('first', lang)}: {who(view['first'])}  "
                f"{ui('to_act', lang)}: {who(view['actor'])}  ")
    text.append(f"{ui('pending', lang)}: {view['pending']}", style="bold")
    t = view["turn"]
    if t["segments_left"]:
        text.append(f"  {ui('segments', lang)}: {t['segments_left']}")
    top = t["stack"][-1] if t["stack"] else {}
    if view["pending"] == "step":
        text.append(f"  {ui('steps', lang)}: {top['steps']}")
    if view["pending"] == "exchange":            # asked after every draw: says nothing about the hand
        text.append(f" ({ui('exchange', lang)})")
    text.append(f"  {ui('deck', lang)}: {view['deck_count']}  {ui('discard', lang)}: {len(view['discard'])}",
                style="dim")
    return text


def render(view: dict, names: list[str], lang: str = "en") -> RenderableType:
    """The whole table from one seat's view."""
    rows = Text(ui("rows", lang) + ": ", style="bold")
    rows.append("  ".join(f"{GAME.term(c, lang)} → {GAME.term(a, lang)}" for c, a in view["ability_rows"].items()))
    supply = view.get("card_supply", {})
    if supply:
        rows.append("  [" + " ".join(f"{_marker_code(k if k.startswith('bonus') else 'life_' + k)}:{n}"
                                     for k, n in supply.items()) + "]", style="dim")
    parts: list[RenderableType] = [
        _status(view, names, lang),
        Panel(render_map(view), title="Mariposas", expand=False),
        Text(ui("legend", lang), style="dim"),
        _goals(view, lang), rows, _players(view, names, lang),
    ]
    if view.get("hand") is not None:
        parts.append(Text(f"{ui('hand', lang)}: " + ", ".join(GAME.term(c, lang) for c in view["hand"]),
                          style="bold"))
    return Group(*parts)

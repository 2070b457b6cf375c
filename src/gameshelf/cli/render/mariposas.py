"""Terminal drawing of a Mariposas view: the hex map, goal cards, players, your hand, the turn."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gameshelf.games.mariposas import GAME
from gameshelf.core.data import load_yaml
from gameshelf.games.mariposas.catalog import CAT, DATA, FLOWER_KIND
from gameshelf.games.mariposas.labels import ui

EXPLAIN = load_yaml(DATA / "explain.yaml")
CAT_GOALS = [g["id"] for g in load_yaml(DATA / "goals.yaml")["season_goals"]]
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


SEAT_LETTER = "ABCDE"
UNIT = 4            # characters per x2 unit: a hex is 8 characters wide, one line high
ROW_LABEL = 4       # "r05 " before each map row


def seat_letter(seat: int) -> str:
    return SEAT_LETTER[seat % len(SEAT_LETTER)]


def _occupants(view: dict) -> dict[str, list[tuple[int, int, bool]]]:
    out: dict[str, list[tuple[int, int, bool]]] = {}
    for seat, pl in enumerate(view["boards"]):
        for b in pl["butterflies"]:
            if b["at"] in CAT.space_index:
                out.setdefault(b["at"], []).append((seat, b["gen"], b["double"]))
    return out


def _bug(seat: int, gen: int, double: bool) -> Text:
    """``B3``: player B's generation-3 butterfly (``B4²``: a double gen-4), in the player's colour."""
    return Text(seat_letter(seat) + str(gen) + ("²" if double else ""), style=PLAYER_STYLE[seat % 5])


def _bugs(items: list[tuple[int, int, bool]], width: int) -> Text:
    """The butterflies of a space in ``width`` characters: ``A1B2``, or ``+5`` (a count) when they
    do not fit."""
    text = Text()
    for item in sorted(items):
        text.append_text(_bug(*item))
    if text.cell_len > width:
        return Text(f"+{len(items)}"[:width], style="bold")
    return text


def _cell(view: dict, i: int, occ: dict) -> Text:
    sid = CAT.space_ids[i]
    bg = REGION_BG[CAT.color[i]]
    cell = Text(style=bg)
    if CAT.kind[i] == FLOWER_KIND:
        f = CAT.flower_types[CAT.flower[i]]
        cell.append(FLOWER_LETTER[f] + str(CAT.nflowers[i]), style=FLOWER_STYLE[f] + " " + bg)
        cell.append("*" if CAT.milkweed[i] else " ", style="bold green1 " + bg)
    else:
        cell.append(CITY_CODE.get(sid, sid[:3].upper()), style="bold bright_white " + bg)
        if CAT.milkweed[i]:
            cell.append("*", style="bold green1 " + bg)
        cell.append(_marker_code(view["waystations"][sid]), style="italic " + bg)
    room = 2 * UNIT - cell.cell_len
    bugs = _bugs(occ.get(sid, []), room)
    bugs.stylize(bg)
    cell.append_text(bugs)
    cell.pad_right(2 * UNIT - cell.cell_len)
    cell.stylize(bg)
    return cell


def render_map(view: dict) -> Text:
    """One line per map row, labelled r00..r12, under a ruler of the column numbers c00..c24."""
    occ = _occupants(view)
    rows: dict[int, list[int]] = {}
    for i in range(len(CAT.space_ids)):
        if CAT.kind[i] != 2:
            rows.setdefault(CAT.row[i], []).append(i)
    ruler = Text(" c" + " " * (ROW_LABEL - 2), style="dim")
    for x in range(max(CAT.x2) + 1):
        ruler.append(f"{x:02d}".ljust(UNIT), style="dim")
    lines = [ruler]
    for r in sorted(rows):
        line = Text(f"r{r:02d} ", style="dim")
        col = 0
        for i in sorted(rows[r], key=lambda k: CAT.x2[k]):
            start = CAT.x2[i] * UNIT
            if start > col:
                line.append(" " * (start - col))
            line.append_text(_cell(view, i, occ))
            col = start + 2 * UNIT
        lines.append(line)
    m = CAT.michoacan
    mich = Text(" " * ROW_LABEL)
    mich.append(" MICHOACÁN ", style="bold black on #c08000")
    for item in sorted(occ.get(CAT.space_ids[m], [])):
        mich.append(" ")
        mich.append_text(_bug(*item))
    lines.append(mich)
    return Text("\n").join(lines)


def _flowers(fl: dict) -> Text:
    text = Text()
    for f, n in fl.items():
        text.append(f"{FLOWER_LETTER[f]}{n} ", style=FLOWER_STYLE[f] if n else "dim")
    return text


def _lifecycle(cards: list[str]) -> Text:
    """``G:e··· P:·c·· B:····``: per colour, the stages owned (egg, caterpillar, chrysalis/pupa, adult)."""
    text = Text()
    for color, style in (("green", "green"), ("pink", "hot_pink"), ("blue", "bright_blue")):
        text.append(color[0].upper() + ":", style=style)
        for stage in CAT.lifecycle_ids:
            if stage.startswith(color + "_"):
                owned = stage in cards
                text.append(STAGE_LETTER[stage.split("_")[1]] if owned else "·", style=style if owned else "dim")
        text.append(" ")
    text.rstrip()
    return text


def _goals(view: dict, lang: str) -> Text:
    """The three season goals on one line, the current season's in bold."""
    counts: dict[str, int] = {}
    for pl in view["boards"]:
        for b in pl["butterflies"]:
            if b["at"].endswith("_card"):
                counts[b["at"][:-5]] = counts.get(b["at"][:-5], 0) + 1
    text = Text(ui("goals", lang) + ": ", style="bold")
    for k, (season, goal) in enumerate(view["goals"].items()):
        style = "bold" if season == view["season"] else ""
        text.append("   " if k else "")
        what = GAME.term(goal, lang) if goal else f"({ui('down', lang)}: {counts.get(season, 0)} {ui('markers', lang)})"
        text.append(f"{GAME.term(season, lang)}: {what}", style=style)
    return text


def _players(view: dict, names: list[str], lang: str) -> Table:
    t = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    for key in ("player", "score", "hand_n", "flowers", "cards", "bonus", "abilities", "played"):
        t.add_column(ui(key, lang))
    for seat, pl in enumerate(view["boards"]):
        name = Text(f"{seat_letter(seat)} ", style=PLAYER_STYLE[seat % 5])
        name.append(names[seat] if seat < len(names) else f"P{seat}")
        if seat == view["to_act"]:
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
                f"{ui('turn', lang)} {view['turns_taken'] + 1}  {ui('first', lang)}: {who(view['first_player'])}  "
                f"{ui('to_act', lang)}: {who(view['to_act'])}  ")
    turn = view["turn"]
    if turn["segments_left"]:
        text.append(f"  {ui('segments', lang)}: {turn['segments_left']}")
    decision = view["decision"]
    if decision["kind"] == "mariposas.step":
        text.append(f"  {ui('steps', lang)}: {decision['steps']}")
    if decision["kind"] == "mariposas.exchange":            # asked after every draw: says nothing about the hand
        text.append(f" ({ui('exchange', lang)})")
    text.append(f"  {ui('deck', lang)}: {view['deck_count']}  {ui('discard', lang)}: {len(view['discard'])}",
                style="dim")
    return text


def _rows_line(view: dict, lang: str) -> Text:
    """The waystation board's three rows (colour -> ability), and the cards left in the supply."""
    rows = Text(ui("rows", lang) + ": ", style="bold")
    rows.append("  ".join(f"{GAME.term(c, lang)} → {GAME.term(a, lang)}" for c, a in view["ability_rows"].items()))
    supply = view.get("card_supply", {})
    if supply:
        left = [f"{_marker_code(k if k.startswith('bonus') else 'life_' + k)}:{n}" for k, n in supply.items()]
        rows.append(f"   {ui('supply', lang)}: " + " ".join(left), style="dim")
    return rows


def render(view: dict, names: list[str], lang: str = "en") -> RenderableType:
    """The whole table from one seat's view."""
    parts: list[RenderableType] = [
        _status(view, names, lang), render_map(view), _goals(view, lang), _rows_line(view, lang),
        _players(view, names, lang),
    ]
    if view.get("hand") is not None:
        parts.append(Text(f"{ui('hand', lang)}: " + ", ".join(GAME.term(c, lang) for c in view["hand"]),
                          style="bold"))
    return Group(*parts)


def place_label(target: str, lang: str = "en") -> tuple[str, ...] | None:
    """The board labels that find a decision's place: a space's row and column, a city's code."""
    kind, _, sid = target.partition(":")
    if kind != "space":
        return None
    if sid == "michoacan":
        return ("MICHOACÁN",)
    if sid in CITY_CODE:
        return (CITY_CODE[sid],)
    if len(sid) == 6 and sid[0] == "r" and sid[3] == "c":
        return (f"r{sid[1:3]} ", f"{sid[4:6]}")
    return (sid,)


def annotate(view: dict, targets: tuple[str, ...], lang: str = "en") -> str:
    """Where a butterfly a menu entry names is (``fly 0`` -> "at r05c07")."""
    for target in targets:
        kind, _, rest = target.partition(":")
        if kind == "butterfly" and "." in rest:
            seat, slot = (int(x) for x in rest.split("."))
            for b in view["boards"][seat]["butterflies"]:
                if b["marker"] == slot:
                    where = CITY_CODE.get(b["at"], GAME.term(b["at"], lang))
                    return ui("at", lang).format(where=where, bug=_bug(seat, b["gen"], b["double"]).plain)
    return ""


def legend(lang: str = "en") -> list[str]:
    return [line for line in ui("legend", lang).split("\n") if line]


def explanations(lang: str = "en") -> dict[str, tuple[str, str]]:
    """Every card, ability, bonus and season goal: id -> (name, text)."""
    out = {key: (GAME.term(key, lang), texts.get(lang, texts["en"])) for key, texts in EXPLAIN.items()}
    for goal in CAT_GOALS:
        out[goal] = (goal, GAME.term(goal, lang))
    return out

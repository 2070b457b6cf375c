"""Terminal drawing of a Midnight Zoo view: the market and leftover zone on top, then each player's
district as a small grid (rows and columns numbered as the menus name them, "Space 2,3"), two
districts side by side, so four players fit a 120x40 terminal with the menu."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.cli.render import Packed
from gameshelf.core.data import load_yaml
from gameshelf.games.midnight_zoo import GAME
from gameshelf.games.midnight_zoo.catalog import CAT, DATA, symbol_name

TERRAIN_STYLE = {"rock": "white on grey30", "grass": "black on green3", "sand": "black on gold3"}
COND = {"rock": "ro", "grass": "gr", "sand": "sa", "binoculars": "oo"}
SYMBOL = {"discover": "oo", "bonus_tile": "B+", "move_1": ">", "move_2": ">>",
          "vp_1": "1VP", "vp_2": "2VP", "vp_3": "3VP", "vp_5": "5VP", "bonus_tile_2": "2B+"}
ANIMAL = {"penguin": "Pg", "cheetah": "Ch", "wolf": "Wf", "butterfly": "Bf", "snake": "Sn", "sloth": "Sl"}
ANIMAL_STYLE = {"penguin": "bold cyan", "cheetah": "bold yellow", "wolf": "bold bright_white",
                "butterfly": "bold magenta", "snake": "bold green", "sloth": "bold red"}
FACING = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
_LABELS = load_yaml(DATA / "labels.yaml")
UI, PENDING, LEGEND = _LABELS["renderer"], _LABELS["renderer_pending"], _LABELS["legend"]
EXPLAIN = load_yaml(DATA / "explain.yaml")
CELL = 8            # characters per grid column (7 of text and a space)
PANEL = 60          # a district panel's width: two side by side in 120 columns


def _ui(lang: str) -> dict:
    return UI.get(lang, UI["en"])


def tile_text(tile_id: str | None, lang: str = "en", food: bool = True) -> Text:
    """A tile as coloured text: id, action symbols and (``food``) its food's full name."""
    if tile_id is None:
        return Text("—", style="dim")
    t = CAT.tile_index[tile_id]
    terrain = CAT.terrains[CAT.tile_terrain[t]]
    acts = "/".join(SYMBOL[symbol_name(e)] for e in CAT.tile_actions[t])
    name = GAME.term(CAT.foods[CAT.tile_food[t]], lang) if food and CAT.tile_food[t] >= 0 else ""
    return Text(" ".join(x for x in (tile_id, acts, name) if x), style=TERRAIN_STYLE[terrain])


def space_hint(cell: int) -> str:
    """The printed space of an empty district cell: condition→reward (``oo→3VP``, ``#AL``)."""
    kind, arg = CAT.space_cond[cell]
    if kind == "dark":
        pi, side = CAT.dark[cell]
        return f"#{CAT.pair_names[pi]}{'L' if side == 0 else 'R'}"
    action = CAT.space_action[cell]
    if action is None:
        return "·"
    cond = "" if kind == "none" else COND["binoculars"] if kind == "binoculars" else COND.get(
        CAT.terrains[arg] if arg is not None else "", "")
    return (cond + "→" if cond else "") + SYMBOL[symbol_name(action)]


def animal_code(animal: dict) -> str:
    mark = ANIMAL[animal["animal"]]
    if "facing" in animal:
        mark += FACING[animal["facing"]]
    if animal.get("asleep"):
        mark += "z"
    if animal.get("pollen"):
        mark += str(animal["pollen"])
    return mark


def _animals(items: list[dict], room: int) -> Text:
    text = Text()
    for animal in items:
        text.append(animal_code(animal), style=ANIMAL_STYLE[animal["animal"]])
    if text.cell_len > room:
        return Text(f"+{len(items)}"[:room], style="bold")
    return text


def _cell_text(head: Text, animals: list[dict]) -> Text:
    """A grid cell: the tile or space, then the animals on it, in ``CELL - 1`` characters and a space."""
    text = head.copy()
    if animals:
        full = _animals(animals, CELL - 1)
        if text.cell_len + 1 + full.cell_len <= CELL - 1:
            text.append(" ").append_text(full)
        elif text.cell_len + full.cell_len <= CELL - 1:
            text.append_text(full)
        elif text.cell_len + 2 <= CELL - 1:                 # a count beside the tile
            text.append(" ").append_text(_animals(animals, CELL - 2 - text.cell_len))
        else:                                               # no room beside it: the animals alone
            text = full
    text.truncate(CELL - 1)
    text.pad_right(CELL - 1 - text.cell_len)
    text.append(" ")
    return text


def district_grid(board: dict, lang: str) -> Text:
    """Rows -1 (top entrances) to 4, columns -1 (left entrances) to 5, one line per row."""
    ui = _ui(lang)
    rows, cols = CAT.rows, CAT.cols
    by_loc: dict[str, list] = {}
    for animal in board["animals"]:
        by_loc.setdefault(animal["loc"], []).append(animal)
    ent_at = {}
    for e, name in enumerate(CAT.entrance_ids):
        r, c = divmod(CAT.ent_cell[e], cols)
        dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[CAT.ent_dir[e]]
        ent_at[(r - dr, c - dc)] = name
    header = Text("  " + " " * CELL, style="dim")
    for c in range(cols):
        header.append(f"{c:<{CELL - 1}} ")
    lines = [header]
    for r in range(-1, rows):
        line = Text(f"{r} " if r >= 0 else "  ", style="dim")
        for c in range(-1, cols + 1):
            if (r, c) in ent_at:
                name = ent_at[(r, c)]
                terrain = CAT.terrains[CAT.ent_terrain[CAT.entrance_ids.index(name)]]
                head = Text(f"[{name}]", style=TERRAIN_STYLE[terrain])
                waiting = [animal for animal in board["animals"]
                           if animal["loc"] == "undiscovered" and animal["spot"] == name]
                for animal in waiting:
                    head.append("?" + ANIMAL[animal["animal"]], style="dim")
                standing = [animal for animal in board["animals"] if animal["loc"] == name]
                line.append_text(_cell_text(head, standing))
            elif 0 <= r < rows and 0 <= c < cols:
                cell = r * cols + c
                if cell == CAT.zoo:
                    line.append_text(_cell_text(Text(ui["zoo"], style="bold reverse blue"), []))
                    continue
                tile = board["district"][f"{r},{c}"]
                head = tile_text(tile, lang, food=False).copy() if tile else Text(space_hint(cell), style="dim italic")
                if tile:
                    head = Text(tile, style=head.style)
                line.append_text(_cell_text(head, by_loc.get(f"{r},{c}", [])))
            else:
                line.append(" " * CELL)
        line.rstrip()
        lines.append(line)
    return Text("\n").join(lines)


def _foods(board: dict) -> list[str]:
    found = []
    for tile in board["district"].values():
        if tile and tile in CAT.tile_index and CAT.tile_food[CAT.tile_index[tile]] >= 0:
            found.append(CAT.foods[CAT.tile_food[CAT.tile_index[tile]]])
    return [food for food in CAT.foods if food in found]


def player_panel(board: dict, name: str, active: bool, lang: str) -> Panel:
    ui = _ui(lang)
    zoo = [animal for animal in board["animals"] if animal["loc"] == "zoo"]
    info = Text(f"{ui['vp']} {board['vp']}  {ui['hand']}: ")
    info.append_text(tile_text(board["hand"], lang) if board["hand"] else Text("—"))
    info.append(f"  {ui['storage']}: ")
    for k, t in enumerate(board["storage"]):
        info.append(", " if k else "").append_text(tile_text(t, lang))
    if not board["storage"]:
        info.append("—")
    foods = _foods(board)
    info.append(f"\n{ui['food']} ({len(foods)}): " + (", ".join(GAME.term(food, lang) for food in foods) or "—"))
    info.append(f"  {ui['in_zoo']}: ")
    info.append_text(_animals(zoo, 40) if zoo else Text("—"))
    if board["cards"] is not None:
        cards = ui["hidden"] if board["cards"] == "hidden" else " ".join(
            f"{CAT.pair_names[i]}={x}" for i, x in enumerate(board["cards"]) if x)
        info.append(f"  {ui['cards']}: {cards}")
    return Panel(Group(district_grid(board, lang), info), title=("▶ " if active else "") + name,
                 border_style="green" if active else "white", width=PANEL, padding=(0, 0))


def render(view: dict, names: list[str], lang: str = "en") -> RenderableType:
    ui = _ui(lang)
    phase = ui.get(f"phase_{view['phase']}", view["phase"])
    supply = ", ".join(f"{GAME.term(k, lang)} {v}" for k, v in view["bonus_supply"].items())
    top = Packed([Text(f"{ui['round']} {view['round']}  {ui['draft']} {view['draft']}  {ui['phase']}: {phase}"),
                  Text(f"{ui['slots']}: {', '.join(GAME.term(a, lang) for a in view['animal_slots'])}"),
                  Text(f"{ui['supply']}: {supply}  {ui['stack']}: {view['stack_count']}", style="dim")], gap=2)
    head = Text()
    head.append(f"{ui['market']}: ")
    for i, t in enumerate(view["market"]):
        head.append(f"{i + 1}:").append_text(tile_text(t, lang)).append("  ")
    head.append(f"\n{ui['leftover']}: ")
    for t in view["leftover"]:
        head.append_text(tile_text(t, lang)).append("  ")
    if not view["leftover"]:
        head.append("—")
    if view["round_terrain"]:
        head.append(f"   {ui['leftover_wins']}: {GAME.term(view['round_terrain'], lang)}")
    if view.get("solo"):
        current = view["solo"]["current"]
        head.append(f"   {ui['solo']}: {current}")
        tile = next((t for t in CAT.solo_tiles if t[0] == current), None)
        if tile is not None:
            head.append(" (" + ui["solo_takes"].format(first=tile[1] + 1, second=tile[2] + 1) + ")")
    who = view["to_act"]
    if who is not None:
        actor = names[who] if who < len(names) else str(who)
        head.append(f"\n{ui['to_act']}: {actor}", style="bold")
        started = view["pending"][1:]   # what the phase's own decision (the bottom frame) started
        if started:
            head.append(f"   {ui['pending']}: " + " > ".join(_frame(frame, lang) for frame in started))
    panels = [player_panel(board, names[i] if i < len(names) else f"P{i + 1}", who == i, lang)
              for i, board in enumerate(view["boards"])]
    grid = Table.grid(padding=(0, 0))
    grid.add_column()
    grid.add_column()
    for i in range(0, len(panels), 2):
        grid.add_row(*panels[i:i + 2])
    return Group(top, head, grid)


def _say(entry: dict, lang: str) -> str:
    return entry.get(lang) or entry["en"]


def _frame(frame: dict, lang: str) -> str:
    """A pending decision in a few words (texts: labels.yaml ``renderer_pending``)."""
    kind = frame["kind"].partition(".")[2]
    texts = PENDING[kind]
    if kind == "choose_effect":
        parts = [_say(texts["text"], lang).format(tile=frame["tile"], cell=frame["cell"])]
        if frame["tile_open"]:
            parts.append(_say(texts["tile_open"], lang))
        if frame["space"]:
            space = frame["space"]
            parts.append(_say(texts["space"], lang).format(space=GAME.term(space, lang)))
        return ", ".join(parts)
    return _say(texts["text"], lang).format(tile=frame.get("tile"), points=frame.get("points"), spot=frame.get("spot"),
                                            eligible=", ".join(frame.get("eligible", ())) or "-")


# ---- what a menu entry points at, the legend, explain ------------------------------------------
def place_label(target: str, lang: str = "en") -> tuple[str, ...] | None:
    """The board labels that find a decision's place: a space's row and column, a tile's id."""
    kind, _, what = target.partition(":")
    if kind == "cell":
        r, c = what.split(",")
        return (f"{r} ", f" {c} ")
    if kind == "tile":
        return (what,)
    return None


def _where(board: dict, animal: dict, lang: str) -> str:
    ui = _ui(lang)
    if animal["loc"] == "undiscovered":
        return ui["undiscovered"].format(animal=GAME.term(animal["animal"], lang))
    where = ui["zoo"] if animal["loc"] == "zoo" else animal["loc"]
    return ui["at"].format(animal=animal_code(animal), where=where)


def annotate(view: dict, targets: tuple[str, ...], lang: str = "en") -> str:
    """What a menu entry names, in a few words: the market tile taken, the animal moved and where
    it ends (``Go east`` -> "Wf at 2,1 → 2,2")."""
    ui = _ui(lang)
    who = view.get("to_act")
    board = view["boards"][who] if isinstance(who, int) and who < len(view["boards"]) else None
    parts: list[str] = []
    for target in targets:
        kind, _, what = target.partition(":")
        if kind == "tile" and what in CAT.tile_index:
            if (view["decision"] or {}).get("kind") != "midnight_zoo.choose_effect":   # there the label says it
                parts.append(tile_text(what, lang).plain)
        elif kind == "animal" and board is not None:
            for animal in board["animals"]:
                if animal["spot"] == what:
                    parts.append(_where(board, animal, lang))
        elif kind == "cell" and not parts and board is not None and board["district"].get(what) is None:
            r, c = what.split(",")
            hint = space_hint(int(r) * CAT.cols + int(c))
            parts += [hint] if hint != "·" else []
        elif kind == "cell" and parts:
            r, c = what.split(",")
            zoo = divmod(CAT.zoo, CAT.cols) == (int(r), int(c))
            parts.append(ui["to"].format(where=ui["zoo"] if zoo else what))
        elif kind == "bonus":
            parts.append(f"{GAME.term(what, lang)} {view['bonus_supply'].get(what, 0)}")
    return ("  (" + " ".join(parts) + ")") if parts else ""


def legend(lang: str = "en") -> list[str]:
    return [line for line in _say(LEGEND, lang).split("\n") if line]


def explanations(lang: str = "en") -> dict[str, tuple[str, str]]:
    """Animals, food sets, dark pairs, the variability cards, moves and solo: id -> (name, text)."""
    out = {}
    for key, texts in EXPLAIN.items():
        name = _say(texts["name"], lang) if "name" in texts else GAME.term(key, lang)
        out[key] = (name, texts.get(lang, texts["en"]))
    return out

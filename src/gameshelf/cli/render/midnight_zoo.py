"""Terminal drawing of a Midnight Zoo view: each district with its entrances and zoo, the
market, the leftover zone, storage, scores and the pending decision."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.core.data import load_yaml
from gameshelf.games.midnight_zoo.catalog import CAT, DATA, symbol_name

TERRAIN_STYLE = {"rock": "white on grey30", "grass": "black on green3", "sand": "black on gold3"}
SYMBOL = {"discover": "bino", "bonus_tile": "B+", "move_1": ">", "move_2": ">>",
          "vp_1": "1VP", "vp_2": "2VP", "vp_3": "3VP", "vp_5": "5VP", "bonus_tile_2": "2B+"}
ANIMAL = {"penguin": "Pg", "cheetah": "Ch", "wolf": "Wf", "butterfly": "Bf", "snake": "Sn", "sloth": "Sl"}
ANIMAL_STYLE = {"penguin": "bold cyan", "cheetah": "bold yellow", "wolf": "bold bright_white",
                "butterfly": "bold magenta", "snake": "bold green", "sloth": "bold red"}
FACING = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
_LABELS = load_yaml(DATA / "labels.yaml")
UI, PENDING = _LABELS["renderer"], _LABELS["renderer_pending"]  # en/ja strings of the drawing


def tile_text(tile_id: str | None) -> Text:
    """A tile as coloured text: id, action symbols, food."""
    if tile_id is None:
        return Text("—", style="dim")
    t = CAT.tile_index[tile_id]
    terrain = CAT.terrains[CAT.tile_terrain[t]]
    acts = "/".join(SYMBOL[symbol_name(e)] for e in CAT.tile_actions[t])
    food = CAT.foods[CAT.tile_food[t]][:3] if CAT.tile_food[t] >= 0 else ""
    body = " ".join(x for x in (tile_id, acts, food) if x)
    return Text(body, style=TERRAIN_STYLE[terrain])


def space_hint(cell: int) -> str:
    """The printed space of an empty district cell: condition -> action."""
    kind, arg = CAT.space_cond[cell]
    if kind == "dark":
        pi, side = CAT.dark[cell]
        return f"dark {CAT.pair_names[pi]}{'L' if side == 0 else 'R'}"
    action = CAT.space_action[cell]
    if action is None:
        return "·"
    cond = {"none": "", "binoculars": "bino→"}.get(kind, f"{CAT.terrains[arg] if arg is not None else ''}→")
    name = symbol_name(action)
    return cond + ("find" if name == "discover" else SYMBOL[name])


def animal_text(a: dict) -> Text:
    mark = ANIMAL[a["animal"]]
    if "facing" in a:
        mark += FACING[a["facing"]]
    if a.get("asleep"):
        mark += "z"
    if a.get("pollen"):
        mark += f"·{a['pollen']}"
    return Text(mark + " ", style=ANIMAL_STYLE[a["animal"]])


def district_table(p: dict, lang: str) -> Table:
    ui = UI[lang]
    rows, cols = CAT.rows, CAT.cols
    table = Table(show_header=False, show_lines=True, padding=(0, 0), expand=False)
    by_loc: dict[str, list] = {}
    for a in p["animals"]:
        by_loc.setdefault(a["loc"], []).append(a)
    ent_at = {}
    for e, name in enumerate(CAT.entrance_ids):
        cell = CAT.ent_cell[e]
        d = CAT.ent_dir[e]
        r, c = divmod(cell, cols)
        dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[d]
        ent_at[(r - dr, c - dc)] = name
    for _ in range(cols + 2):
        table.add_column(justify="center", min_width=9, max_width=14)
    used_r = {r for r, _ in ent_at} | set(range(rows))
    for r in range(-1, rows + 1):
        if r not in used_r:
            continue
        cells: list[Text] = []
        for c in range(-1, cols + 1):
            if (r, c) in ent_at:
                name = ent_at[(r, c)]
                terrain = CAT.terrains[CAT.ent_terrain[CAT.entrance_ids.index(name)]]
                text = Text(f"[{name}]", style=TERRAIN_STYLE[terrain])
                for a in by_loc.get(name, []):
                    text.append("\n").append_text(animal_text(a))
                cells.append(text)
            elif 0 <= r < rows and 0 <= c < cols:
                cell = r * cols + c
                if cell == CAT.zoo:
                    cells.append(Text(ui["zoo"], style="bold reverse blue"))
                    continue
                tile = p["district"][f"{r},{c}"]
                text = tile_text(tile) if tile else Text(space_hint(cell), style="dim italic")
                animals = by_loc.get(f"{r},{c}", [])
                if animals:
                    text.append("\n")
                    for a in animals:
                        text.append_text(animal_text(a))
                cells.append(text)
            else:
                cells.append(Text(""))
        table.add_row(*cells)
    return table


def player_panel(p: dict, name: str, active: bool, lang: str) -> Panel:
    ui = UI[lang]
    zoo = [a for a in p["animals"] if a["loc"] == "zoo"]
    undiscovered = [a for a in p["animals"] if a["loc"] == "undiscovered"]
    info = Text(f"{ui['vp']} {p['vp']}   {ui['hand']}: ")
    info.append_text(tile_text(p["hand"]) if p["hand"] else Text("—"))
    info.append(f"   {ui['storage']}: ")
    for t in p["storage"]:
        info.append_text(tile_text(t)).append(" ")
    if not p["storage"]:
        info.append("—")
    info.append(f"\n{ui['in_zoo']}: ")
    for a in zoo:
        info.append_text(animal_text(a))
    info.append("   ?: " + " ".join(f"{a['spot']}={ANIMAL[a['animal']]}" for a in undiscovered))
    if p["cards"] is not None:
        cards = ui["hidden"] if p["cards"] == "hidden" else " ".join(
            f"{CAT.pair_names[i]}={x}" for i, x in enumerate(p["cards"]) if x)
        info.append(f"\n{ui['cards']}: {cards}")
    return Panel(Group(district_table(p, lang), info), title=("▶ " if active else "") + name,
                 border_style="green" if active else "white")


def render(view: dict, names: list[str], lang: str = "en") -> RenderableType:
    ui = UI.get(lang, UI["en"])
    head = Text(f"{ui['round']} {view['round']}  {ui['draft']} {view['draft']}  "
                f"{ui['phase']}: {view['phase']}  {ui['slots']}: {', '.join(view['animal_slots'])}\n")
    head.append(f"{ui['market']}: ")
    for i, t in enumerate(view["market"]):
        head.append(f"{i + 1}:").append_text(tile_text(t)).append("  ")
    head.append(f"\n{ui['leftover']}: ")
    for t in view["leftover"]:
        head.append_text(tile_text(t)).append(" ")
    supply = ", ".join(f"{k} {v}" for k, v in view["bonus_supply"].items())
    head.append(f"\n{ui['supply']}: {supply}   {ui['stack']}: {view['stack_count']}")
    if view.get("solo"):
        head.append(f"   {ui['solo']}: {view['solo']['current']}")
    if view["round_terrain"]:
        head.append(f"   → {view['round_terrain']}")
    who = view["to_act"]
    if who is not None:
        actor = ui["leo"] if who == "leo" else names[who] if who < len(names) else str(who)
        head.append(f"\n{ui['to_act']}: {actor}", style="bold")
    if view["pending"]:
        head.append(f"   {ui['pending']}: " + " > ".join(_frame(f, lang) for f in view["pending"]))
    panels = [player_panel(p, names[i] if i < len(names) else f"P{i + 1}", who == i, lang)
              for i, p in enumerate(view["player_states"])]
    return Group(head, *panels)


def _say(entry: dict, lang: str) -> str:
    return entry.get(lang) or entry["en"]


def _frame(f: dict, lang: str) -> str:
    """A pending decision in a few words (texts: labels.yaml ``renderer_pending``)."""
    kind = f["kind"]
    if kind == "group_move":
        moving = _say(PENDING["moving"], lang).format(animal=f["animal"]) if f["animal"] else ""
        key = "special_move" if f["special"] else "round_move"
        return _say(PENDING[key], lang).format(eligible=", ".join(f["eligible"]) or "-", moving=moving)
    texts = PENDING[kind]
    if kind == "choose_effect":
        parts = [_say(texts["text"], lang).format(tile=f["tile"], cell=f["cell"])]
        if f["tile_open"]:
            parts.append(_say(texts["tile_open"], lang))
        if f["space"]:
            parts.append(_say(texts["space"], lang).format(space=f["space"]))
        return ", ".join(parts)
    return _say(texts["text"], lang).format(tile=f.get("tile"), points=f.get("points"),
                                            animal=f.get("animal") or "-")

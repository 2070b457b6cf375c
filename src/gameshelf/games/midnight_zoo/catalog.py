"""Midnight Zoo component catalogue: loads and validates data/*.yaml into flat lookup tables.

Sections 2.2-2.16 of the reference. Every table here comes from a data file, so a printed
component can replace a RECONSTRUCTED one by editing data only. Tiles are ints: action tiles
0..74 in file order, bonus tiles ``BONUS0 + terrain``. District cells are ``r * cols + c``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gameshelf.core.data import load_yaml, require, require_known, require_unique

DATA = Path(__file__).parent / "data"

DIRS = "NESW"
DELTA = ((-1, 0), (0, 1), (1, 0), (0, -1))

# effect kinds (an effect is a (kind, amount) tuple)
DISCOVER, BONUS, VP, MOVE = "discover", "bonus_tile", "vp", "move"


def parse_symbol(symbol: str) -> tuple[str, int]:
    """An action symbol id (``vp_2``, ``move_1``, ``discover``) as an effect tuple."""
    if symbol in (DISCOVER, BONUS):
        return (symbol, 1)
    kind, _, amount = symbol.rpartition("_")
    require(kind in (VP, MOVE, BONUS) and amount.isdigit(), f"unknown action symbol {symbol!r}")
    return (kind, int(amount))


def symbol_name(effect: tuple[str, int]) -> str:
    kind, n = effect
    if kind in (VP, MOVE):
        return f"{kind}_{n}"
    return kind if n == 1 else f"{kind}_{n}"


@dataclass(frozen=True)
class Animal:
    id: str
    moons: int
    movement: str
    extra_special_steps: int
    pollen_on_special: bool
    scoring: tuple  # (kind, table-or-value)


@dataclass(frozen=True)
class Card:
    id: str
    type: str
    letter: str
    left: int = -1
    right: int = -1


class Catalog:
    """All component data as flat tuples for fast rules code."""

    def __init__(self, data_dir: Path = DATA) -> None:
        self._load_game(load_yaml(data_dir / "game.yaml"))
        self._load_tiles(load_yaml(data_dir / "tiles.yaml"))
        self._load_animals(load_yaml(data_dir / "animals.yaml"))
        self._load_board(load_yaml(data_dir / "board.yaml")["player_board"])
        self._load_setup(load_yaml(data_dir / "setup_tiles.yaml"))
        self._load_solo(load_yaml(data_dir / "solo.yaml"))
        self._load_cards(load_yaml(data_dir / "variability.yaml"))
        self._check_counts()

    # ---- game.yaml -------------------------------------------------------------------------
    def _load_game(self, g: dict) -> None:
        self.rounds = int(g["rounds"])
        self.drafts_per_round = int(g["drafts_per_round"])
        self.drafts = self.rounds * self.drafts_per_round
        self.market_spaces = int(g["market_spaces"])
        self.leftover_spaces = int(g["leftover_spaces"])
        self.solo_market_size = int(g["solo_market_size"])
        self.terrains = tuple(g["terrains"])
        self.foods = tuple(g["foods"])
        require_unique(self.terrains, "terrains")
        require_unique(self.foods, "foods")
        self.symbols = tuple(g["action_symbols"])
        for s in self.symbols:
            parse_symbol(s)
        self.colours = tuple(g["player_colours"])
        table = {int(k): int(v) for k, v in g["food_set_vp"].items()}
        require(sorted(table) == list(range(len(self.foods) + 1)),
                "food_set_vp must give every distinct count 0..number of foods")
        self.food_set_vp = tuple(table[i] for i in range(len(self.foods) + 1))
        self.max_pollen = int(g["max_pollen"])
        require(self.drafts_per_round == self.leftover_spaces,
                "one leftover tile per draft must fill the leftover zone exactly (R6)")

    # ---- tiles.yaml ------------------------------------------------------------------------
    def _load_tiles(self, t: dict) -> None:
        rows = t["action_tiles"]
        ids = [r["id"] for r in rows]
        require_unique(ids, "action tiles")
        require_known([r["terrain"] for r in rows], self.terrains, "action tile terrains")
        require_known([r["food"] for r in rows if r["food"]], self.foods, "action tile foods")
        for r in rows:
            require(len(r["actions"]) <= 2, f"tile {r['id']}: at most 2 action symbols")
            require_known(r["actions"], self.symbols, f"tile {r['id']} actions")
        bonus = t["bonus_tiles"]
        require(sorted(bonus) == sorted(self.terrains), "bonus_tiles: one pile per terrain")
        self.n_action = len(rows)
        self.bonus0 = self.n_action
        self.tile_id = tuple(ids) + tuple(bonus[tr]["id"] for tr in self.terrains)
        require_unique(self.tile_id, "tile ids")
        self.tile_index = {tid: i for i, tid in enumerate(self.tile_id)}
        self.bonus_count = tuple(int(bonus[tr]["count"]) for tr in self.terrains)
        nb = len(self.terrains)
        self.tile_terrain = tuple(self.terrains.index(r["terrain"]) for r in rows) + tuple(range(nb))
        self.tile_food = tuple(self.foods.index(r["food"]) if r["food"] else -1 for r in rows) + (-1,) * nb
        self.tile_actions = tuple(tuple(parse_symbol(a) for a in r["actions"]) for r in rows) + ((),) * nb
        self.tile_binoculars = tuple(any(e[0] == DISCOVER for e in a) for a in self.tile_actions)
        self.tile_arrow = tuple(any(e[0] == MOVE for e in a) for a in self.tile_actions)
        self.tile_is_action = tuple(i < self.n_action for i in range(len(self.tile_id)))

    # ---- animals.yaml ----------------------------------------------------------------------
    def _load_animals(self, a: dict) -> None:
        animals = []
        for name, row in a["animal_tiles"].items():
            require(row["movement"] in ("standard", "slide", "snake", "sloth"),
                    f"animal {name}: unknown movement {row['movement']!r}")
            sc = row["scoring"]
            require(len(sc) == 1, f"animal {name}: exactly one scoring rule")
            kind, value = next(iter(sc.items()))
            require(kind in ("per_animal", "by_count", "per_animal_by_pollen"),
                    f"animal {name}: unknown scoring {kind!r}")
            if kind != "per_animal":
                value = {int(k): int(v) for k, v in value.items()}
            animals.append(Animal(name, int(row["moons"]), row["movement"],
                                  int(row.get("extra_special_steps", 0)),
                                  bool(row.get("pollen_on_special", False)), (kind, value)))
        self.animals = tuple(animals)
        self.animal_ids = tuple(x.id for x in animals)
        self.min_moons = int(a["setup_min_moons"])
        self.tiles_drawn = int(a["tiles_drawn"])
        self.pieces_per_type = int(a["pieces_per_type"])
        require(self.tiles_drawn == 3, "three animal slots A, B, C")
        for x in animals:
            kind, value = x.scoring
            if kind == "by_count":
                require(sorted(value) == list(range(self.pieces_per_type + 1)),
                        f"animal {x.id}: by_count needs 0..{self.pieces_per_type}")
            if kind == "per_animal_by_pollen":
                require(sorted(value) == list(range(self.max_pollen + 1)),
                        f"animal {x.id}: pollen table needs 0..{self.max_pollen}")
        from itertools import combinations
        require(any(sum(x.moons for x in c) >= self.min_moons for c in combinations(animals, 3)),
                "no triple of animal tiles meets setup_min_moons")

    # ---- board.yaml ------------------------------------------------------------------------
    def _load_board(self, b: dict) -> None:
        rows, cols = b["district"]["rows"], b["district"]["cols"]
        self.rows, self.cols, self.cells = rows, cols, rows * cols
        cell = lambda rc: int(rc[0]) * cols + int(rc[1])  # noqa: E731
        inside = lambda rc: 0 <= rc[0] < rows and 0 <= rc[1] < cols  # noqa: E731
        require(inside(b["zoo"]), "zoo outside the district")
        self.zoo = cell(b["zoo"])
        self.next_cell = tuple(
            tuple(cell((r + dr, c + dc)) if inside((r + dr, c + dc)) else -1 for dr, dc in DELTA)
            for r in range(rows) for c in range(cols))
        # spaces
        cond: list[tuple[str, int | None]] = [("none", None)] * self.cells
        action: list[tuple[str, int] | None] = [None] * self.cells
        dark: list[tuple[int, int] | None] = [None] * self.cells  # (pair index, side 0/1)
        seen = set()
        for key, sp in b["spaces"].items():
            r, c = (int(x) for x in str(key).split(","))
            require(inside((r, c)) and cell((r, c)) != self.zoo, f"space {key}: not a placeable space")
            i = cell((r, c))
            require(i not in seen, f"space {key}: listed twice")
            seen.add(i)
            cd = sp["condition"]
            if cd == "dark_pair":
                cond[i] = ("dark", None)
                continue
            if isinstance(cd, dict):
                require(list(cd) == ["terrain"] and cd["terrain"] in self.terrains,
                        f"space {key}: bad condition {cd}")
                cond[i] = ("terrain", self.terrains.index(cd["terrain"]))
            else:
                require(cd in ("none", "binoculars"), f"space {key}: bad condition {cd!r}")
                cond[i] = (cd, None)
            if sp.get("action") is not None:
                require(sp["action"] in self.symbols, f"space {key}: unknown action")
                action[i] = parse_symbol(sp["action"])
        require(len(seen) == self.cells - 1, "every district space except the zoo must be listed")
        self.pair_names = tuple(b["dark_pairs"])
        pairs, rewards = [], []
        for pi, (name, pr) in enumerate(b["dark_pairs"].items()):
            lc, rc = cell(pr["left"]), cell(pr["right"])
            require(cond[lc][0] == "dark" and cond[rc][0] == "dark",
                    f"dark pair {name}: spaces must have condition dark_pair")
            require(dark[lc] is None and dark[rc] is None, f"dark pair {name}: space reused")
            dark[lc], dark[rc] = (pi, 0), (pi, 1)
            pairs.append((lc, rc))
            (kind, n), = pr["reward"].items()
            kinds = {"vp": VP, "move_points": MOVE, "bonus_tiles": BONUS}
            require(kind in kinds, f"dark pair {name}: unknown reward {kind!r}")
            rewards.append((kinds[kind], int(n)))
        require(all(d is not None for i, d in enumerate(dark) if cond[i][0] == "dark"),
                "every dark space belongs to a pair")
        require(b["single_pair"] in self.pair_names, "single_pair must name a dark pair")
        self.single_pair = self.pair_names.index(b["single_pair"])
        self.space_cond, self.space_action = tuple(cond), tuple(action)
        self.dark: tuple[tuple[int, int], ...] = tuple(d if d is not None else (-1, -1) for d in dark)
        self.pairs, self.pair_reward = tuple(pairs), tuple(rewards)
        # entrances
        self.entrance_ids = tuple(b["entrances"])
        ent_cell, ent_terrain, ent_dir = [], [], []
        for name, e in b["entrances"].items():
            require(not inside(e["pos"]), f"entrance {name}: must lie outside the district")
            d = DIRS.index(e["inward"])
            att = (e["pos"][0] + DELTA[d][0], e["pos"][1] + DELTA[d][1])
            require(list(att) == list(e["attached"]) and inside(att) and cell(att) != self.zoo,
                    f"entrance {name}: attached space must be the inward neighbour")
            require(e["terrain"] in self.terrains, f"entrance {name}: unknown terrain")
            ent_cell.append(cell(att))
            ent_terrain.append(self.terrains.index(e["terrain"]))
            ent_dir.append(d)
        self.ent_cell, self.ent_terrain, self.ent_dir = tuple(ent_cell), tuple(ent_terrain), tuple(ent_dir)
        spots = b["undiscovered_spots"]
        require_known(spots.values(), self.entrance_ids, "undiscovered spots")
        require_unique(spots.values(), "undiscovered spot entrances")
        self.spot_ids = tuple(spots)
        self.spot_names = tuple(s[2:] if s.startswith("U_") else s for s in spots)
        self.spot_entrance = tuple(self.entrance_ids.index(spots[s]) for s in spots)
        self.storage_capacity = int(b["storage_capacity"])
        self._check_reachable()

    def _check_reachable(self) -> None:
        """Every entrance must reach the zoo over a fully tiled district (R43)."""
        for e, start in enumerate(self.ent_cell):
            seen, todo = {start}, [start]
            while todo:
                for n in self.next_cell[todo.pop()]:
                    if n >= 0 and n not in seen:
                        seen.add(n)
                        todo.append(n)
            require(self.zoo in seen, f"entrance {self.entrance_ids[e]} cannot reach the zoo")

    # ---- setup_tiles.yaml ------------------------------------------------------------------
    def _load_setup(self, s: dict) -> None:
        require(tuple(s["spots"]) == self.spot_ids, "setup tile columns must match the board's spots")
        tiles = []
        for name, marks in s["setup_tiles"].items():
            require(len(marks) == len(self.spot_ids), f"setup tile {name}: one mark per spot")
            row = []
            for m in marks:
                m = str(m)
                require(m[0] in "ABC" and m[1:] in ("", "*"), f"setup tile {name}: bad mark {m!r}")
                row.append(("ABC".index(m[0]), m.endswith("*")))
            for slot in range(3):
                require(sum(1 for x, _ in row if x == slot) == self.pieces_per_type,
                        f"setup tile {name}: needs {self.pieces_per_type} spots of each letter")
            tiles.append((name, tuple(row)))
        require(len(tiles) >= 4, "setup tiles: at least one per player (4)")
        self.setup_tiles = tuple(tiles)

    # ---- solo.yaml -------------------------------------------------------------------------
    def _load_solo(self, s: dict) -> None:
        tiles = []
        for name, t in s["solo_tiles"].items():
            a, b = int(t["first"]), int(t["second"])
            require(1 <= a <= self.solo_market_size and 1 <= b <= self.solo_market_size and a != b,
                    f"solo tile {name}: bad positions")
            tiles.append((name, a - 1, b - 1, bool(t["shuffle"])))
        require(any(t[3] for t in tiles), "solo tiles: at least one shuffle symbol")
        self.solo_tiles = tuple(tiles)
        ranks = [(int(r["min"]), r["rank"]) for r in s["solo_ranks"]]
        require(ranks == sorted(ranks, reverse=True) and ranks[-1][0] == 0,
                "solo_ranks: descending minimums ending at 0")
        self.solo_ranks = tuple(ranks)

    # ---- variability.yaml ------------------------------------------------------------------
    def _load_cards(self, v: dict) -> None:
        cards = v["variability_cards"]
        require(list(cards) == list(self.colours), "variability cards: one set per player colour")
        sets = []
        for colour, row in cards.items():
            require(len(row) == len(self.pairs), f"{colour}: one card per dark pair")
            cs = []
            for c in row:
                require(c["type"] in ("food", "move_discover", "terrain"), f"card {c['id']}: bad type")
                if c["type"] == "terrain":
                    require_known([c["left"], c["right"]], self.terrains, f"card {c['id']}")
                    cs.append(Card(c["id"], "terrain", c["letter"],
                                   self.terrains.index(c["left"]), self.terrains.index(c["right"])))
                else:
                    cs.append(Card(c["id"], c["type"], c["letter"]))
            require_unique([c.letter for c in cs], f"{colour} card letters")
            sets.append(tuple(cs))
        self.cards = tuple(sets)

    def _check_counts(self) -> None:
        """2.1: the stack covers 15 drafts of the largest market."""
        self.symbols_all = frozenset(self.symbols) | {symbol_name(r) for r in self.pair_reward}
        require(self.drafts * self.market_spaces <= self.n_action,
                "not enough action tiles for the largest game")
        require(len(self.colours) >= 4 and len(self.setup_tiles) >= 4, "four players supported")


CAT = Catalog()

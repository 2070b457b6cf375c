"""Midnight Zoo component catalogue: loads and validates data/*.yaml into flat lookup tables.

Sections 2.2-2.16 of the reference. Every table here comes from a data file, so a printed
component can replace a RECONSTRUCTED one by editing data only. Tiles are ints: action tiles
0..74 in file order, bonus tiles ``BONUS0 + terrain``. District cells are ``r * cols + c``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    """An effect tuple as its action symbol id (the inverse of :func:`parse_symbol`)."""
    kind, amount = effect
    if kind in (VP, MOVE):
        return f"{kind}_{amount}"
    return kind if amount == 1 else f"{kind}_{amount}"


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
    def _load_game(self, game: dict) -> None:
        self.rounds = int(game["rounds"])
        self.drafts_per_round = int(game["drafts_per_round"])
        self.drafts = self.rounds * self.drafts_per_round
        self.market_spaces = int(game["market_spaces"])
        self.leftover_spaces = int(game["leftover_spaces"])
        self.solo_market_size = int(game["solo_market_size"])
        self.terrains = tuple(game["terrains"])
        self.foods = tuple(game["foods"])
        require_unique(self.terrains, "terrains")
        require_unique(self.foods, "foods")
        self.symbols = tuple(game["action_symbols"])
        for symbol in self.symbols:
            parse_symbol(symbol)
        self.colours = tuple(game["player_colours"])
        table = {int(count): int(vp) for count, vp in game["food_set_vp"].items()}
        require(sorted(table) == list(range(len(self.foods) + 1)),
                "food_set_vp must give every distinct count 0..number of foods")
        self.food_set_vp = tuple(table[count] for count in range(len(self.foods) + 1))
        self.max_pollen = int(game["max_pollen"])
        require(self.drafts_per_round == self.leftover_spaces,
                "one leftover tile per draft must fill the leftover zone exactly (R6)")

    # ---- tiles.yaml ------------------------------------------------------------------------
    def _load_tiles(self, tiles: dict) -> None:
        rows = tiles["action_tiles"]
        ids = [row["id"] for row in rows]
        require_unique(ids, "action tiles")
        require_known([row["terrain"] for row in rows], self.terrains, "action tile terrains")
        require_known([row["food"] for row in rows if row["food"]], self.foods, "action tile foods")
        for row in rows:
            require(len(row["actions"]) <= 2, f"tile {row['id']}: at most 2 action symbols")
            require_known(row["actions"], self.symbols, f"tile {row['id']} actions")
        bonus = tiles["bonus_tiles"]
        require(sorted(bonus) == sorted(self.terrains), "bonus_tiles: one pile per terrain")
        self.n_action = len(rows)
        self.bonus0 = self.n_action
        self.tile_id = tuple(ids) + tuple(bonus[terrain]["id"] for terrain in self.terrains)
        require_unique(self.tile_id, "tile ids")
        self.tile_index = {tile_id: index for index, tile_id in enumerate(self.tile_id)}
        self.bonus_count = tuple(int(bonus[terrain]["count"]) for terrain in self.terrains)
        piles = len(self.terrains)
        self.tile_terrain = tuple(self.terrains.index(row["terrain"]) for row in rows) + tuple(range(piles))
        self.tile_food = tuple(self.foods.index(row["food"]) if row["food"] else -1 for row in rows) + (-1,) * piles
        self.tile_actions = (tuple(tuple(parse_symbol(symbol) for symbol in row["actions"]) for row in rows)
                             + ((),) * piles)
        self.tile_binoculars = tuple(any(effect[0] == DISCOVER for effect in actions) for actions in self.tile_actions)
        self.tile_arrow = tuple(any(effect[0] == MOVE for effect in actions) for actions in self.tile_actions)
        self.tile_is_action = tuple(index < self.n_action for index in range(len(self.tile_id)))

    # ---- animals.yaml ----------------------------------------------------------------------
    def _load_animals(self, data: dict) -> None:
        animals = []
        for name, row in data["animal_tiles"].items():
            require(row["movement"] in ("standard", "slide", "snake", "sloth"),
                    f"animal {name}: unknown movement {row['movement']!r}")
            scoring = row["scoring"]
            require(len(scoring) == 1, f"animal {name}: exactly one scoring rule")
            kind, value = next(iter(scoring.items()))
            require(kind in ("per_animal", "by_count", "per_animal_by_pollen"),
                    f"animal {name}: unknown scoring {kind!r}")
            if kind != "per_animal":
                value = {int(count): int(vp) for count, vp in value.items()}
            animals.append(Animal(name, int(row["moons"]), row["movement"],
                                  int(row.get("extra_special_steps", 0)),
                                  bool(row.get("pollen_on_special", False)), (kind, value)))
        self.animals = tuple(animals)
        self.animal_ids = tuple(animal.id for animal in animals)
        self.min_moons = int(data["setup_min_moons"])
        self.tiles_drawn = int(data["tiles_drawn"])
        self.pieces_per_type = int(data["pieces_per_type"])
        require(self.tiles_drawn == 3, "three animal slots A, B, C")
        for animal in animals:
            kind, value = animal.scoring
            if kind == "by_count":
                require(sorted(value) == list(range(self.pieces_per_type + 1)),
                        f"animal {animal.id}: by_count needs 0..{self.pieces_per_type}")
            if kind == "per_animal_by_pollen":
                require(sorted(value) == list(range(self.max_pollen + 1)),
                        f"animal {animal.id}: pollen table needs 0..{self.max_pollen}")
        from itertools import combinations
        require(any(sum(animal.moons for animal in triple) >= self.min_moons for triple in combinations(animals, 3)),
                "no triple of animal tiles meets setup_min_moons")

    # ---- board.yaml ------------------------------------------------------------------------
    def _load_board(self, board: dict) -> None:
        rows, cols = board["district"]["rows"], board["district"]["cols"]
        self.rows, self.cols, self.cells = rows, cols, rows * cols

        def cell(place: Any) -> int:
            return int(place[0]) * cols + int(place[1])

        def inside(place: Any) -> bool:
            return bool(0 <= place[0] < rows and 0 <= place[1] < cols)

        require(inside(board["zoo"]), "zoo outside the district")
        self.zoo = cell(board["zoo"])
        self.next_cell = tuple(
            tuple(cell((row + down, column + across)) if inside((row + down, column + across)) else -1
                  for down, across in DELTA)
            for row in range(rows) for column in range(cols))
        conditions, actions = self._load_spaces(board["spaces"], cell, inside)
        dark = self._load_dark_pairs(board, conditions, cell)
        self.space_cond, self.space_action = tuple(conditions), tuple(actions)
        self.dark: tuple[tuple[int, int], ...] = tuple(pair if pair is not None else (-1, -1) for pair in dark)
        self._load_entrances(board, cell, inside)
        self.storage_capacity = int(board["storage_capacity"])
        self._check_reachable()

    def _load_spaces(self, spaces: dict, cell: Any, inside: Any) -> tuple[list[tuple[str, int | None]],
                                                                          list[tuple[str, int] | None]]:
        """Each space's condition and action (R18-R19); dark spaces are paired later."""
        conditions: list[tuple[str, int | None]] = [("none", None)] * self.cells
        actions: list[tuple[str, int] | None] = [None] * self.cells
        seen = set()
        for key, space in spaces.items():
            row, column = (int(part) for part in str(key).split(","))
            require(inside((row, column)) and cell((row, column)) != self.zoo, f"space {key}: not a placeable space")
            index = cell((row, column))
            require(index not in seen, f"space {key}: listed twice")
            seen.add(index)
            condition = space["condition"]
            if condition == "dark_pair":
                conditions[index] = ("dark", None)
                continue
            if isinstance(condition, dict):
                require(list(condition) == ["terrain"] and condition["terrain"] in self.terrains,
                        f"space {key}: bad condition {condition}")
                conditions[index] = ("terrain", self.terrains.index(condition["terrain"]))
            else:
                require(condition in ("none", "binoculars"), f"space {key}: bad condition {condition!r}")
                conditions[index] = (condition, None)
            if space.get("action") is not None:
                require(space["action"] in self.symbols, f"space {key}: unknown action")
                actions[index] = parse_symbol(space["action"])
        require(len(seen) == self.cells - 1, "every district space except the zoo must be listed")
        return conditions, actions

    def _load_dark_pairs(self, board: dict, conditions: list[tuple[str, int | None]],
                         cell: Any) -> list[tuple[int, int] | None]:
        """The dark pairs (R20-R24): their spaces, rewards and the single pair of A7."""
        self.pair_names = tuple(board["dark_pairs"])
        dark: list[tuple[int, int] | None] = [None] * self.cells  # (pair index, side 0/1)
        pairs, rewards = [], []
        kinds = {"vp": VP, "move_points": MOVE, "bonus_tiles": BONUS}
        for index, (name, pair) in enumerate(board["dark_pairs"].items()):
            left, right = cell(pair["left"]), cell(pair["right"])
            require(conditions[left][0] == "dark" and conditions[right][0] == "dark",
                    f"dark pair {name}: spaces must have condition dark_pair")
            require(dark[left] is None and dark[right] is None, f"dark pair {name}: space reused")
            dark[left], dark[right] = (index, 0), (index, 1)
            pairs.append((left, right))
            (kind, amount), = pair["reward"].items()
            require(kind in kinds, f"dark pair {name}: unknown reward {kind!r}")
            rewards.append((kinds[kind], int(amount)))
        require(all(side is not None for index, side in enumerate(dark) if conditions[index][0] == "dark"),
                "every dark space belongs to a pair")
        require(board["single_pair"] in self.pair_names, "single_pair must name a dark pair")
        self.single_pair = self.pair_names.index(board["single_pair"])
        self.pairs, self.pair_reward = tuple(pairs), tuple(rewards)
        return dark

    def _load_entrances(self, board: dict, cell: Any, inside: Any) -> None:
        """The nine entrances (their space, terrain and inward direction) and undiscovered spots."""
        self.entrance_ids = tuple(board["entrances"])
        cells, terrains, directions = [], [], []
        for name, entrance in board["entrances"].items():
            require(not inside(entrance["pos"]), f"entrance {name}: must lie outside the district")
            direction = DIRS.index(entrance["inward"])
            attached = (entrance["pos"][0] + DELTA[direction][0], entrance["pos"][1] + DELTA[direction][1])
            require(list(attached) == list(entrance["attached"]) and inside(attached) and cell(attached) != self.zoo,
                    f"entrance {name}: attached space must be the inward neighbour")
            require(entrance["terrain"] in self.terrains, f"entrance {name}: unknown terrain")
            cells.append(cell(attached))
            terrains.append(self.terrains.index(entrance["terrain"]))
            directions.append(direction)
        self.ent_cell, self.ent_terrain, self.ent_dir = tuple(cells), tuple(terrains), tuple(directions)
        spots = board["undiscovered_spots"]
        require_known(spots.values(), self.entrance_ids, "undiscovered spots")
        require_unique(spots.values(), "undiscovered spot entrances")
        self.spot_ids = tuple(spots)
        self.spot_names = tuple(spot[2:] if spot.startswith("U_") else spot for spot in spots)
        self.spot_entrance = tuple(self.entrance_ids.index(spots[spot]) for spot in spots)

    def _check_reachable(self) -> None:
        """Every entrance must reach the zoo over a fully tiled district (R43)."""
        for entrance, start in enumerate(self.ent_cell):
            seen, todo = {start}, [start]
            while todo:
                for following in self.next_cell[todo.pop()]:
                    if following >= 0 and following not in seen:
                        seen.add(following)
                        todo.append(following)
            require(self.zoo in seen, f"entrance {self.entrance_ids[entrance]} cannot reach the zoo")

    # ---- setup_tiles.yaml ------------------------------------------------------------------
    def _load_setup(self, setup: dict) -> None:
        require(tuple(setup["spots"]) == self.spot_ids, "setup tile columns must match the board's spots")
        tiles = []
        for name, marks in setup["setup_tiles"].items():
            require(len(marks) == len(self.spot_ids), f"setup tile {name}: one mark per spot")
            row = []
            for mark in marks:
                mark = str(mark)
                require(mark[0] in "ABC" and mark[1:] in ("", "*"), f"setup tile {name}: bad mark {mark!r}")
                row.append(("ABC".index(mark[0]), mark.endswith("*")))
            for slot in range(3):
                require(sum(1 for letter, _ in row if letter == slot) == self.pieces_per_type,
                        f"setup tile {name}: needs {self.pieces_per_type} spots of each letter")
            tiles.append((name, tuple(row)))
        require(len(tiles) >= 4, "setup tiles: at least one per player (4)")
        self.setup_tiles = tuple(tiles)

    # ---- solo.yaml -------------------------------------------------------------------------
    def _load_solo(self, solo: dict) -> None:
        tiles = []
        for name, tile in solo["solo_tiles"].items():
            first, second = int(tile["first"]), int(tile["second"])
            require(1 <= first <= self.solo_market_size and 1 <= second <= self.solo_market_size and first != second,
                    f"solo tile {name}: bad positions")
            tiles.append((name, first - 1, second - 1, bool(tile["shuffle"])))
        require(any(tile[3] for tile in tiles), "solo tiles: at least one shuffle symbol")
        self.solo_tiles = tuple(tiles)
        ranks = [(int(rank["min"]), rank["rank"]) for rank in solo["solo_ranks"]]
        require(ranks == sorted(ranks, reverse=True) and ranks[-1][0] == 0,
                "solo_ranks: descending minimums ending at 0")
        self.solo_ranks = tuple(ranks)

    # ---- variability.yaml ------------------------------------------------------------------
    def _load_cards(self, variability: dict) -> None:
        cards = variability["variability_cards"]
        require(list(cards) == list(self.colours), "variability cards: one set per player colour")
        sets = []
        for colour, row in cards.items():
            require(len(row) == len(self.pairs), f"{colour}: one card per dark pair")
            hand = []
            for card in row:
                require(card["type"] in ("food", "move_discover", "terrain"), f"card {card['id']}: bad type")
                if card["type"] == "terrain":
                    require_known([card["left"], card["right"]], self.terrains, f"card {card['id']}")
                    hand.append(Card(card["id"], "terrain", card["letter"],
                                     self.terrains.index(card["left"]), self.terrains.index(card["right"])))
                else:
                    hand.append(Card(card["id"], card["type"], card["letter"]))
            require_unique([card.letter for card in hand], f"{colour} card letters")
            sets.append(tuple(hand))
        self.cards = tuple(sets)

    def _check_counts(self) -> None:
        """2.1: the stack covers 15 drafts of the largest market."""
        self.symbols_all = frozenset(self.symbols) | {symbol_name(reward) for reward in self.pair_reward}
        require(self.drafts * self.market_spaces <= self.n_action,
                "not enough action tiles for the largest game")
        require(len(self.colours) >= 4 and len(self.setup_tiles) >= 4, "four players supported")


CAT = Catalog()

"""Iwari component catalogue: biome cards, setup numbers, feats, expedition cards and maps.

Loads data/*.yaml once at import, validates it (ids unique, references resolve, maps connected,
two mountain-icon lines per size) and exposes frozen, index-based structures (reference 2.2-2.8).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from gameshelf.core.data import load_yaml, require, require_connected, require_known, require_unique
from gameshelf.core.errors import BadData

DATA = Path(__file__).parent / "data"

MISSION_KINDS = (
    "tent_territories", "tent_biomes", "tents_in_one_territory", "settlement_size",
    "settlement_territories", "totem_territories", "totems_in_one_territory", "line_pact",
    "settlements", "lead_territories", "tents_on_board",
)
LINE_KINDS = ("land", "sea")


@dataclass(frozen=True)
class Biome:
    index: int
    id: str
    letter: str
    colour: str
    count: int


@dataclass(frozen=True)
class Feat:
    index: int
    id: str
    tokens: int
    goes_on: str
    line_kind: str | None


@dataclass(frozen=True)
class Expedition:
    index: int
    id: str
    name: str
    mission: str
    min: int
    kind: str | None
    points: tuple[int, int]


@dataclass(frozen=True)
class Territory:
    index: int
    id: str
    biome: int
    totem_space: bool
    island: bool
    spaces: tuple[int, ...]


@dataclass(frozen=True)
class Line:
    index: int
    n: int
    a: int
    b: int
    kind: str
    icon: int
    road_link: tuple[int, int] | None


@dataclass(frozen=True)
class MapData:
    id: str
    name: str
    status: str
    territories: tuple[Territory, ...]
    space_ids: tuple[str, ...]
    space_territory: tuple[int, ...]
    roads: tuple[tuple[int, int], ...]
    lines: tuple[Line, ...]
    lines_are_roads: bool
    long_road_spaces: tuple[int, ...]
    layout: tuple[tuple[str, ...], ...]
    territory_index: Mapping[str, int] = field(repr=False)
    space_index: Mapping[str, int] = field(repr=False)
    line_index: Mapping[int, int] = field(repr=False)
    _adjacency_cache: dict = field(default_factory=dict, repr=False, compare=False, hash=False)

    def lines_with_icon(self, size: int) -> tuple[int, ...]:
        return tuple(line.index for line in self.lines if line.icon == size)

    def adjacency(self, blocked: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
        """Road neighbours of every space; on bridge maps usable lines are roads too (R65)."""
        key = tuple(blocked)
        cached = self._adjacency_cache.get(key)
        if cached is None:
            neighbours: list[list[int]] = [[] for _ in self.space_ids]
            edges = list(self.roads)
            if self.lines_are_roads:
                edges += [line.road_link for line in self.lines if line.road_link and not key[line.index]]
            for a, b in edges:
                neighbours[a].append(b)
                neighbours[b].append(a)
            cached = self._adjacency_cache[key] = tuple(tuple(n) for n in neighbours)
        return cached


def _load_biomes(raw: Any) -> tuple[tuple[Biome, ...], dict[int, int]]:
    require(isinstance(raw, dict) and "biomes" in raw, "cards.yaml: missing 'biomes'")
    biomes = tuple(Biome(i, str(b["id"]), str(b["letter"]), str(b["colour"]), int(b["count"]))
                   for i, b in enumerate(raw["biomes"]))
    require_unique([b.id for b in biomes], "cards.yaml biome ids")
    require_unique([b.letter for b in biomes], "cards.yaml biome letters")
    require(all(len(b.letter) == 1 for b in biomes), "cards.yaml: letters must be one character")
    removed = {int(k): int(v) for k, v in raw["removed_per_biome"].items()}
    require(all(0 <= v < min(b.count for b in biomes) for v in removed.values()),
            "cards.yaml: removed_per_biome out of range")
    return biomes, removed


def _load_feats(raw: Any) -> tuple[Feat, ...]:
    feats = tuple(Feat(i, str(f["id"]), int(f["tokens"]), str(f["goes_on"]), f.get("line_kind"))
                  for i, f in enumerate(raw["feats"]))
    require_unique([f.id for f in feats], "feats.yaml ids")
    for f in feats:
        require(f.goes_on in ("territory", "line"), f"feats.yaml {f.id}: bad goes_on")
        require(f.goes_on == "territory" or f.line_kind in LINE_KINDS,
                f"feats.yaml {f.id}: line feats need line_kind land/sea")
    return feats


def _load_expeditions(raw: Any) -> tuple[Expedition, ...]:
    cards = tuple(Expedition(i, str(c["id"]), str(c["name"]), str(c["mission"]), int(c["min"]),
                             c.get("kind"), (int(c["points"][0]), int(c["points"][1])))
                  for i, c in enumerate(raw["cards"]))
    require_unique([c.id for c in cards], "expeditions.yaml ids")
    require_known([c.mission for c in cards], MISSION_KINDS, "expeditions.yaml missions")
    for c in cards:
        require(c.points[0] >= c.points[1] >= 0, f"expeditions.yaml {c.id}: points must be [high, low]")
        require(c.mission != "line_pact" or c.kind in LINE_KINDS, f"expeditions.yaml {c.id}: kind")
    return cards


def _load_map(path: Path, biome_ids: dict[str, int]) -> MapData:
    raw = load_yaml(path)
    where = f"map {path.name}"
    require(isinstance(raw, dict), f"{where}: not a mapping")
    territories_raw = raw["territories"]
    territory_ids = list(territories_raw)
    require_unique(territory_ids, f"{where} territory ids")
    require_known([entry["biome"] for entry in territories_raw.values()], biome_ids, f"{where} biomes")
    space_ids: list[str] = []
    space_territory: list[int] = []
    territories = []
    for territory, territory_id in enumerate(territory_ids):
        entry = territories_raw[territory_id]
        require(len(entry["tent_spaces"]) >= 1, f"{where} {territory_id}: no tent spaces")
        first = len(space_ids)
        space_ids += [str(space_id) for space_id in entry["tent_spaces"]]
        space_territory += [territory] * len(entry["tent_spaces"])
        territories.append(Territory(territory, str(territory_id), biome_ids[entry["biome"]], bool(entry.get("totem_space", True)),
                                     bool(entry.get("island", False)), tuple(range(first, len(space_ids)))))
    require_unique(space_ids, f"{where} tent space ids")
    space_index = {space_id: i for i, space_id in enumerate(space_ids)}
    territory_index = {territory_id: i for i, territory_id in enumerate(territory_ids)}
    roads = _load_roads(raw, where, space_index, territory_index, space_territory)
    lines = _load_lines(raw, where, space_index, territory_index, space_territory)
    long_road = tuple(space_index[space_id] for space_id in raw.get("long_road_spaces") or [])
    require_known(raw.get("long_road_spaces") or [], space_index, f"{where} long_road_spaces")
    if raw.get("purple_road"):
        ends = {space_id for segment in raw["purple_road"] for space_id in segment}
        require_known(ends, space_index, f"{where} purple_road")
        require(ends == set(raw.get("long_road_spaces") or []),
                f"{where}: long_road_spaces must be the endpoints of purple_road")
    layout = tuple(tuple(str(c) for c in row) for row in raw.get("layout") or [territory_ids])
    cells = [c for row in layout for c in row if c != "."]
    require_known(cells, territory_index, f"{where} layout")
    require_unique(cells, f"{where} layout")
    neighbours: dict[int, set[int]] = {territory: set() for territory in range(len(territory_ids))}
    for line in lines:
        neighbours[line.a].add(line.b)
        neighbours[line.b].add(line.a)
    require_connected(range(len(territory_ids)), neighbours, f"{where} territories (alliance lines)")
    return MapData(str(raw["map_id"]), str(raw["name"]), str(raw.get("status", "")), tuple(territories),
                   tuple(space_ids), tuple(space_territory), roads, lines,
                   bool(raw.get("alliance_lines_are_roads", False)), long_road, layout,
                   territory_index, space_index, {line.n: line.index for line in lines})


def _load_roads(raw, where, space_index, territory_index, space_territory) -> tuple[tuple[int, int], ...]:
    roads = []
    for territory_id, segments in (raw.get("internal_roads") or {}).items():
        require(territory_id in territory_index, f"{where}: internal_roads for unknown territory {territory_id}")
        for a, b in segments:
            require_known([a, b], space_index, f"{where} internal road {territory_id}")
            require(space_territory[space_index[a]] == space_territory[space_index[b]] == territory_index[territory_id],
                    f"{where}: internal road {a}-{b} leaves {territory_id}")
            roads.append((space_index[a], space_index[b]))
    for a, b in raw.get("border_roads") or []:
        require_known([a, b], space_index, f"{where} border road")
        require(space_territory[space_index[a]] != space_territory[space_index[b]], f"{where}: border road {a}-{b} inside one territory")
        roads.append((space_index[a], space_index[b]))
    require_unique([tuple(sorted(r)) for r in roads], f"{where} roads")
    return tuple(roads)


def _load_lines(raw, where, space_index, territory_index, space_territory) -> tuple[Line, ...]:
    lines = []
    bridges = bool(raw.get("alliance_lines_are_roads", False))
    for i, line in enumerate(sorted(raw["alliance_lines"], key=lambda x: int(x["n"]))):
        a, b = line["between"]
        require_known([a, b], territory_index, f"{where} line {line['n']}")
        require(a != b, f"{where} line {line['n']}: joins a territory to itself")
        require(line["kind"] in LINE_KINDS, f"{where} line {line['n']}: kind must be land or sea")
        icon = line.get("mountain_icon") or 0
        require(icon in (0, 1, 2, 3, 4), f"{where} line {line['n']}: mountain_icon 1-4 or null")
        link = None
        if line.get("road_link"):
            x, y = line["road_link"]
            require_known([x, y], space_index, f"{where} line {line['n']} road_link")
            require({space_territory[space_index[x]], space_territory[space_index[y]]} == {territory_index[a], territory_index[b]},
                    f"{where} line {line['n']}: road_link must join its two territories")
            link = (space_index[x], space_index[y])
        require(not bridges or link is not None, f"{where} line {line['n']}: needs road_link")
        lines.append(Line(i, int(line["n"]), territory_index[a], territory_index[b], line["kind"], int(icon), link))
    require_unique([line.n for line in lines], f"{where} line numbers")
    for size in (1, 2, 3, 4):
        count = sum(1 for line in lines if line.icon == size)
        require(count == 2, f"{where}: {count} lines with mountain icon {size}, need 2")
    return tuple(lines)


def _load_all():
    biomes, removed = _load_biomes(load_yaml(DATA / "cards.yaml"))
    setup = load_yaml(DATA / "setup.yaml")
    feats = _load_feats(load_yaml(DATA / "feats.yaml"))
    exps = _load_expeditions(load_yaml(DATA / "expeditions.yaml"))
    require(len(exps) >= int(setup["expeditions_face_up"]), "expeditions.yaml: too few cards")
    biome_index = {b.id: b.index for b in biomes}
    maps = {}
    for path in sorted((DATA / "maps").glob("*.yaml")):
        board = _load_map(path, biome_index)
        require(board.id not in maps, f"duplicate map id {board.id}")
        maps[board.id] = board
    return biomes, removed, setup, feats, exps, maps


try:
    BIOMES, REMOVED_PER_BIOME, SETUP, FEATS, EXPEDITIONS, MAPS = _load_all()
except (KeyError, TypeError, ValueError) as exc:  # malformed structure
    raise BadData(f"iwari data: malformed field {exc!r}") from None

NB = len(BIOMES)
BIOME_INDEX = {b.id: b.index for b in BIOMES}
LETTER_INDEX = {b.letter: b.index for b in BIOMES}
FEAT_INDEX = {f.id: f.index for f in FEATS}
EXPEDITION_INDEX = {e.id: e.index for e in EXPEDITIONS}
TENTS = int(SETUP["tents_per_tribe"])
TOTEMS = int(SETUP["totems_per_tribe"])
HAND = int(SETUP["hand_size"])
DISPLAY = int(SETUP["display_size"])
EXPEDITIONS_FACE_UP = int(SETUP["expeditions_face_up"])
MOUNTAINS = {int(k): int(v) for k, v in SETUP["mountains"].items()}
THIRD_TRIBE_PLAYERS = tuple(int(p) for p in SETUP["third_tribe_players"])


def deck_counts(players: int) -> list[int]:
    """Cards of each biome in the deck for a player count (setup step 5, W1)."""
    return [b.count - REMOVED_PER_BIOME[players] for b in BIOMES]

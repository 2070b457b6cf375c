"""The Borealis component catalogue: data files loaded and validated once at import.

Cards, boards and tables come from ``data/*.yaml`` (reference section 2); hot-path lookups are
flat tuples indexed by card id (index 0 unused) so the rules never touch a dict while playing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gameshelf.core.data import load_yaml, require, require_known, require_unique

DATA = Path(__file__).parent / "data"


def _load(name: str) -> Any:
    return load_yaml(DATA / f"{name}.yaml")


_ENUM = _load("enumerations")
SPECIES: tuple[str, ...] = tuple(_ENUM["species"])
VEHICLES: tuple[str, ...] = tuple(_ENUM["vehicles"])
COLOURS: tuple[str, ...] = tuple(_ENUM["scientist_colours"])
ZONES: tuple[str, ...] = tuple(_ENUM["zones"])
OBJECTIVE_TYPES: tuple[str, ...] = tuple(_ENUM["objective_types"])
require(len(ZONES) == 5 and ZONES[0] in _ENUM["camps"] and ZONES[4] in _ENUM["camps"],
        "enumerations: zones must be LEFT_CAMP, 3 locations, RIGHT_CAMP")
require(list(ZONES[1:4]) == list(_ENUM["locations"]), "enumerations: locations must be zones 1..3")
LOCATIONS = (1, 2, 3)           # zone indices of the three locations (R5)
LOC_LETTERS = ("", "L", "C", "R", "")  # notation per zone index
LEFT_CAMP, RIGHT_CAMP = 0, 4


@dataclass(frozen=True)
class Card:
    id: int
    species: str
    vehicle: str
    left_arrow: str
    right_arrow: str
    bonus_stars: int
    latin_name: str


def _load_cards() -> tuple[Card, ...]:
    rows = _load("cards")["cards"]
    cards = tuple(Card(int(r["id"]), str(r["species"]), str(r["vehicle"]), str(r["left_arrow"]),
                       str(r["right_arrow"]), int(r["bonus_stars"]), str(r.get("latin_name", "")))
                  for r in rows)
    require_unique([c.id for c in cards], "cards.yaml")
    require(sorted(c.id for c in cards) == list(range(1, len(cards) + 1)),
            "cards.yaml: ids must be 1..N without gaps")
    require_known([c.species for c in cards], SPECIES, "cards.yaml species")
    require_known([c.vehicle for c in cards], VEHICLES, "cards.yaml vehicle")
    require_known([c.left_arrow for c in cards] + [c.right_arrow for c in cards], COLOURS,
                  "cards.yaml arrows")
    require(all(c.bonus_stars >= 0 for c in cards), "cards.yaml: bonus_stars must be >= 0")
    return tuple(sorted(cards, key=lambda c: c.id))


CARDS = _load_cards()
CARD_IDS: tuple[int, ...] = tuple(c.id for c in CARDS)
N_CARDS = len(CARDS)
BY_ID: tuple[Card | None, ...] = (None,) + CARDS
CARD_TERM: tuple[str, ...] = tuple(f"card:{i}" for i in range(N_CARDS + 1))   # a card's element id and term key
CARD_BY_TERM: dict[str, int] = {CARD_TERM[i]: i for i in CARD_IDS}
# flat per-id lookups for the hot path
CARD_SPECIES = (0,) + tuple(SPECIES.index(c.species) for c in CARDS)
CARD_VEHICLE = (0,) + tuple(VEHICLES.index(c.vehicle) for c in CARDS)
CARD_VEHICLE_BIT = tuple(1 << v for v in CARD_VEHICLE)
CARD_LEFT_COLOUR = (0,) + tuple(COLOURS.index(c.left_arrow) for c in CARDS)
CARD_RIGHT_COLOUR = (0,) + tuple(COLOURS.index(c.right_arrow) for c in CARDS)
CARD_BONUS_STARS = (0,) + tuple(c.bonus_stars for c in CARDS)
CARD_PATTERN_BIT = tuple(1 << (CARD_LEFT_COLOUR[i] * 3 + CARD_RIGHT_COLOUR[i]) for i in range(N_CARDS + 1))


def _playable_masks() -> tuple[int, ...]:
    """PLAYABLE[min(y,2)*9 + min(b,2)*3 + min(p,2)] = bit set of arrow patterns playable (R10, A5)."""
    masks = []
    for key in range(27):
        have = (key // 9, key // 3 % 3, key % 3)
        mask = 0
        for left in range(3):
            for right in range(3):
                ok = have[left] >= 2 if left == right else have[left] >= 1 and have[right] >= 1
                if ok:
                    mask |= 1 << (left * 3 + right)
        masks.append(mask)
    return tuple(masks)


PLAYABLE = _playable_masks()

_TABLES = _load("tables")
SET_TABLE: tuple[int, ...] = tuple(int(x) for x in _TABLES["set_table"])
TRACK_STARS: tuple[int, ...] = tuple(int(x) for x in _TABLES["track_star_values"])
SETUP: dict[str, int] = {k: int(v) for k, v in _TABLES["setup"].items()}
TRACK_LEN = len(TRACK_STARS)     # 8 spaces, 0 = start (A3)
LAST_SPACE = TRACK_LEN - 1
require(TRACK_STARS[0] == 0, "tables.yaml: the start space must be worth 0")
require(len(SET_TABLE) >= 2, "tables.yaml: set_table too short")


def set_points(count: int) -> int:
    """Stars for ``count`` cards of one species in one location (R45; A21 beyond the table)."""
    return SET_TABLE[count] if count < len(SET_TABLE) else count * (count - 1) // 2


def _load_boards() -> tuple[tuple[str, ...], tuple[str, ...], dict[str, tuple]]:
    raw = _load("boards")
    masks: dict[str, tuple] = {}
    sides = []
    for side_key in ("side_I", "side_II"):
        ids = []
        for board_id, tracks in raw[side_key].items():
            require(list(tracks) == list(_ENUM["locations"]), f"boards.yaml {board_id}: need LEFT, CENTER, RIGHT")
            board: list[tuple[int, ...]] = [()]
            for location, spaces in tracks.items():
                require(len(spaces) == TRACK_LEN - 1,
                        f"boards.yaml {board_id} {location}: need {TRACK_LEN - 1} spaces")
                row = [0]
                for pair in spaces:
                    require_known(pair, VEHICLES, f"boards.yaml {board_id} {location}")
                    require(len(pair) == 2 and pair[0] != pair[1],
                            f"boards.yaml {board_id} {location}: two different icons")
                    row.append((1 << VEHICLES.index(pair[0])) | (1 << VEHICLES.index(pair[1])))
                board.append(tuple(row))
            masks[board_id] = tuple(board) + ((),)
            ids.append(board_id)
        sides.append(tuple(ids))
    require(len(sides[0]) == 1, "boards.yaml: side I has exactly one pattern")
    require(len(sides[1]) >= 4, "boards.yaml: side II needs a board per player (4)")
    return sides[0], sides[1], masks


SIDE_I_BOARDS, SIDE_II_BOARDS, _MASKS = _load_boards()
BOARD_IDS: tuple[str, ...] = SIDE_I_BOARDS + SIDE_II_BOARDS
# TRACK_MASKS[board_index][zone][space] = vehicle bit set shown on that space (0 for the start)
TRACK_MASKS: tuple = tuple(_MASKS[b] for b in BOARD_IDS)

SCORING_CARDS: dict[str, dict[str, int]] = {k: dict(v) for k, v in _load("scoring_cards")["scoring_cards"].items()}
SCORING_IDS: tuple[str, ...] = tuple(SCORING_CARDS)
require(len(SCORING_IDS) == 10, "scoring_cards.yaml: expected 10 scoring cards")


@dataclass(frozen=True)
class Objective:
    id: str
    type: str
    predicate: str
    n: int
    space: int


def _load_objectives() -> dict[str, Objective]:
    raw = _load("objectives")["objectives"]
    objectives = {key: Objective(key, str(entry["type"]), str(entry["predicate"]), int(entry.get("n", 0)),
                                 int(entry.get("space", 0)))
                  for key, entry in raw.items()}
    require_known([objective.type for objective in objectives.values()], OBJECTIVE_TYPES, "objectives.yaml type")
    for kind in OBJECTIVE_TYPES:
        require(any(objective.type == kind for objective in objectives.values()), f"objectives.yaml: no {kind} objective")
    return objectives


OBJECTIVES = _load_objectives()
OBJECTIVES_BY_TYPE: tuple[tuple[str, ...], ...] = tuple(
    tuple(objective.id for objective in OBJECTIVES.values() if objective.type == kind) for kind in OBJECTIVE_TYPES)

_ACHIEVEMENT_DATA = _load("achievements")
ACHIEVEMENTS: tuple[dict[str, Any], ...] = tuple(dict(entry) for entry in _ACHIEVEMENT_DATA["achievements"])
TITLES: tuple[tuple[str, int], ...] = tuple((str(entry["id"]), int(entry["min"]))
                                            for entry in _ACHIEVEMENT_DATA["titles"])
require_unique([entry["id"] for entry in ACHIEVEMENTS], "achievements.yaml")
require_known([entry["card"] for entry in ACHIEVEMENTS if "card" in entry], SCORING_IDS, "achievements.yaml card")


def title_for(count: int) -> str:
    """The title for a number of distinct achievements marked (2.9)."""
    best = TITLES[0][0]
    for title, low in TITLES:
        if count >= low:
            best = title
    return best


def _check_deck() -> None:
    """Equal counts per species and per vehicle (FACT constraint of 2.4)."""
    for attribute, names in (("species", SPECIES), ("vehicle", VEHICLES)):
        counts = Counter(getattr(card, attribute) for card in CARDS)
        require(len(set(counts[name] for name in names)) == 1,
                f"cards.yaml: unequal {attribute} counts {dict(counts)}")


_check_deck()
MESSAGES: dict[str, dict[str, str]] = _load("messages")
TERMS: dict[str, dict[str, str]] = _load("terms")
LABELS: dict[str, dict[str, dict[str, str]]] = _load("labels")
for _section in LABELS.values():
    for _key, _entry in _section.items():
        require(bool(_entry.get("en")) and bool(_entry.get("ja")), f"labels.yaml: {_key} needs en and ja")

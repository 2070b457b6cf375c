"""Public positions: the whole state as readable JSON (ids from the catalogue, hidden parts included),
and back, validated (docs/positions/mariposas.md documents the format with an example).

``from_position`` checks types and keys, every action card exactly once (hands, deck, discard,
played), every waystation marker exactly once, limits (hand size, flowers, markers per place,
generations on goal cards) and the decision stack (its top is a decision of a seat that can take
it), and raises BadPosition naming the problem.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadPosition
from gameshelf.core.frames import Frame, frame_from_json, frame_to_json
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.decisions import KINDS, STAGES, interned
from gameshelf.games.mariposas.state import CATEGORIES, MARKERS, REMOVED, SUPPLY, State, blank, card_location
from gameshelf.games.mariposas.view import BOARD_KEYS, bits, location_name, player_public, turn_public

ACTION_CARDS = CAT.action_ids
SPACES = CAT.space_ids
PLAYER_KEYS = BOARD_KEYS


def _board(state: State, seat: int) -> dict[str, Any]:
    """One seat's part of a position: its public side (as the view shows it) and its hand."""
    public = player_public(state, seat)
    return {
        "points": public["points"], "goal_points": public["goal_points"], "played": public["played"],
        "flowers": public["flowers"], "lifecycle_cards": public["lifecycle_cards"],
        "bonus_cards": public["bonus_cards"], "used_bonus_cards": public["used_bonus_cards"],
        "abilities": public["abilities"],
        "hand": [ACTION_CARDS[card] for card in state.hands[seat]],
        "butterflies": [{"gen": butterfly["gen"], "at": butterfly["at"], "double": butterfly["double"]}
                        for butterfly in public["butterflies"]],
    }


def position(state: State) -> dict[str, Any]:
    """The full state as readable JSON data."""
    running = turn_public(state)
    turn = {"start": running["start"], "collected": running["collected"], "group": running["group"],
            "add_2_ready": running["add_2_ready"], "add_1_ready": running["add_1_ready"], "queue": running["queue"],
            "segments": [{"length": code >> 1, "adjacent": bool(code & 1)} for code in state.segments_left]}
    return {
        "game": "mariposas", "season": CAT.seasons[state.season], "turns_taken": state.turns_taken,
        "first_player": state.first_player, "turn_seat": state.turn_seat, "extra_turns": state.extra_turns[:],
        "in_extra_turns": state.in_extra_turns, "players": [_board(state, seat) for seat in range(state.players)],
        "deck": [ACTION_CARDS[card] for card in state.deck], "discard": [ACTION_CARDS[card] for card in state.discard],
        "waystations": {SPACES[city]: {"marker": CAT.marker_ids[state.waystations[index]],
                                   "face_up": bool(state.waystations_up >> index & 1)}
                        for index, city in enumerate(CAT.cities)},
        "goals": {season: {"card": CAT.goals[state.goals[index]].id, "face_up": state.goals_up[index]}
                  for index, season in enumerate(CAT.seasons)},
        "ability_rows": dict(zip(CAT.lifecycle_colors, (CAT.ability_ids[ability] for ability in state.ability_rows))),
        "turn": turn, "pending": [frame_to_json(frame) for frame in state.pending], "over": state.over,
        "ply": state.ply, "chance": state.chance.position,
    }


def from_position(data: Any) -> State:
    """A validated state from :func:`position` data; BadPosition names what is wrong."""
    from gameshelf.games.mariposas.invariants import check_position
    try:
        check_shape(data)
        state = build(data)
    except BadPosition:
        raise
    except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:   # a gap in check_shape
        raise BadPosition(f"malformed position: {type(exc).__name__}: {exc}") from None
    check_position(state)
    return state


# ---- the shape check: keys, types, ids and ranges, before anything is built --------------------

def _fail(where: str, message: str):
    raise BadPosition(f"{where}: {message}")


def _int(value: Any, where: str, lo: int = 0, hi: int = 10**6) -> int:
    if type(value) is not int:
        _fail(where, f"must be a whole number, not {type(value).__name__}")
    if not lo <= value <= hi:
        _fail(where, f"must be between {lo} and {hi}, not {value}")
    return value


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        _fail(where, f"must be true or false, not {value!r}")
    return value


def _dict(value: Any, where: str, keys) -> dict:
    if not isinstance(value, dict):
        _fail(where, f"must be a mapping, not {type(value).__name__}")
    missing, unknown = [key for key in keys if key not in value], [key for key in value if key not in keys]
    if missing or unknown:
        _fail(where, f"missing keys {missing}" if missing else f"unknown keys {unknown}")
    return value


def _list(value: Any, where: str, length: int | None = None, hi: int = 200) -> list:
    if not isinstance(value, list):
        _fail(where, f"must be a list, not {type(value).__name__}")
    if (length is not None and len(value) != length) or len(value) > hi:
        _fail(where, f"must hold {length if length is not None else f'at most {hi}'} items, not {len(value)}")
    return value


def _id(value: Any, names, where: str) -> str:
    if not isinstance(value, str) or value not in names:
        _fail(where, f"unknown id {value!r}")
    return value


def _ids(value: Any, names, where: str, unique: bool = False) -> list:
    for index, item in enumerate(_list(value, where)):
        _id(item, names, f"{where}[{index}]")
    if unique and len(set(value)) != len(value):
        _fail(where, "lists an id twice")
    return value


LOCATIONS = frozenset(SPACES) | {"supply", "removed"} | {f"{key}_card" for key in CAT.seasons}
TOP = ("game", "season", "turns_taken", "first_player", "turn_seat", "extra_turns", "in_extra_turns", "players", "deck", "discard",
       "waystations", "goals", "ability_rows", "turn", "pending", "over", "ply", "chance")


def check_shape(data: Any) -> None:
    """Keys, types, ids and ranges of every part of a position; BadPosition on the first problem."""
    _dict(data, "position", TOP)
    if data["game"] != "mariposas":
        _fail("game", f"this is a Mariposas position, not {data['game']!r}")
    players = _list(data["players"], "players")
    if not CAT.min_players <= len(players) <= CAT.max_players:
        _fail("players", f"Mariposas is for {CAT.min_players}-{CAT.max_players} players, not {len(players)}")
    seats = len(players)
    _id(data["season"], CAT.seasons, "season")
    _int(data["turns_taken"], "turns_taken", 0, seats * max(CAT.turns))
    _int(data["first_player"], "first_player", 0, seats - 1)
    _int(data["turn_seat"], "turn_seat", 0, seats - 1)
    for index, seat in enumerate(_list(data["extra_turns"], "extra_turns", hi=seats)):
        _int(seat, f"extra_turns[{index}]", 0, seats - 1)
    for key in ("in_extra_turns", "over"):
        _bool(data[key], key)
    _int(data["ply"], "ply", 0, 10**6)
    _int(data["chance"], "chance", 0, 2**64 - 1)
    for index, board in enumerate(players):
        _check_player(board, f"players[{index}]")
    _ids(data["deck"], ACTION_CARDS, "deck")
    _ids(data["discard"], ACTION_CARDS, "discard")
    _check_tables(data)
    _check_turn(data["turn"], seats)
    _check_pending(data["pending"], seats)


def _check_player(board: Any, where: str) -> None:
    _dict(board, where, PLAYER_KEYS + ("hand", "butterflies"))
    for key, names in (("points", CATEGORIES), ("goal_points", CAT.seasons), ("flowers", CAT.flower_types)):
        for name in _dict(board[key], f"{where}.{key}", names):
            _int(board[key][name], f"{where}.{key}.{name}", 0, 999)
    _ids(board["hand"], ACTION_CARDS, f"{where}.hand")
    _ids(board["played"], ACTION_CARDS, f"{where}.played")
    _ids(board["lifecycle_cards"], CAT.lifecycle_ids, f"{where}.lifecycle_cards", unique=True)
    _ids(board["abilities"], CAT.ability_ids, f"{where}.abilities", unique=True)
    _ids(board["bonus_cards"] + board["used_bonus_cards"] if isinstance(board["bonus_cards"], list)
         and isinstance(board["used_bonus_cards"], list) else None, CAT.bonus_ids,
         f"{where}.bonus_cards and used_bonus_cards", unique=True)
    for index, butterfly in enumerate(_list(board["butterflies"], f"{where}.butterflies", MARKERS)):
        at = f"{where}.butterflies[{index}]"
        _dict(butterfly, at, ("gen", "at", "double"))
        if butterfly["gen"] != CAT.slot_gen[index] or type(butterfly["gen"]) is not int:
            _fail(at, f"marker {index} is a generation-{CAT.slot_gen[index]} marker, not {butterfly['gen']!r}")
        _id(butterfly["at"], LOCATIONS, f"{at}.at")
        _bool(butterfly["double"], f"{at}.double")


def _check_tables(data: dict) -> None:
    waystations = _dict(data["waystations"], "waystations", [SPACES[city] for city in CAT.cities])
    for city, waystation in waystations.items():
        _dict(waystation, f"waystations.{city}", ("marker", "face_up"))
        _id(waystation["marker"], CAT.marker_ids, f"waystations.{city}.marker")
        _bool(waystation["face_up"], f"waystations.{city}.face_up")
    goals = _dict(data["goals"], "goals", CAT.seasons)
    for key, season in enumerate(CAT.seasons):
        goal = _dict(goals[season], f"goals.{season}", ("card", "face_up"))
        _id(goal["card"], [CAT.goals[index].id for index in CAT.goals_by_season[key]], f"goals.{season}.card")
        _bool(goal["face_up"], f"goals.{season}.face_up")
    rows = _dict(data["ability_rows"], "ability_rows", CAT.lifecycle_colors)
    _ids(list(rows.values()), CAT.ability_ids, "ability_rows", unique=True)


def _check_turn(turn: Any, players: int) -> None:
    _dict(turn, "turn", ("start", "collected", "segments", "group", "add_2_ready", "add_1_ready", "queue"))
    _ids(turn["start"], LOCATIONS, "turn.start")
    _list(turn["start"], "turn.start", MARKERS)
    _ids(turn["collected"], SPACES, "turn.collected", unique=True)
    longest = max(max(segment, default=0) for segment in CAT.action_segments)
    for index, segment in enumerate(_list(turn["segments"], "turn.segments", hi=8)):
        _dict(segment, f"turn.segments[{index}]", ("length", "adjacent"))
        _int(segment["length"], f"turn.segments[{index}].length", 1, longest)
        _bool(segment["adjacent"], f"turn.segments[{index}].adjacent")
    _int(turn["group"], "turn.group", 0, 1)
    _bool(turn["add_2_ready"], "turn.add_2_ready")
    _bool(turn["add_1_ready"], "turn.add_1_ready")
    for index, seat in enumerate(_list(turn["queue"], "turn.queue", hi=players)):
        _int(seat, f"turn.queue[{index}]", 0, players - 1)


# The range of each whole-number frame field (the seat's is the player count's).
FRAME_LIMITS = {"marker": (0, MARKERS - 1), "steps": (1, 13), "takes": (1, 2), "left": (1, 9),
                "stage": (0, len(STAGES) - 1)}


def _check_pending(stack: Any, players: int) -> list[Frame]:
    """The decision frames of a position (core.frames JSON), each field checked; BadPosition names the first problem."""
    frames = []
    for index, data in enumerate(_list(stack, "pending", hi=2)):
        where = f"pending[{index}]"
        try:
            value = frame_from_json(data, KINDS)
        except BadPosition as exc:
            _fail(where, str(exc))
        _int(value.seat, f"{where}.seat", 0, players - 1)
        for name, (lo, hi) in FRAME_LIMITS.items():
            if hasattr(value, name):
                _int(getattr(value, name), f"{where}.{name}", lo, hi)
        frames.append(interned(value))
    return frames


# ---- building (trusts its input: determinize and from_position after the shape check) -------------

def location_code(text: str) -> int:
    if text == "supply":
        return SUPPLY
    if text == "removed":
        return REMOVED
    if text.endswith("_card"):
        return card_location(CAT.seasons.index(text[:-5]))
    return CAT.space_index[text]


def mask(items, names) -> int:
    bits_set = 0
    for value in items:
        bits_set |= 1 << names.index(value)
    return bits_set


def _build_player(state: State, seat: int, board: dict[str, Any]) -> None:
    state.points[seat] = [board["points"][category] for category in CATEGORIES]
    for index, key in enumerate(CAT.seasons):
        state.goal_points[index * state.players + seat] = board["goal_points"][key]
    state.hands[seat] = [ACTION_CARDS.index(card) for card in board["hand"]]
    state.played[seat] = [ACTION_CARDS.index(card) for card in board["played"]]
    state.flowers[seat] = [board["flowers"][flower] for flower in CAT.flower_types]
    state.lifecycle[seat] = mask(board["lifecycle_cards"], CAT.lifecycle_ids)
    state.bonus_used[seat] = mask(board["used_bonus_cards"], CAT.bonus_ids)
    state.bonus[seat] = mask(board["bonus_cards"], CAT.bonus_ids) | state.bonus_used[seat]
    state.abilities[seat] = mask(board["abilities"], CAT.ability_ids)
    for index, butterfly in enumerate(board["butterflies"]):
        state.locations[seat * MARKERS + index] = location_code(butterfly["at"])
        state.doubles[seat * MARKERS + index] = 1 if butterfly["double"] else 0


def build(data: dict[str, Any]) -> State:
    """A state from position data (no validation)."""
    players = data["players"]
    state = blank(len(players), Chance(data["chance"]))
    for seat, board in enumerate(players):
        _build_player(state, seat, board)
    state.season = CAT.seasons.index(data["season"])
    state.turns_taken, state.first_player, state.turn_seat = data["turns_taken"], data["first_player"], data["turn_seat"]
    state.extra_turns, state.in_extra_turns = list(data["extra_turns"]), data["in_extra_turns"]
    state.deck = [ACTION_CARDS.index(card) for card in data["deck"]]
    state.discard = [ACTION_CARDS.index(card) for card in data["discard"]]
    waystations = data["waystations"]
    state.waystations = [CAT.marker_ids.index(waystations[SPACES[city]]["marker"]) for city in CAT.cities]
    state.waystations_up = sum(1 << index for index, city in enumerate(CAT.cities)
                               if waystations[SPACES[city]]["face_up"])
    state.goals = [CAT.goal_index[data["goals"][key]["card"]] for key in CAT.seasons]
    state.goals_up = [data["goals"][key]["face_up"] for key in CAT.seasons]
    state.ability_rows = [CAT.ability_ids.index(data["ability_rows"][color]) for color in CAT.lifecycle_colors]
    turn = data["turn"]
    state.start_spaces = [location_code(value) for value in turn["start"]]
    state.collected = mask(turn["collected"], SPACES)
    state.segments_left = [segment["length"] * 2 + (1 if segment["adjacent"] else 0) for segment in turn["segments"]]
    state.group, state.queue = turn["group"], list(turn["queue"])
    state.add_2_ready, state.add_1_ready = turn["add_2_ready"], turn["add_1_ready"]
    state.pending = [interned(frame_from_json(entry, KINDS)) for entry in data["pending"]]
    state.over, state.ply = data["over"], data["ply"]
    return state


__all__ = ["position", "from_position", "build", "bits", "location_name"]

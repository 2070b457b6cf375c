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
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.decisions import BY_NAME, STAGES, field_names, frame
from gameshelf.games.mariposas.state import CATEGORIES, NSLOT, REMOVED, SUPPLY, State, blank, card_loc
from gameshelf.games.mariposas.view import bits, loc_name, player_public, turn_public

ACT = CAT.action_ids
SP = CAT.space_ids
PLAYER_KEYS = ("points", "goal_points", "played", "flowers", "lifecycle_cards", "bonus_cards",
               "used_bonus_cards", "abilities")


def position(s: State) -> dict[str, Any]:
    """The full state as readable JSON data."""
    players = []
    for p in range(s.n):
        d = player_public(s, p)
        entry = {k: d[k] for k in PLAYER_KEYS}
        entry["hand"] = [ACT[c] for c in s.hands[p]]
        entry["butterflies"] = [{k: b[k] for k in ("gen", "at", "double")} for b in d["butterflies"]]
        players.append(entry)
    t = turn_public(s)
    turn = {k: t[k] for k in ("start", "collected", "group", "plus2", "extra1", "queue")}
    turn["segments"] = [{"length": x >> 1, "adjacent": bool(x & 1)} for x in s.seg_left]
    return {
        "game": "mariposas", "season": CAT.seasons[s.season], "turn_no": s.turn_no, "first": s.first,
        "cur": s.cur, "extra": s.extra[:], "in_extra": s.in_extra, "players": players,
        "deck": [ACT[c] for c in s.deck], "discard": [ACT[c] for c in s.discard],
        "waystations": {SP[c]: {"marker": CAT.marker_ids[s.way[i]], "face_up": bool(s.way_up >> i & 1)}
                        for i, c in enumerate(CAT.cities)},
        "goals": {k: {"card": CAT.goals[s.goals[i]].id, "face_up": s.goal_up[i]} for i, k in enumerate(CAT.seasons)},
        "ability_rows": dict(zip(CAT.lifecycle_colors, (CAT.ability_ids[a] for a in s.rows))),
        "turn": turn, "pending": t["stack"], "over": s.over, "ply": s.ply, "chance": s.chance.position,
    }


def from_position(data: Any) -> State:
    """A validated state from :func:`position` data; BadPosition names what is wrong."""
    from gameshelf.games.mariposas.invariants import check_position
    try:
        check_shape(data)
        s = build(data)
    except BadPosition:
        raise
    except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:   # a gap in check_shape
        raise BadPosition(f"malformed position: {type(exc).__name__}: {exc}") from None
    check_position(s)
    return s


# ---- the shape check: keys, types, ids and ranges, before anything is built --------------------

def _fail(where: str, message: str):
    raise BadPosition(f"{where}: {message}")


def _int(x: Any, where: str, lo: int = 0, hi: int = 10**6) -> int:
    if type(x) is not int:
        _fail(where, f"must be a whole number, not {type(x).__name__}")
    if not lo <= x <= hi:
        _fail(where, f"must be between {lo} and {hi}, not {x}")
    return x


def _bool(x: Any, where: str) -> bool:
    if type(x) is not bool:
        _fail(where, f"must be true or false, not {x!r}")
    return x


def _dict(x: Any, where: str, keys) -> dict:
    if not isinstance(x, dict):
        _fail(where, f"must be a mapping, not {type(x).__name__}")
    missing, unknown = [k for k in keys if k not in x], [k for k in x if k not in keys]
    if missing or unknown:
        _fail(where, f"missing keys {missing}" if missing else f"unknown keys {unknown}")
    return x


def _list(x: Any, where: str, length: int | None = None, hi: int = 200) -> list:
    if not isinstance(x, list):
        _fail(where, f"must be a list, not {type(x).__name__}")
    if (length is not None and len(x) != length) or len(x) > hi:
        _fail(where, f"must hold {length if length is not None else f'at most {hi}'} items, not {len(x)}")
    return x


def _id(x: Any, names, where: str) -> str:
    if not isinstance(x, str) or x not in names:
        _fail(where, f"unknown id {x!r}")
    return x


def _ids(x: Any, names, where: str, unique: bool = False) -> list:
    for i, item in enumerate(_list(x, where)):
        _id(item, names, f"{where}[{i}]")
    if unique and len(set(x)) != len(x):
        _fail(where, "lists an id twice")
    return x


LOCATIONS = frozenset(SP) | {"supply", "removed"} | {f"{k}_card" for k in CAT.seasons}
TOP = ("game", "season", "turn_no", "first", "cur", "extra", "in_extra", "players", "deck", "discard",
       "waystations", "goals", "ability_rows", "turn", "pending", "over", "ply", "chance")


def check_shape(v: Any) -> None:
    """Keys, types, ids and ranges of every part of a position; BadPosition on the first problem."""
    _dict(v, "position", TOP)
    if v["game"] != "mariposas":
        _fail("game", f"this is a Mariposas position, not {v['game']!r}")
    players = _list(v["players"], "players")
    if not CAT.min_players <= len(players) <= CAT.max_players:
        _fail("players", f"Mariposas is for {CAT.min_players}-{CAT.max_players} players, not {len(players)}")
    n = len(players)
    _id(v["season"], CAT.seasons, "season")
    _int(v["turn_no"], "turn_no", 0, n * max(CAT.turns))
    _int(v["first"], "first", 0, n - 1)
    _int(v["cur"], "cur", 0, n - 1)
    for i, seat in enumerate(_list(v["extra"], "extra", hi=n)):
        _int(seat, f"extra[{i}]", 0, n - 1)
    for k in ("in_extra", "over"):
        _bool(v[k], k)
    _int(v["ply"], "ply", 0, 10**6)
    _int(v["chance"], "chance", 0, 2**64 - 1)
    for p, d in enumerate(players):
        _check_player(d, f"players[{p}]")
    _ids(v["deck"], ACT, "deck")
    _ids(v["discard"], ACT, "discard")
    _check_tables(v)
    _check_turn(v["turn"], n)
    _check_pending(v["pending"], n)


def _check_player(d: Any, where: str) -> None:
    _dict(d, where, PLAYER_KEYS + ("hand", "butterflies"))
    for key, names in (("points", CATEGORIES), ("goal_points", CAT.seasons), ("flowers", CAT.flower_types)):
        for name in _dict(d[key], f"{where}.{key}", names):
            _int(d[key][name], f"{where}.{key}.{name}", 0, 999)
    _ids(d["hand"], ACT, f"{where}.hand")
    _ids(d["played"], ACT, f"{where}.played")
    _ids(d["lifecycle_cards"], CAT.lifecycle_ids, f"{where}.lifecycle_cards", unique=True)
    _ids(d["abilities"], CAT.ability_ids, f"{where}.abilities", unique=True)
    _ids(d["bonus_cards"] + d["used_bonus_cards"] if isinstance(d["bonus_cards"], list)
         and isinstance(d["used_bonus_cards"], list) else None, CAT.bonus_ids,
         f"{where}.bonus_cards and used_bonus_cards", unique=True)
    for i, b in enumerate(_list(d["butterflies"], f"{where}.butterflies", NSLOT)):
        at = f"{where}.butterflies[{i}]"
        _dict(b, at, ("gen", "at", "double"))
        if b["gen"] != CAT.slot_gen[i] or type(b["gen"]) is not int:
            _fail(at, f"marker {i} is a generation-{CAT.slot_gen[i]} marker, not {b['gen']!r}")
        _id(b["at"], LOCATIONS, f"{at}.at")
        _bool(b["double"], f"{at}.double")


def _check_tables(v: dict) -> None:
    way = _dict(v["waystations"], "waystations", [SP[c] for c in CAT.cities])
    for city, w in way.items():
        _dict(w, f"waystations.{city}", ("marker", "face_up"))
        _id(w["marker"], CAT.marker_ids, f"waystations.{city}.marker")
        _bool(w["face_up"], f"waystations.{city}.face_up")
    goals = _dict(v["goals"], "goals", CAT.seasons)
    for k, season in enumerate(CAT.seasons):
        g = _dict(goals[season], f"goals.{season}", ("card", "face_up"))
        _id(g["card"], [CAT.goals[i].id for i in CAT.goals_by_season[k]], f"goals.{season}.card")
        _bool(g["face_up"], f"goals.{season}.face_up")
    rows = _dict(v["ability_rows"], "ability_rows", CAT.lifecycle_colors)
    _ids(list(rows.values()), CAT.ability_ids, "ability_rows", unique=True)


def _check_turn(t: Any, n: int) -> None:
    _dict(t, "turn", ("start", "collected", "segments", "group", "plus2", "extra1", "queue"))
    _ids(t["start"], LOCATIONS, "turn.start")
    _list(t["start"], "turn.start", NSLOT)
    _ids(t["collected"], SP, "turn.collected", unique=True)
    longest = max(max(seg, default=0) for seg in CAT.action_segments)
    for i, seg in enumerate(_list(t["segments"], "turn.segments", hi=8)):
        _dict(seg, f"turn.segments[{i}]", ("length", "adjacent"))
        _int(seg["length"], f"turn.segments[{i}].length", 1, longest)
        _bool(seg["adjacent"], f"turn.segments[{i}].adjacent")
    _int(t["group"], "turn.group", 0, 1)
    _bool(t["plus2"], "turn.plus2")
    _bool(t["extra1"], "turn.extra1")
    for i, seat in enumerate(_list(t["queue"], "turn.queue", hi=n)):
        _int(seat, f"turn.queue[{i}]", 0, n - 1)


FRAME_LIMITS = {"seat": None, "slot": NSLOT - 1, "steps": 13, "takes": 2, "left": 9}


def _check_pending(stack: Any, n: int) -> None:
    for i, f in enumerate(_list(stack, "pending", hi=2)):
        where = f"pending[{i}]"
        if not isinstance(f, dict) or f.get("kind") not in BY_NAME:
            _fail(where, f"unknown decision {f.get('kind') if isinstance(f, dict) else f!r}")
        names = field_names(BY_NAME[f["kind"]])
        _dict(f, where, ("kind",) + names)
        for name in names:
            value = f[name]
            if name in ("adjacent", "setup"):
                _bool(value, f"{where}.{name}")
            elif name == "stage":
                _id(value, STAGES, f"{where}.stage")
            else:
                _int(value, f"{where}.{name}", 1 if name in ("steps", "takes", "left") else 0,
                     n - 1 if name == "seat" else FRAME_LIMITS[name])


# ---- building (trusts its input: determinize and from_position after the shape check) -------------

def loc_code(text: str) -> int:
    if text == "supply":
        return SUPPLY
    if text == "removed":
        return REMOVED
    if text.endswith("_card"):
        return card_loc(CAT.seasons.index(text[:-5]))
    return CAT.space_index[text]


def mask(items, names) -> int:
    m = 0
    for x in items:
        m |= 1 << names.index(x)
    return m


def build_frame(d: dict[str, Any]):
    cls = BY_NAME[d["kind"]]
    args = [STAGES.index(d[f]) if f == "stage" else d[f] for f in field_names(cls)]
    return frame(cls, *args)


def _build_player(s: State, p: int, d: dict[str, Any]) -> None:
    s.pts[p] = [d["points"][c] for c in CATEGORIES]
    for i, k in enumerate(CAT.seasons):
        s.gpts[i * s.n + p] = d["goal_points"][k]
    s.hands[p] = [ACT.index(c) for c in d["hand"]]
    s.played[p] = [ACT.index(c) for c in d["played"]]
    s.flowers[p] = [d["flowers"][f] for f in CAT.flower_types]
    s.life[p] = mask(d["lifecycle_cards"], CAT.lifecycle_ids)
    s.bused[p] = mask(d["used_bonus_cards"], CAT.bonus_ids)
    s.bonus[p] = mask(d["bonus_cards"], CAT.bonus_ids) | s.bused[p]
    s.abil[p] = mask(d["abilities"], CAT.ability_ids)
    for i, b in enumerate(d["butterflies"]):
        s.loc[p * NSLOT + i] = loc_code(b["at"])
        s.dbl[p * NSLOT + i] = 1 if b["double"] else 0


def build(v: dict[str, Any]) -> State:
    """A state from position data (no validation)."""
    players = v["players"]
    s = blank(len(players), Chance(v["chance"]))
    for p, d in enumerate(players):
        _build_player(s, p, d)
    s.season = CAT.seasons.index(v["season"])
    s.turn_no, s.first, s.cur = v["turn_no"], v["first"], v["cur"]
    s.extra, s.in_extra = list(v["extra"]), v["in_extra"]
    s.deck = [ACT.index(c) for c in v["deck"]]
    s.discard = [ACT.index(c) for c in v["discard"]]
    way = v["waystations"]
    s.way = [CAT.marker_ids.index(way[SP[c]]["marker"]) for c in CAT.cities]
    s.way_up = sum(1 << i for i, c in enumerate(CAT.cities) if way[SP[c]]["face_up"])
    s.goals = [CAT.goal_index[v["goals"][k]["card"]] for k in CAT.seasons]
    s.goal_up = [v["goals"][k]["face_up"] for k in CAT.seasons]
    s.rows = [CAT.ability_ids.index(v["ability_rows"][c]) for c in CAT.lifecycle_colors]
    t = v["turn"]
    s.start = [loc_code(x) for x in t["start"]]
    s.collected = mask(t["collected"], SP)
    s.seg_left = [seg["length"] * 2 + (1 if seg["adjacent"] else 0) for seg in t["segments"]]
    s.group, s.plus2, s.extra1, s.queue = t["group"], t["plus2"], t["extra1"], list(t["queue"])
    s.pending = [build_frame(f) for f in v["pending"]]
    s.over, s.ply = v["over"], v["ply"]
    return s


__all__ = ["position", "from_position", "build", "bits", "loc_name"]

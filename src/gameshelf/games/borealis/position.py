"""Borealis positions: the whole state as readable JSON data, and back, validated.

``position(state)`` names everything by its catalogue id (card ids 1..90, board, objective and
scoring-card ids, zone and colour names) and includes the hidden parts (hands, the deck order
bottom to top, the chance stream) and the pending decision. ``from_position(data)`` checks types,
that every card is in exactly one place, the limits (pool and hand at most 4 cards, columns at
most 7, 3 scientists of each colour per player, flags on the track, objective tokens conserved)
and that the pending decision could arise, and raises BadPosition naming the problem.
The format, with an example: docs/positions/borealis.md.
"""

from __future__ import annotations

from typing import Any, Callable

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadOption, BadPosition
from gameshelf.games.borealis.catalog import (
    BOARD_IDS, CARD_IDS, COLOURS, LAST_SPACE, OBJECTIVE_TYPES, OBJECTIVES, SCORING_IDS, SETUP,
    SIDE_I_BOARDS, ZONES,
)
from gameshelf.games.borealis.decisions import (
    COUNTED, KINDS, Mulligan, RegroupLocation, TakeAfterRefresh, TakeCard, stack_of,
)
from gameshelf.games.borealis.options import SCHEMA, Config
from gameshelf.games.borealis.rules_draw import draw_options
from gameshelf.games.borealis.rules_observe import camp_total
from gameshelf.games.borealis.state import END_REASONS, OBJ_STATUS_NAMES, State
from gameshelf.games.borealis.view import decision_json

PLAYER_COUNTS = (2, 3, 4)
LOCATIONS = ZONES[1:4]
CAMPS = (ZONES[0], ZONES[4])
MAX_HAND = SETUP["hand_size"]
MAX_POOL = SETUP["pool_size"]
MAX_COLUMN = SETUP["seven_card_trigger"]
_KEYS = ("game", "players", "options", "chance", "round", "first_player", "ply", "pending",
         "end_triggered", "end_reason", "refresh_used_this_round", "refreshed_this_turn", "deck",
         "discard", "pool", "scoring_cards", "objectives", "seats")
_SEAT_KEYS = ("board", "hand", "tokens", "turns", "objectives_achieved", "locations", "camps")


# ---- state -> position -------------------------------------------------------------------------
def _scientists(s: State, seat: int, zone: int) -> list[str]:
    b = seat * 15 + zone * 3
    return [COLOURS[k] for k in range(3) for _ in range(s.sci[b + k])]


def _seat(s: State, seat: int) -> dict[str, Any]:
    return {
        "board": BOARD_IDS[s.boards[seat]],
        "hand": list(s.hands[seat]),
        "tokens": s.tokens[seat],
        "turns": s.turns[seat],
        "objectives_achieved": [oid for i, oid in enumerate(s.obj) if s.achieved[seat] >> i & 1],
        "locations": {name: {"cards": list(s.cols[seat * 3 + z - 1]), "flag": s.flags[seat * 3 + z - 1],
                             "scientists": _scientists(s, seat, z)}
                      for z, name in enumerate(ZONES) if name in LOCATIONS},
        "camps": {ZONES[z]: _scientists(s, seat, z) for z in (0, 4)},
    }


def position(s: State) -> dict[str, Any]:
    """The full state as plain JSON data (see the module docstring)."""
    return {
        "game": "borealis",
        "players": s.n,
        "options": s.cfg.to_options(),
        "chance": s.chance.position,
        "round": s.round,
        "first_player": s.first,
        "ply": s.ply,
        "pending": [dict(decision_json(top)) for top in s.pending],
        "end_triggered": s.end_triggered,
        "end_reason": END_REASONS[s.end_reason] or None,
        "refresh_used_this_round": s.refresh_round,
        "refreshed_this_turn": s.turn_refreshed,
        "deck": list(s.deck),
        "discard": list(s.discard),
        "pool": list(s.pool),
        "scoring_cards": list(s.scoring),
        "objectives": [{"id": oid, "tokens": s.obj_tokens[i], "status": OBJ_STATUS_NAMES[s.obj_status[i]]}
                       for i, oid in enumerate(s.obj)],
        "seats": [_seat(s, seat) for seat in range(s.n)],
    }


# ---- checked reads -----------------------------------------------------------------------------
def _fail(message: str) -> BadPosition:
    return BadPosition(f"borealis position: {message}")


def _mapping(data: Any, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _fail(f"{where} must be a mapping, not {type(data).__name__}")
    missing = [k for k in keys if k not in data]
    if missing:
        raise _fail(f"{where} is missing {', '.join(missing)}")
    unknown = sorted(str(k) for k in data if k not in keys)
    if unknown:
        raise _fail(f"{where} has unknown key(s) {', '.join(unknown)}")
    return data


def _int(value: Any, where: str, lo: int = 0, hi: int = 10**9) -> int:
    if type(value) is not int:
        raise _fail(f"{where} must be a whole number, not {value!r}")
    if not lo <= value <= hi:
        raise _fail(f"{where} must be between {lo} and {hi}, not {value}")
    return value


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise _fail(f"{where} must be true or false, not {value!r}")
    return value


def _choice(value: Any, choices: tuple, where: str) -> Any:
    if not isinstance(value, str) or value not in choices:
        raise _fail(f"{where} must be one of {', '.join(map(str, choices))}, not {value!r}")
    return value


def _list(value: Any, where: str, item: Callable[[Any, str], Any], most: int = 10**6) -> list:
    if not isinstance(value, list):
        raise _fail(f"{where} must be a list, not {type(value).__name__}")
    if len(value) > most:
        raise _fail(f"{where} holds at most {most} entries, not {len(value)}")
    return [item(x, f"{where}[{i}]") for i, x in enumerate(value)]


def _card(value: Any, where: str) -> int:
    if type(value) is not int or value not in CARD_IDS:
        raise _fail(f"{where} is not a card id 1..{len(CARD_IDS)}: {value!r}")
    return value


def _colour(value: Any, where: str) -> str:
    return _choice(value, COLOURS, where)


# ---- position -> state -------------------------------------------------------------------------
def from_position(data: Any) -> State:
    """A state from ``position`` data, validated; BadPosition names what is wrong."""
    try:
        return _build(data)
    except BadPosition:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:   # a safety net
        raise _fail(f"malformed data ({type(exc).__name__}: {exc})") from None


def _build(data: Any) -> State:
    d = _mapping(data, "the position", _KEYS)
    _choice(d["game"], ("borealis",), "game")
    s = State.__new__(State)
    s.n = n = _int(d["players"], "players", 2, 4)
    s.cfg = _config(d["options"])
    s.chance = Chance(_int(d["chance"], "chance", 0, 2**64 - 1))
    s.round = _int(d["round"], "round", 1)
    s.first = _int(d["first_player"], "first_player", 0, n - 1)
    s.ply = _int(d["ply"], "ply")
    s.end_triggered = _bool(d["end_triggered"], "end_triggered")
    reason = d["end_reason"]
    s.end_reason = 0 if reason is None else END_REASONS.index(_choice(reason, END_REASONS[1:], "end_reason"))
    s.refresh_round = _bool(d["refresh_used_this_round"], "refresh_used_this_round")
    s.turn_refreshed = _bool(d["refreshed_this_turn"], "refreshed_this_turn")
    s.deck = _list(d["deck"], "deck", _card)
    s.discard = _list(d["discard"], "discard", _card)
    s.pool = _list(d["pool"], "pool", _card, MAX_POOL)
    _scoring_cards(s, d["scoring_cards"])
    _objectives(s, d["objectives"])
    _seats(s, _list(d["seats"], "seats", lambda x, w: x, n), n)
    _check_cards(s)
    _check_objective_tokens(s)
    s.pending = _pending(s, d["pending"])
    return s


def _config(options: Any) -> Config:
    if not isinstance(options, dict):
        raise _fail("options must be a mapping of option names to values")
    try:
        return Config.from_options(SCHEMA.resolve(options))
    except BadOption as exc:
        raise _fail(f"options: {exc.message}") from None


def _scoring_cards(s: State, value: Any) -> None:
    cards = _list(value, "scoring_cards", lambda x, w: _choice(x, SCORING_IDS, w))
    if len(cards) != SETUP["scoring_cards_in_play"] or len(set(cards)) != len(cards):
        raise _fail(f"scoring_cards must be {SETUP['scoring_cards_in_play']} different scoring cards")
    s.scoring = tuple(cards)


def _objectives(s: State, value: Any) -> None:
    rows = _list(value, "objectives", lambda x, w: _mapping(x, w, ("id", "tokens", "status")))
    if len(rows) != len(OBJECTIVE_TYPES):
        raise _fail(f"objectives must list {len(OBJECTIVE_TYPES)} objectives, one per type")
    for i, (row, kind) in enumerate(zip(rows, OBJECTIVE_TYPES)):
        oid = _choice(row["id"], tuple(OBJECTIVES), f"objectives[{i}].id")
        if OBJECTIVES[oid].type != kind:
            raise _fail(f"objectives[{i}] must be a {kind} objective (R31), not {oid}")
    s.obj = tuple(row["id"] for row in rows)
    s.obj_tokens = [_int(row["tokens"], f"objectives[{i}].tokens", 0, s.n) for i, row in enumerate(rows)]
    s.obj_status = [OBJ_STATUS_NAMES.index(_choice(row["status"], OBJ_STATUS_NAMES, f"objectives[{i}].status"))
                    for i, row in enumerate(rows)]


def _seats(s: State, seats: list, n: int) -> None:
    if len(seats) != n:
        raise _fail(f"seats must list {n} players, not {len(seats)}")
    s.hands, s.cols, s.sci, s.flags, s.tokens, s.turns, s.achieved = [], [], [], [], [], [], []
    boards = []
    for seat, raw in enumerate(seats):
        boards.append(_seat_into(s, seat, _mapping(raw, f"seats[{seat}]", _SEAT_KEYS)))
    _check_boards(s, boards)


def _seat_into(s: State, seat: int, p: dict[str, Any]) -> str:
    where = f"seats[{seat}]"
    board = _choice(p["board"], BOARD_IDS, f"{where}.board")
    s.hands.append(_list(p["hand"], f"{where}.hand", _card, MAX_HAND))
    s.tokens.append(_int(p["tokens"], f"{where}.tokens"))
    s.turns.append(_int(p["turns"], f"{where}.turns"))
    achieved = _list(p["objectives_achieved"], f"{where}.objectives_achieved",
                     lambda x, w: _choice(x, s.obj, w))
    if len(set(achieved)) != len(achieved):
        raise _fail(f"{where}.objectives_achieved names an objective twice (R33)")
    s.achieved.append(sum(1 << s.obj.index(oid) for oid in achieved))
    locations = _mapping(p["locations"], f"{where}.locations", LOCATIONS)
    camps = _mapping(p["camps"], f"{where}.camps", CAMPS)
    zones: list[list[str]] = []
    for z, name in enumerate(ZONES):
        if name in CAMPS:
            zones.append(_list(camps[name], f"{where}.camps.{name}", _colour))
            continue
        loc = _mapping(locations[name], f"{where}.locations.{name}", ("cards", "flag", "scientists"))
        s.cols.append(_list(loc["cards"], f"{where}.locations.{name}.cards", _card, MAX_COLUMN))
        s.flags.append(_int(loc["flag"], f"{where}.locations.{name}.flag", 0, LAST_SPACE))
        zones.append(_list(loc["scientists"], f"{where}.locations.{name}.scientists", _colour))
    _scientists_into(s, zones, where)
    return board


def _scientists_into(s: State, zones: list[list[str]], where: str) -> None:
    """R9: 3 scientists of each colour per player, anywhere on the board."""
    counts = [zone.count(colour) for zone in zones for colour in COLOURS]
    for k, colour in enumerate(COLOURS):
        total = sum(counts[z * 3 + k] for z in range(5))
        if total != 3:
            raise _fail(f"{where} has {total} {colour} scientists; every player has 3 of each colour (R9)")
    s.sci.extend(counts)


def _check_boards(s: State, boards: list[str]) -> None:
    """R40, A20: side I gives every player the same board; side II a different board each."""
    if s.cfg.board_side == "I" and any(b not in SIDE_I_BOARDS for b in boards):
        raise _fail(f"board side I is played on {SIDE_I_BOARDS[0]} only, not {boards}")
    if s.cfg.board_side == "II" and (any(b in SIDE_I_BOARDS for b in boards) or len(set(boards)) != len(boards)):
        raise _fail(f"board side II gives each player a different side II board, not {boards}")
    s.boards = tuple(BOARD_IDS.index(b) for b in boards)


def _check_cards(s: State) -> None:
    """Every card exactly once: in the deck, the discard pile, the pool, a hand or a column."""
    seen: dict[int, str] = {}
    places = [("the deck", s.deck), ("the discard pile", s.discard), ("the pool", s.pool)]
    places += [(f"seat {seat}'s hand", h) for seat, h in enumerate(s.hands)]
    places += [(f"seat {i // 3}'s {LOCATIONS[i % 3]} location", col) for i, col in enumerate(s.cols)]
    for where, cards in places:
        for c in cards:
            if c in seen:
                raise _fail(f"card {c} is in two places: {seen[c]} and {where}")
            seen[c] = where
    missing = [c for c in CARD_IDS if c not in seen]
    if missing:
        raise _fail(f"card(s) {', '.join(map(str, missing[:10]))} are nowhere (every card is in exactly one place)")


def _check_objective_tokens(s: State) -> None:
    """R31-R34: each objective starts with one token per player; each achiever took one."""
    for i, oid in enumerate(s.obj):
        taken = sum(1 for a in s.achieved if a >> i & 1)
        if s.obj_tokens[i] + taken != s.n:
            raise _fail(f"objective {oid} has {s.obj_tokens[i]} token(s) left and {taken} achiever(s); "
                        f"they must add up to {s.n} (R31)")


# ---- the pending decision ------------------------------------------------------------------------
def _pending(s: State, value: Any) -> tuple:
    rows = _list(value, "pending", lambda x, w: x, 1)
    if not rows:
        if not s.end_reason:
            raise _fail("pending is empty but the game is not over (end_reason is null)")
        return ()
    if s.end_reason:
        raise _fail("the game is over (end_reason is set) but a decision is pending")
    row = rows[0]
    if not isinstance(row, dict) or "kind" not in row:
        raise _fail("pending[0] must be a mapping with a kind")
    kind = _choice(row["kind"], tuple(KINDS), "pending[0].kind")
    cls = KINDS[kind]
    keys = ("kind", "seat", "discarded") if cls in COUNTED else ("kind", "seat")
    _mapping(row, "pending[0]", keys)
    seat = _int(row["seat"], "pending[0].seat", 0, s.n - 1)
    top = cls(seat, _int(row["discarded"], "pending[0].discarded", 0, len(s.discard))) \
        if cls in COUNTED else cls(seat)
    _check_decision(s, top)
    return stack_of(top)


def _check_decision(s: State, top) -> None:
    """A decision the rules could have left pending here."""
    kind = type(top)
    if kind is Mulligan and (s.round != 1 or any(s.turns)):
        raise _fail("a mulligan is pending after round 1 began (A19: before the first turn only)")
    if kind is TakeAfterRefresh and not s.turn_refreshed:
        raise _fail("take_after_refresh is pending but refreshed_this_turn is false (R19)")
    if kind is RegroupLocation and not camp_total(s, top.seat):
        raise _fail("regroup_location is pending but the seat's camps are empty (R25: no location then)")
    if kind in (TakeCard, TakeAfterRefresh) and not draw_options(s, top):
        raise _fail(f"{top.kind} is pending but no card can be taken (A31: the turn ends by itself)")

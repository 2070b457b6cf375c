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
from gameshelf.core.frames import Frame, frame_from_json, frame_to_json
from gameshelf.games.borealis.catalog import (
    BOARD_IDS, CARD_IDS, COLOURS, LAST_SPACE, OBJECTIVE_TYPES, OBJECTIVES, SCORING_IDS, SETUP,
    SIDE_I_BOARDS, ZONES,
)
from gameshelf.games.borealis.decisions import (
    KINDS, Mulligan, RegroupDiscard, RegroupLocation, TakeAfterRefresh, TakeCard, stack_of,
)
from gameshelf.games.borealis.options import SCHEMA, Config
from gameshelf.games.borealis.rules_draw import draw_options
from gameshelf.games.borealis.rules_observe import camp_total
from gameshelf.games.borealis.state import END_REASONS, OBJECTIVE_STATUS_NAMES, State

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
def _scientists(state: State, seat: int, zone: int) -> list[str]:
    base = seat * 15 + zone * 3
    return [COLOURS[colour] for colour in range(3) for _ in range(state.scientists[base + colour])]


def _seat(state: State, seat: int) -> dict[str, Any]:
    return {
        "board": BOARD_IDS[state.boards[seat]],
        "hand": list(state.hands[seat]),
        "tokens": state.tokens[seat],
        "turns": state.turns[seat],
        "objectives_achieved": [objective_id for index, objective_id in enumerate(state.objectives)
                                if state.achieved[seat] >> index & 1],
        "locations": {name: {"cards": list(state.columns[seat * 3 + zone - 1]),
                             "flag": state.flags[seat * 3 + zone - 1],
                             "scientists": _scientists(state, seat, zone)}
                      for zone, name in enumerate(ZONES) if name in LOCATIONS},
        "camps": {ZONES[zone]: _scientists(state, seat, zone) for zone in (0, 4)},
    }


def position(state: State) -> dict[str, Any]:
    """The full state as plain JSON data (see the module docstring)."""
    return {
        "game": "borealis",
        "players": state.players,
        "options": state.config.to_options(),
        "chance": state.chance.position,
        "round": state.round,
        "first_player": state.first_player,
        "ply": state.ply,
        "pending": [frame_to_json(frame) for frame in state.pending],
        "end_triggered": state.end_triggered,
        "end_reason": END_REASONS[state.end_reason] or None,
        "refresh_used_this_round": state.refresh_used_this_round,
        "refreshed_this_turn": state.refreshed_this_turn,
        "deck": list(state.deck),
        "discard": list(state.discard),
        "pool": list(state.pool),
        "scoring_cards": list(state.scoring_cards),
        "objectives": [{"id": objective_id, "tokens": state.objective_tokens[index],
                        "status": OBJECTIVE_STATUS_NAMES[state.objective_status[index]]}
                       for index, objective_id in enumerate(state.objectives)],
        "seats": [_seat(state, seat) for seat in range(state.players)],
    }


# ---- checked reads -----------------------------------------------------------------------------
def _fail(message: str) -> BadPosition:
    return BadPosition(f"borealis position: {message}")


def _mapping(data: Any, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _fail(f"{where} must be a mapping, not {type(data).__name__}")
    missing = [key for key in keys if key not in data]
    if missing:
        raise _fail(f"{where} is missing {', '.join(missing)}")
    unknown = sorted(str(key) for key in data if key not in keys)
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
    return [item(entry, f"{where}[{index}]") for index, entry in enumerate(value)]


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
    fields = _mapping(data, "the position", _KEYS)
    _choice(fields["game"], ("borealis",), "game")
    state = State.__new__(State)
    state.players = players = _int(fields["players"], "players", 2, 4)
    state.config = _config(fields["options"])
    state.chance = Chance(_int(fields["chance"], "chance", 0, 2**64 - 1))
    state.round = _int(fields["round"], "round", 1)
    state.first_player = _int(fields["first_player"], "first_player", 0, players - 1)
    state.ply = _int(fields["ply"], "ply")
    state.end_triggered = _bool(fields["end_triggered"], "end_triggered")
    reason = fields["end_reason"]
    state.end_reason = 0 if reason is None else END_REASONS.index(_choice(reason, END_REASONS[1:], "end_reason"))
    state.refresh_used_this_round = _bool(fields["refresh_used_this_round"], "refresh_used_this_round")
    state.refreshed_this_turn = _bool(fields["refreshed_this_turn"], "refreshed_this_turn")
    state.deck = _list(fields["deck"], "deck", _card)
    state.discard = _list(fields["discard"], "discard", _card)
    state.pool = _list(fields["pool"], "pool", _card, MAX_POOL)
    _scoring_cards(state, fields["scoring_cards"])
    _objectives(state, fields["objectives"])
    _seats(state, _list(fields["seats"], "seats", lambda item, where: item, players), players)
    _check_cards(state)
    _check_objective_tokens(state)
    state.pending = _pending(state, fields["pending"])
    state.board_memo = [None] * players
    return state


def _config(options: Any) -> Config:
    if not isinstance(options, dict):
        raise _fail("options must be a mapping of option names to values")
    try:
        return Config.from_options(SCHEMA.resolve(options))
    except BadOption as exc:
        raise _fail(f"options: {exc.message}") from None


def _scoring_cards(state: State, value: Any) -> None:
    cards = _list(value, "scoring_cards", lambda item, where: _choice(item, SCORING_IDS, where))
    if len(cards) != SETUP["scoring_cards_in_play"] or len(set(cards)) != len(cards):
        raise _fail(f"scoring_cards must be {SETUP['scoring_cards_in_play']} different scoring cards")
    state.scoring_cards = tuple(cards)


def _objectives(state: State, value: Any) -> None:
    rows = _list(value, "objectives", lambda item, where: _mapping(item, where, ("id", "tokens", "status")))
    if len(rows) != len(OBJECTIVE_TYPES):
        raise _fail(f"objectives must list {len(OBJECTIVE_TYPES)} objectives, one per type")
    for index, (row, kind) in enumerate(zip(rows, OBJECTIVE_TYPES)):
        objective_id = _choice(row["id"], tuple(OBJECTIVES), f"objectives[{index}].id")
        if OBJECTIVES[objective_id].type != kind:
            raise _fail(f"objectives[{index}] must be a {kind} objective (R31), not {objective_id}")
    state.objectives = tuple(row["id"] for row in rows)
    state.objective_tokens = [_int(row["tokens"], f"objectives[{index}].tokens", 0, state.players)
                              for index, row in enumerate(rows)]
    state.objective_status = [
        OBJECTIVE_STATUS_NAMES.index(_choice(row["status"], OBJECTIVE_STATUS_NAMES, f"objectives[{index}].status"))
        for index, row in enumerate(rows)]


def _seats(state: State, seats: list, players: int) -> None:
    if len(seats) != players:
        raise _fail(f"seats must list {players} players, not {len(seats)}")
    state.hands, state.columns, state.scientists, state.flags = [], [], [], []
    state.tokens, state.turns, state.achieved = [], [], []
    boards = []
    for seat, raw in enumerate(seats):
        boards.append(_seat_into(state, seat, _mapping(raw, f"seats[{seat}]", _SEAT_KEYS)))
    _check_boards(state, boards)


def _seat_into(state: State, seat: int, fields: dict[str, Any]) -> str:
    where = f"seats[{seat}]"
    board = _choice(fields["board"], BOARD_IDS, f"{where}.board")
    state.hands.append(_list(fields["hand"], f"{where}.hand", _card, MAX_HAND))
    state.tokens.append(_int(fields["tokens"], f"{where}.tokens"))
    state.turns.append(_int(fields["turns"], f"{where}.turns"))
    achieved = _list(fields["objectives_achieved"], f"{where}.objectives_achieved",
                     lambda item, where: _choice(item, state.objectives, where))
    if len(set(achieved)) != len(achieved):
        raise _fail(f"{where}.objectives_achieved names an objective twice (R33)")
    state.achieved.append(sum(1 << state.objectives.index(objective_id) for objective_id in achieved))
    locations = _mapping(fields["locations"], f"{where}.locations", LOCATIONS)
    camps = _mapping(fields["camps"], f"{where}.camps", CAMPS)
    zones: list[list[str]] = []
    for name in ZONES:
        if name in CAMPS:
            zones.append(_list(camps[name], f"{where}.camps.{name}", _colour))
            continue
        location = _mapping(locations[name], f"{where}.locations.{name}", ("cards", "flag", "scientists"))
        state.columns.append(_list(location["cards"], f"{where}.locations.{name}.cards", _card, MAX_COLUMN))
        state.flags.append(_int(location["flag"], f"{where}.locations.{name}.flag", 0, LAST_SPACE))
        zones.append(_list(location["scientists"], f"{where}.locations.{name}.scientists", _colour))
    _scientists_into(state, zones, where)
    return board


def _scientists_into(state: State, zones: list[list[str]], where: str) -> None:
    """R9: 3 scientists of each colour per player, anywhere on the board."""
    counts = [zone.count(colour) for zone in zones for colour in COLOURS]
    for index, colour in enumerate(COLOURS):
        total = sum(counts[zone * 3 + index] for zone in range(5))
        if total != 3:
            raise _fail(f"{where} has {total} {colour} scientists; every player has 3 of each colour (R9)")
    state.scientists.extend(counts)


def _check_boards(state: State, boards: list[str]) -> None:
    """R40, A20: side I gives every player the same board; side II a different board each."""
    if state.config.board_side == "I" and any(b not in SIDE_I_BOARDS for b in boards):
        raise _fail(f"board side I is played on {SIDE_I_BOARDS[0]} only, not {boards}")
    if state.config.board_side == "II" and (any(b in SIDE_I_BOARDS for b in boards) or len(set(boards)) != len(boards)):
        raise _fail(f"board side II gives each player a different side II board, not {boards}")
    state.boards = tuple(BOARD_IDS.index(b) for b in boards)


def _check_cards(state: State) -> None:
    """Every card exactly once: in the deck, the discard pile, the pool, a hand or a column."""
    seen: dict[int, str] = {}
    places = [("the deck", state.deck), ("the discard pile", state.discard), ("the pool", state.pool)]
    places += [(f"seat {seat}'s hand", hand) for seat, hand in enumerate(state.hands)]
    places += [(f"seat {index // 3}'s {LOCATIONS[index % 3]} location", column)
               for index, column in enumerate(state.columns)]
    for where, cards in places:
        for c in cards:
            if c in seen:
                raise _fail(f"card {c} is in two places: {seen[c]} and {where}")
            seen[c] = where
    missing = [c for c in CARD_IDS if c not in seen]
    if missing:
        raise _fail(f"card(s) {', '.join(map(str, missing[:10]))} are nowhere (every card is in exactly one place)")


def _check_objective_tokens(state: State) -> None:
    """R31-R34: each objective starts with one token per player; each achiever took one."""
    for index, objective_id in enumerate(state.objectives):
        taken = sum(1 for achieved in state.achieved if achieved >> index & 1)
        if state.objective_tokens[index] + taken != state.players:
            raise _fail(f"objective {objective_id} has {state.objective_tokens[index]} token(s) left and {taken} "
                        f"achiever(s); they must add up to {state.players} (R31)")


# ---- the pending decision ------------------------------------------------------------------------
def _pending(state: State, value: Any) -> tuple[Frame, ...]:
    rows = _list(value, "pending", lambda item, where: item, 1)
    if not rows:
        if not state.end_reason:
            raise _fail("pending is empty but the game is not over (end_reason is null)")
        return ()
    if state.end_reason:
        raise _fail("the game is over (end_reason is set) but a decision is pending")
    row = rows[0]
    if isinstance(row, dict) and isinstance(row.get("kind"), str):
        _choice(row["kind"], tuple(KINDS), "pending[0].kind")
    try:
        frame = frame_from_json(row, KINDS)
    except BadPosition as exc:
        raise _fail(f"pending[0]: {exc.message}") from None
    _int(frame.seat, "pending[0].seat", 0, state.players - 1)
    if isinstance(frame, (Mulligan, RegroupDiscard)):
        _int(frame.discarded, "pending[0].discarded", 0, len(state.discard))
    _check_decision(state, frame)
    return stack_of(frame)


def _check_decision(state: State, frame: Frame) -> None:
    """A decision the rules could have left pending here."""
    if isinstance(frame, Mulligan) and (state.round != 1 or any(state.turns)):
        raise _fail("a mulligan is pending after round 1 began (A19: before the first turn only)")
    if isinstance(frame, TakeAfterRefresh) and not state.refreshed_this_turn:
        raise _fail("take_after_refresh is pending but refreshed_this_turn is false (R19)")
    if isinstance(frame, RegroupLocation) and not camp_total(state, frame.seat):
        raise _fail("regroup_location is pending but the seat's camps are empty (R25: no location then)")
    if isinstance(frame, (TakeCard, TakeAfterRefresh)) and not draw_options(state, frame):
        raise _fail(f"{frame.kind} is pending but no card can be taken (A31: the turn ends by itself)")

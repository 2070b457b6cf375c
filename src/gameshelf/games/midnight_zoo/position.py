"""Midnight Zoo positions: the whole state as readable JSON (tile, animal, terrain and solo tile
names; hidden parts included) and back, validated (docs/positions/midnight_zoo.md).

One key per state field (``State.__slots__`` minus ``SHARED``), plus ``game`` and ``options``.
``from_position`` checks types, names, component conservation (every action tile exactly once,
bonus tiles with the supply), limits (storage R26, leftover zone, pollen) and that the pending
decision is one the seat to act can make, raising BadPosition naming the problem.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadOption, BadPosition

from .catalog import CAT, parse_symbol
from .decisions import FRAME_BY_KIND, ChooseCell, ChooseEffect, GroupMove, SpendMoves, UseBonus, frame_json
from .options import SCHEMA, Config
from .state import CARDS, CHOOSE, DRAFT, LEO, OVER, PHASE_NAMES, PLACE, ROUND, ZOO_MARK, State, blank_state, new_player
from .view import cell_of, cell_str, loc_of, loc_str

SOLO_NAMES = tuple(t[0] for t in CAT.solo_tiles)
TID = CAT.tile_id
FIELDS = tuple(f for f in State.__slots__ if f not in State.SHARED)


def _seat(s: int):
    return "leo" if s == LEO else s


def position(st: State) -> dict[str, Any]:
    """The state as JSON data: names and ids, never slot numbers; hidden parts included."""
    return {
        "game": "midnight_zoo", "options": st.options,
        "chance": st.chance.position,
        "stack": [TID[t] for t in st.stack],
        "market": [TID[t] if t >= 0 else None for t in st.market],
        "leftover": [TID[t] for t in st.leftover],
        "piles": [[TID[t] for t in p] for p in st.piles],
        "removed": [TID[t] for t in st.removed],
        "supply": dict(zip(CAT.terrains, st.supply)),
        "slots": [CAT.animal_ids[a] for a in st.slots],
        "draft": st.draft, "phase": PHASE_NAMES[st.phase],
        "first": _seat(st.first), "order": [_seat(s) for s in st.order], "turn": st.turn,
        "cur": _seat(st.cur),
        "pending": [frame_json(f) for f in st.pending],
        "players": {CAT.colours[s]: player_position(pl, s) for s, pl in enumerate(st.players)},
        "solo_deck": [SOLO_NAMES[t] for t in st.solo_deck],
        "solo_seen": [SOLO_NAMES[t] for t in st.solo_seen],
        "solo_current": SOLO_NAMES[st.solo_current] if st.solo_current >= 0 else None,
        "round_terrain": CAT.terrains[st.round_terrain] if st.round_terrain >= 0 else None,
        "ply": st.ply,
    }


def player_position(pl, seat: int) -> dict[str, Any]:
    """A seat's components: the district by space ("r,c" -> tile id), animals by spot."""
    return {
        "vp": pl.vp, "hand": TID[pl.hand] if pl.hand >= 0 else None,
        "storage": [TID[t] for t in pl.storage],
        "district": {cell_str(c): TID[t] for c, t in enumerate(pl.district) if t >= 0},
        "animals": {CAT.spot_names[k]: {"animal": CAT.animal_ids[a], "loc": loc_str(pl.loc[k]),
                                        "facing": "NESW"[pl.face[k]], "asleep": bool(pl.asleep[k]),
                                        "pollen": pl.pollen[k]} for k, a in enumerate(pl.kind)},
        "cards": None if pl.cards is None else [CAT.cards[seat][i].letter if i >= 0 else None for i in pl.cards],
        "setup_tile": CAT.setup_tiles[pl.setup_tile][0],
    }


# ---- reading a position back ------------------------------------------------------------------
def need(ok: object, message: str) -> None:
    if not ok:
        raise BadPosition(message)


def typed(data: dict, key: str, kind) -> Any:
    need(key in data, f"the position has no {key!r}")
    value = data[key]
    if kind is int:
        need(type(value) is int, f"{key!r} must be a whole number, not {value!r}")
    else:
        need(isinstance(value, kind), f"{key!r} must be a {kind.__name__}, not {type(value).__name__}")
    return value


def name_in(value: object, names, what: str) -> int:
    need(isinstance(value, str) and value in names, f"unknown {what} {value!r}")
    return list(names).index(value)


def tile_of(value: object, what: str) -> int:
    need(isinstance(value, str) and value in CAT.tile_index, f"{what}: unknown tile {value!r}")
    return CAT.tile_index[value]


def tiles_of(data: dict, key: str) -> list[int]:
    return [tile_of(t, key) for t in typed(data, key, list)]


def seat_of(value: object, n: int, what: str) -> int:
    if value == "leo":
        return LEO
    need(type(value) is int and 0 <= value < n, f"{what}: {value!r} is not a seat")
    return value


def from_position(data: Any, *, settle: bool = False) -> State:
    """A validated state from :func:`position` data; BadPosition names anything wrong.

    A position must be settled (the seat to act has a choice). With ``settle=True`` the automatic
    steps (Leo's pick, decisions without a legal choice, the next placer, phase changes) are run
    instead, as ``apply`` would after the last action: a convenience for building positions.
    """
    try:
        return _read(data, settle)
    except BadPosition:
        raise
    except BadOption as exc:
        raise BadPosition(f"options: {exc.message}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise BadPosition(f"malformed position ({type(exc).__name__}: {exc})") from None


def _read(data: Any, settle: bool) -> State:
    need(isinstance(data, dict), "a position is a mapping of field names to values")
    need(data.get("game") == "midnight_zoo", "the position is not a Midnight Zoo position")
    options = typed(data, "options", dict)
    players = typed(data, "players", dict)
    n = len(players)
    need(1 <= n <= 4, f"Midnight Zoo is for 1 to 4 players, not {n}")
    need(list(players) == list(CAT.colours[:n]), f"players are keyed by colour in seat order: {', '.join(CAT.colours[:n])}")
    st = blank_state(n, Config.from_options(SCHEMA.resolve(options)), 0)
    read_tiles(st, data)
    read_flow(st, data)
    st.players = [read_player(st, p, seat) for seat, p in enumerate(players.values())]
    st.pending = [frame_of(f) for f in typed(data, "pending", list)]
    check_position(st, settle)
    return st


def read_tiles(st: State, data: dict) -> None:
    st.chance = Chance(typed(data, "chance", int))
    st.stack, st.leftover, st.removed = tiles_of(data, "stack"), tiles_of(data, "leftover"), tiles_of(data, "removed")
    st.market = [-1 if t is None else tile_of(t, "market") for t in typed(data, "market", list)]
    st.piles = [[tile_of(t, "piles") for t in p] for p in typed(data, "piles", list)]
    supply = typed(data, "supply", dict)
    need(sorted(supply) == sorted(CAT.terrains), f"supply must give {', '.join(CAT.terrains)}")
    st.supply = [supply[t] for t in CAT.terrains]
    need(all(type(x) is int and x >= 0 for x in st.supply), "supply counts must be whole numbers >= 0")
    slots = typed(data, "slots", list)
    need(len(slots) == 3 and len(set(slots)) == 3, "slots: three different animal types")
    st.slots = tuple(name_in(a, CAT.animal_ids, "animal") for a in slots)


def read_flow(st: State, data: dict) -> None:
    n = st.n
    st.draft = typed(data, "draft", int)
    need(1 <= st.draft <= CAT.drafts, f"draft must be 1..{CAT.drafts}")
    st.phase = name_in(data.get("phase"), PHASE_NAMES, "phase")
    st.first = seat_of(data.get("first"), n, "first")
    st.order = [seat_of(s, n, "order") for s in typed(data, "order", list)]
    st.turn, st.ply = typed(data, "turn", int), typed(data, "ply", int)
    st.cur = seat_of(data.get("cur"), n, "cur")
    need(st.ply >= 0, "ply must be >= 0")
    solo = SOLO_NAMES
    st.solo_deck = [name_in(t, solo, "solo tile") for t in typed(data, "solo_deck", list)]
    st.solo_seen = [name_in(t, solo, "solo tile") for t in typed(data, "solo_seen", list)]
    current = data.get("solo_current")
    st.solo_current = -1 if current is None else name_in(current, solo, "solo tile")
    terrain = data.get("round_terrain")
    st.round_terrain = -1 if terrain is None else name_in(terrain, CAT.terrains, "terrain")


def read_player(st: State, p: Any, seat: int):
    where = f"players.{CAT.colours[seat]}"
    need(isinstance(p, dict), f"{where} must be a mapping")
    setup = name_in(p.get("setup_tile"), [t[0] for t in CAT.setup_tiles], f"{where}.setup_tile")
    animals = p.get("animals")
    need(isinstance(animals, dict) and sorted(animals) == sorted(CAT.spot_names),
         f"{where}.animals: one animal per spot ({', '.join(CAT.spot_names)})")
    spots = [animals[s] for s in CAT.spot_names]
    need(all(isinstance(a, dict) for a in spots), f"{where}.animals: each a mapping")
    kind = tuple(name_in(a.get("animal"), CAT.animal_ids, f"{where} animal") for a in spots)
    pl = new_player(kind, [read_loc(a.get("loc"), where) for a in spots], setup, CAT.cells, CAT.zoo)
    for k, a in enumerate(spots):
        pl.face[k] = name_in(a.get("facing"), "NESW", f"{where} facing")
        need(type(a.get("asleep")) is bool, f"{where}.animals: asleep is true or false")
        pl.asleep[k], pl.pollen[k] = int(a["asleep"]), a.get("pollen")
    pl.vp = typed(p, "vp", int)
    hand = p.get("hand")
    pl.hand = -1 if hand is None else tile_of(hand, f"{where}.hand")
    pl.storage = tiles_of(p, "storage")
    read_district(pl, typed(p, "district", dict), where)
    pl.cards = read_cards(p.get("cards"), seat, where)
    check_player(st, pl, seat)
    return pl


def read_loc(text: object, where: str) -> int:
    need(isinstance(text, str), f"{where}.animals: loc must be text")
    try:
        loc = loc_of(text)
    except ValueError:
        loc = None
    need(loc is not None and loc_str(loc) == text, f"{where}.animals: unknown location {text!r}")
    return loc


def read_district(pl, district: dict, where: str) -> None:
    for key, tid in district.items():
        need(isinstance(key, str) and key.count(",") == 1, f"{where}.district: spaces are written r,c")
        try:
            c = cell_of(key)
        except ValueError:
            c = -1
        need(0 <= c < CAT.cells and cell_str(c) == key and c != CAT.zoo,
             f"{where}.district: {key!r} is not a space for a tile")
        pl.district[c] = -1 if tid is None else tile_of(tid, f"{where}.district")
    pl.district[CAT.zoo] = ZOO_MARK


def read_cards(cards: object, seat: int, where: str):
    if cards is None:
        return None
    letters = [c.letter for c in CAT.cards[seat]]
    need(isinstance(cards, list) and len(cards) == len(CAT.pairs)
         and all(x is None or x in letters for x in cards), f"{where}.cards: one letter (or null) per pair")
    return tuple(letters.index(x) if x else -1 for x in cards)


def check_player(st: State, pl, seat: int) -> None:
    setup = CAT.setup_tiles[pl.setup_tile][1]
    need(pl.kind == tuple(st.slots[letter] for letter, _ in setup),
         f"players[{seat}]: the animals do not match the slots and setup tile")
    need(len(pl.storage) <= CAT.storage_capacity, f"players[{seat}]: storage holds at most 2 tiles (R26)")
    need(type(pl.vp) is int and pl.vp >= 0, f"players[{seat}].vp must be a whole number >= 0")
    for k, loc in enumerate(pl.loc):
        need(type(pl.pollen[k]) is int and 0 <= pl.pollen[k] <= CAT.max_pollen,
             f"players[{seat}]: pollen is 0..{CAT.max_pollen} (R63)")
        if 0 <= loc < CAT.cells:
            need(loc != CAT.zoo and pl.district[loc] >= 0,
                 f"players[{seat}]: an animal stands on {loc // CAT.cols},{loc % CAT.cols}, a space without a tile")


def frame_of(d: Any):
    """A pending decision value from its JSON (decisions.frame_json)."""
    need(isinstance(d, dict) and d.get("kind") in FRAME_BY_KIND, f"unknown pending decision {d!r}")
    cls = FRAME_BY_KIND[d["kind"]]
    if cls in (ChooseCell, UseBonus):
        return cls(tile_of(d["tile"], "pending"))
    if cls is ChooseEffect:
        space = d["space"]
        if space not in (None, CHOOSE):
            need(space in CAT.symbols_all, f"pending: unknown space effect {space!r}")
            space = parse_symbol(space)
        need(type(d["tile_open"]) is bool, "pending: tile_open is true or false")
        return cls(tile_of(d["tile"], "pending"), cell_of(d["cell"]), d["tile_open"], space)
    spot = _spot
    if cls is SpendMoves:
        need(type(d["points"]) is int and d["points"] > 0, "pending: move points must be >= 1")
        return cls(d["points"], spot(d["animal"]) if d["animal"] is not None else -1)
    if cls is GroupMove:
        need(type(d["special"]) is bool and type(d["extra"]) is int and d["extra"] >= 0,
             "pending: a group move needs special (true/false) and extra (>= 0)")
        return cls(d["special"], tuple(spot(x) for x in d["eligible"]),
                   spot(d["animal"]) if d["animal"] is not None else -1, d["extra"])
    return cls()


def _spot(name: object) -> int:
    return name_in(name, CAT.spot_names, "spot")


# ---- whole-position checks ---------------------------------------------------------------------
def check_round_zones(st: State) -> None:
    """R6, R75: one leftover tile per finished draft of the round; a pile of 5 per finished round."""
    per = CAT.drafts_per_round
    done_in_round = {CARDS: 0, DRAFT: (st.draft - 1) % per, PLACE: (st.draft - 1) % per + 1,
                     ROUND: per, OVER: 0}[st.phase]
    rounds_done = CAT.rounds if st.phase == OVER else (st.draft - 1) // per
    need(len(st.leftover) == done_in_round,
         f"the leftover zone holds {len(st.leftover)} tiles; at draft {st.draft} ({PHASE_NAMES[st.phase]}) "
         f"it holds {done_in_round}")
    need(len(st.piles) == rounds_done and all(len(p) == per for p in st.piles),
         f"{rounds_done} leftover piles of {per} tiles are expected at draft {st.draft}")
    need(st.phase != CARDS or st.draft == 1, "variability cards are chosen before the first draft")


def check_position(st: State, settle: bool = False) -> None:
    from .invariants import check_invariants
    from .rules import is_settled, market_size
    from .rules import settle as run_automatic_steps
    need(len(st.market) == market_size(st), f"the market has {market_size(st)} positions")
    need(st.solo or (not st.solo_deck and not st.solo_seen and st.solo_current < 0),
         "solo tiles in a game with more than one player")
    need(not st.pending or st.phase in (PLACE, ROUND), "pending decisions only in placement or end of round")
    need(st.phase != CARDS or st.config.variability, "variability cards chosen without the option")
    need(st.phase == OVER or 0 <= st.turn < len(st.order) and st.order[st.turn] == st.cur,
         "cur must be the seat at position turn of order")
    check_round_zones(st)
    try:
        check_invariants(st)
    except AssertionError as exc:
        raise BadPosition(f"the components do not add up: {exc}") from None
    if settle:
        run_automatic_steps(st, [])
    need(st.phase == OVER or is_settled(st), "the pending decision is impossible: the seat to act has no choice")

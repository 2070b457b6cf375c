"""Midnight Zoo positions: the whole state as readable JSON (tile, animal, terrain and solo tile
names; hidden parts included) and back, validated (docs/positions/midnight_zoo.md).

One key per state field (``State.FIELDS`` minus ``SHARED``), plus ``game`` and ``options``; the
pending decisions as core.frames JSON. ``from_position`` checks types, names, component
conservation (every action tile exactly once, bonus tiles with the supply), limits (storage R26,
leftover zone, pollen) and that the decision stack is one the seat to act can decide, raising
BadPosition naming the problem.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadOption, BadPosition
from gameshelf.core.frames import Frame, frame_from_json, frame_to_json

from .catalog import CAT
from .decisions import KINDS, ChooseCards, ChooseEffect, RoundMove, TakeTile, UseTile
from .options import SCHEMA, Config
from .state import (CARDS, CHOOSE, DRAFT, LEO, OVER, PHASE_NAMES, PLACE, ROUND, UNDISCOVERED, ZOO_MARK, Player, State,
                    blank_state, new_player)
from .view import SETUP_NAMES, SOLO_NAMES, cell_of, cell_str, loc_of, loc_str, seat_name

TILE_ID = CAT.tile_id
FIELDS = tuple(name for name in State.FIELDS if name not in State.SHARED)
PHASE_FRAME: dict[int, type[Frame]] = {CARDS: ChooseCards, DRAFT: TakeTile, PLACE: UseTile, ROUND: RoundMove}


def position(state: State) -> dict[str, Any]:
    """The state as JSON data: names and ids, never slot numbers; hidden parts included."""
    return {
        "game": "midnight_zoo", "options": state.options,
        "chance": state.chance.position,
        "stack": [TILE_ID[tile] for tile in state.stack],
        "market": [TILE_ID[tile] if tile >= 0 else None for tile in state.market],
        "leftover": [TILE_ID[tile] for tile in state.leftover],
        "leftover_piles": [[TILE_ID[tile] for tile in pile] for pile in state.leftover_piles],
        "removed": [TILE_ID[tile] for tile in state.removed],
        "bonus_supply": dict(zip(CAT.terrains, state.bonus_supply)),
        "animal_slots": [CAT.animal_ids[animal] for animal in state.animal_slots],
        "draft": state.draft, "phase": PHASE_NAMES[state.phase],
        "first_player": seat_name(state.first_player), "order": [seat_name(seat) for seat in state.order],
        "turn": state.turn,
        "pending": [frame_to_json(top) for top in state.pending],
        "players": {CAT.colours[seat]: player_position(player, seat) for seat, player in enumerate(state.players)},
        "solo_deck": [SOLO_NAMES[tile] for tile in state.solo_deck],
        "solo_revealed": [SOLO_NAMES[tile] for tile in state.solo_revealed],
        "solo_tile": SOLO_NAMES[state.solo_tile] if state.solo_tile >= 0 else None,
        "round_terrain": CAT.terrains[state.round_terrain] if state.round_terrain >= 0 else None,
        "ply": state.ply,
    }


def player_position(player: Player, seat: int) -> dict[str, Any]:
    """A seat's components: the district by space ("r,c" -> tile id), animals by spot."""
    return {
        "vp": player.vp, "hand": TILE_ID[player.hand] if player.hand >= 0 else None,
        "storage": [TILE_ID[tile] for tile in player.storage],
        "district": {cell_str(cell): TILE_ID[tile] for cell, tile in enumerate(player.district) if tile >= 0},
        "animals": {CAT.spot_names[piece]: {"animal": CAT.animal_ids[animal], "loc": loc_str(player.location[piece]),
                                            "facing": "NESW"[player.facing[piece]],
                                            "asleep": bool(player.asleep[piece]), "pollen": player.pollen[piece]}
                    for piece, animal in enumerate(player.animals)},
        "cards": None if player.cards is None else [CAT.cards[seat][index].letter if index >= 0 else None
                                                    for index in player.cards],
        "setup_tile": SETUP_NAMES[player.setup_tile],
    }


# ---- reading a position back ------------------------------------------------------------------
def need(ok: object, message: str) -> None:
    if not ok:
        raise BadPosition(message)


def typed(data: dict[str, Any], key: str, kind: type) -> Any:
    need(key in data, f"the position has no {key!r}")
    value = data[key]
    if kind is int:
        need(type(value) is int, f"{key!r} must be a whole number, not {value!r}")
    else:
        need(isinstance(value, kind), f"{key!r} must be a {kind.__name__}, not {type(value).__name__}")
    return value


def name_in(value: object, names: Any, what: str) -> int:
    need(isinstance(value, str) and value in names, f"unknown {what} {value!r}")
    return list(names).index(value)


def tile_of(value: object, what: str) -> int:
    need(isinstance(value, str) and value in CAT.tile_index, f"{what}: unknown tile {value!r}")
    return CAT.tile_index[value]


def tiles_of(data: dict[str, Any], key: str) -> list[int]:
    return [tile_of(tile, key) for tile in typed(data, key, list)]


def seat_of(value: object, players: int, what: str) -> int:
    if value == "leo":
        return LEO
    if type(value) is not int or not 0 <= value < players:
        raise BadPosition(f"{what}: {value!r} is not a seat")
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
    count = len(players)
    need(1 <= count <= 4, f"Midnight Zoo is for 1 to 4 players, not {count}")
    need(list(players) == list(CAT.colours[:count]),
         f"players are keyed by colour in seat order: {', '.join(CAT.colours[:count])}")
    state = blank_state(count, Config.from_options(SCHEMA.resolve(options)), 0)
    read_tiles(state, data)
    read_flow(state, data)
    state.players = [read_player(state, player, seat) for seat, player in enumerate(players.values())]
    state.pending = [read_frame(state, top) for top in typed(data, "pending", list)]
    check_position(state, settle)
    return state


def read_tiles(state: State, data: dict[str, Any]) -> None:
    state.chance = Chance(typed(data, "chance", int))
    state.stack, state.leftover = tiles_of(data, "stack"), tiles_of(data, "leftover")
    state.removed = tiles_of(data, "removed")
    state.market = [-1 if tile is None else tile_of(tile, "market") for tile in typed(data, "market", list)]
    state.leftover_piles = [tuple(tile_of(tile, "leftover_piles") for tile in pile)
                            for pile in typed(data, "leftover_piles", list)]
    supply = typed(data, "bonus_supply", dict)
    need(sorted(supply) == sorted(CAT.terrains), f"bonus_supply must give {', '.join(CAT.terrains)}")
    state.bonus_supply = [supply[terrain] for terrain in CAT.terrains]
    need(all(type(left) is int and left >= 0 for left in state.bonus_supply),
         "bonus_supply counts must be whole numbers >= 0")
    slots = typed(data, "animal_slots", list)
    need(len(slots) == 3 and len(set(map(str, slots))) == 3, "animal_slots: three different animal types")
    state.animal_slots = tuple(name_in(animal, CAT.animal_ids, "animal") for animal in slots)


def read_flow(state: State, data: dict[str, Any]) -> None:
    count = state.player_count
    state.draft = typed(data, "draft", int)
    need(1 <= state.draft <= CAT.drafts, f"draft must be 1..{CAT.drafts}")
    state.phase = name_in(data.get("phase"), PHASE_NAMES, "phase")
    state.first_player = seat_of(data.get("first_player"), count, "first_player")
    state.order = [seat_of(seat, count, "order") for seat in typed(data, "order", list)]
    state.turn, state.ply = typed(data, "turn", int), typed(data, "ply", int)
    need(state.ply >= 0, "ply must be >= 0")
    state.solo_deck = [name_in(tile, SOLO_NAMES, "solo tile") for tile in typed(data, "solo_deck", list)]
    state.solo_revealed = [name_in(tile, SOLO_NAMES, "solo tile") for tile in typed(data, "solo_revealed", list)]
    solo_tile = data.get("solo_tile")
    state.solo_tile = -1 if solo_tile is None else name_in(solo_tile, SOLO_NAMES, "solo tile")
    terrain = data.get("round_terrain")
    state.round_terrain = -1 if terrain is None else name_in(terrain, CAT.terrains, "terrain")


def read_player(state: State, data: Any, seat: int) -> Player:
    where = f"players.{CAT.colours[seat]}"
    need(isinstance(data, dict), f"{where} must be a mapping")
    setup = name_in(data.get("setup_tile"), SETUP_NAMES, f"{where}.setup_tile")
    animals = data.get("animals")
    need(isinstance(animals, dict) and sorted(animals) == sorted(CAT.spot_names),
         f"{where}.animals: one animal per spot ({', '.join(CAT.spot_names)})")
    spots = [animals[spot] for spot in CAT.spot_names]
    need(all(isinstance(piece, dict) for piece in spots), f"{where}.animals: each a mapping")
    kinds = tuple(name_in(piece.get("animal"), CAT.animal_ids, f"{where} animal") for piece in spots)
    player = new_player(kinds, [read_location(piece.get("loc"), where) for piece in spots], setup, CAT.cells, CAT.zoo)
    for index, piece in enumerate(spots):
        player.facing[index] = name_in(piece.get("facing"), "NESW", f"{where} facing")
        need(type(piece.get("asleep")) is bool, f"{where}.animals: asleep is true or false")
        player.asleep[index], player.pollen[index] = int(piece["asleep"]), piece.get("pollen")
    player.vp = typed(data, "vp", int)
    hand = data.get("hand")
    player.hand = -1 if hand is None else tile_of(hand, f"{where}.hand")
    player.storage = tiles_of(data, "storage")
    read_district(player, typed(data, "district", dict), where)
    player.cards = read_cards(data.get("cards"), seat, where)
    check_player(state, player, seat)
    return player


def read_location(text: object, where: str) -> int:
    if not isinstance(text, str):
        raise BadPosition(f"{where}.animals: loc must be text")
    try:
        location = loc_of(text)
    except ValueError:
        location = UNDISCOVERED - 100
    need(loc_str(location) == text, f"{where}.animals: unknown location {text!r}")
    return location


def read_district(player: Player, district: dict[str, Any], where: str) -> None:
    for key, tile in district.items():
        need(isinstance(key, str) and key.count(",") == 1, f"{where}.district: spaces are written r,c")
        try:
            cell = cell_of(key)
        except ValueError:
            cell = -1
        need(0 <= cell < CAT.cells and cell_str(cell) == key and cell != CAT.zoo,
             f"{where}.district: {key!r} is not a space for a tile")
        player.district[cell] = -1 if tile is None else tile_of(tile, f"{where}.district")
    player.district[CAT.zoo] = ZOO_MARK


def read_cards(cards: object, seat: int, where: str) -> tuple[int, ...] | None:
    if cards is None:
        return None
    letters = [card.letter for card in CAT.cards[seat]]
    if not (isinstance(cards, list) and len(cards) == len(CAT.pairs)
            and all(letter is None or letter in letters for letter in cards)):
        raise BadPosition(f"{where}.cards: one letter (or null) per pair")
    return tuple(letters.index(letter) if letter else -1 for letter in cards)


def check_player(state: State, player: Player, seat: int) -> None:
    setup = CAT.setup_tiles[player.setup_tile][1]
    need(player.animals == tuple(state.animal_slots[letter] for letter, _ in setup),
         f"players[{seat}]: the animals do not match the slots and setup tile")
    need(len(player.storage) <= CAT.storage_capacity, f"players[{seat}]: storage holds at most 2 tiles (R26)")
    need(type(player.vp) is int and player.vp >= 0, f"players[{seat}].vp must be a whole number >= 0")
    for piece, location in enumerate(player.location):
        need(type(player.pollen[piece]) is int and 0 <= player.pollen[piece] <= CAT.max_pollen,
             f"players[{seat}]: pollen is 0..{CAT.max_pollen} (R63)")
        if 0 <= location < CAT.cells:
            need(location != CAT.zoo and player.district[location] >= 0,
                 f"players[{seat}]: an animal stands on {cell_str(location)}, a space without a tile")


# ---- the decision stack ------------------------------------------------------------------------
def read_frame(state: State, data: Any) -> Frame:
    """A pending decision from its JSON (core.frames), its names checked against the catalogue."""
    top = frame_from_json(data, KINDS)
    need(0 <= top.seat < state.player_count, f"pending: {top.seat!r} is not a seat")
    tile = getattr(top, "tile", None)
    need(tile is None or tile in CAT.tile_index, f"pending: unknown tile {tile!r}")
    for spot in (getattr(top, "spot", None), *getattr(top, "eligible", ())):
        need(spot is None or spot in CAT.spot_names, f"pending: unknown spot {spot!r}")
    eligible = getattr(top, "eligible", ())
    need(len(set(eligible)) == len(eligible), "pending: each eligible animal once")
    need(getattr(top, "points", 1) >= 1, "pending: move points must be >= 1")
    need(getattr(top, "extra", 0) >= 0, "pending: extra steps must be >= 0")
    if isinstance(top, ChooseEffect):
        need(top.space in ("", CHOOSE) or top.space in CAT.symbols_all, f"pending: unknown space effect {top.space!r}")
        need(top.cell in CELLS and state.players[top.seat].district[cell_of(top.cell)] == CAT.tile_index[top.tile],
             f"pending: {top.tile} is not on {top.cell!r}")
    return top


CELLS = frozenset(cell_str(cell) for cell in range(CAT.cells) if cell != CAT.zoo)


def check_stack(state: State) -> None:
    """The phase's own decision at the bottom, for the seat whose turn it is; everything above it
    that seat's too (a placement or an end-of-round move being resolved)."""
    pending = state.pending
    if state.phase == OVER:
        need(not pending, "no decision is pending once the game is over")
        return
    need(0 <= state.turn < len(state.order), "turn must be a position in order")
    seat = state.order[state.turn]
    need(pending and type(pending[0]) is PHASE_FRAME[state.phase],
         f"the bottom pending decision is the {PHASE_NAMES[state.phase]} phase's "
         f"({PHASE_FRAME[state.phase].kind})")
    need(all(top.seat == seat for top in pending), f"every pending decision is seat {seat}'s, whose turn it is")
    need(all(type(top) not in PHASE_FRAME.values() for top in pending[1:]),
         "a phase's decision only at the bottom of the stack")
    need(len(pending) == 1 or state.phase in (PLACE, ROUND), "decisions above the phase's only while placing or moving")


# ---- whole-position checks ---------------------------------------------------------------------
def check_round_zones(state: State) -> None:
    """R6, R75: one leftover tile per finished draft of the round; a pile of 5 per finished round."""
    per_round = CAT.drafts_per_round
    done_in_round = {CARDS: 0, DRAFT: (state.draft - 1) % per_round, PLACE: (state.draft - 1) % per_round + 1,
                     ROUND: per_round, OVER: 0}[state.phase]
    rounds_done = CAT.rounds if state.phase == OVER else (state.draft - 1) // per_round
    need(len(state.leftover) == done_in_round,
         f"the leftover zone holds {len(state.leftover)} tiles; at draft {state.draft} "
         f"({PHASE_NAMES[state.phase]}) it holds {done_in_round}")
    need(len(state.leftover_piles) == rounds_done and all(len(pile) == per_round for pile in state.leftover_piles),
         f"{rounds_done} leftover piles of {per_round} tiles are expected at draft {state.draft}")
    need(state.phase != CARDS or state.draft == 1, "variability cards are chosen before the first draft")


def check_position(state: State, settle: bool = False) -> None:
    from .invariants import check_invariants
    from .rules import is_settled, legal_actions, market_size
    from .rules import settle as run_automatic_steps
    need(len(state.market) == market_size(state), f"the market has {market_size(state)} positions")
    need(state.solo or (not state.solo_deck and not state.solo_revealed and state.solo_tile < 0),
         "solo tiles in a game with more than one player")
    need(state.phase != CARDS or state.config.variability, "variability cards chosen without the option")
    check_round_zones(state)
    try:
        check_invariants(state)
    except AssertionError as exc:
        raise BadPosition(f"the components do not add up: {exc}") from None
    if settle:
        run_automatic_steps(state, [])
    check_stack(state)
    need(state.phase == OVER or (is_settled(state) and legal_actions(state)),
         "the pending decision is impossible: the seat to act has no choice")

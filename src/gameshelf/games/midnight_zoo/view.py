"""Views (R8: everything public except the stack order, the solo deck order and, while they are
being chosen, other players' variability cards), their typed definition (``MidnightZooView``,
extending core.view.ViewHeader) and determinize.

View element ids used by decisions (decisions.py): ``tile:<id>`` (any tile id shown: market,
hand, storage, district, pending), ``cell:<r>,<c>`` (a key of ``boards[seat].district``),
``animal:<spot>`` (``boards[seat].animals[*].spot``), ``bonus:<terrain>`` (a key of
``bonus_supply``).
"""

from __future__ import annotations

from typing import Any, Optional, Union, cast

from typing_extensions import NotRequired, TypedDict

from gameshelf.core.chance import Chance
from gameshelf.core.frames import frame_from_json, frame_to_json
from gameshelf.core.view import ViewHeader, view_header

from .catalog import CAT, DIRS
from .decisions import KINDS
from .options import Config
from .state import (CARDS, ENTRANCE0, IN_ZOO, LEO, PHASE_NAMES, UNDISCOVERED, ZOO_MARK, Player, State,
                    blank_state, new_player)

Seat = Union[int, str]  # a seat number, or "leo" (solo)


class AnimalView(TypedDict):
    """One animal piece, named by its undiscovered spot; ``loc``: "undiscovered", "zoo", an
    entrance id (L1..R3) or a district space "r,c"."""
    spot: str
    animal: str
    loc: str
    facing: NotRequired[str]   # snakes: N/E/S/W
    asleep: NotRequired[bool]  # sloths
    pollen: NotRequired[int]   # butterflies, 0..4


class BoardView(TypedDict):
    """A seat's components: ``district`` maps every space "r,c" (row-major) to its tile id ("zoo"
    at the zoo space, None when empty); ``cards``: None, "hidden", or one letter (or None) per
    dark pair A, B, C."""
    colour: str
    vp: int
    hand: Optional[str]
    storage: list[str]
    district: dict[str, Optional[str]]
    animals: list[AnimalView]
    cards: Union[None, str, list[Optional[str]]]
    setup_tile: str


class FrameView(TypedDict):
    """A pending decision (core.frames.frame_to_json of a decisions.py frame); fields by kind."""
    kind: str
    seat: int
    tile: NotRequired[str]
    cell: NotRequired[str]
    tile_open: NotRequired[bool]
    space: NotRequired[str]
    points: NotRequired[int]
    spot: NotRequired[str]
    special: NotRequired[bool]
    extra: NotRequired[int]
    eligible: NotRequired[list[str]]


class SoloView(TypedDict):
    """Solo mode (R76-R86): Leo's current solo tile, those revealed, how many are left."""
    current: Optional[str]
    revealed: list[str]
    deck_count: int


class MidnightZooView(ViewHeader):
    """What a seat (or a spectator, ``seat`` None) sees: the header, then the game's components;
    ``pending`` is the whole decision stack (bottom first, the header's ``decision`` on top)."""
    options: dict[str, str]
    phase: str
    draft: int
    round: int
    first_player: Seat
    order: list[Seat]
    turn: int
    market: list[Optional[str]]
    leftover: list[str]
    leftover_piles: list[list[str]]
    removed: list[str]
    stack_count: int
    bonus_supply: dict[str, int]
    animal_slots: list[str]
    round_terrain: Optional[str]
    pending: list[FrameView]
    boards: list[BoardView]
    solo: NotRequired[SoloView]


TILE_ID = CAT.tile_id
SNAKE = tuple(animal.movement == "snake" for animal in CAT.animals)
SLOTH = tuple(animal.movement == "sloth" for animal in CAT.animals)
BUTTERFLY = tuple(animal.pollen_on_special for animal in CAT.animals)
SOLO_NAMES = tuple(solo[0] for solo in CAT.solo_tiles)
SETUP_NAMES = tuple(setup[0] for setup in CAT.setup_tiles)


CELL_NAMES = tuple(f"{cell // CAT.cols},{cell % CAT.cols}" for cell in range(CAT.cells))  # "r,c", built once


def cell_str(cell: int) -> str:
    if 0 <= cell < CAT.cells:
        return CELL_NAMES[cell]
    row, column = divmod(cell, CAT.cols)
    return f"{row},{column}"


def cell_of(text: str) -> int:
    row, column = (int(part) for part in text.split(","))
    return row * CAT.cols + column


def loc_str(location: int) -> str:
    if location == UNDISCOVERED:
        return "undiscovered"
    if location == IN_ZOO:
        return "zoo"
    if location >= ENTRANCE0:
        return CAT.entrance_ids[location - ENTRANCE0]
    return cell_str(location)


def loc_of(text: str) -> int:
    if text == "undiscovered":
        return UNDISCOVERED
    if text == "zoo":
        return IN_ZOO
    if text in CAT.entrance_ids:
        return ENTRANCE0 + CAT.entrance_ids.index(text)
    return cell_of(text)


def tile_name(tile: int) -> str | None:
    return TILE_ID[tile] if tile >= 0 else None


def seat_name(seat: int) -> Seat:
    return "leo" if seat == LEO else seat


def seat_number(seat: Any) -> int:
    return LEO if seat == "leo" else seat


def animal_json(player: Player, piece: int) -> AnimalView:
    animal = player.animals[piece]
    out: AnimalView = {"spot": CAT.spot_names[piece], "animal": CAT.animal_ids[animal],
                       "loc": loc_str(player.location[piece])}
    if SNAKE[animal]:
        out["facing"] = DIRS[player.facing[piece]]
    if SLOTH[animal]:
        out["asleep"] = bool(player.asleep[piece])
    if BUTTERFLY[animal]:
        out["pollen"] = player.pollen[piece]
    return out


def cards_json(state: State, owner: int, viewer: int | None) -> None | str | list[str | None]:
    """A seat's variability cards: hidden from the others while they are being chosen (R88)."""
    player = state.players[owner]
    if player.cards is None:
        return None
    if state.phase == CARDS and viewer != owner:
        return "hidden"
    cards = CAT.cards[owner]
    return [cards[index].letter if index >= 0 else None for index in player.cards]


def district_json(district) -> dict[str, str | None]:
    """A district's spaces by "r,c", each the tile on it, "zoo" or None (one view per seat a move)."""
    names = [("zoo" if tile == ZOO_MARK else TILE_ID[tile] if tile >= 0 else None) for tile in district]
    if len(names) == len(CELL_NAMES):
        return dict(zip(CELL_NAMES, names))
    return {cell_str(cell): name for cell, name in enumerate(names)}


def board_json(state: State, seat: int, viewer: int | None) -> BoardView:
    player = state.players[seat]
    return {
        "colour": CAT.colours[seat], "vp": player.vp, "hand": tile_name(player.hand),
        "storage": [TILE_ID[tile] for tile in player.storage],
        "district": district_json(player.district),
        "animals": [animal_json(player, piece) for piece in range(len(player.animals))],
        "cards": cards_json(state, seat, viewer),
        "setup_tile": SETUP_NAMES[player.setup_tile],
    }


def view(state: State, seat: int | None) -> MidnightZooView:
    pending = [frame_to_json(top) for top in state.pending]
    header = view_header("midnight_zoo", seat, state.player_count, state.pending[-1].seat if pending else None,
                         state.ply, pending[-1] if pending else None)
    out: MidnightZooView = {
        **header,
        "options": state.options,
        "phase": PHASE_NAMES[state.phase], "draft": state.draft,
        "round": (state.draft - 1) // CAT.drafts_per_round + 1,
        "first_player": seat_name(state.first_player),
        "order": [seat_name(other) for other in state.order],
        "turn": state.turn,
        "market": [tile_name(tile) for tile in state.market],
        "leftover": [TILE_ID[tile] for tile in state.leftover],
        "leftover_piles": [[TILE_ID[tile] for tile in pile] for pile in state.leftover_piles],
        "removed": [TILE_ID[tile] for tile in state.removed], "stack_count": len(state.stack),
        "bonus_supply": dict(zip(CAT.terrains, state.bonus_supply)),
        "animal_slots": [CAT.animal_ids[animal] for animal in state.animal_slots],
        "round_terrain": CAT.terrains[state.round_terrain] if state.round_terrain >= 0 else None,
        "pending": cast("list[FrameView]", pending),
        "boards": [board_json(state, other, seat) for other in range(state.player_count)],
    }
    if state.solo:
        out["solo"] = {"current": SOLO_NAMES[state.solo_tile] if state.solo_tile >= 0 else None,
                       "revealed": [SOLO_NAMES[tile] for tile in state.solo_revealed],
                       "deck_count": len(state.solo_deck)}
    return out


# ---- determinize -------------------------------------------------------------------------------
def determinize(seen: dict[str, Any], chance: Chance) -> State:
    """A full state consistent with the view ``seen``: the unseen action tiles shuffled into the
    stack, the solo deck reshuffled, hidden variability cards dealt, the chance stream reseeded.

    The draws, in order: the new stream's seed, each hidden hand of cards in seat order, the
    stack, the solo deck. Everything else comes from the view alone, so it is built once per view
    (a search determinizes the same view thousands of times) and copied: the state equals the one
    the plain version built (tests/agents/test_determinize_templates.py)."""
    template = _template(seen)
    seed = chance.next64()
    state = template.state.copy()
    state.chance = Chance(seed)
    for seat in template.hidden_cards:
        state.players[seat].cards = hidden_cards(seat, chance, template.single)
    state.stack = list(template.stack)
    chance.shuffle(state.stack)
    if template.solo_deck is not None:
        state.solo_deck = list(template.solo_deck)
        chance.shuffle(state.solo_deck)
    return state


class _Template:
    """What a view fixes for every determinization: the state with its hidden parts left blank."""

    __slots__ = ("view", "state", "hidden_cards", "single", "stack", "solo_deck")

    view: dict[str, Any]
    state: State
    hidden_cards: tuple[int, ...]
    single: bool
    stack: tuple[int, ...]
    solo_deck: tuple[int, ...] | None


_LAST: list[_Template] = []  # the last view's template (a search asks for the same view again and again)


def _template(seen: dict[str, Any]) -> _Template:
    last = _LAST[0] if _LAST else None  # read once: another thread may replace it meanwhile
    if last is not None and last.view is seen:
        return last
    state = blank_state(seen["players"], Config.from_options(seen["options"]), 0)
    index = CAT.tile_index
    state.phase = PHASE_NAMES.index(seen["phase"])
    state.draft, state.turn, state.ply = seen["draft"], seen["turn"], seen["ply"]
    state.first_player = seat_number(seen["first_player"])
    state.order = [seat_number(other) for other in seen["order"]]
    state.market = [index[tile] if tile else -1 for tile in seen["market"]]
    state.leftover = [index[tile] for tile in seen["leftover"]]
    state.leftover_piles = [tuple(index[tile] for tile in pile) for pile in seen["leftover_piles"]]
    state.removed = [index[tile] for tile in seen["removed"]]
    state.bonus_supply = [seen["bonus_supply"][terrain] for terrain in CAT.terrains]
    state.animal_slots = tuple(CAT.animal_ids.index(animal) for animal in seen["animal_slots"])
    terrain = seen["round_terrain"]
    state.round_terrain = CAT.terrains.index(terrain) if terrain else -1
    state.pending = [frame_from_json(top, KINDS) for top in seen["pending"]]
    template = _Template()
    template.view, template.single = seen, state.config.single_pair
    state.players = [player_of(board, seat, None, template.single) for seat, board in enumerate(seen["boards"])]
    template.hidden_cards = tuple(seat for seat, board in enumerate(seen["boards"]) if board["cards"] == "hidden")
    template.stack = tuple(unseen_tiles(state))
    assert len(template.stack) == seen["stack_count"], "view inconsistent with the tile count"
    template.solo_deck = None
    if state.solo:
        solo = seen["solo"]
        state.solo_tile = SOLO_NAMES.index(solo["current"]) if solo["current"] else -1
        state.solo_revealed = [SOLO_NAMES.index(name) for name in solo["revealed"]]
        template.solo_deck = tuple(tile for tile in range(len(CAT.solo_tiles)) if tile not in state.solo_revealed)
    template.state = state
    _LAST[:] = [template]
    return template


def player_of(board: dict[str, Any], seat: int, chance: Chance | None, single: bool) -> Player:
    """A player from its board in a view; hidden cards dealt from ``chance`` (None: left for the
    caller)."""
    index = CAT.tile_index
    animals = tuple(CAT.animal_ids.index(piece["animal"]) for piece in board["animals"])
    player = new_player(animals, [loc_of(piece["loc"]) for piece in board["animals"]],
                        SETUP_NAMES.index(board["setup_tile"]), CAT.cells, CAT.zoo)
    player.vp, player.hand = board["vp"], index[board["hand"]] if board["hand"] else -1
    player.storage = [index[tile] for tile in board["storage"]]
    district = [board["district"][cell_str(cell)] for cell in range(CAT.cells)]
    player.district = [ZOO_MARK if tile == "zoo" else index[tile] if tile else -1 for tile in district]
    for piece, seen in enumerate(board["animals"]):
        player.facing[piece] = (DIRS.index(seen["facing"]) if "facing" in seen
                                else default_facing(player.location[piece]))
        player.asleep[piece] = int(seen.get("asleep", False))
        player.pollen[piece] = seen.get("pollen", 0)
    cards = board["cards"]
    if cards == "hidden":
        if chance is not None:
            player.cards = hidden_cards(seat, chance, single)
    elif cards is not None:
        letters = [card.letter for card in CAT.cards[seat]]
        player.cards = tuple(letters.index(letter) if letter else -1 for letter in cards)
    return player


def hidden_cards(seat: int, chance: Chance, single: bool) -> tuple[int, ...]:
    """A hidden hand of variability cards dealt at random (one pair only with ``single``)."""
    order = list(range(len(CAT.cards[seat])))
    chance.shuffle(order)
    if single:
        order = [-1] * len(CAT.pairs)
        order[CAT.single_pair] = chance.below(len(CAT.cards[seat]))
    return tuple(order)


def default_facing(location: int) -> int:
    """The facing a view leaves out (only snakes show theirs): inward on an entrance, else north."""
    return CAT.ent_dir[location - ENTRANCE0] if location >= ENTRANCE0 else 0


def unseen_tiles(state: State) -> list[int]:
    """The action tiles nobody has seen: the stack, in tile order."""
    seen = set(state.market) | set(state.leftover) | set(state.removed)
    for pile in state.leftover_piles:
        seen.update(pile)
    for player in state.players:
        seen.update(player.district)
        seen.update(player.storage)
        seen.add(player.hand)
    for top in state.pending:
        tile = getattr(top, "tile", None)
        if tile is not None:
            seen.add(CAT.tile_index[tile])
    return [tile for tile in range(CAT.n_action) if tile not in seen]

"""Midnight Zoo decisions (4.14): one frame class per kind of decision (core.frames.Frame), kept
on ``state.pending`` (top = last), and how each is shown: the prompt's arguments and the view
elements each legal action targets.

The phase's own decision is the bottom frame (``ChooseCards``, ``TakeTile``, ``UseTile``,
``RoundMove``); whatever it starts goes on top. Frames name things as the view does: tiles by id,
spaces as "r,c", pieces by their undiscovered spot, effects by symbol.

Element ids (all of them appear in the view): ``tile:<id>`` (a tile in the market, a hand,
storage, or being placed), ``cell:<r>,<c>`` (a space of the acting seat's district: a key of
``boards[seat].district``), ``animal:<spot>`` (an animal piece, ``boards[seat].animals[*].spot``),
``bonus:<terrain>`` (a bonus pile, a key of ``bonus_supply``). Choosing variability cards, "done"
and "stop" target nothing on the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from gameshelf.core.frames import Frame

from .actions import At, Bonus, Discover, Effect, Go, Pick, Take, Use
from .catalog import CAT, parse_symbol
from .movement import DIRECTIONS, destination
from .state import State

PIECE = {spot: piece for piece, spot in enumerate(CAT.spot_names)}


@dataclass(frozen=True, slots=True)
class ChooseCards(Frame):
    """R88: cover the dark pairs with your variability cards."""
    kind = "midnight_zoo.choose_cards"
    rule = "R88"


@dataclass(frozen=True, slots=True)
class TakeTile(Frame):
    """R5: take one market tile."""
    kind = "midnight_zoo.take_tile"
    rule = "R5"


@dataclass(frozen=True, slots=True)
class UseTile(Frame):
    """R9-R13: place, store or discard a tile in hand or storage, or finish tile placement."""
    kind = "midnight_zoo.use_tile"
    rule = "R9"


@dataclass(frozen=True, slots=True)
class ChooseCell(Frame):
    """R14: choose an empty district space for ``tile``."""
    tile: str
    kind = "midnight_zoo.choose_cell"
    rule = "R14"


@dataclass(frozen=True, slots=True)
class ChooseEffect(Frame):
    """R16-R19: the effects of ``tile``, just placed on ``cell``, in any order: its own symbols
    while ``tile_open``, and the space effect ``space`` (a symbol, ``choose`` for the single dark
    pair's reward (A7), "" when none is left)."""
    tile: str
    cell: str
    tile_open: bool
    space: str
    kind = "midnight_zoo.choose_effect"
    rule = "R19"


@dataclass(frozen=True, slots=True)
class ChooseDiscover(Frame):
    """R36: choose an undiscovered animal to discover."""
    kind = "midnight_zoo.discover"
    rule = "R36"


@dataclass(frozen=True, slots=True)
class ChooseBonusTerrain(Frame):
    """R37: choose the terrain of the bonus tile gained."""
    kind = "midnight_zoo.bonus_terrain"
    rule = "R37"


@dataclass(frozen=True, slots=True)
class UseBonus(Frame):
    """R37: place, store or discard the bonus ``tile`` just gained."""
    tile: str
    kind = "midnight_zoo.bonus_use"
    rule = "R37"


@dataclass(frozen=True, slots=True)
class SpendMoves(Frame):
    """R39-R41: choose the animal for the next of ``points`` move points, or stop."""
    points: int
    kind = "midnight_zoo.move_points"
    rule = "R41"


@dataclass(frozen=True, slots=True)
class MoveAnimal(Frame):
    """R41-R69: the move of the piece on ``spot`` (chosen for a move point or a group move); in a
    special move (``special``) a cheetah's ``extra`` steps left (R54), which it may stop."""
    spot: str
    special: bool = False
    extra: int = 0
    kind = "midnight_zoo.move_animal"
    rule = "R41"


@dataclass(frozen=True, slots=True)
class SpecialMove(Frame):
    """R30-R33: the special move of a discard: the ``eligible`` pieces (a snapshot, by spot) still
    to move."""
    eligible: tuple[str, ...]
    kind = "midnight_zoo.special_move"
    rule = "R33"


@dataclass(frozen=True, slots=True)
class RoundMove(Frame):
    """R73: the end-of-round move: the ``eligible`` pieces (a snapshot, by spot) still to move."""
    eligible: tuple[str, ...]
    kind = "midnight_zoo.round_move"
    rule = "R73"


FRAMES: tuple[type[Frame], ...] = (
    ChooseCards, TakeTile, UseTile, ChooseCell, ChooseEffect, ChooseDiscover, ChooseBonusTerrain,
    UseBonus, SpendMoves, MoveAnimal, SpecialMove, RoundMove)
KINDS: dict[str, type[Frame]] = {frame.kind: frame for frame in FRAMES}


# the decisions that name only a seat, one per seat (shared, as every frame may be)
SEATS = range(len(CAT.colours))
CHOOSE_CARDS = tuple(ChooseCards(seat) for seat in SEATS)
TAKE_TILE = tuple(TakeTile(seat) for seat in SEATS)
USE_TILE = tuple(UseTile(seat) for seat in SEATS)
CHOOSE_DISCOVER = tuple(ChooseDiscover(seat) for seat in SEATS)
CHOOSE_BONUS_TERRAIN = tuple(ChooseBonusTerrain(seat) for seat in SEATS)


@lru_cache(maxsize=16384)
def frame(cls: type[Frame], *fields: Any) -> Any:
    """The frame ``cls(*fields)``, shared: frames are immutable, and a cache lookup is several
    times cheaper than a frozen dataclass's ``__init__``."""
    return cls(*fields)


@lru_cache(maxsize=64)
def effect_of(symbol: str) -> tuple[str, int]:
    """The effect (kind, amount) a symbol names (``ChooseEffect.space``, an ``Effect``'s ``what``)."""
    return parse_symbol(symbol)


# ---- how a decision is shown -----------------------------------------------------------------
def prompt_args(state: State, top: Frame) -> Mapping[str, Any]:
    """The prompt's arguments: the tile, the move points left, or the animal moving."""
    if isinstance(top, (ChooseCell, ChooseEffect, UseBonus)):
        return {"tile": top.tile}
    if isinstance(top, SpendMoves):
        return {"points": top.points}
    if isinstance(top, MoveAnimal):
        animal = state.players[top.seat].animals[PIECE[top.spot]]
        return {"animal": CAT.animal_ids[animal], "spot": top.spot}
    return {}


def targets_of(state: State, top: Frame, action: Any) -> tuple[str, ...]:
    """The view elements ``action`` of the decision ``top`` targets."""
    match action:
        case Take(position):
            return (f"tile:{CAT.tile_id[state.market[position]]}",)
        case At(cell):
            row, column = divmod(cell, CAT.cols)
            return (f"cell:{row},{column}",)
        case Use(_, tile):
            return (f"tile:{tile}",)
        case Pick(spot) | Discover(spot):
            return (f"animal:{spot}",)
        case Bonus(terrain):
            return (f"bonus:{terrain}",)
        case Effect(source) if isinstance(top, ChooseEffect):
            if source == "tile":
                return (f"tile:{top.tile}",)
            return (f"cell:{top.cell}",) if source in ("space", "reward") else ()
        case Go() if isinstance(top, MoveAnimal):
            return _move_targets(state, top, action)
    return ()  # cards, done, stop, skip


def _move_targets(state: State, top: MoveAnimal, move: Go) -> tuple[str, ...]:
    """The moving animal, and for a step or slide the space it ends on (the zoo included)."""
    out = (f"animal:{top.spot}",)
    if move.kind != "go":
        return out
    cell = destination(state.players[top.seat], PIECE[top.spot], DIRECTIONS.index(move.dir))
    row, column = divmod(cell, CAT.cols)
    return out + (f"cell:{row},{column}",)

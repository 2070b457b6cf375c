"""Midnight Zoo pending decisions (4.14): one small frozen value per kind of sub-decision, kept on
``state.pending`` (top = last), and ``decision(state)``: who decides, what kind, the prompt, and
the view elements each legal action targets.

The phase-level decisions (variability cards, draft pick, the placement menu) are values too
(``ChooseCards``, ``TakeTile``, ``UseTile``) but not kept on the stack: the phase implies them when
nothing is pending, so ``current(state)`` is always the decision at hand. Element ids (all of them appear in the view):
``tile:<id>`` (a tile in the market, a hand, storage, or being placed), ``cell:<r>,<c>`` (a space of
the acting seat's district: a key of ``player_states[seat].district``), ``animal:<spot>`` (an
animal piece, named by its undiscovered spot as in ``player_states[seat].animals[*].spot``),
``bonus:<terrain>`` (a bonus pile, a key of ``bonus_supply``). Choosing variability cards, "done"
and "stop" target nothing on the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from gameshelf.core.decision import Decision, Prompt

from .actions import At, Bonus, Discover, Effect, Go, Pick, Take, Use
from .catalog import CAT, symbol_name
from .state import CARDS, CHOOSE, DRAFT, IN_ZOO, LEO, PLACE, ROUND


@dataclass(frozen=True, slots=True)
class ChooseCell:
    """R14: choose an empty district space for ``tile``."""
    tile: int
    KIND: ClassVar[str] = "choose_cell"


@dataclass(frozen=True, slots=True)
class ChooseEffect:
    """R16-R19: the effects of the tile just placed on ``cell``: its own symbol (``tile_open``)
    and the space effect (``space``: an effect tuple, ``CHOOSE`` for A7, or None), in any order."""
    tile: int
    cell: int
    tile_open: bool
    space: object
    KIND: ClassVar[str] = "choose_effect"


@dataclass(frozen=True, slots=True)
class ChooseDiscover:
    """R36: choose an undiscovered animal to discover."""
    KIND: ClassVar[str] = "discover"


@dataclass(frozen=True, slots=True)
class ChooseBonusTerrain:
    """R37: choose the terrain of the bonus tile gained."""
    KIND: ClassVar[str] = "bonus_terrain"


@dataclass(frozen=True, slots=True)
class UseBonus:
    """R37: place, store or discard the bonus ``tile`` just gained."""
    tile: int
    KIND: ClassVar[str] = "bonus_use"


@dataclass(frozen=True, slots=True)
class SpendMoves:
    """R39-R41: ``points`` move points left; ``animal`` the piece chosen for the next (-1: none)."""
    points: int
    animal: int = -1
    KIND: ClassVar[str] = "move_points"


@dataclass(frozen=True, slots=True)
class GroupMove:
    """R30-R33 special move (``special``) or R73 end-of-round move: the ``eligible`` pieces still
    to move (a snapshot), the piece moving now (``animal``, -1: none) and a cheetah's ``extra``
    steps left (R54)."""
    special: bool
    eligible: tuple
    animal: int = -1
    extra: int = 0
    KIND: ClassVar[str] = "group_move"


# The phase-level decisions: implied by the phase when nothing is pending (see ``current``).
@dataclass(frozen=True, slots=True)
class ChooseCards:
    """R88: cover the dark pairs with your variability cards."""
    KIND: ClassVar[str] = "choose_cards"


@dataclass(frozen=True, slots=True)
class TakeTile:
    """R5: take one market tile."""
    KIND: ClassVar[str] = "take_tile"


@dataclass(frozen=True, slots=True)
class UseTile:
    """R9-R13: place, store or discard a tile in hand or storage, or finish tile placement."""
    KIND: ClassVar[str] = "use_tile"


PHASE_DECISION = {CARDS: ChooseCards(), DRAFT: TakeTile(), PLACE: UseTile()}


def current(st):
    """The decision the seat to act faces: the top pending value, else the phase's own (None when
    the game is over)."""
    return st.pending[-1] if st.pending else PHASE_DECISION.get(st.phase)


# Decision values are immutable, so equal ones can be shared: the rules build them through these
# (a table lookup or a small cache is several times cheaper than a frozen dataclass __init__).
CHOOSE_CELL = tuple(ChooseCell(t) for t in range(len(CAT.tile_id)))
USE_BONUS = tuple(UseBonus(t) for t in range(len(CAT.tile_id)))
CHOOSE_DISCOVER, CHOOSE_BONUS_TERRAIN = ChooseDiscover(), ChooseBonusTerrain()
_SPEND = {(p, k): SpendMoves(p, k) for p in range(1, 3) for k in range(-1, len(CAT.spot_names))}


def spend_moves(points: int, animal: int = -1) -> SpendMoves:
    """The SpendMoves value for ``points`` left and the chosen ``animal``."""
    found = _SPEND.get((points, animal))
    return found if found is not None else SpendMoves(points, animal)


@lru_cache(maxsize=8192)
def group_move(special: bool, eligible: tuple, animal: int = -1, extra: int = 0) -> GroupMove:
    """The GroupMove value with these fields (shared)."""
    return GroupMove(special, eligible, animal, extra)


FRAMES = (ChooseCell, ChooseEffect, ChooseDiscover, ChooseBonusTerrain, UseBonus, SpendMoves, GroupMove)
FRAME_BY_KIND = {f.KIND: f for f in FRAMES}
PREFIX = "midnight_zoo."


# ---- decision(state) ---------------------------------------------------------------------------------
def decision(st) -> Decision | None:
    """The pending decision of the seat to act (None when the game is over)."""
    f = current(st)
    if f is None:
        return None
    from .rules import legal_actions
    legal = legal_actions(st)
    kind, prompt = _frame_prompt(st, f)
    return Decision(st.cur, PREFIX + kind, prompt, {str(a): _targets(st, f, a) for a in legal})


def _frame_prompt(st, f) -> tuple[str, Prompt]:
    t = type(f)
    if t in (ChooseCards, TakeTile, UseTile):
        return f.KIND, Prompt(f"decision.{f.KIND}")
    if t is GroupMove:
        kind = "special_move" if f.special else "round_move"
        if f.animal >= 0:
            return kind, Prompt("decision.move_animal", {"animal": _animal(st, f.animal),
                                                         "spot": CAT.spot_names[f.animal]})
        return kind, Prompt(f"decision.{kind}")
    if t is SpendMoves:
        if f.animal >= 0:
            return f.KIND, Prompt("decision.move_animal", {"animal": _animal(st, f.animal),
                                                           "spot": CAT.spot_names[f.animal]})
        return f.KIND, Prompt("decision.move_points", {"points": f.points})
    if t in (ChooseCell, ChooseEffect, UseBonus):
        return f.KIND, Prompt(f"decision.{f.KIND}", {"tile": CAT.tile_id[f.tile]})
    return f.KIND, Prompt(f"decision.{f.KIND}")


def _animal(st, k: int) -> str:
    return CAT.animal_ids[st.players[st.cur].kind[k]]


def _cell(c: int) -> str:
    r, col = divmod(c, CAT.cols)
    return f"cell:{r},{col}"


def _targets(st, f, a) -> tuple:
    """The view elements action ``a`` of frame ``f`` targets."""
    match a:
        case Take(pos):
            return (f"tile:{CAT.tile_id[st.market[pos]]}",)
        case At(cell):
            return (_cell(cell),)
        case Use(_, tile):
            return (f"tile:{tile}",)
        case Pick(spot) | Discover(spot):
            return (f"animal:{spot}",)
        case Bonus(terrain):
            return (f"bonus:{terrain}",)
        case Effect():
            return _effect_targets(f, a)
        case Go():
            return _go_targets(st, f, a)
    return ()  # done, stop


def _go_targets(st, f, a) -> tuple:
    """The moving animal, and for a step or slide the space it ends on (the zoo included)."""
    k = f.animal
    if k < 0:
        return ()
    out = (f"animal:{CAT.spot_names[k]}",)
    if a.kind != "go":
        return out
    from .rules_move import do_move
    probe = st.players[st.cur].copy()
    dest = do_move(probe, k, a, False)
    return out + (_cell(CAT.zoo if dest == IN_ZOO else dest),)


def _effect_targets(f, a) -> tuple:
    if a.source == "tile":
        return (f"tile:{CAT.tile_id[f.tile]}",)
    if a.source in ("space", "reward"):
        return (_cell(f.cell),)
    return ()


def frame_json(f) -> dict:
    """A pending value as readable JSON (tiles, cells and spots by name)."""
    out: dict = {"kind": f.KIND}
    t = type(f)
    if t in (ChooseCell, UseBonus):
        out["tile"] = CAT.tile_id[f.tile]
    elif t is ChooseEffect:
        space = f.space
        out.update(tile=CAT.tile_id[f.tile], cell=_cell(f.cell)[5:], tile_open=f.tile_open,
                   space=space if space in (None, CHOOSE) else symbol_name(space))
    elif t is SpendMoves:
        out.update(points=f.points, animal=CAT.spot_names[f.animal] if f.animal >= 0 else None)
    elif t is GroupMove:
        out.update(special=f.special, eligible=[CAT.spot_names[x] for x in f.eligible],
                   animal=CAT.spot_names[f.animal] if f.animal >= 0 else None, extra=f.extra)
    return out


__all__ = ["ChooseCell", "ChooseEffect", "ChooseDiscover", "ChooseBonusTerrain", "UseBonus",
           "SpendMoves", "GroupMove", "ChooseCards", "TakeTile", "UseTile", "FRAMES", "FRAME_BY_KIND",
           "current", "decision", "frame_json", "LEO", "ROUND"]

"""Moving animals as decisions: move points (R39-R41), special and end-of-round group moves
(R30-R33, R73, A9) and the move of the animal chosen for either (R41-R69, a cheetah's extra steps
R54). The movement rules themselves are in movement.py."""

from __future__ import annotations

from gameshelf.core.errors import IllegalAction
from gameshelf.core.game import Event

from .actions import FACE, GO, PICK, STOP, TURN_L, TURN_R, WAKE, Done, Go, Pick, Stop, Use
from .catalog import CAT
from .decisions import PIECE, MoveAnimal, RoundMove, SpecialMove, SpendMoves, frame
from .events import ARRIVED, MOVED
from .movement import (ENTRANCE0, EXTRA_STEPS, MOVEMENT, SLIDE, SLOTH, SNAKE, animal_moves, can_step, do_move,
                       has_move, movers, standard_moves)
from .state import IN_ZOO, ROUND, Player, State

GroupMove = SpecialMove | RoundMove
MOVE_TEXT = {move: str(move) for move in (*GO, *FACE, TURN_L, TURN_R, WAKE)}  # a move as its notation


# ---- move points (R39-R41) --------------------------------------------------------------------
def legal_move_points(state: State, player: Player, top: SpendMoves) -> list[Pick | Stop]:
    picks: list[Pick | Stop] = [PICK[piece] for piece in movers(player)]
    return picks + [STOP] if picks else []


def move_points_open(state: State, player: Player, top: SpendMoves) -> bool:
    """Whether an animal can still use a move point."""
    for piece, location in enumerate(player.location):
        if location >= 0 and has_move(player, piece):
            return True
    return False


def apply_move_point(state: State, player: Player, top: SpendMoves, action: Pick | Stop,
                     events: list[Event]) -> None:
    """Stop, or spend one point on the animal chosen: it moves next (R41)."""
    if not isinstance(action, Pick):
        state.pending.pop()
        return
    if top.points > 1:
        state.pending[-1] = frame(SpendMoves, top.seat, top.points - 1)
    else:
        state.pending.pop()
    state.pending.append(frame(MoveAnimal, top.seat, action.spot, False, 0))


def why_move_points(state: State, player: Player, top: SpendMoves, action: object) -> IllegalAction:
    if isinstance(action, (Done, Use)):
        return IllegalAction("finish the action being resolved first", rule="R11")
    if isinstance(action, Go):
        return IllegalAction("choose the animal first", rule="R41")
    return IllegalAction("spend the move point on an animal that can use it, or stop", rule="R41")


# ---- group moves (R30-R33, R73; A9) -----------------------------------------------------------
def legal_group(state: State, player: Player, top: GroupMove) -> list[Pick | Stop]:
    picks: list[Pick | Stop] = [PICK[PIECE[spot]] for spot in top.eligible if has_move(player, PIECE[spot])]
    return picks if state.config.forced or not picks else picks + [STOP]


def group_open(state: State, player: Player, top: GroupMove) -> bool:
    """Whether an eligible animal still to move can move."""
    for spot in top.eligible:
        if has_move(player, PIECE[spot]):
            return True
    return False


def apply_group(state: State, player: Player, top: GroupMove, action: Pick | Stop, events: list[Event]) -> None:
    """Stop (A9: only when moves are not forced), or choose the next eligible animal: it moves now."""
    if not isinstance(action, Pick):
        state.pending.pop()
        return
    rest = tuple([spot for spot in top.eligible if spot != action.spot])
    state.pending[-1] = frame(SpecialMove if isinstance(top, SpecialMove) else RoundMove, top.seat, rest)
    state.pending.append(frame(MoveAnimal, top.seat, action.spot, isinstance(top, SpecialMove), 0))


def why_group(state: State, player: Player, top: GroupMove, action: object) -> IllegalAction:
    if isinstance(top, RoundMove):
        return IllegalAction("end-of-round move: choose an eligible animal and its move", rule="R73")
    if isinstance(action, (Done, Use)):
        return IllegalAction("finish the action being resolved first", rule="R11")
    return IllegalAction("choose an eligible animal and one of its legal moves", rule="R33")


# ---- the chosen animal's move (R41-R69, R54) ---------------------------------------------------
def legal_animal_move(state: State, player: Player, top: MoveAnimal) -> list[Go] | list[Go | Stop]:
    piece = PIECE[top.spot]
    if top.extra == 0:
        return animal_moves(player, piece, state.config.snake_any)
    moves = standard_moves(player.district, player.location[piece])  # R54
    return moves if state.config.forced else moves + [STOP]


def apply_animal_move(state: State, player: Player, top: MoveAnimal, action: Go | Stop,
                      events: list[Event]) -> None:
    """One move of the chosen animal; a cheetah in a special move may step on (R54), unless it
    arrived (R47) or no step is possible; a stop ends its extra steps."""
    if not isinstance(action, Go):
        state.pending.pop()
        return
    piece = PIECE[top.spot]
    cell = do_move(player, piece, action, top.special)
    move_event(top.seat, player, piece, action, cell, events)
    extra = top.extra - 1 if top.extra else 0
    steps = EXTRA_STEPS[player.animals[piece]]
    if not top.extra and top.special and action.kind == "go" and steps and cell != IN_ZOO:
        extra = steps
    if extra == 0 or cell == IN_ZOO or not can_step(player.district, cell):
        state.pending.pop()
    else:
        state.pending[-1] = frame(MoveAnimal, top.seat, top.spot, top.special, extra)


def why_animal_move(state: State, player: Player, top: MoveAnimal, action: object) -> IllegalAction:
    if state.phase == ROUND:
        return IllegalAction("end-of-round move: choose an eligible animal and its move", rule="R73")
    if isinstance(action, (Done, Use)):
        return IllegalAction("finish the action being resolved first", rule="R11")
    return IllegalAction("that animal cannot make that move", rule=move_rule(player, PIECE[top.spot]))


def move_rule(player: Player, piece: int) -> str:
    """The rule that limits this animal's moves."""
    movement = MOVEMENT[player.animals[piece]]
    if movement == SNAKE:
        return "R61" if player.location[piece] >= ENTRANCE0 else "R59"
    if movement == SLOTH:
        return "R68"
    if movement == SLIDE:
        return "R52"
    return "R44"


def move_event(seat: int, player: Player, piece: int, action: Go, cell: int, events: list[Event]) -> None:
    animal = CAT.animal_ids[player.animals[piece]]
    spot = CAT.spot_names[piece]
    if cell == IN_ZOO:
        events.append(ARRIVED(seat, animal, spot))
    else:
        events.append(MOVED(seat, animal, spot, MOVE_TEXT[action]))

"""How animal pieces move, R43-R69: standard steps, penguin slides, snake steps and turns, sloth
sleep; discovering a piece (R36) and the pieces standing on a terrain (R31, R73).

``animal_moves`` lists one piece's legal moves as Go actions; ``do_move`` performs one;
``destination`` says where a step or slide ends without moving anything.
"""

from __future__ import annotations

from .actions import FACE, GO, TURN_L, TURN_R, WAKE, Go
from .catalog import CAT
from .state import ENTRANCE0, IN_ZOO, Player

ZOO = CAT.zoo
NEXT = CAT.next_cell
ENTRANCE_CELL, ENTRANCE_DIRECTION, ENTRANCE_TERRAIN = CAT.ent_cell, CAT.ent_dir, CAT.ent_terrain
SPOT_ENTRANCE = CAT.spot_entrance
STANDARD, SLIDE, SNAKE, SLOTH = "standard", "slide", "snake", "sloth"
MOVEMENT = tuple(animal.movement for animal in CAT.animals)
EXTRA_STEPS = tuple(animal.extra_special_steps for animal in CAT.animals)
POLLINATES = tuple(animal.pollen_on_special for animal in CAT.animals)
TILE_TERRAIN = CAT.tile_terrain
MAX_POLLEN = CAT.max_pollen
PIECES = len(CAT.spot_names)
SPOT_NAMES = CAT.spot_names
DIRECTIONS = "NESW"


def target(district: list[int], location: int, direction: int) -> int:
    """The space one standard step in ``direction`` reaches, or -1 (R43-R45)."""
    if location >= ENTRANCE0:
        entrance = location - ENTRANCE0
        if direction != ENTRANCE_DIRECTION[entrance]:
            return -1
        cell = ENTRANCE_CELL[entrance]
    else:
        cell = NEXT[location][direction]
        if cell < 0:
            return -1
    if cell == ZOO or district[cell] >= 0:
        return cell
    return -1


def standard_moves(district: list[int], location: int) -> list[Go]:
    """The standard steps from ``location``: onto a tile or the zoo (R43-R45)."""
    if location >= ENTRANCE0:
        entrance = location - ENTRANCE0
        return [GO[ENTRANCE_DIRECTION[entrance]]] if district[ENTRANCE_CELL[entrance]] >= 0 else []
    out = []
    for direction, cell in enumerate(NEXT[location]):
        if cell >= 0 and (cell == ZOO or district[cell] >= 0):
            out.append(GO[direction])
    return out


def animal_moves(player: Player, piece: int, snake_any: bool) -> list[Go]:
    """Every legal single move of ``piece`` (R41): empty if it cannot use a move."""
    location = player.location[piece]
    if location < 0:
        return []
    movement = MOVEMENT[player.animals[piece]]
    if movement == SLOTH:
        return [WAKE] if player.asleep[piece] else standard_moves(player.district, location)
    if movement == SNAKE:
        facing = player.facing[piece]
        out = [GO[facing]] if target(player.district, location, facing) >= 0 else []
        if location < ENTRANCE0:  # R61: no turning on an entrance
            if snake_any:
                out.extend(FACE[direction] for direction in range(4) if direction != facing)
            else:
                out.extend((TURN_L, TURN_R))
        return out
    return standard_moves(player.district, location)  # standard and slide share the first step (R52)


def has_move(player: Player, piece: int) -> bool:
    """Whether ``piece`` has any legal move (``animal_moves`` is not empty), cheaply."""
    location = player.location[piece]
    if location < 0:
        return False
    movement = MOVEMENT[player.animals[piece]]
    if movement == SNAKE:
        return location < ENTRANCE0 or target(player.district, location, player.facing[piece]) >= 0
    if movement == SLOTH and player.asleep[piece]:
        return True
    return can_step(player.district, location)


def can_step(district: list[int], location: int) -> bool:
    """Whether a standard step from ``location`` is possible (``standard_moves`` is not empty)."""
    if location >= ENTRANCE0:
        return district[ENTRANCE_CELL[location - ENTRANCE0]] >= 0
    for cell in NEXT[location]:
        if cell >= 0 and (cell == ZOO or district[cell] >= 0):
            return True
    return False


def movers(player: Player) -> list[int]:
    """The pieces that have a legal move (``has_move``), in piece order."""
    return [piece for piece, location in enumerate(player.location) if location >= 0 and has_move(player, piece)]


def destination(player: Player, piece: int, direction: int) -> int:
    """Where a step (or a penguin's slide, R50-R51) of ``piece`` in ``direction`` ends: a cell,
    the zoo cell included."""
    district = player.district
    cell = target(district, player.location[piece], direction)
    if MOVEMENT[player.animals[piece]] == SLIDE:  # on to the last tile, stop at once in the zoo
        while cell != ZOO:
            following = NEXT[cell][direction]
            if following < 0 or (following != ZOO and district[following] < 0):
                break
            cell = following
    return cell


def do_move(player: Player, piece: int, move: Go, special: bool) -> int:
    """Perform one move; returns the new location (IN_ZOO on arrival, R47)."""
    kind = move.kind
    if kind == "turn":
        player.facing[piece] = (player.facing[piece] + (3 if move.dir == "L" else 1)) % 4
        return player.location[piece]
    if kind == "face":
        player.facing[piece] = DIRECTIONS.index(move.dir)
        return player.location[piece]
    if kind == "wake":
        player.asleep[piece] = 0
        return player.location[piece]
    cell = destination(player, piece, DIRECTIONS.index(move.dir))
    animal = player.animals[piece]
    if MOVEMENT[animal] == SLOTH:
        player.asleep[piece] = 1  # R67
    if special and POLLINATES[animal] and player.pollen[piece] < MAX_POLLEN:
        player.pollen[piece] += 1  # R63: added before it goes onto the zoo holder
    if cell == ZOO:
        cell = IN_ZOO
    player.location[piece] = cell
    return cell


def discover(player: Player, piece: int) -> None:
    """R36/R58/R66: put ``piece`` on its entrance, facing inward, awake, no pollen."""
    entrance = SPOT_ENTRANCE[piece]
    player.location[piece] = ENTRANCE0 + entrance
    player.facing[piece] = ENTRANCE_DIRECTION[entrance]
    player.asleep[piece] = 0
    player.pollen[piece] = 0


def eligible(player: Player, terrain: int) -> tuple[str, ...]:
    """R31/R73: the snapshot of pieces (by spot) standing on ``terrain``: discovered, on an
    entrance of that terrain or a district tile of that terrain."""
    district, out = player.district, []
    for piece, location in enumerate(player.location):
        if location >= ENTRANCE0:
            if ENTRANCE_TERRAIN[location - ENTRANCE0] == terrain:
                out.append(SPOT_NAMES[piece])
        elif location >= 0:
            tile = district[location]
            if tile >= 0 and TILE_TERRAIN[tile] == terrain:
                out.append(SPOT_NAMES[piece])
    return tuple(out)

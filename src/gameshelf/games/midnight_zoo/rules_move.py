"""Moving animals: move points (R39-R41), special and end-of-round group moves (R30-R33, R73,
A9) and the movement rules themselves, R43-R69: standard steps, penguin slides, snake
steps/turns, sloth sleep.

``animal_moves`` lists one animal's legal moves as Go actions; ``do_move`` performs one.
"""

from __future__ import annotations

from gameshelf.core.game import Event

from .actions import FACE, GO, PICK, STOP, TURN_L, TURN_R, WAKE
from .catalog import CAT
from .decisions import GroupMove, SpendMoves, group_move, spend_moves
from .state import ENT0, IN_ZOO, UNDISC

ZOO = CAT.zoo
NEXT = CAT.next_cell
ENT_CELL, ENT_DIR, ENT_TERRAIN = CAT.ent_cell, CAT.ent_dir, CAT.ent_terrain
SPOT_ENT = CAT.spot_entrance
STANDARD, SLIDE, SNAKE, SLOTH = "standard", "slide", "snake", "sloth"
MOVEMENT = tuple(a.movement for a in CAT.animals)
EXTRA = tuple(a.extra_special_steps for a in CAT.animals)
POLLEN = tuple(a.pollen_on_special for a in CAT.animals)
TILE_TERRAIN = CAT.tile_terrain
MAX_POLLEN = CAT.max_pollen


def target(district: list, loc: int, d: int) -> int:
    """The space one standard step in direction ``d`` reaches, or -1 (R43-R45)."""
    if loc >= ENT0:
        e = loc - ENT0
        if d != ENT_DIR[e]:
            return -1
        n = ENT_CELL[e]
    else:
        n = NEXT[loc][d]
        if n < 0:
            return -1
    if n == ZOO or district[n] >= 0:
        return n
    return -1


def standard_moves(district: list, loc: int) -> list:
    if loc >= ENT0:
        e = loc - ENT0
        return [GO[ENT_DIR[e]]] if district[ENT_CELL[e]] >= 0 else []
    out = []
    for d, n in enumerate(NEXT[loc]):
        if n >= 0 and (n == ZOO or district[n] >= 0):
            out.append(GO[d])
    return out


def animal_moves(pl, k: int, snake_any: bool) -> list:
    """Every legal single move of piece ``k`` (R41): empty if it cannot use a move."""
    loc = pl.loc[k]
    if loc < 0:
        return []
    m = MOVEMENT[pl.kind[k]]
    if m == SLOTH:
        return [WAKE] if pl.asleep[k] else standard_moves(pl.district, loc)
    if m == SNAKE:
        f = pl.face[k]
        out = [GO[f]] if target(pl.district, loc, f) >= 0 else []
        if loc < ENT0:  # R61: no turning on an entrance
            if snake_any:
                out.extend(FACE[d] for d in range(4) if d != f)
            else:
                out.extend((TURN_L, TURN_R))
        return out
    return standard_moves(pl.district, loc)  # standard and slide share the first step (R52)


def has_move(pl, k: int) -> bool:
    loc = pl.loc[k]
    if loc < 0:
        return False
    m = MOVEMENT[pl.kind[k]]
    if m == SNAKE:
        return loc < ENT0 or target(pl.district, loc, pl.face[k]) >= 0
    if m == SLOTH and pl.asleep[k]:
        return True
    if loc >= ENT0:
        return pl.district[ENT_CELL[loc - ENT0]] >= 0
    district = pl.district
    for n in NEXT[loc]:
        if n >= 0 and (n == ZOO or district[n] >= 0):
            return True
    return False


def do_move(pl, k: int, go, special: bool) -> int:
    """Perform one move; returns the new location (IN_ZOO on arrival, R47)."""
    kind = go.kind
    if kind == "turn":
        pl.face[k] = (pl.face[k] + (3 if go.dir == "L" else 1)) % 4
        return pl.loc[k]
    if kind == "face":
        pl.face[k] = "NESW".index(go.dir)
        return pl.loc[k]
    if kind == "wake":
        pl.asleep[k] = 0
        return pl.loc[k]
    d = "NESW".index(go.dir)
    district = pl.district
    dest = target(district, pl.loc[k], d)
    m = MOVEMENT[pl.kind[k]]
    if m == SLIDE:  # R50-R51: on to the last tile, stop at once in the zoo
        while dest != ZOO:
            n = NEXT[dest][d]
            if n < 0 or (n != ZOO and district[n] < 0):
                break
            dest = n
    elif m == SLOTH:
        pl.asleep[k] = 1  # R67
    if special and POLLEN[pl.kind[k]] and pl.pollen[k] < MAX_POLLEN:
        pl.pollen[k] += 1  # R63: added before it goes onto the zoo holder
    if dest == ZOO:
        dest = IN_ZOO
    pl.loc[k] = dest
    return dest


def on_terrain(pl, k: int, t: int) -> bool:
    """R31/R73: discovered and standing on terrain ``t`` (district tile or entrance)."""
    loc = pl.loc[k]
    if loc >= ENT0:
        return ENT_TERRAIN[loc - ENT0] == t
    if loc < 0:
        return False
    tile = pl.district[loc]
    return tile >= 0 and TILE_TERRAIN[tile] == t


def discover(pl, k: int) -> None:
    """R36/R58/R66: put piece ``k`` on its entrance, facing inward, awake, no pollen."""
    e = SPOT_ENT[k]
    pl.loc[k] = ENT0 + e
    pl.face[k] = ENT_DIR[e]
    pl.asleep[k] = 0
    pl.pollen[k] = 0


def is_discovered(loc: int) -> bool:
    return loc != UNDISC


N_PIECES = len(CAT.spot_names)


def eligible(pl, terrain: int) -> tuple:
    """R31/R73: the snapshot of pieces standing on ``terrain``."""
    return tuple([k for k in range(N_PIECES) if on_terrain(pl, k, terrain)])


# ---- move points (R39-R41) --------------------------------------------------------------------
def legal_move_points(st, pl, f: SpendMoves) -> list:
    if f.animal >= 0:
        return animal_moves(pl, f.animal, st.config.snake_any)
    picks = [PICK[k] for k in range(N_PIECES) if has_move(pl, k)]
    return picks + [STOP] if picks else []


def open_move_points(st, pl, f: SpendMoves) -> bool:
    """Whether the frame still has a decision (a chosen animal always has a move)."""
    if f.animal >= 0:
        return True
    for k in range(N_PIECES):
        if has_move(pl, k):
            return True
    return False


def apply_move_point(st, pl, f: SpendMoves, action, events: list) -> None:
    if action == STOP:
        st.pending.pop()
        return
    if f.animal < 0:
        st.pending[-1] = spend_moves(f.points, CAT.spot_names.index(action.spot))
        return
    k = f.animal
    move_event(st, pl, k, action, do_move(pl, k, action, False), events)
    if f.points > 1:
        st.pending[-1] = spend_moves(f.points - 1)
    else:
        st.pending.pop()


# ---- group moves (R30-R33, R54, R73; A9) -----------------------------------------------------
def legal_group(st, pl, f: GroupMove) -> list:
    forced = st.config.forced
    k = f.animal
    if k >= 0:
        if f.extra == 0:
            return animal_moves(pl, k, st.config.snake_any)
        moves = standard_moves(pl.district, pl.loc[k])  # R54: the cheetah's extra step
        return moves if forced else moves + [STOP]
    picks = [PICK[k] for k in f.eligible if has_move(pl, k)]
    return picks if forced or not picks else picks + [STOP]


def open_group(st, pl, f: GroupMove) -> bool:
    if f.animal >= 0:
        return True
    for k in f.eligible:
        if has_move(pl, k):
            return True
    return False


def apply_group(st, pl, f: GroupMove, action, events: list) -> None:
    if action == STOP:
        if f.animal >= 0:
            st.pending[-1] = group_move(f.special, f.eligible)
        else:
            st.pending.pop()
        return
    if f.animal < 0:
        k = CAT.spot_names.index(action.spot)
        st.pending[-1] = group_move(f.special, tuple([x for x in f.eligible if x != k]), k)
        return
    st.pending[-1] = group_step(st, pl, f, action, events)


def group_step(st, pl, f: GroupMove, action, events: list) -> GroupMove:
    """One move of the chosen animal; the frame that follows (R47 arrival ends its movement)."""
    k = f.animal
    dest = do_move(pl, k, action, f.special)
    move_event(st, pl, k, action, dest, events)
    extra = f.extra - 1 if f.extra else 0
    if not f.extra and f.special and action.kind == "go" and EXTRA[pl.kind[k]] and dest != IN_ZOO:
        extra = EXTRA[pl.kind[k]]
    if extra == 0 or dest == IN_ZOO or not standard_moves(pl.district, dest):
        return group_move(f.special, f.eligible)  # done (R47), or no extra step possible (R54)
    return group_move(f.special, f.eligible, k, extra)


def move_event(st, pl, k: int, action, dest: int, events: list) -> None:
    animal = CAT.animal_ids[pl.kind[k]]
    spot = CAT.spot_names[k]
    if dest == IN_ZOO:
        events.append(Event("arrived", {"seat": st.cur, "animal": animal, "spot": spot}))
    else:
        events.append(Event("moved", {"seat": st.cur, "animal": animal, "spot": spot, "move": str(action)}))

"""Tile-placement phase, R9-R42 and R87-R93: the menu, placing, storing, discarding, effects,
discover, bonus tiles, move points and special moves, as frames on ``state.pstack``."""

from __future__ import annotations

from gameshelf.core.game import Event

from .actions import AT, BONUS, DISCOVER, DONE, PICK, SKIP, STOP, USE, Effect
from .catalog import BONUS as K_BONUS
from .catalog import CAT, DISCOVER as K_DISCOVER, MOVE as K_MOVE, VP as K_VP, parse_symbol, symbol_name
from .moves import EXTRA, animal_moves, discover, do_move, has_move, on_terrain, standard_moves
from .state import (CHOOSE, F_BTERRAIN, F_BUSE, F_CELL, F_DISCOVER, F_EFFECTS, F_GROUP, F_MOVE,
                    IN_ZOO, UNDISC)

CAP = CAT.storage_capacity
BONUS0 = CAT.bonus0
N_ACTION = CAT.n_action
TERRAIN, FOOD, ACTIONS = CAT.tile_terrain, CAT.tile_food, CAT.tile_actions
BINOC, ARROW = CAT.tile_binoculars, CAT.tile_arrow
COND, SPACE_ACTION, DARK, PAIRS = CAT.space_cond, CAT.space_action, CAT.dark, CAT.pairs
TILE_EFFECTS = tuple(tuple(Effect("tile", symbol_name(e)) for e in a) for a in ACTIONS)
SPACE = Effect("space")
CHOOSE_EFFECTS = tuple(Effect("space", symbol_name(r)) for r in CAT.pair_reward)
N_PIECES = len(CAT.spot_names)


def ev(key: str, **args) -> Event:
    return Event(key, args)


# ---- the menu (R9, R10, R13) -------------------------------------------------------------
def menu_legal(pl) -> list:
    out = []
    free = -1 in pl.district  # the zoo cell holds ZOO_MARK, never -1
    h = pl.hand
    if h >= 0:
        if free:
            out.append(USE[("place", h)])
        if len(pl.storage) < CAP:
            out.append(USE[("store", h)])
        out.append(USE[("discard", h)])
    for t in pl.storage:
        if free:
            out.append(USE[("place", t)])
        out.append(USE[("discard", t)])
    if h < 0:
        out.append(DONE)
    return list(dict.fromkeys(out))  # two stored bonus tiles of one terrain are one choice


def apply_use(st, pl, verb: str, t: int, events: list) -> None:
    """A menu choice: take ``t`` out of the hand (or storage) and place/store/discard it."""
    if pl.hand == t:
        pl.hand = -1
    else:
        pl.storage.remove(t)
    resolve_tile(st, pl, verb, t, events)


def resolve_tile(st, pl, verb: str, t: int, events: list) -> None:
    if verb == "place":
        st.pstack.append([F_CELL, t])
    elif verb == "store":
        pl.storage.append(t)
        events.append(ev("stored", seat=st.cur, tile=CAT.tile_id[t]))
    else:
        discard(st, pl, t, events)


def discard(st, pl, t: int, events: list) -> None:
    """R30-R34: the tile leaves (bonus tiles back to supply) and a special move starts."""
    terrain = TERRAIN[t]
    if t < N_ACTION:
        st.removed.append(t)
    else:
        st.supply[terrain] += 1
    events.append(ev("discarded", seat=st.cur, tile=CAT.tile_id[t], terrain=CAT.terrains[terrain]))
    eligible = [k for k in range(N_PIECES) if on_terrain(pl, k, terrain)]
    st.pstack.append([F_GROUP, 1, eligible, -1, 0])


# ---- placing (R14-R25) ---------------------------------------------------------------------
def place(st, pl, t: int, cell: int, events: list) -> None:
    pl.district[cell] = t
    events.append(ev("placed", seat=st.cur, tile=CAT.tile_id[t], cell="%d,%d" % divmod(cell, CAT.cols)))
    space = space_effect(st, pl, t, cell)
    tile_open = 1 if ACTIONS[t] else 0
    if tile_open or space is not None:
        st.pstack.append([F_EFFECTS, t, cell, tile_open, space])


def space_effect(st, pl, t: int, cell: int):
    """The space effect this placement triggers (R18-R24, R89-R93), or None."""
    kind, arg = COND[cell]
    if kind == "dark":
        pi, side = DARK[cell]
        single = st.rules.single_pair
        if single and pi != CAT.single_pair:
            return None
        other = pl.district[PAIRS[pi][1 - side]]
        if other < 0:
            return None
        left, right = (t, other) if side == 0 else (other, t)
        if not pair_met(st, pl, pi, left, right):
            return None
        return CHOOSE if single else CAT.pair_reward[pi]
    action = SPACE_ACTION[cell]
    if action is None:
        return None
    if kind == "none" or (kind == "binoculars" and BINOC[t]) or (kind == "terrain" and TERRAIN[t] == arg):
        return action
    return None


def pair_met(st, pl, pi: int, left: int, right: int) -> bool:
    if st.rules.variability and pl.cards is not None and pl.cards[pi] >= 0:
        card = CAT.cards[pl_colour(st, pl)][pl.cards[pi]]
        if card.type == "food":  # R90
            return FOOD[left] >= 0 and FOOD[right] >= 0
        if card.type == "move_discover":  # R91
            return ARROW[left] and BINOC[right]
        return TERRAIN[left] == card.left and TERRAIN[right] == card.right  # R92
    return TERRAIN[left] == TERRAIN[right]  # R22


def pl_colour(st, pl) -> int:
    return next(i for i, p in enumerate(st.players) if p is pl)


# ---- frames: legal actions -----------------------------------------------------------------
def frame_legal(st, pl, f: list) -> list:
    kind = f[0]
    if kind == F_CELL:
        d = pl.district
        return [AT[c] for c in range(CAT.cells) if d[c] == -1]
    if kind == F_EFFECTS:
        out = list(TILE_EFFECTS[f[1]]) if f[3] else []
        if f[4] == CHOOSE:
            out.extend(CHOOSE_EFFECTS)
        elif f[4] is not None:
            out.append(SPACE)
        out.append(SKIP)
        return out
    if kind == F_DISCOVER:
        return [DISCOVER[k] for k in range(N_PIECES) if pl.loc[k] == UNDISC]
    if kind == F_BTERRAIN:
        return [BONUS[i] for i, n in enumerate(st.supply) if n > 0]
    if kind == F_BUSE:
        t = f[1]
        out = [USE[("place", t)]] if -1 in pl.district else []
        if len(pl.storage) < CAP:
            out.append(USE[("store", t)])
        out.append(USE[("discard", t)])
        return out
    if kind == F_MOVE:
        if f[2] >= 0:
            return animal_moves(pl, f[2], st.rules.snake_any)
        picks = [PICK[k] for k in range(N_PIECES) if has_move(pl, k)]
        return picks + [STOP] if picks else []
    return group_legal(st, pl, f)


def group_legal(st, pl, f: list) -> list:
    forced = st.rules.forced
    k = f[3]
    if k >= 0:
        if f[4] == 0:
            return animal_moves(pl, k, st.rules.snake_any)
        moves = standard_moves(pl.district, pl.loc[k])  # R54: the cheetah's extra step
        if moves:
            return moves if forced else moves + [STOP]
        f[3], f[4] = -1, 0  # no extra step possible: back to choosing animals
    picks = [PICK[k] for k in f[2] if has_move(pl, k)]
    return picks if forced or not picks else picks + [STOP]


# ---- frames: apply -------------------------------------------------------------------------
def apply_frame(st, pl, f: list, action, events: list) -> None:
    kind = f[0]
    if kind == F_CELL:
        st.pstack.pop()
        place(st, pl, f[1], action.cell, events)
    elif kind == F_EFFECTS:
        apply_effect(st, pl, f, action, events)
    elif kind == F_DISCOVER:
        st.pstack.pop()
        k = CAT.spot_names.index(action.spot)
        discover(pl, k)
        events.append(ev("discovered", seat=st.cur, animal=CAT.animal_ids[pl.kind[k]], spot=action.spot))
    elif kind == F_BTERRAIN:
        t = CAT.terrains.index(action.terrain)
        st.supply[t] -= 1
        f[:] = [F_BUSE, BONUS0 + t]
        events.append(ev("bonus_gained", seat=st.cur, terrain=action.terrain))
    elif kind == F_BUSE:
        st.pstack.pop()
        resolve_tile(st, pl, action.verb, f[1], events)
    elif kind == F_MOVE:
        apply_move_point(st, pl, f, action, events)
    else:
        apply_group(st, pl, f, action, events)


def apply_effect(st, pl, f: list, action: Effect, events: list) -> None:
    if action.source == "skip":
        st.pstack.pop()
        return
    if action.source == "tile":
        f[3] = 0
        effect = parse_symbol(action.what)
    else:
        effect = f[4] if not action.what else parse_symbol(action.what)
        f[4] = None
    if not f[3] and f[4] is None:
        st.pstack.pop()
    start_effect(st, pl, effect, events)


def start_effect(st, pl, effect: tuple, events: list) -> None:
    """R36-R42: run one action symbol or dark-pair reward."""
    kind, n = effect
    if kind == K_VP:
        pl.vp += n
        events.append(ev("vp_gained", seat=st.cur, vp=n))
    elif kind == K_DISCOVER:
        if UNDISC in pl.loc:
            st.pstack.append([F_DISCOVER])
    elif kind == K_BONUS:
        for _ in range(n):
            st.pstack.append([F_BTERRAIN])
    elif kind == K_MOVE:
        st.pstack.append([F_MOVE, n, -1])


def apply_move_point(st, pl, f: list, action, events: list) -> None:
    if action is STOP or action == STOP:
        st.pstack.pop()
        return
    if f[2] < 0:
        f[2] = CAT.spot_names.index(action.spot)
        return
    k = f[2]
    move_event(st, pl, k, action, do_move(pl, k, action, False), events)
    f[1] -= 1
    f[2] = -1
    if f[1] == 0:
        st.pstack.pop()


def apply_group(st, pl, f: list, action, events: list) -> None:
    if action == STOP:
        if f[3] >= 0:
            f[3], f[4] = -1, 0
        else:
            st.pstack.pop()
        return
    if f[3] < 0:
        k = CAT.spot_names.index(action.spot)
        f[3] = k
        f[2].remove(k)
        return
    k = f[3]
    special = f[1] == 1
    dest = do_move(pl, k, action, special)
    move_event(st, pl, k, action, dest, events)
    if f[4]:
        f[4] -= 1
    elif special and action.kind == "go" and EXTRA[pl.kind[k]] and dest != IN_ZOO:
        f[4] = EXTRA[pl.kind[k]]
    if f[4] == 0 or dest == IN_ZOO:
        f[3], f[4] = -1, 0


def move_event(st, pl, k: int, action, dest: int, events: list) -> None:
    animal = CAT.animal_ids[pl.kind[k]]
    spot = CAT.spot_names[k]
    if dest == IN_ZOO:
        events.append(ev("arrived", seat=st.cur, animal=animal, spot=spot))
    else:
        events.append(ev("moved", seat=st.cur, animal=animal, spot=spot, move=str(action)))

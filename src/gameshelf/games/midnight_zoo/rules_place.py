"""Tile-placement phase, R9-R42 and R87-R93: the menu, placing, storing, discarding, effects,
discover and bonus tiles, as decision values on ``state.pending`` (move points and special moves
themselves are in rules_move.py)."""

from __future__ import annotations

from gameshelf.core.game import Event

from .actions import AT, BONUS, DISCOVER, DONE, SKIP, USE, Effect
from .catalog import BONUS as K_BONUS
from .catalog import CAT, DISCOVER as K_DISCOVER, MOVE as K_MOVE, VP as K_VP, parse_symbol, symbol_name
from .decisions import (CHOOSE_BONUS_TERRAIN, CHOOSE_CELL, CHOOSE_DISCOVER, USE_BONUS, ChooseCell,
                        ChooseEffect, UseBonus, group_move, spend_moves)
from .rules_move import discover, eligible
from .state import CHOOSE, UNDISC

CAP = CAT.storage_capacity
BONUS0 = CAT.bonus0
N_ACTION = CAT.n_action
TERRAIN, FOOD, ACTIONS = CAT.tile_terrain, CAT.tile_food, CAT.tile_actions
BINOC, ARROW = CAT.tile_binoculars, CAT.tile_arrow
COND, SPACE_ACTION, DARK, PAIRS = CAT.space_cond, CAT.space_action, CAT.dark, CAT.pairs
TILE_EFFECTS = tuple(tuple(Effect("tile", symbol_name(e)) for e in a) for a in ACTIONS)
SPACE = Effect("space")
CHOOSE_EFFECTS = tuple(Effect("reward", symbol_name(r)) for r in CAT.pair_reward)
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
        st.pending.append(CHOOSE_CELL[t])
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
    st.pending.append(group_move(True, eligible(pl, terrain)))


# ---- placing (R14-R25) ---------------------------------------------------------------------
def place(st, pl, t: int, cell: int, events: list) -> None:
    pl.district[cell] = t
    events.append(ev("placed", seat=st.cur, tile=CAT.tile_id[t], cell="%d,%d" % divmod(cell, CAT.cols)))
    space = space_effect(st, pl, t, cell)
    tile_open = bool(ACTIONS[t])
    if tile_open or space is not None:
        st.pending.append(ChooseEffect(t, cell, tile_open, space))


def space_effect(st, pl, t: int, cell: int):
    """The space effect this placement triggers (R18-R24, R89-R93), or None."""
    kind, arg = COND[cell]
    if kind == "dark":
        return dark_effect(st, pl, t, cell)
    action = SPACE_ACTION[cell]
    if action is None:
        return None
    if kind == "none" or (kind == "binoculars" and BINOC[t]) or (kind == "terrain" and TERRAIN[t] == arg):
        return action
    return None


def dark_effect(st, pl, t: int, cell: int):
    """R20-R24, A7: the reward of a completed dark pair, or None."""
    pi, side = DARK[cell]
    single = st.config.single_pair
    if single and pi != CAT.single_pair:
        return None
    other = pl.district[PAIRS[pi][1 - side]]
    if other < 0:
        return None
    left, right = (t, other) if side == 0 else (other, t)
    if not pair_met(st, pl, pi, left, right):
        return None
    return CHOOSE if single else CAT.pair_reward[pi]


def pair_met(st, pl, pi: int, left: int, right: int) -> bool:
    if st.config.variability and pl.cards is not None and pl.cards[pi] >= 0:
        card = CAT.cards[pl_colour(st, pl)][pl.cards[pi]]
        if card.type == "food":  # R90
            return FOOD[left] >= 0 and FOOD[right] >= 0
        if card.type == "move_discover":  # R91
            return ARROW[left] and BINOC[right]
        return TERRAIN[left] == card.left and TERRAIN[right] == card.right  # R92
    return TERRAIN[left] == TERRAIN[right]  # R22


def pl_colour(st, pl) -> int:
    return next(i for i, p in enumerate(st.players) if p is pl)


# ---- decisions: legal actions, and whether any remains -------------------------------------
def legal_cell(st, pl, f: ChooseCell) -> list:
    d = pl.district
    return [AT[c] for c in range(CAT.cells) if d[c] == -1]


def legal_effect(st, pl, f: ChooseEffect) -> list:
    out = list(TILE_EFFECTS[f.tile]) if f.tile_open else []
    if f.space == CHOOSE:
        out.extend(CHOOSE_EFFECTS)
    elif f.space is not None:
        out.append(SPACE)
    out.append(SKIP)
    return out


def legal_discover(st, pl, f) -> list:
    return [DISCOVER[k] for k in range(N_PIECES) if pl.loc[k] == UNDISC]


def legal_bonus_terrain(st, pl, f) -> list:
    return [BONUS[i] for i, n in enumerate(st.supply) if n > 0]


def legal_bonus_use(st, pl, f: UseBonus) -> list:
    t = f.tile
    out = [USE[("place", t)]] if -1 in pl.district else []
    if len(pl.storage) < CAP:
        out.append(USE[("store", t)])
    out.append(USE[("discard", t)])
    return out


def open_cell(st, pl, f) -> bool:
    return -1 in pl.district


def open_always(st, pl, f) -> bool:
    return True


def open_discover(st, pl, f) -> bool:
    return UNDISC in pl.loc


def open_bonus_terrain(st, pl, f) -> bool:
    return any(n > 0 for n in st.supply)


# ---- decisions: apply ----------------------------------------------------------------------
def apply_cell(st, pl, f: ChooseCell, action, events: list) -> None:
    st.pending.pop()
    place(st, pl, f.tile, action.cell, events)


def apply_discover(st, pl, f, action, events: list) -> None:
    st.pending.pop()
    k = CAT.spot_names.index(action.spot)
    discover(pl, k)
    events.append(ev("discovered", seat=st.cur, animal=CAT.animal_ids[pl.kind[k]], spot=action.spot))


def apply_bonus_terrain(st, pl, f, action, events: list) -> None:
    t = CAT.terrains.index(action.terrain)
    st.supply[t] -= 1
    st.pending[-1] = USE_BONUS[BONUS0 + t]
    events.append(ev("bonus_gained", seat=st.cur, terrain=action.terrain))


def apply_bonus_use(st, pl, f: UseBonus, action, events: list) -> None:
    st.pending.pop()
    resolve_tile(st, pl, action.verb, f.tile, events)


def apply_effect(st, pl, f: ChooseEffect, action: Effect, events: list) -> None:
    if action.source == "skip":
        st.pending.pop()
        return
    tile_open, space = f.tile_open, f.space
    if action.source == "tile":
        tile_open, effect = False, parse_symbol(action.what)
    else:
        effect = space if not action.what else parse_symbol(action.what)
        space = None
    if not tile_open and space is None:
        st.pending.pop()
    else:
        st.pending[-1] = ChooseEffect(f.tile, f.cell, tile_open, space)
    start_effect(st, pl, effect, events)


def start_effect(st, pl, effect: tuple, events: list) -> None:
    """R36-R42: run one action symbol or dark-pair reward."""
    kind, n = effect
    if kind == K_VP:
        pl.vp += n
        events.append(ev("vp_gained", seat=st.cur, vp=n))
    elif kind == K_DISCOVER:
        if UNDISC in pl.loc:
            st.pending.append(CHOOSE_DISCOVER)
    elif kind == K_BONUS:
        for _ in range(n):
            st.pending.append(CHOOSE_BONUS_TERRAIN)
    elif kind == K_MOVE:
        st.pending.append(spend_moves(n))

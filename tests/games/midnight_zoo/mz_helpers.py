"""Building Midnight Zoo positions for rule tests (reference 2.6 board, section 7 notation)."""

from __future__ import annotations

from gameshelf.games.midnight_zoo import GAME, check_invariants
from gameshelf.games.midnight_zoo.catalog import CAT
from gameshelf.games.midnight_zoo.rules import player_from_setup, settle
from gameshelf.games.midnight_zoo.state import ENT0, IN_ZOO, OVER, PLACE, UNDISC
from gameshelf.games.midnight_zoo.view import loc_of, loc_str

SETUP = [t[0] for t in CAT.setup_tiles]


def cell(text: str) -> int:
    r, c = (int(x) for x in text.split(","))
    return r * CAT.cols + c


def tile(tid: str) -> int:
    return CAT.tile_index[tid]


def unplace(st, t: int) -> None:
    """Take action tile ``t`` out of the stack/market/removed so tiles stay conserved."""
    for zone in (st.stack, st.removed, st.leftover):
        if t in zone:
            zone.remove(t)
            return
    if t in st.market:
        st.market[st.market.index(t)] = -1


def board(n=2, seat=0, slots=("sloth", "cheetah", "wolf"), setup="ST1", tiles=None, hand=None,
          storage=(), options=None, vp=0, keep_setup=False):
    """A state in ``seat``'s tile-placement phase with a custom district.

    All pieces start undiscovered unless ``keep_setup``; place animals with :func:`put`.
    ``tiles`` maps "r,c" to a tile id (bonus tiles: BR/BG/BS).
    """
    st = GAME.setup(n, options or {}, seed=0)
    st.phase, st.order, st.turn, st.cur, st.pending, st.draft = PLACE, list(range(n)), seat, seat, [], 1
    st.market = [t if t < 0 else st.stack.append(t) or -1 for t in st.market]
    st.slots = tuple(CAT.animal_ids.index(a) for a in slots)
    for s in range(n):
        st.players[s] = player_from_setup(st.slots, SETUP.index(setup) if s == seat else s)
        if options and options.get("variability_cards") == "on":
            st.players[s].cards = (0, 1, 2)
    pl = st.players[seat]
    if not keep_setup:
        pl.loc[:] = [UNDISC] * len(pl.loc)
    for key, tid in (tiles or {}).items():
        set_tile(st, key, tid, seat, now=False)
    if hand:
        pl.hand = tile(hand)
        unplace(st, pl.hand)
    for tid in storage:
        t = tile(tid)
        pl.storage.append(t)
        if t < CAT.n_action:
            unplace(st, t)
        else:
            st.supply[t - CAT.bonus0] -= 1
    pl.vp = vp
    refresh(st)
    return st


def set_tile(st, key: str, tid: str, seat: int = 0, now: bool = True) -> None:
    t = tile(tid)
    st.players[seat].district[cell(key)] = t
    if t < CAT.n_action:
        unplace(st, t)
    else:
        st.supply[t - CAT.bonus0] -= 1
    if now:
        refresh(st)


def put(st, animal: str, where: str, seat: int = 0, spot: str | None = None, **attrs) -> str:
    """Put a piece of ``animal`` (the first undiscovered one, or ``spot``) at ``where``:
    "r,c", an entrance id, "zoo" or "undiscovered". attrs: facing, asleep, pollen."""
    pl = st.players[seat]
    a = CAT.animal_ids.index(animal)
    if spot is None:
        k = next(k for k in range(len(pl.kind)) if pl.kind[k] == a and pl.loc[k] == UNDISC)
    else:
        k = CAT.spot_names.index(spot)
        assert pl.kind[k] == a, f"spot {spot} holds a {CAT.animal_ids[pl.kind[k]]}"
    pl.loc[k] = loc_of(where)
    if pl.loc[k] >= ENT0:
        pl.face[k] = CAT.ent_dir[pl.loc[k] - ENT0]
    if "facing" in attrs:
        pl.face[k] = "NESW".index(attrs["facing"])
    pl.asleep[k] = int(attrs.get("asleep", 0))
    pl.pollen[k] = attrs.get("pollen", 0)
    refresh(st)
    return CAT.spot_names[k]


def where(st, spot: str, seat: int = 0) -> str:
    return loc_str(st.players[seat].loc[CAT.spot_names.index(spot)])


def piece(st, spot: str, seat: int = 0) -> dict:
    pl = st.players[seat]
    k = CAT.spot_names.index(spot)
    return {"loc": loc_str(pl.loc[k]), "facing": "NESW"[pl.face[k]], "asleep": bool(pl.asleep[k]),
            "pollen": pl.pollen[k]}


def refresh(st) -> None:
    settle(st, [])


def play(st, *moves: str):
    """Apply notations through the checked door (legality enforced); return all events."""
    events = []
    for m in moves:
        events += GAME.checked_apply(st, m)
    return events


def legal(st) -> list[str]:
    return [str(a) for a in GAME.legal_actions(st)]


def top(st):
    return type(st.pending[-1]) if st.pending else None


def in_zoo(st, seat: int = 0) -> int:
    return sum(1 for loc in st.players[seat].loc if loc == IN_ZOO)


__all__ = ["GAME", "CAT", "board", "put", "play", "legal", "where", "piece", "cell", "tile",
           "set_tile", "refresh", "top", "in_zoo", "check_invariants"]


def finish(st):
    """End the game where it stands and score it."""
    st.phase = OVER
    st.pending = []
    return GAME.outcome(st)


def ex7_position():
    """Worked example EX-7: seat 0's district at the end of the game."""
    st = board(slots=("sloth", "cheetah", "wolf"), hand="G01", storage=["G25"],
               tiles={"0,0": "R03", "0,1": "S22", "1,0": "G03", "1,1": "R22", "0,4": "BR", "2,1": "BS"},
               vp=7)
    for _ in range(3):
        put(st, "wolf", "zoo")
    put(st, "cheetah", "zoo")
    put(st, "cheetah", "zoo")
    put(st, "sloth", "0,4", asleep=1)
    put(st, "sloth", "L1")
    put(st, "cheetah", "2,1")
    return st

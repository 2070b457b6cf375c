"""Building Midnight Zoo positions for rule tests (reference 2.6 board, section 7 notation).

Every helper that sets something up goes through the public position format: it takes the
position of the state, lays a snippet over it (``tests/scenario.py``'s merge) or edits it, and
reads it back with ``GAME.from_position`` (validated: tiles conserved, limits, the pending
decision), so no test writes into the engine's internal arrays.
"""

from __future__ import annotations

from gameshelf.games.midnight_zoo import GAME, check_invariants
from gameshelf.games.midnight_zoo.catalog import CAT
from gameshelf.games.midnight_zoo.decisions import ChooseCards, TakeTile, UseTile
from gameshelf.games.midnight_zoo.state import IN_ZOO, State
from gameshelf.games.midnight_zoo.view import loc_str
from tests.scenario import merge

SETUP = [t[0] for t in CAT.setup_tiles]
PHASE_FRAMES = (ChooseCards, TakeTile, UseTile)
DIRS = "NESW"


def cell(text: str) -> int:
    r, c = (int(x) for x in text.split(","))
    return r * CAT.cols + c


def tile(tid: str) -> int:
    return CAT.tile_index[tid]


# ---- positions -------------------------------------------------------------------------------------
def adopt(st: State, new: State) -> None:
    """Make ``st`` the state ``new`` (tests keep their reference to ``st``)."""
    for name in State.FIELDS:
        setattr(st, name, getattr(new, name))


def edit(st: State, snippet=None, fn=None, settle: bool = True) -> State:
    """Rebuild ``st`` from its position with ``snippet`` laid over it and/or ``fn(data)`` applied;
    automatic steps run afterwards (``settle``), as after an action."""
    data = GAME.position(st)
    if snippet:
        data = merge(data, snippet)
    if fn:
        fn(data)
    adopt(st, GAME.from_position(data, settle=settle))
    return st


def colour(seat: int) -> str:
    return CAT.colours[seat]


def take_out(data: dict, tid: str) -> None:
    """Take tile ``tid`` out of the stack/removed/leftover/market or a player's storage or hand
    (bonus tiles: the supply), so tiles stay conserved when a test puts it somewhere."""
    if tid in CAT.tile_index and tile(tid) >= CAT.bonus0:
        data["bonus_supply"][CAT.terrains[tile(tid) - CAT.bonus0]] -= 1
        return
    for zone in ("stack", "removed", "leftover"):
        if tid in data[zone]:
            data[zone].remove(tid)
            return
    if tid in data["market"]:
        data["market"][data["market"].index(tid)] = None
        return
    for p in data["players"].values():  # moved out of a storage or a hand
        if tid in p["storage"]:
            p["storage"].remove(tid)
            return
        if p["hand"] == tid:
            p["hand"] = None
            return


def setup_animals(slots: tuple, setup: str, undiscovered: bool) -> dict:
    """Setup step 7 from the catalogue: pieces by letter; binoculars spots on their entrance."""
    out = {}
    for k, (letter, binoculars) in enumerate(CAT.setup_tiles[SETUP.index(setup)][1]):
        spot, e = CAT.spot_names[k], CAT.spot_entrance[k]
        on_entrance = binoculars and not undiscovered
        out[spot] = {"animal": slots[letter], "loc": CAT.entrance_ids[e] if on_entrance else "undiscovered",
                     "facing": DIRS[CAT.ent_dir[e]] if binoculars else "N", "asleep": False, "pollen": 0}
    return out


def board(n=2, seat=0, slots=("sloth", "cheetah", "wolf"), setup="ST1", tiles=None, hand=None,
          storage=(), options=None, vp=0, keep_setup=False):
    """A state in ``seat``'s tile-placement phase with a custom district.

    All pieces start undiscovered unless ``keep_setup``; place animals with :func:`put`.
    ``tiles`` maps "r,c" to a tile id (bonus tiles: BR/BG/BS).
    """
    st = GAME.setup(n, options or {}, seed=0)
    cards = ["F", "M", "T"] if (options or {}).get("variability_cards") == "on" else None

    def build(data):
        data["stack"] += [t for t in data["market"] if t]
        data["market"] = [None] * len(data["market"])
        data.update(phase="placement", order=list(range(n)), turn=seat, draft=1, animal_slots=list(slots),
                    pending=[{"kind": "midnight_zoo.use_tile", "seat": seat}])
        for s in range(n):
            p = data["players"][colour(s)]
            p["setup_tile"] = setup if s == seat else SETUP[s]
            p["animals"] = setup_animals(slots, p["setup_tile"], s == seat and not keep_setup)
            p["cards"] = cards
        p = data["players"][colour(seat)]
        for key, tid in (tiles or {}).items():
            take_out(data, tid)
            p["district"][key] = tid
        if hand:
            take_out(data, hand)
            p["hand"] = hand
        for tid in storage:
            take_out(data, tid)
            p["storage"].append(tid)
        p["vp"] = vp
        data["leftover"] = [data["stack"].pop(0)]  # R6: draft 1's leftover tile (the stack's bottom)

    return edit(st, fn=build)


def set_tile(st, key: str, tid: str, seat: int = 0, now: bool = True) -> None:
    def build(data):
        take_out(data, tid)
        data["players"][colour(seat)]["district"][key] = tid
    edit(st, fn=build)


def put(st, animal: str, where: str, seat: int = 0, spot: str | None = None, **attrs) -> str:
    """Put a piece of ``animal`` (the first undiscovered one, or ``spot``) at ``where``:
    "r,c", an entrance id, "zoo" or "undiscovered". attrs: facing, asleep, pollen."""
    pl = st.players[seat]
    a = CAT.animal_ids.index(animal)
    if spot is None:
        k = next(k for k in range(len(pl.animals)) if pl.animals[k] == a and loc_str(pl.location[k]) == "undiscovered")
        spot = CAT.spot_names[k]
    else:
        k = CAT.spot_names.index(spot)
        assert pl.animals[k] == a, f"spot {spot} holds a {CAT.animal_ids[pl.animals[k]]}"
    piece_data = {"loc": where, "asleep": bool(attrs.get("asleep", 0)), "pollen": attrs.get("pollen", 0)}
    if where in CAT.entrance_ids:
        piece_data["facing"] = DIRS[CAT.ent_dir[CAT.entrance_ids.index(where)]]
    if "facing" in attrs:
        piece_data["facing"] = attrs["facing"]
    edit(st, {"players": {colour(seat): {"animals": {spot: piece_data}}}})
    return spot


def add_pending(st, kind: str, **fields) -> None:
    """Push a decision of the seat whose turn it is (its frame's name and fields, e.g.
    ``add_pending(st, "move_points", points=2)``)."""
    seat = st.order[st.turn]
    edit(st, fn=lambda data: data["pending"].append({"kind": f"midnight_zoo.{kind}", "seat": seat, **fields}))


def where(st, spot: str, seat: int = 0) -> str:
    return loc_str(st.players[seat].location[CAT.spot_names.index(spot)])


def piece(st, spot: str, seat: int = 0) -> dict:
    pl = st.players[seat]
    k = CAT.spot_names.index(spot)
    return {"loc": loc_str(pl.location[k]), "facing": "NESW"[pl.facing[k]], "asleep": bool(pl.asleep[k]),
            "pollen": pl.pollen[k]}


def refresh(st) -> None:
    """Rebuild ``st`` through its position, running the automatic steps."""
    edit(st)


def play(st, *moves: str):
    """Apply notations through the checked door (legality enforced); return all events."""
    events = []
    for m in moves:
        events += GAME.checked_apply(st, m)
    return events


def legal(st) -> list[str]:
    return [str(a) for a in GAME.legal_actions(st)]


def top(st):
    """The class of the decision on top of the stack, None while it is the phase's own (the menu,
    a draft pick, variability cards): what a tile, a move point or a group move started."""
    if not st.pending or isinstance(st.pending[-1], PHASE_FRAMES):
        return None
    return type(st.pending[-1])


def in_zoo(st, seat: int = 0) -> int:
    return sum(1 for loc in st.players[seat].location if loc == IN_ZOO)


__all__ = ["GAME", "CAT", "board", "put", "play", "legal", "where", "piece", "cell", "tile",
           "set_tile", "refresh", "top", "in_zoo", "check_invariants", "edit", "add_pending", "colour", "take_out", "DIRS"]


def finish(st):
    """Score the position as if the game ended where it stands (S1-S8: ``score_now``)."""
    return GAME.score_now(st)


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

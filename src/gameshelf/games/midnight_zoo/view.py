"""Views (R8: everything public except the stack order, the solo deck order and, while they are
being chosen, other players' variability cards), their typed definition (``MidnightZooView``), the
full encoding (the position, position.py) and determinize.

View element ids used by decisions (decisions.py): ``tile:<id>`` (any tile id shown: market,
hand, storage, district, pending), ``cell:<r>,<c>`` (a key of ``player_states[seat].district``),
``animal:<spot>`` (``player_states[seat].animals[*].spot``), ``bonus:<terrain>`` (a key of
``bonus_supply``).
"""

from __future__ import annotations

from typing import Optional, Union

from typing_extensions import NotRequired, TypedDict

from gameshelf.core.chance import Chance

from .catalog import CAT, DIRS
from .decisions import frame_json
from .options import Config
from .state import CARDS, ENT0, IN_ZOO, LEO, OVER, PHASE_NAMES, UNDISC, ZOO_MARK, Player, State, blank_state

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


class PlayerView(TypedDict):
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


class PendingView(TypedDict):
    """A pending sub-decision (decisions.frame_json); fields by kind."""
    kind: str
    tile: NotRequired[str]
    cell: NotRequired[str]
    tile_open: NotRequired[bool]
    space: NotRequired[Optional[str]]
    points: NotRequired[int]
    animal: NotRequired[Optional[str]]
    special: NotRequired[bool]
    eligible: NotRequired[list[str]]
    extra: NotRequired[int]


class SoloView(TypedDict):
    """Solo mode (R76-R86): Leo's current solo tile, those revealed, the deck (order: full only)."""
    current: Optional[str]
    revealed: list[str]
    deck_count: int
    deck: NotRequired[list[str]]


class MidnightZooView(TypedDict):
    """What a seat (or a spectator, ``seat`` None) sees; ``stack`` and ``chance`` only in full views."""
    game: str
    players: int
    seat: Optional[int]
    options: dict[str, str]
    phase: str
    draft: int
    round: int
    to_act: Optional[Seat]
    first_player: Seat
    order: list[Seat]
    turn: int
    ply: int
    market: list[Optional[str]]
    leftover: list[str]
    leftover_piles: list[list[str]]
    removed: list[str]
    stack_count: int
    bonus_supply: dict[str, int]
    animal_slots: list[str]
    round_terrain: Optional[str]
    pending: list[PendingView]
    player_states: list[PlayerView]
    solo: NotRequired[SoloView]
    stack: NotRequired[list[str]]
    chance: NotRequired[int]

TID = CAT.tile_id
SNAKE = tuple(a.movement == "snake" for a in CAT.animals)
SLOTH = tuple(a.movement == "sloth" for a in CAT.animals)
BUTTERFLY = tuple(a.pollen_on_special for a in CAT.animals)


def cell_str(c: int) -> str:
    r, col = divmod(c, CAT.cols)
    return f"{r},{col}"


def cell_of(text: str) -> int:
    r, c = (int(x) for x in text.split(","))
    return r * CAT.cols + c


def loc_str(loc: int) -> str:
    if loc == UNDISC:
        return "undiscovered"
    if loc == IN_ZOO:
        return "zoo"
    if loc >= ENT0:
        return CAT.entrance_ids[loc - ENT0]
    return cell_str(loc)


def loc_of(text: str) -> int:
    if text == "undiscovered":
        return UNDISC
    if text == "zoo":
        return IN_ZOO
    if text in CAT.entrance_ids:
        return ENT0 + CAT.entrance_ids.index(text)
    return cell_of(text)


def tid(t: int):
    return TID[t] if t >= 0 else None


def animal_json(pl: Player, k: int) -> dict:
    a = pl.kind[k]
    out = {"spot": CAT.spot_names[k], "animal": CAT.animal_ids[a], "loc": loc_str(pl.loc[k])}
    if SNAKE[a]:
        out["facing"] = DIRS[pl.face[k]]
    if SLOTH[a]:
        out["asleep"] = bool(pl.asleep[k])
    if BUTTERFLY[a]:
        out["pollen"] = pl.pollen[k]
    return out


def cards_json(st: State, seat_of_pl: int, viewer) -> object:
    pl = st.players[seat_of_pl]
    if pl.cards is None:
        return None
    if st.phase == CARDS and viewer != seat_of_pl and viewer != "all":
        return "hidden"
    letters = CAT.cards[seat_of_pl]
    return [letters[i].letter if i >= 0 else None for i in pl.cards]


def player_json(st: State, seat: int, viewer) -> dict:
    pl = st.players[seat]
    return {
        "colour": CAT.colours[seat], "vp": pl.vp, "hand": tid(pl.hand),
        "storage": [TID[t] for t in pl.storage],
        "district": {cell_str(c): "zoo" if t == ZOO_MARK else tid(t) for c, t in enumerate(pl.district)},
        "animals": [animal_json(pl, k) for k in range(len(pl.kind))],
        "cards": cards_json(st, seat, viewer),
        "setup_tile": CAT.setup_tiles[pl.setup_tile][0],
    }


def view(st: State, seat, *, full: bool = False) -> MidnightZooView:
    viewer = "all" if full else seat
    v = {
        "game": "midnight_zoo", "players": st.n, "seat": seat, "options": st.options,
        "phase": PHASE_NAMES[st.phase], "draft": st.draft,
        "round": (st.draft - 1) // CAT.drafts_per_round + 1,
        "to_act": None if st.phase == OVER else ("leo" if st.cur == LEO else st.cur),
        "first_player": "leo" if st.first == LEO else st.first,
        "order": ["leo" if s == LEO else s for s in st.order],
        "turn": st.turn, "ply": st.ply,
        "market": [tid(t) for t in st.market], "leftover": [TID[t] for t in st.leftover],
        "leftover_piles": [[TID[t] for t in p] for p in st.piles],
        "removed": [TID[t] for t in st.removed], "stack_count": len(st.stack),
        "bonus_supply": dict(zip(CAT.terrains, st.supply)),
        "animal_slots": [CAT.animal_ids[a] for a in st.slots],
        "round_terrain": CAT.terrains[st.round_terrain] if st.round_terrain >= 0 else None,
        "pending": [frame_json(f) for f in st.pending],
        "player_states": [player_json(st, s, viewer) for s in range(st.n)],
    }
    if st.solo:
        v["solo"] = {"current": CAT.solo_tiles[st.solo_current][0] if st.solo_current >= 0 else None,
                     "revealed": [CAT.solo_tiles[t][0] for t in st.solo_seen],
                     "deck_count": len(st.solo_deck)}
    if full:
        v["stack"] = [TID[t] for t in st.stack]
        if st.solo:
            v["solo"]["deck"] = [CAT.solo_tiles[t][0] for t in st.solo_deck]
        v["chance"] = st.chance.position
    return v


def encode(st: State) -> dict:
    """The full state: its position (one key per state field, hidden parts included)."""
    from .position import position
    return position(st)


# ---- determinize -------------------------------------------------------------------------------
def determinize(v: dict, chance: Chance) -> State:
    """A full state consistent with ``v``: the unseen action tiles shuffled into the stack, the
    solo deck reshuffled, hidden variability cards dealt, the chance stream reseeded.

    The draws, in order: the new stream's seed, each hidden hand of cards in seat order, the
    stack, the solo deck. Everything else comes from the view alone, so it is built once per view
    (a search determinizes the same view thousands of times) and copied: the state equals the one
    the plain version built (tests/agents/test_determinize_templates.py)."""
    t = _template(v)
    seed = chance.next64()
    st = t.state.copy()
    st.chance = Chance(seed)
    for seat in t.hidden_cards:
        st.players[seat].cards = hidden_cards(seat, chance, t.single)
    if t.stack is not None:
        st.stack = list(t.stack)
        chance.shuffle(st.stack)
    if t.solo_deck is not None:
        st.solo_deck = list(t.solo_deck)
        chance.shuffle(st.solo_deck)
    if "chance" in v:
        st.chance = Chance(v["chance"])
    return st


class _Template:
    """What a view fixes for every determinization: the state with its hidden parts left blank."""

    __slots__ = ("view", "state", "hidden_cards", "single", "stack", "solo_deck")


_LAST: list[_Template] = []  # the last view's template (a search asks for the same view again and again)


def _template(v: dict) -> _Template:
    last = _LAST[0] if _LAST else None  # read once: another thread may replace it meanwhile
    if last is not None and last.view is v:
        return last
    st = blank_state(v["players"], Config.from_options(v["options"]), 0)
    idx = CAT.tile_index
    st.phase = PHASE_NAMES.index(v["phase"])
    st.draft, st.turn, st.ply = v["draft"], v["turn"], v["ply"]
    st.first = LEO if v["first_player"] == "leo" else v["first_player"]
    st.order = [LEO if s == "leo" else s for s in v["order"]]
    st.cur = LEO if v["to_act"] == "leo" else (v["to_act"] if v["to_act"] is not None else 0)
    st.market = [idx[t] if t else -1 for t in v["market"]]
    st.leftover = [idx[t] for t in v["leftover"]]
    st.piles = [[idx[t] for t in p] for p in v["leftover_piles"]]
    st.removed = [idx[t] for t in v["removed"]]
    st.supply = [v["bonus_supply"][t] for t in CAT.terrains]
    st.slots = tuple(CAT.animal_ids.index(a) for a in v["animal_slots"])
    st.round_terrain = CAT.terrains.index(v["round_terrain"]) if v["round_terrain"] else -1
    from .position import frame_of
    st.pending = [frame_of(f) for f in v["pending"]]
    t = _Template()
    t.view, t.single = v, st.config.single_pair
    st.players = [player_of(p, seat, None, t.single) for seat, p in enumerate(v["player_states"])]
    t.hidden_cards = tuple(seat for seat, p in enumerate(v["player_states"]) if p["cards"] == "hidden")
    t.stack = t.solo_deck = None
    if "stack" in v:
        st.stack = [idx[t] for t in v["stack"]]
    else:
        t.stack = tuple(unseen_tiles(st))
        assert len(t.stack) == v["stack_count"], "view inconsistent with the tile count"
    if st.solo:
        solo_index = [t[0] for t in CAT.solo_tiles].index
        s = v["solo"]
        st.solo_current = solo_index(s["current"]) if s["current"] else -1
        st.solo_seen = [solo_index(t) for t in s["revealed"]]
        if "deck" in s:
            st.solo_deck = [solo_index(t) for t in s["deck"]]
        else:
            t.solo_deck = tuple(t for t in range(len(CAT.solo_tiles)) if t not in st.solo_seen)
    t.state = st
    _LAST[:] = [t]
    return t


def player_of(p: dict, seat: int, chance: Chance | None, single: bool) -> Player:
    """A player from its view; hidden cards dealt from ``chance`` (None: left for the caller)."""
    from .state import new_player
    idx = CAT.tile_index
    setup = [t[0] for t in CAT.setup_tiles].index(p["setup_tile"])
    kind = tuple(CAT.animal_ids.index(a["animal"]) for a in p["animals"])
    pl = new_player(kind, [loc_of(a["loc"]) for a in p["animals"]], setup, CAT.cells, CAT.zoo)
    pl.vp, pl.hand = p["vp"], idx[p["hand"]] if p["hand"] else -1
    pl.storage = [idx[t] for t in p["storage"]]
    district = [p["district"][cell_str(c)] for c in range(CAT.cells)]
    pl.district = [ZOO_MARK if t == "zoo" else idx[t] if t else -1 for t in district]
    for k, a in enumerate(p["animals"]):
        pl.face[k] = DIRS.index(a["facing"]) if "facing" in a else default_face(pl.loc[k])
        pl.asleep[k] = int(a.get("asleep", False))
        pl.pollen[k] = a.get("pollen", 0)
    cards = p["cards"]
    if cards == "hidden":
        if chance is not None:
            pl.cards = hidden_cards(seat, chance, single)
    elif cards is not None:
        letters = [c.letter for c in CAT.cards[seat]]
        pl.cards = tuple(letters.index(x) if x else -1 for x in cards)
    return pl


def hidden_cards(seat: int, chance: Chance, single: bool) -> tuple[int, ...]:
    """A hidden hand of variability cards dealt at random (one pair only with ``single``)."""
    order = list(range(len(CAT.cards[seat])))
    chance.shuffle(order)
    if single:
        order = [-1] * len(CAT.pairs)
        order[CAT.single_pair] = chance.below(len(CAT.cards[seat]))
    return tuple(order)


def default_face(loc: int) -> int:
    return CAT.ent_dir[loc - ENT0] if loc >= ENT0 else 0


def unseen_tiles(st: State) -> list:
    seen = set(st.market) | set(st.leftover) | set(st.removed)
    for p in st.piles:
        seen.update(p)
    for pl in st.players:
        seen.update(pl.district)
        seen.update(pl.storage)
        seen.add(pl.hand)
    for f in st.pending:
        seen.add(getattr(f, "tile", -1))
    return [t for t in range(CAT.n_action) if t not in seen]

"""Views (R8: everything public except the stack order, the solo deck order and, while they are
being chosen, other players' variability cards), the full encoding, and determinize."""

from __future__ import annotations

from gameshelf.core.chance import Chance

from .catalog import CAT, DIRS, symbol_name
from .state import (CARDS, CHOOSE, ENT0, F_BUSE, F_CELL, F_EFFECTS,
                    F_GROUP, F_MOVE, FRAME_NAMES, IN_ZOO, LEO, PHASE_NAMES, UNDISC, ZOO_MARK,
                    Player, State, blank_state)

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


def frame_json(f: list) -> dict:
    k = f[0]
    out = {"kind": FRAME_NAMES[k]}
    if k in (F_CELL, F_BUSE):
        out["tile"] = TID[f[1]]
    elif k == F_EFFECTS:
        space = f[4]
        out.update(tile=TID[f[1]], cell=cell_str(f[2]), tile_open=bool(f[3]),
                   space=space if space in (None, CHOOSE) else symbol_name(space))
    elif k == F_MOVE:
        out.update(points=f[1], animal=CAT.spot_names[f[2]] if f[2] >= 0 else None)
    elif k == F_GROUP:
        out.update(special=bool(f[1]), eligible=[CAT.spot_names[x] for x in f[2]],
                   animal=CAT.spot_names[f[3]] if f[3] >= 0 else None, extra=f[4])
    return out


def frame_of(d: dict) -> list:
    k = FRAME_NAMES.index(d["kind"])
    if k in (F_CELL, F_BUSE):
        return [k, CAT.tile_index[d["tile"]]]
    if k == F_EFFECTS:
        space = d["space"]
        if space not in (None, CHOOSE):
            from .catalog import parse_symbol
            space = parse_symbol(space)
        return [k, CAT.tile_index[d["tile"]], cell_of(d["cell"]), int(d["tile_open"]), space]
    spot = CAT.spot_names.index
    if k == F_MOVE:
        return [k, d["points"], spot(d["animal"]) if d["animal"] else -1]
    if k == F_GROUP:
        return [k, int(d["special"]), [spot(x) for x in d["eligible"]],
                spot(d["animal"]) if d["animal"] else -1, d["extra"]]
    return [k]  # F_DISCOVER, F_BTERRAIN


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
        "district": ["zoo" if t == ZOO_MARK else tid(t) for t in pl.district],
        "animals": [animal_json(pl, k) for k in range(len(pl.kind))],
        "cards": cards_json(st, seat, viewer),
        "setup_tile": CAT.setup_tiles[pl.setup_tile][0],
    }


def view(st: State, seat, *, full: bool = False) -> dict:
    viewer = "all" if full else seat
    v = {
        "game": "midnight_zoo", "players": st.n, "seat": seat, "options": dict(st.options),
        "phase": PHASE_NAMES[st.phase], "draft": st.draft,
        "round": (st.draft - 1) // CAT.drafts_per_round + 1,
        "to_act": None if st.phase == 4 else ("leo" if st.cur == LEO else st.cur),
        "first_player": "leo" if st.first == LEO else st.first,
        "order": ["leo" if s == LEO else s for s in st.order],
        "turn": st.turn, "ply": st.ply,
        "market": [tid(t) for t in st.market], "leftover": [TID[t] for t in st.leftover],
        "leftover_piles": [[TID[t] for t in p] for p in st.piles],
        "removed": [TID[t] for t in st.removed], "stack_count": len(st.stack),
        "bonus_supply": dict(zip(CAT.terrains, st.supply)),
        "animal_slots": [CAT.animal_ids[a] for a in st.slots],
        "round_terrain": CAT.terrains[st.round_terrain] if st.round_terrain >= 0 else None,
        "pending": [frame_json(f) for f in st.pstack],
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
    return view(st, None, full=True)


# ---- determinize -------------------------------------------------------------------------------
def determinize(v: dict, chance: Chance) -> State:
    """A full state consistent with ``v``: the unseen action tiles shuffled into the stack, the
    solo deck reshuffled, hidden variability cards dealt, the chance stream reseeded."""
    st = blank_state(v["players"], v["options"], chance.next64())
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
    st.pstack = [frame_of(f) for f in v["pending"]]
    single = st.rules.single_pair
    st.players = [player_of(p, seat, chance, single) for seat, p in enumerate(v["player_states"])]
    if "stack" in v:
        st.stack = [idx[t] for t in v["stack"]]
    else:
        st.stack = unseen_tiles(st)
        chance.shuffle(st.stack)
        assert len(st.stack) == v["stack_count"], "view inconsistent with the tile count"
    if st.solo:
        solo_index = [t[0] for t in CAT.solo_tiles].index
        s = v["solo"]
        st.solo_current = solo_index(s["current"]) if s["current"] else -1
        st.solo_seen = [solo_index(t) for t in s["revealed"]]
        if "deck" in s:
            st.solo_deck = [solo_index(t) for t in s["deck"]]
        else:
            st.solo_deck = [t for t in range(len(CAT.solo_tiles)) if t not in st.solo_seen]
            chance.shuffle(st.solo_deck)
    if "chance" in v:
        st.chance = Chance(v["chance"])
    from .rules import settle
    settle(st, [])
    return st


def player_of(p: dict, seat: int, chance: Chance, single: bool) -> Player:
    from .state import new_player
    idx = CAT.tile_index
    setup = [t[0] for t in CAT.setup_tiles].index(p["setup_tile"])
    kind = tuple(CAT.animal_ids.index(a["animal"]) for a in p["animals"])
    pl = new_player(kind, [loc_of(a["loc"]) for a in p["animals"]], setup, CAT.cells, CAT.zoo)
    pl.vp, pl.hand = p["vp"], idx[p["hand"]] if p["hand"] else -1
    pl.storage = [idx[t] for t in p["storage"]]
    pl.district = [-3 if t == "zoo" else idx[t] if t else -1 for t in p["district"]]
    for k, a in enumerate(p["animals"]):
        pl.face[k] = DIRS.index(a["facing"]) if "facing" in a else default_face(pl.loc[k])
        pl.asleep[k] = int(a.get("asleep", False))
        pl.pollen[k] = a.get("pollen", 0)
    cards = p["cards"]
    if cards == "hidden":
        order = list(range(len(CAT.cards[seat])))
        chance.shuffle(order)
        if single:
            order = [-1] * len(CAT.pairs)
            order[CAT.single_pair] = chance.below(len(CAT.cards[seat]))
        pl.cards = tuple(order)
    elif cards is not None:
        letters = [c.letter for c in CAT.cards[seat]]
        pl.cards = tuple(letters.index(x) if x else -1 for x in cards)
    return pl


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
    for f in st.pstack:
        if f[0] in (F_CELL, F_BUSE):
            seen.add(f[1])
    return [t for t in range(CAT.n_action) if t not in seen]

"""The games' determinize functions as they were before the speed work (issue 15): the
specification the template versions must equal, state for state and draw for draw."""

from __future__ import annotations

from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.frames import frame_from_json
from gameshelf.games.borealis.catalog import BOARD_IDS, CARD_IDS
from gameshelf.games.borealis.decisions import KINDS as BOREALIS_KINDS, stack_of
from gameshelf.games.borealis.options import Config as BorealisConfig
from gameshelf.games.borealis.state import END_REASONS, OBJECTIVE_STATUS_NAMES, State as BorealisState
from gameshelf.games.borealis.view import _ids
from gameshelf.games.iwari.catalog import BIOME_INDEX, NB, deck_counts
from gameshelf.games.iwari.position import BIOME_IDS, counts, decode
from gameshelf.games.mariposas.catalog import CAT as MP
from gameshelf.games.mariposas.view import ACT, _unseen_cards, public_position
from gameshelf.games.midnight_zoo.catalog import CAT as MZ
from gameshelf.games.midnight_zoo.catalog import DIRS
from gameshelf.games.midnight_zoo.options import Config
from gameshelf.games.midnight_zoo.state import LEO, PHASE_NAMES, ZOO_MARK, blank_state
from gameshelf.games.midnight_zoo.view import cell_str, default_face, loc_of, unseen_tiles


def mariposas(v: dict[str, Any], chance: Chance):
    from gameshelf.games.mariposas.position import build
    seat = v.get("seat")
    stream = chance.next64()
    pool = _unseen_cards(v, seat)
    chance.shuffle(pool)
    hands = [list(v["hand"]) if p == seat else [ACT[pool.pop()] for _ in range(d["hand_count"])]
             for p, d in enumerate(v["players"])]
    revealed = {m for m in v["waystations"].values() if m is not None}
    hidden = [m for m in MP.marker_ids if m not in revealed]
    chance.shuffle(hidden)
    waystations = {city: {"marker": m if m else hidden.pop(), "face_up": m is not None}
                   for city, m in v["waystations"].items()}
    goals = {k: {"card": g if g else MP.goals[chance.choice(MP.goals_by_season[i])].id, "face_up": g is not None}
             for i, (k, g) in enumerate(v["goals"].items())}
    return build(public_position(v, hands, [ACT[c] for c in pool], waystations, goals, stream))


def midnight_zoo(v: dict, chance: Chance):
    """A full state consistent with ``v``: the unseen action tiles shuffled into the stack, the
    solo deck reshuffled, hidden variability cards dealt, the chance stream reseeded."""
    st = blank_state(v["players"], Config.from_options(v["options"]), chance.next64())
    idx = MZ.tile_index
    st.phase = PHASE_NAMES.index(v["phase"])
    st.draft, st.turn, st.ply = v["draft"], v["turn"], v["ply"]
    st.first = LEO if v["first_player"] == "leo" else v["first_player"]
    st.order = [LEO if s == "leo" else s for s in v["order"]]
    st.cur = LEO if v["to_act"] == "leo" else (v["to_act"] if v["to_act"] is not None else 0)
    st.market = [idx[t] if t else -1 for t in v["market"]]
    st.leftover = [idx[t] for t in v["leftover"]]
    st.piles = [[idx[t] for t in p] for p in v["leftover_piles"]]
    st.removed = [idx[t] for t in v["removed"]]
    st.supply = [v["bonus_supply"][t] for t in MZ.terrains]
    st.slots = tuple(MZ.animal_ids.index(a) for a in v["animal_slots"])
    st.round_terrain = MZ.terrains.index(v["round_terrain"]) if v["round_terrain"] else -1
    from gameshelf.games.midnight_zoo.position import frame_of
    st.pending = [frame_of(f) for f in v["pending"]]
    single = st.config.single_pair
    st.players = [_mz_player_of(p, seat, chance, single) for seat, p in enumerate(v["player_states"])]
    if "stack" in v:
        st.stack = [idx[t] for t in v["stack"]]
    else:
        st.stack = unseen_tiles(st)
        chance.shuffle(st.stack)
        assert len(st.stack) == v["stack_count"], "view inconsistent with the tile count"
    if st.solo:
        solo_index = [t[0] for t in MZ.solo_tiles].index
        s = v["solo"]
        st.solo_current = solo_index(s["current"]) if s["current"] else -1
        st.solo_seen = [solo_index(t) for t in s["revealed"]]
        if "deck" in s:
            st.solo_deck = [solo_index(t) for t in s["deck"]]
        else:
            st.solo_deck = [t for t in range(len(MZ.solo_tiles)) if t not in st.solo_seen]
            chance.shuffle(st.solo_deck)
    if "chance" in v:
        st.chance = Chance(v["chance"])
    return st


def _mz_player_of(p: dict, seat: int, chance: Chance, single: bool):
    from gameshelf.games.midnight_zoo.state import new_player
    idx = MZ.tile_index
    setup = [t[0] for t in MZ.setup_tiles].index(p["setup_tile"])
    kind = tuple(MZ.animal_ids.index(a["animal"]) for a in p["animals"])
    pl = new_player(kind, [loc_of(a["loc"]) for a in p["animals"]], setup, MZ.cells, MZ.zoo)
    pl.vp, pl.hand = p["vp"], idx[p["hand"]] if p["hand"] else -1
    pl.storage = [idx[t] for t in p["storage"]]
    district = [p["district"][cell_str(c)] for c in range(MZ.cells)]
    pl.district = [ZOO_MARK if t == "zoo" else idx[t] if t else -1 for t in district]
    for k, a in enumerate(p["animals"]):
        pl.face[k] = DIRS.index(a["facing"]) if "facing" in a else default_face(pl.loc[k])
        pl.asleep[k] = int(a.get("asleep", False))
        pl.pollen[k] = a.get("pollen", 0)
    cards = p["cards"]
    if cards == "hidden":
        order = list(range(len(MZ.cards[seat])))
        chance.shuffle(order)
        if single:
            order = [-1] * len(MZ.pairs)
            order[MZ.single_pair] = chance.below(len(MZ.cards[seat]))
        pl.cards = tuple(order)
    elif cards is not None:
        letters = [c.letter for c in MZ.cards[seat]]
        pl.cards = tuple(letters.index(x) if x else -1 for x in cards)
    return pl


def borealis(v, chance: Chance):
    """A full state consistent with ``v``: unseen cards dealt to hidden hands and the deck."""
    s = BorealisState.__new__(BorealisState)
    boards = v["boards"]
    s.players = v["players"]
    s.config = BorealisConfig.from_options(v["options"])
    s.chance = Chance(chance.next64())
    seen = set(_ids(v["pool"])) | set(_ids(v["discard"]))
    for p in boards:
        for col in p["columns"]:
            seen.update(_ids(col))
        if p["hand"] is not None:
            seen.update(_ids(p["hand"]))
    unseen = [c for c in CARD_IDS if c not in seen]
    chance.shuffle(unseen)
    s.hands = []
    for p in boards:
        if p["hand"] is not None:
            s.hands.append(_ids(p["hand"]))
        else:
            s.hands.append(unseen[:p["hand_count"]])
            unseen = unseen[p["hand_count"]:]
    s.deck = unseen
    s.discard = _ids(v["discard"])
    s.pool = _ids(v["pool"])
    s.columns = [_ids(col) for p in boards for col in p["columns"]]
    s.scientists = [x for p in boards for zone in p["scientists"] for x in zone]
    s.flags = [f for p in boards for f in p["flags"]]
    s.tokens = [p["tokens"] for p in boards]
    s.boards = tuple(BOARD_IDS.index(p["board"]) for p in boards)
    s.scoring_cards = tuple(v["scoring_cards"])
    s.objectives = tuple(o["id"] for o in v["objectives"])
    s.achieved = [sum(1 << s.objectives.index(oid) for oid in p["objectives_achieved"]) for p in boards]
    s.turns = [p["turns"] for p in boards]
    s.objective_tokens = [o["tokens"] for o in v["objectives"]]
    s.objective_status = [OBJECTIVE_STATUS_NAMES.index(o["status"]) for o in v["objectives"]]
    s.first_player = v["first_player"]
    s.round, s.ply = v["round"], v["ply"]
    s.pending = stack_of(frame_from_json(v["decision"], BOREALIS_KINDS)) if v["decision"] else ()
    s.refresh_used_this_round = v["refresh_used_this_round"]
    s.refreshed_this_turn = v["refreshed_this_turn"]
    s.end_triggered = v["end_triggered"]
    s.end_reason = END_REASONS.index(v["end_reason"])
    assert len(s.deck) == v["deck_count"], "view inconsistent with the catalogue"
    return s


def iwari(v, chance: Chance):
    """A full state consistent with ``v``: unseen cards dealt from ``chance``, chance reseeded."""
    seat = v["seat"]
    pool = deck_counts(v["players"])
    seen = counts(v["display"])
    for b, n in v["discard"].items():
        seen[BIOME_INDEX[b]] += n
    if seat is not None:
        seen = [a + b for a, b in zip(seen, counts(v["hand"]))]
    unseen = [BIOME_IDS[b] for b in range(NB) for _ in range(pool[b] - seen[b])]
    chance.shuffle(unseen)
    hands = []
    for p, size in enumerate(v["hand_sizes"]):
        if p == seat:
            hands.append(list(v["hand"]))
        else:
            hands.append([unseen.pop() for _ in range(size)])
    current = v["first_player"] if v["to_act"] is None else v["to_act"]
    return decode(dict(v, current=current, hands=hands, deck=unseen, chance=chance.next64()))


REFERENCES = {"borealis": borealis, "iwari": iwari, "mariposas": mariposas, "midnight_zoo": midnight_zoo}

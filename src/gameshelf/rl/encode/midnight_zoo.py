"""Midnight Zoo observation (from a seat's view; ``Encoder.describe`` prints offsets).

Per seat, relative to the viewer (block 0 = viewer; a solo game has one block): VP /100, the
tile in hand (one-hot over the 78 tile ids), storage (tile flags), the district (per space r,c
row-major: the tile one-hot, or the zoo), the animals per spot L1..R3 (animal type one-hot; place
one-hot over undiscovered, zoo, the 9 entrances and the 25 spaces; facing N/E/S/W; asleep;
pollen /4), the variability cards per dark pair A, B, C (letter one-hot, or hidden), the setup
tile one-hot.
Then: phase one-hot, draft /10, round /10, turn /4, ply /500, seat to act and first player
(relative one-hot, plus one slot for Leo), the market per position (tile one-hot), the leftover
row and leftover piles (tile flags), removed tiles (tile flags), stack count /80, bonus supply per
terrain /14, the round's animal slots (per slot animal one-hot), the round terrain one-hot, the
pending frames (depth /5, kinds present; the top frame's kind, tile, space and moving animal's
spot one-hot, points /10, extra /3, open tile, special move, eligible spots), and solo (Leo's current solo
tile one-hot, revealed solo tiles, solo deck count /10).
"""

from __future__ import annotations

from gameshelf.games.midnight_zoo import view as mz_view
from gameshelf.games.midnight_zoo.catalog import CAT, DIRS as CAT_DIRS
from gameshelf.core.frames import frame_to_json
from gameshelf.games.midnight_zoo.decisions import FRAMES as FRAME_CLASSES, SpecialMove
from gameshelf.games.midnight_zoo.state import CARDS, LEO, PHASE_NAMES, ZOO_MARK, State
from gameshelf.rl.encode.incremental import Section, SectionedEncoder, seat_fill, seat_key

TILES = {t: i for i, t in enumerate(CAT.tile_id)}
NT = len(TILES)
NCELL = CAT.rows * CAT.cols
CELLS = {f"{r},{c}": r * CAT.cols + c for r in range(CAT.rows) for c in range(CAT.cols)}
SPOTS = {s: i for i, s in enumerate(CAT.spot_names)}
ANIMALS = {a: i for i, a in enumerate(CAT.animal_ids)}
PLACES = {"undiscovered": 0, "zoo": 1, **{e: 2 + i for i, e in enumerate(CAT.entrance_ids)},
          **{c: 2 + len(CAT.entrance_ids) + i for c, i in CELLS.items()}}
DIRS = {d: i for i, d in enumerate("NESW")}
LETTERS = {x: i for i, x in enumerate(sorted({c.letter for cards in CAT.cards for c in cards}))}
SETUP = {t[0]: i for i, t in enumerate(CAT.setup_tiles)}
SOLO = {t[0]: i for i, t in enumerate(CAT.solo_tiles)}
PHASES = {p: i for i, p in enumerate(("cards", "draft", "placement", "end_of_round", "over"))}
FRAMES = {kind: i for i, kind in enumerate([cls.kind for cls in FRAME_CLASSES] + ["other"])}
TERRAINS = {t: i for i, t in enumerate(CAT.terrains)}

# the state's integer codes -> the positions above (the same tables, indexed by the state's codes)
TILE_OF = [TILES[t] for t in CAT.tile_id]
ANIMAL_OF = [ANIMALS[a] for a in CAT.animal_ids]
SPOT_OF = [SPOTS[s] for s in CAT.spot_names]
FACE_OF = [DIRS[d] for d in CAT_DIRS]
SETUP_OF = [SETUP.get(t[0]) for t in CAT.setup_tiles]
SOLO_OF = [SOLO[t[0]] for t in CAT.solo_tiles]
PHASE_OF = [PHASES[p] for p in PHASE_NAMES]
TERRAIN_OF = [TERRAINS[t] for t in CAT.terrains]
SNAKE, SLOTH, BUTTERFLY = mz_view.SNAKE, mz_view.SLOTH, mz_view.BUTTERFLY
_PLACE_BY_LOC: dict[int, int] = {}


def place_of(loc: int) -> int:
    """An animal's location code (Player.location) -> its place index in PLACES (as the view names it)."""
    place = _PLACE_BY_LOC.get(loc)
    if place is None:
        place = _PLACE_BY_LOC[loc] = PLACES[mz_view.loc_str(loc)]
    return place


class MidnightZooEncoder(SectionedEncoder):
    state_type = State

    def __init__(self, players, options):
        super().__init__(players, options)
        layout = self.layout
        npairs = len(CAT.pairs)
        self.blocks = []
        for p in range(players):
            self.blocks.append(dict(
                vp=layout.add(f"p{p}.vp", 1, "/100"),
                hand=layout.add(f"p{p}.hand", NT, "tile one-hot"),
                storage=layout.add(f"p{p}.storage", NT, "tile flags"),
                district=layout.add(f"p{p}.district", NCELL * (NT + 1), "per space: tile one-hot, zoo"),
                animals=layout.add(f"p{p}.animals", len(SPOTS) * self.ANIMAL, "per spot: type, place, facing, "
                                                                          "asleep, pollen/4"),
                cards=layout.add(f"p{p}.cards", npairs * (len(LETTERS) + 1), "per pair: letter one-hot, hidden"),
                setup=layout.add(f"p{p}.setup_tile", len(SETUP), "one-hot"),
            ))
        self.phase = layout.add("phase", len(PHASES), "one-hot")
        self.to_act = layout.add("to_act", players + 1, "relative one-hot, Leo")
        self.first = layout.add("first_player", players + 1, "relative one-hot, Leo")
        self.market = layout.add("market", CAT.market_spaces * NT, "per position tile one-hot")
        self.leftover = layout.add("leftover", NT, "tile flags")
        self.piles = layout.add("leftover_piles", NT, "tile flags")
        self.removed = layout.add("removed", NT, "tile flags")
        self.bonus = layout.add("bonus_supply", len(TERRAINS), "/14")
        self.slots = layout.add("animal_slots", 3 * len(ANIMALS), "per slot one-hot")
        self.terrain = layout.add("round_terrain", len(TERRAINS), "one-hot")
        self.frames = layout.add("pending.kinds", len(FRAMES), "flags")
        self.top = layout.add("pending.top", len(FRAMES) + NT + NCELL + len(SPOTS) * 2, "kind, tile, space, animal, eligible")
        self.solo_current = layout.add("solo.current", len(SOLO), "one-hot")
        self.solo_revealed = layout.add("solo.revealed", len(SOLO), "flags")
        self.misc = layout.add("misc", 11, "draft/10, round/10, turn/4, ply/500, stack/80, depth/5, points/10, extra/3, "
                                      "tile_open, special, solo deck/10")
        self._sections = self._make_sections()

    ANIMAL = len(ANIMALS) + len(PLACES) + 4 + 2

    def _seat(self, v, seat):
        if seat is None:
            return None
        if seat == "leo":
            return self.players
        return (seat - v["seat"]) % self.players

    def fill(self, v, ones, idx, val):
        me = v["seat"]
        for p, pv in enumerate(v["boards"]):
            self._player(self.blocks[(p - me) % self.players], pv, ones, idx, val)
        self._board(v, ones, idx, val)

    def _player(self, b, pv, ones, idx, val):
        idx.append(b["vp"])
        val.append(pv["vp"] / 100)
        if pv["hand"]:
            ones.append(b["hand"] + TILES[pv["hand"]])
        ones += [b["storage"] + TILES[t] for t in pv["storage"]]
        district = pv["district"]
        cells = district.items() if isinstance(district, dict) else enumerate(district)
        o = b["district"]
        for cell, tile in cells:
            if tile is not None:
                c = CELLS[cell] if isinstance(cell, str) else cell
                ones.append(o + c * (NT + 1) + (NT if tile == "zoo" else TILES[tile]))
        o, k = b["animals"], self.ANIMAL
        for a in pv["animals"]:
            base = o + SPOTS[a["spot"]] * k
            ones += (base + ANIMALS[a["animal"]], base + len(ANIMALS) + PLACES[a["loc"]])
            tail = base + len(ANIMALS) + len(PLACES)
            if "facing" in a:
                ones.append(tail + DIRS[a["facing"]])
            if a.get("asleep"):
                ones.append(tail + 4)
            if a.get("pollen"):
                idx.append(tail + 5)
                val.append(a["pollen"] / 4)
        cards, stride = pv["cards"], len(LETTERS) + 1
        if cards == "hidden":
            ones += [b["cards"] + i * stride + stride - 1 for i in range(len(CAT.pairs))]
        elif isinstance(cards, (list, tuple)):
            ones += [b["cards"] + i * stride + LETTERS[x] for i, x in enumerate(cards) if x]
        if pv.get("setup_tile") in SETUP:
            ones.append(b["setup"] + SETUP[pv["setup_tile"]])

    def _board(self, v, ones, idx, val):
        ones.append(self.phase + PHASES[v["phase"]])
        for offset, seat in ((self.to_act, v["to_act"]), (self.first, v["first_player"])):
            rel = self._seat(v, seat)
            if rel is not None:
                ones.append(offset + rel)
        ones += [self.market + i * NT + TILES[t] for i, t in enumerate(v["market"]) if t]
        ones += [self.leftover + TILES[t] for t in v["leftover"]]
        ones += [self.piles + TILES[t] for pile in v["leftover_piles"] for t in pile]
        ones += [self.removed + TILES[t] for t in v["removed"]]
        for t, n in v["bonus_supply"].items():
            idx.append(self.bonus + TERRAINS[t])
            val.append(n / 14)
        ones += [self.slots + i * len(ANIMALS) + ANIMALS[a] for i, a in enumerate(v["animal_slots"][:3])]
        if v["round_terrain"]:
            ones.append(self.terrain + TERRAINS[v["round_terrain"]])
        pending = v["pending"]
        misc = [v["draft"] / 10, v["round"] / 10, v["turn"] / 4, v["ply"] / 500, v["stack_count"] / 80,
                len(pending) / 5, 0.0, 0.0, 0.0, 0.0, 0.0]
        if pending:
            ones += list({self.frames + FRAMES.get(f["kind"], FRAMES["other"]) for f in pending})
            self._top(pending[-1], ones, misc)
        solo = v.get("solo")
        if solo:
            if solo["current"]:
                ones.append(self.solo_current + SOLO[solo["current"]])
            ones += [self.solo_revealed + SOLO[t] for t in solo["revealed"]]
            misc[10] = solo["deck_count"] / 10
        for i, x in enumerate(misc):
            if x:
                idx.append(self.misc + i)
                val.append(x)

    # ---- the same vector from the state's visible fields (Encoder.encode_state) ----------------
    def _seat_state(self, seat, me):
        return self.players if seat == LEO else (seat - me) % self.players

    def _make_sections(self):
        """Per seat block (relative to the viewer) two sections, as they change at different rates:
        VP and the tile in hand (each draft), and the zoo (storage, district, animals, cards, setup
        tile); then the board, and the turn (rewritten at every step: the pending frames and the
        ply change with nearly every action)."""
        n, sections = self.players, []
        for r, b in enumerate(self.blocks):
            sections += [Section(f"p{r}.hand", b["vp"], b["storage"], seat_key(n, r, self._hand_key),
                                 seat_fill(n, r, self._hand_state)),
                         Section(f"p{r}.zoo", b["storage"], b["setup"] + len(SETUP), seat_key(n, r, self._zoo_key),
                                 seat_fill(n, r, self._zoo_state))]
        sections.append(Section("board", self.phase, self.frames, self._board_key, self._board_state))
        sections.append(Section("turn", self.frames, self.layout.size, None, self._turn_state))
        return sections

    @staticmethod
    def _hand_key(st, p):
        pl = st.players[p]
        return pl.vp, pl.hand

    @staticmethod
    def _zoo_key(st, p):
        """Copies of every field of seat ``p``'s zoo (its cards are hidden in the cards phase)."""
        pl = st.players[p]
        return (pl.animals, pl.storage[:], pl.district[:], pl.location[:], pl.facing[:], pl.asleep[:], pl.pollen[:],
                pl.cards, pl.setup_tile, st.phase == CARDS)

    @staticmethod
    def _board_key(st, me):
        return (st.phase, st.pending[-1].seat if st.pending else None, st.first_player, st.market[:],
                st.leftover[:], st.leftover_piles[:], st.removed[:], st.bonus_supply[:], st.animal_slots,
                st.round_terrain)

    def _hand_state(self, r, st, p, ones, idx, val):
        pl, b = st.players[p], self.blocks[r]
        idx.append(b["vp"])
        val.append(pl.vp / 100)
        if pl.hand >= 0:
            ones.append(b["hand"] + TILE_OF[pl.hand])

    def _zoo_state(self, r, st, p, ones, idx, val):
        pl, b = st.players[p], self.blocks[r]
        o = b["storage"]
        ones += [o + TILE_OF[t] for t in pl.storage]
        o, stride = b["district"], NT + 1
        ones += [o + c * stride + (NT if t == ZOO_MARK else TILE_OF[t])
                 for c, t in enumerate(pl.district) if t >= 0 or t == ZOO_MARK]
        o, k = b["animals"], self.ANIMAL
        tail0 = len(ANIMALS) + len(PLACES)
        for i, a in enumerate(pl.animals):
            base = o + SPOT_OF[i] * k
            ones += (base + ANIMAL_OF[a], base + len(ANIMALS) + place_of(pl.location[i]))
            tail = base + tail0
            if SNAKE[a]:
                ones.append(tail + FACE_OF[pl.facing[i]])
            if SLOTH[a] and pl.asleep[i]:
                ones.append(tail + 4)
            if BUTTERFLY[a] and pl.pollen[i]:
                idx.append(tail + 5)
                val.append(pl.pollen[i] / 4)
        if pl.cards is not None:
            cards, stride = mz_view.cards_json(st, p, (p - r) % self.players), len(LETTERS) + 1
            if cards == "hidden":
                ones += [b["cards"] + i * stride + stride - 1 for i in range(len(CAT.pairs))]
            else:
                ones += [b["cards"] + i * stride + LETTERS[x] for i, x in enumerate(cards) if x]
        setup = SETUP_OF[pl.setup_tile]
        if setup is not None:
            ones.append(b["setup"] + setup)

    def _board_state(self, st, me, ones, idx, val):
        ones.append(self.phase + PHASE_OF[st.phase])
        if st.pending:
            ones.append(self.to_act + self._seat_state(st.pending[-1].seat, me))
        ones.append(self.first + self._seat_state(st.first_player, me))
        ones += [self.market + i * NT + TILE_OF[t] for i, t in enumerate(st.market) if t >= 0]
        ones += [self.leftover + TILE_OF[t] for t in st.leftover]
        ones += [self.piles + TILE_OF[t] for pile in st.leftover_piles for t in pile]
        ones += [self.removed + TILE_OF[t] for t in st.removed]
        o = self.bonus
        idx += [o + TERRAIN_OF[i] for i in range(len(st.bonus_supply))]
        val += [x / 14 for x in st.bonus_supply]
        ones += [self.slots + i * len(ANIMALS) + ANIMAL_OF[a] for i, a in enumerate(st.animal_slots[:3])]
        if st.round_terrain >= 0:
            ones.append(self.terrain + TERRAIN_OF[st.round_terrain])

    def _turn_state(self, st, me, ones, idx, val):
        pending = st.pending
        rnd = (st.draft - 1) // CAT.drafts_per_round + 1
        misc = [st.draft / 10, rnd / 10, st.turn / 4, st.ply / 500, len(st.stack) / 80,
                len(pending) / 5, 0.0, 0.0, 0.0, 0.0, 0.0]
        if pending:
            other = FRAMES["other"]
            ones += list({self.frames + FRAMES.get(f.kind, other) for f in pending})
            self._top(frame_to_json(pending[-1]), ones, misc)
        if st.solo:
            if st.solo_tile >= 0:
                ones.append(self.solo_current + SOLO_OF[st.solo_tile])
            ones += [self.solo_revealed + SOLO_OF[t] for t in st.solo_revealed]
            misc[10] = len(st.solo_deck) / 10
        for i, x in enumerate(misc):
            if x:
                idx.append(self.misc + i)
                val.append(x)

    def _top(self, top, ones, misc):
        o = self.top
        ones.append(o + FRAMES.get(top["kind"], FRAMES["other"]))
        o += len(FRAMES)
        if top.get("tile") in TILES:
            ones.append(o + TILES[top["tile"]])
        o += NT
        if top.get("cell") in CELLS:
            ones.append(o + CELLS[top["cell"]])
        o += NCELL
        if top.get("spot") in SPOTS:
            ones.append(o + SPOTS[top["spot"]])
        o += len(SPOTS)
        ones += [o + SPOTS[s] for s in top.get("eligible", ()) if s in SPOTS]
        misc[6:10] = [top.get("points", 0) / 10, top.get("extra", 0) / 3, float(bool(top.get("tile_open"))),
                      float(bool(top.get("special")) or top["kind"] == SpecialMove.kind)]


ENCODER = MidnightZooEncoder

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
pending frames (depth /5, kinds present; the top frame's kind, tile, space and animal spot
one-hot, points /10, extra /3, open tile, special, eligible spots), and solo (Leo's current solo
tile one-hot, revealed solo tiles, solo deck count /10).
"""

from __future__ import annotations

from gameshelf.games.midnight_zoo.catalog import CAT
from gameshelf.rl.encode import Encoder

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
FRAMES = {k: i for i, k in enumerate(("choose_cell", "choose_effect", "discover", "bonus_terrain", "bonus_use",
                                      "move_points", "group_move", "other"))}
TERRAINS = {t: i for i, t in enumerate(CAT.terrains)}


class MidnightZooEncoder(Encoder):
    def __init__(self, players, options):
        super().__init__(players, options)
        L = self.layout
        npairs = len(CAT.pairs)
        self.blocks = []
        for p in range(players):
            self.blocks.append(dict(
                vp=L.add(f"p{p}.vp", 1, "/100"),
                hand=L.add(f"p{p}.hand", NT, "tile one-hot"),
                storage=L.add(f"p{p}.storage", NT, "tile flags"),
                district=L.add(f"p{p}.district", NCELL * (NT + 1), "per space: tile one-hot, zoo"),
                animals=L.add(f"p{p}.animals", len(SPOTS) * self.ANIMAL, "per spot: type, place, facing, "
                                                                          "asleep, pollen/4"),
                cards=L.add(f"p{p}.cards", npairs * (len(LETTERS) + 1), "per pair: letter one-hot, hidden"),
                setup=L.add(f"p{p}.setup_tile", len(SETUP), "one-hot"),
            ))
        self.phase = L.add("phase", len(PHASES), "one-hot")
        self.to_act = L.add("to_act", players + 1, "relative one-hot, Leo")
        self.first = L.add("first_player", players + 1, "relative one-hot, Leo")
        self.market = L.add("market", CAT.market_spaces * NT, "per position tile one-hot")
        self.leftover = L.add("leftover", NT, "tile flags")
        self.piles = L.add("leftover_piles", NT, "tile flags")
        self.removed = L.add("removed", NT, "tile flags")
        self.bonus = L.add("bonus_supply", len(TERRAINS), "/14")
        self.slots = L.add("animal_slots", 3 * len(ANIMALS), "per slot one-hot")
        self.terrain = L.add("round_terrain", len(TERRAINS), "one-hot")
        self.frames = L.add("pending.kinds", len(FRAMES), "flags")
        self.top = L.add("pending.top", len(FRAMES) + NT + NCELL + len(SPOTS) * 2, "kind, tile, space, animal, eligible")
        self.solo_current = L.add("solo.current", len(SOLO), "one-hot")
        self.solo_revealed = L.add("solo.revealed", len(SOLO), "flags")
        self.misc = L.add("misc", 11, "draft/10, round/10, turn/4, ply/500, stack/80, depth/5, points/10, extra/3, "
                                      "tile_open, special, solo deck/10")

    ANIMAL = len(ANIMALS) + len(PLACES) + 4 + 2

    def _seat(self, v, seat):
        if seat is None:
            return None
        if seat == "leo":
            return self.players
        return (seat - v["seat"]) % self.players

    def fill(self, v, ones, idx, val):
        me = v["seat"]
        for p, pv in enumerate(v["player_states"]):
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
        if top.get("animal") in SPOTS:
            ones.append(o + SPOTS[top["animal"]])
        o += len(SPOTS)
        ones += [o + SPOTS[s] for s in top.get("eligible", ()) if s in SPOTS]
        misc[6:10] = [top.get("points", 0) / 10, top.get("extra", 0) / 3, float(bool(top.get("tile_open"))),
                      float(bool(top.get("special")))]


ENCODER = MidnightZooEncoder

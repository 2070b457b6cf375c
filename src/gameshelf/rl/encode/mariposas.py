"""Mariposas observation (from a seat's view; ``Encoder.describe`` prints offsets).

Per seat, relative to the viewer (block 0 = viewer, then turn order): score /100, points per
category (8, /50), goal points per season (3, /20), hand count /5, cards played this season per
action card (7, /3), flower tokens per type (5, /5), life cycle cards (12 flags), bonus move cards
unused and used (3 + 3 flags), abilities (6 flags), and per butterfly marker 0-9 its place one-hot
over the 121 spaces, supply, removed, and the summer/fall goal cards (10 x 125), plus its double
side (10 flags).
Then: the viewer's hand (per action card, /3), season one-hot, turn number /40, first and current
seat (relative one-hot), extra-turn seats (relative flags), in extra turn, deck count /40, discard
per action card /5, per waystation city the face-up marker one-hot (16) or face down (1), per season
the face-up goal card one-hot (20) or face down (1), ability row per colour (3 x 6 one-hot), card
supply per kind /5, pending decision kind one-hot (14 + over), actor (relative one-hot), the
running turn (start spaces flags 121, collected spaces flags 121, segments left per length /3,
adjacent-collection segments /3, group /3, plus2, extra1, seats queued (relative flags)), the
decision stack (depth /10, kinds present flags, top frame: slot one-hot, steps /10, adjacent,
takes /3, left /5, setup, stage one-hot), over, ply /2000.
"""

from __future__ import annotations

from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.decisions import BY_NAME, STAGES
from gameshelf.games.mariposas.state import CATEGORIES
from gameshelf.rl.encode import Encoder

NSP = len(CAT.space_ids)
PLACES = {**{s: i for i, s in enumerate(CAT.space_ids)}, "supply": NSP, "removed": NSP + 1,
          **{f"{k}_card": NSP + 2 + i for i, k in enumerate(CAT.seasons)}}
NPLACE = NSP + 2 + len(CAT.seasons)
CARDS = {c: i for i, c in enumerate(CAT.action_ids)}
NCARD = len(CARDS)
FLOWERS = CAT.flower_types
LIFE = {c: i for i, c in enumerate(CAT.lifecycle_ids)}
BONUS = {c: i for i, c in enumerate(CAT.bonus_ids)}
ABIL = {a: i for i, a in enumerate(CAT.ability_ids)}
MARKERS = {m: i for i, m in enumerate(CAT.marker_ids)}
GOALS = {g.id: i for i, g in enumerate(CAT.goals)}
SEASON = {k: i for i, k in enumerate(CAT.seasons)}
KINDS = {k: i for i, k in enumerate([*BY_NAME, "over"])}
STAGE = {k: i for i, k in enumerate(STAGES)}
SUPPLY = [*CAT.lifecycle_ids, *CAT.bonus_ids]
NSLOT = len(CAT.slot_gen)
MAXSEG = 12


class MariposasEncoder(Encoder):
    def __init__(self, players, options):
        super().__init__(players, options)
        L = self.layout
        self.blocks = []
        for p in range(players):
            self.blocks.append(dict(
                score=L.add(f"p{p}.score", 1, "/100"),
                points=L.add(f"p{p}.points", len(CATEGORIES), "per category /50"),
                goal_points=L.add(f"p{p}.goal_points", 3, "per season /20"),
                hand_count=L.add(f"p{p}.hand_count", 1, "/5"),
                played=L.add(f"p{p}.played", NCARD, "per action card /3"),
                flowers=L.add(f"p{p}.flowers", len(FLOWERS), "/5"),
                life=L.add(f"p{p}.lifecycle_cards", len(LIFE), "flags"),
                bonus=L.add(f"p{p}.bonus_cards", 2 * len(BONUS), "unused, used flags"),
                abil=L.add(f"p{p}.abilities", len(ABIL), "flags"),
                at=L.add(f"p{p}.butterflies", NSLOT * NPLACE, "per marker: place one-hot"),
                double=L.add(f"p{p}.double", NSLOT, "flags"),
            ))
        self.hand = L.add("hand", NCARD, "viewer's hand per action card /3")
        self.season = L.add("season", 3, "one-hot")
        self.first = L.add("first", players, "relative one-hot")
        self.cur = L.add("cur", players, "relative one-hot")
        self.extra = L.add("extra", players, "relative flags")
        self.discard = L.add("discard", NCARD, "/5")
        self.way = L.add("waystations", len(CAT.cities) * (len(MARKERS) + 1), "per city: marker one-hot, face down")
        self.goals = L.add("goals", 3 * (len(GOALS) + 1), "per season: goal one-hot, face down")
        self.rows = L.add("ability_rows", 3 * len(ABIL), "per colour one-hot")
        self.supply = L.add("card_supply", len(SUPPLY), "/5")
        self.kind = L.add("pending", len(KINDS), "one-hot")
        self.actor = L.add("actor", players, "relative one-hot")
        self.start = L.add("turn.start", NSP, "flags")
        self.collected = L.add("turn.collected", NSP, "flags")
        self.segs = L.add("turn.segments_left", MAXSEG, "count per length /3")
        self.queue = L.add("turn.queue", players, "relative flags")
        self.stack_kinds = L.add("stack.kinds", len(KINDS), "flags")
        self.slot = L.add("stack.top.slot", NSLOT, "one-hot")
        self.stage = L.add("stack.top.stage", len(STAGE), "one-hot")
        self.misc = L.add("misc", 14, "turn_no/40, in_extra, deck/40, adj segs/3, group/3, plus2, extra1, "
                                      "depth/10, steps/10, adjacent, takes/3, left/5, setup, over")
        self.ply = L.add("ply", 1, "/2000")
        self.city_index = {c: i for i, c in enumerate(CAT.space_ids[x] for x in CAT.cities)}

    def fill(self, v, ones, idx, val):
        me = v["seat"]
        for p, pv in enumerate(v["players"]):
            self._player(self.blocks[(p - me) % self.players], pv, ones, idx, val)
        self._board(v, ones, idx, val)
        self._turn(v, ones, idx, val)

    def _player(self, b, pv, ones, idx, val):
        idx.extend((b["score"], b["hand_count"]))
        val.extend((pv["score"] / 100, pv["hand_count"] / 5))
        o = b["points"]
        for i, c in enumerate(CATEGORIES):
            x = pv["points"][c]
            if x:
                idx.append(o + i)
                val.append(x / 50)
        for i, x in enumerate(pv["goal_points"].values()):
            if x:
                idx.append(b["goal_points"] + i)
                val.append(x / 20)
        self._counts(b["played"], pv["played"], CARDS, 3, idx, val)
        for i, f in enumerate(FLOWERS):
            x = pv["flowers"][f]
            if x:
                idx.append(b["flowers"] + i)
                val.append(x / 5)
        ones.extend(b["life"] + LIFE[c] for c in pv["lifecycle_cards"])
        ones.extend(b["bonus"] + BONUS[c] for c in pv["bonus_cards"])
        ones.extend(b["bonus"] + len(BONUS) + BONUS[c] for c in pv["used_bonus_cards"])
        ones.extend(b["abil"] + ABIL[a] for a in pv["abilities"])
        at, dbl = b["at"], b["double"]
        for bf in pv["butterflies"]:
            m = bf["marker"]
            ones.append(at + m * NPLACE + PLACES[bf["at"]])
            if bf["double"]:
                ones.append(dbl + m)

    def _board(self, v, ones, idx, val):
        players, me = self.players, v["seat"]
        if v["hand"] is not None:
            self._counts(self.hand, v["hand"], CARDS, 3, idx, val)
        ones.append(self.season + SEASON[v["season"]])
        ones.append(self.first + (v["first"] - me) % players)
        ones.append(self.cur + (v["cur"] - me) % players)
        ones.extend(self.extra + (s - me) % players for s in v["extra"])
        self._counts(self.discard, v["discard"], CARDS, 5, idx, val)
        stride = len(MARKERS) + 1
        for city, m in v["waystations"].items():
            o = self.way + self.city_index[city] * stride
            ones.append(o + (MARKERS[m] if m is not None else stride - 1))
        stride = len(GOALS) + 1
        for i, g in enumerate(v["goals"].values()):
            ones.append(self.goals + i * stride + (GOALS[g] if g is not None else stride - 1))
        for i, a in enumerate(v["ability_rows"].values()):
            ones.append(self.rows + i * len(ABIL) + ABIL[a])
        for i, k in enumerate(SUPPLY):
            x = v["card_supply"][k]
            if x:
                idx.append(self.supply + i)
                val.append(x / 5)

    def _turn(self, v, ones, idx, val):
        players, me = self.players, v["seat"]
        ones.append(self.kind + KINDS[v["pending"]])
        if v["actor"] >= 0:
            ones.append(self.actor + (v["actor"] - me) % players)
        t = v["turn"]
        ones.extend(self.start + PLACES[x] for x in t["start"] if PLACES[x] < NSP)
        ones.extend(self.collected + PLACES[x] for x in t["collected"])
        for x in t["segments_left"]:
            idx.append(self.segs + min(x, MAXSEG - 1))
            val.append(1 / 3)
        ones.extend(self.queue + (s - me) % players for s in t["queue"])
        stack = t["stack"]
        ones.extend({self.stack_kinds + KINDS[f["kind"]] for f in stack})
        m = self.misc
        misc = [v["turn_no"] / 40, float(v["in_extra"]), v["deck_count"] / 40,
                sum(c & 1 for c in t["segment_codes"]) / 3, t["group"] / 3, float(t["plus2"]), float(t["extra1"]),
                len(stack) / 10, 0.0, 0.0, 0.0, 0.0, 0.0, float(v["over"])]
        if stack:
            top = stack[-1]
            if "slot" in top and top["slot"] is not None and top["slot"] >= 0:
                ones.append(self.slot + top["slot"])
            if "stage" in top:
                ones.append(self.stage + STAGE[top["stage"]])
            misc[8:13] = [top.get("steps", 0) / 10, float(top.get("adjacent", False)), top.get("takes", 0) / 3,
                          top.get("left", 0) / 5, float(top.get("setup", False))]
        for i, x in enumerate(misc):
            if x:
                idx.append(m + i)
                val.append(x)
        idx.append(self.ply)
        val.append(v["ply"] / 2000)

    @staticmethod
    def _counts(offset, items, table, scale, idx, val):
        counts: dict[int, int] = {}
        for c in items:
            k = table[c]
            counts[k] = counts.get(k, 0) + 1
        for k, x in counts.items():
            idx.append(offset + k)
            val.append(x / scale)


ENCODER = MariposasEncoder

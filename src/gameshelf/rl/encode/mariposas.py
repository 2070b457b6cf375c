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
supply per kind /5, the decision's kind one-hot (14 + over), the seat to act (relative one-hot), the
running turn (start spaces flags 121, collected spaces flags 121, segments left per length /3,
adjacent-collection segments /3, group /3, bonus_add_2 ready, bonus_add_1 ready, seats queued (relative flags)), the
decision stack (depth /10, kinds present flags, top frame: marker one-hot, steps /10, adjacent,
takes /3, left /5, setup, stage one-hot), over, ply /2000.
"""

from __future__ import annotations

from operator import add

from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.decisions import FRAMES, STAGES
from gameshelf.games.mariposas.state import CATEGORIES, REMOVED, SUPPLY as LOC_SUPPLY, State
from gameshelf.rl.encode.incremental import Section, SectionedEncoder, seat_fill, seat_key

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
WAYSTATION_MARKERS = {m: i for i, m in enumerate(CAT.marker_ids)}
GOALS = {g.id: i for i, g in enumerate(CAT.goals)}
SEASON = {k: i for i, k in enumerate(CAT.seasons)}
KINDS = {kind: index for index, kind in enumerate([*(cls.kind for cls in FRAMES), "over"])}
SUPPLY = [*CAT.lifecycle_ids, *CAT.bonus_ids]
MARKERS = len(CAT.slot_gen)
MAXSEG = 12

# the state's integer codes -> the positions above (the same tables, indexed by the state's codes)
CARD_OF = [CARDS[c] for c in CAT.action_ids]
MARKER_OF = [WAYSTATION_MARKERS[m] for m in CAT.marker_ids]
GOAL_OF = [GOALS[g.id] for g in CAT.goals]
ABIL_OF = [ABIL[a] for a in CAT.ability_ids]
NLIFE, NBONUS = len(CAT.lifecycle_ids), len(CAT.bonus_ids)


def place_of(x: int) -> int:
    """A marker location code (state.loc) -> its place index in PLACES (as view.loc_name names it)."""
    if x >= 0:
        return PLACES[CAT.space_ids[x]]
    if x == LOC_SUPPLY:
        return PLACES["supply"]
    if x == REMOVED:
        return PLACES["removed"]
    return PLACES[f"{CAT.seasons[-10 - x]}_card"]


def _bits(mask: int, n: int) -> list[int]:
    return [i for i in range(n) if mask >> i & 1]


# every location code a marker can have -> its place index; bit masks -> the indices of their bits
PLACE_BY_CODE = {x: place_of(x) for x in (*range(NSP), LOC_SUPPLY, REMOVED,
                                           *(-10 - k for k in range(len(CAT.seasons))))}
BITS = [_bits(mask, 16) for mask in range(1 << max(NLIFE, NBONUS, len(CAT.ability_ids)))]


class MariposasEncoder(SectionedEncoder):
    state_type = State

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
                at=L.add(f"p{p}.butterflies", MARKERS * NPLACE, "per marker: place one-hot"),
                double=L.add(f"p{p}.double", MARKERS, "flags"),
            ))
        self.hand = L.add("hand", NCARD, "viewer's hand per action card /3")
        self.season = L.add("season", 3, "one-hot")
        self.first_player = L.add("first_player", players, "relative one-hot")
        self.turn_seat = L.add("turn_seat", players, "relative one-hot")
        self.extra_turns = L.add("extra", players, "relative flags")
        self.discard = L.add("discard", NCARD, "/5")
        self.waystations = L.add("waystations", len(CAT.cities) * (len(WAYSTATION_MARKERS) + 1), "per city: marker one-hot, face down")
        self.goals = L.add("goals", 3 * (len(GOALS) + 1), "per season: goal one-hot, face down")
        self.ability_rows = L.add("ability_rows", 3 * len(ABIL), "per colour one-hot")
        self.supply = L.add("card_supply", len(SUPPLY), "/5")
        self.kind = L.add("decision", len(KINDS), "one-hot")
        self.to_act = L.add("to_act", players, "relative one-hot")
        self.start_spaces = L.add("turn.start", NSP, "flags")
        self.collected = L.add("turn.collected", NSP, "flags")
        self.segs = L.add("turn.segments_left", MAXSEG, "count per length /3")
        self.queue = L.add("turn.queue", players, "relative flags")
        self.stack_kinds = L.add("stack.kinds", len(KINDS), "flags")
        self.marker = L.add("stack.top.marker", MARKERS, "one-hot")
        self.stage = L.add("stack.top.stage", len(STAGES), "one-hot")
        self.misc = L.add("misc", 14, "turn_no/40, in_extra, deck/40, adj segs/3, group/3, plus2, extra1, "
                                      "depth/10, steps/10, adjacent, takes/3, left/5, setup, over")
        self.ply = L.add("ply", 1, "/2000")
        self.city_index = {c: i for i, c in enumerate(CAT.space_ids[x] for x in CAT.cities)}
        self.way_offsets = [self.waystations + i * (len(WAYSTATION_MARKERS) + 1) for i in range(len(CAT.cities))]
        for b in self.blocks:
            b["marker_offsets"] = [b["at"] + m * NPLACE for m in range(MARKERS)]
            b["values"] = (b["score"], b["hand_count"], *range(b["points"], b["points"] + len(CATEGORIES)),
                           *range(b["goal_points"], b["goal_points"] + len(CAT.seasons)),
                           *range(b["flowers"], b["flowers"] + len(FLOWERS)))
        self._sections = self._make_sections()

    def fill(self, v, ones, idx, val):
        me = v["seat"]
        for p, pv in enumerate(v["boards"]):
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
        ones.append(self.first_player + (v["first_player"] - me) % players)
        ones.append(self.turn_seat + (v["turn_seat"] - me) % players)
        ones.extend(self.extra_turns + (s - me) % players for s in v["extra_turns"])
        self._counts(self.discard, v["discard"], CARDS, 5, idx, val)
        stride = len(WAYSTATION_MARKERS) + 1
        for city, m in v["waystations"].items():
            o = self.waystations + self.city_index[city] * stride
            ones.append(o + (WAYSTATION_MARKERS[m] if m is not None else stride - 1))
        stride = len(GOALS) + 1
        for i, g in enumerate(v["goals"].values()):
            ones.append(self.goals + i * stride + (GOALS[g] if g is not None else stride - 1))
        for i, a in enumerate(v["ability_rows"].values()):
            ones.append(self.ability_rows + i * len(ABIL) + ABIL[a])
        for i, k in enumerate(SUPPLY):
            x = v["card_supply"][k]
            if x:
                idx.append(self.supply + i)
                val.append(x / 5)

    def _turn(self, v, ones, idx, val):
        players, me = self.players, v["seat"]
        decision = v["decision"]
        ones.append(self.kind + KINDS[decision["kind"] if decision else "over"])
        if v["to_act"] is not None:
            ones.append(self.to_act + (v["to_act"] - me) % players)
        t = v["turn"]
        ones.extend(self.start_spaces + PLACES[x] for x in t["start"] if PLACES[x] < NSP)
        ones.extend(self.collected + PLACES[x] for x in t["collected"])
        for x in t["segments_left"]:
            idx.append(self.segs + min(x, MAXSEG - 1))
            val.append(1 / 3)
        ones.extend(self.queue + (s - me) % players for s in t["queue"])
        stack = v["pending"]
        ones.extend({self.stack_kinds + KINDS[f["kind"]] for f in stack})
        m = self.misc
        misc = [v["turns_taken"] / 40, float(v["in_extra_turns"]), v["deck_count"] / 40,
                sum(c & 1 for c in t["segment_codes"]) / 3, t["group"] / 3, float(t["add_2_ready"]),
                float(t["add_1_ready"]),
                len(stack) / 10, 0.0, 0.0, 0.0, 0.0, 0.0, float(v["over"])]
        if stack:
            top = stack[-1]
            if "marker" in top:
                ones.append(self.marker + top["marker"])
            if "stage" in top:
                ones.append(self.stage + top["stage"])
            misc[8:13] = [top.get("steps", 0) / 10, float(top.get("adjacent", False)), top.get("takes", 0) / 3,
                          top.get("left", 0) / 5, float(top.get("setup", False))]
        for i, x in enumerate(misc):
            if x:
                idx.append(m + i)
                val.append(x)
        idx.append(self.ply)
        val.append(v["ply"] / 2000)

    # ---- the same vector from the state's visible fields (Encoder.encode_state) ----------------
    def _make_sections(self):
        """Per seat block (relative to the viewer), the viewer's hand, the board, and the running turn
        (rewritten at every step: the decision stack and the ply change with nearly every action)."""
        n = self.players
        sections = [Section(f"p{r}", b["score"], b["double"] + MARKERS, seat_key(n, r, self._player_key),
                            seat_fill(n, r, self._player_state)) for r, b in enumerate(self.blocks)]
        sections.append(Section("hand", self.hand, self.hand + NCARD, lambda s, me: s.hands[me][:], self._hand_state))
        sections.append(Section("board", self.hand + NCARD, self.kind, self._board_key, self._board_state))
        sections.append(Section("turn", self.kind, self.layout.size, None, self._turn_state))
        return sections

    @staticmethod
    def _player_key(s, p):
        """Copies of every field of seat ``p`` that its block shows."""
        base = p * MARKERS
        return (s.points[p][:], len(s.hands[p]), s.goal_points[p::s.players], s.flowers[p][:], s.played[p][:], s.lifecycle[p],
                s.bonus[p], s.bonus_used[p], s.abilities[p], s.locations[base:base + MARKERS], s.doubles[base:base + MARKERS])

    @staticmethod
    def _board_key(s, me):
        """Copies of every field the board part shows ``me`` (the card supply counts every seat's cards)."""
        return (s.season, s.first_player, s.turn_seat, s.extra_turns[:], s.discard[:], s.waystations[:], s.waystations_up,
                s.goals[:], s.goals_up[:], s.ability_rows[:], s.lifecycle[:], s.bonus[:])

    def _player_state(self, r, s, p, ones, idx, val):
        b = self.blocks[r]
        # points, goal points and flowers are value-only segments: writing a 0.0 there changes nothing
        pts = s.points[p]
        idx += b["values"]
        val.append(sum(pts) / 100)
        val.append(len(s.hands[p]) / 5)
        val += [x / 50 for x in pts]
        val += [x / 20 for x in s.goal_points[p::s.players]]
        val += [x / 5 for x in s.flowers[p]]
        if s.played[p]:
            self._card_counts(b["played"], s.played[p], 3, idx, val)
        o = b["life"]
        ones += [o + i for i in BITS[s.lifecycle[p]]]
        o, owned, used = b["bonus"], s.bonus[p], s.bonus_used[p]
        ones += [o + i for i in BITS[owned & ~used]]
        ones += [o + NBONUS + i for i in BITS[used]]
        o = b["abil"]
        ones += [o + i for i in BITS[s.abilities[p]]]
        base = p * MARKERS
        ones += map(add, b["marker_offsets"], map(PLACE_BY_CODE.__getitem__, s.locations[base:base + MARKERS]))
        dbl = b["double"]
        ones += [dbl + m for m, d in enumerate(s.doubles[base:base + MARKERS]) if d]

    def _hand_state(self, s, me, ones, idx, val):
        self._card_counts(self.hand, s.hands[me], 3, idx, val)

    def _board_state(self, s, me, ones, idx, val):
        n = self.players
        ones.append(self.season + s.season)
        ones.append(self.first_player + (s.first_player - me) % n)
        ones.append(self.turn_seat + (s.turn_seat - me) % n)
        ones.extend(self.extra_turns + (x - me) % n for x in s.extra_turns)
        self._card_counts(self.discard, s.discard, 5, idx, val)
        stride, up = len(WAYSTATION_MARKERS) + 1, s.waystations_up
        ones += [o + (MARKER_OF[w] if up >> i & 1 else stride - 1)
                 for i, (o, w) in enumerate(zip(self.way_offsets, s.waystations))]
        stride = len(GOALS) + 1
        ones += [self.goals + k * stride + (GOAL_OF[g] if face_up else stride - 1)
                 for k, (g, face_up) in enumerate(zip(s.goals, s.goals_up))]
        ones += [self.ability_rows + i * len(ABIL) + ABIL_OF[a] for i, a in enumerate(s.ability_rows)]
        owned = [0] * (NLIFE + NBONUS)       # card supply: n copies of each kind less those owned
        for p in range(n):
            for i in BITS[s.lifecycle[p]]:
                owned[i] += 1
            for i in BITS[s.bonus[p]]:
                owned[NLIFE + i] += 1
        o = self.supply
        idx += range(o, o + NLIFE + NBONUS)      # a zero count writes 0.0 where the vector is 0 already
        val += [(n - k) / 5 for k in owned]

    def _turn_state(self, s, me, ones, idx, val):
        n, stack = self.players, s.pending
        top = stack[-1] if stack else None
        ones.append(self.kind + KINDS[top.kind if top else "over"])
        if top is not None:
            ones.append(self.to_act + (top.seat - me) % n)
        ones.extend(self.start_spaces + x for x in s.start_spaces if x >= 0)
        collected, o = s.collected, self.collected
        while collected:                       # one pass per set bit (a turn collects a few spaces)
            low = collected & -collected
            ones.append(o + low.bit_length() - 1)
            collected ^= low
        for x in s.segments_left:
            idx.append(self.segs + min(x >> 1, MAXSEG - 1))
            val.append(1 / 3)
        ones.extend(self.queue + (x - me) % n for x in s.queue)
        ones.extend({self.stack_kinds + KINDS[frame.kind] for frame in stack})
        misc = [s.turns_taken / 40, float(s.in_extra_turns), len(s.deck) / 40, sum(c & 1 for c in s.segments_left) / 3,
                s.group / 3, float(s.add_2_ready), float(s.add_1_ready), len(stack) / 10, 0.0, 0.0, 0.0, 0.0, 0.0, float(s.over)]
        if top is not None:
            marker = getattr(top, "marker", None)
            if marker is not None:
                ones.append(self.marker + marker)
            stage = getattr(top, "stage", None)
            if stage is not None:
                ones.append(self.stage + stage)
            misc[8:13] = [getattr(top, "steps", 0) / 10, float(getattr(top, "adjacent", False)),
                          getattr(top, "takes", 0) / 3, getattr(top, "left", 0) / 5,
                          float(getattr(top, "setup", False))]
        m = self.misc
        for i, x in enumerate(misc):
            if x:
                idx.append(m + i)
                val.append(x)
        idx.append(self.ply)
        val.append(s.ply / 2000)

    @staticmethod
    def _card_counts(offset, cards, scale, idx, val):
        for c in set(cards):
            idx.append(offset + CARD_OF[c])
            val.append(cards.count(c) / scale)

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

"""Iwari observation (from a seat's view; ``Encoder.describe`` prints offsets). The layout depends
on the map (option ``map``): its tent spaces, territories and alliance lines.

Tribes are relative to the viewer (tribe 0 = viewer, then turn order); with 2 players the third
tribe is the last. Per tent space the owner (tribe one-hot); per territory the totems per tribe
/4; per tribe the supply (tents /20, totems /8), score, interim and expedition points (/100); per
seat the hand size /10; the viewer's hand per biome /5; display per biome /4; discard per biome
/10; deck size /60; exhaustions /3; blocked lines (flags); feat tokens per territory and per line
/4; per feat the tribes that earned it (flags) and the interim bonus per tribe /10; expeditions in
play (flags over the catalogue) and per expedition slot the tribes that scored it; start and
seat to act (relative one-hot); ply /300; the decision stack (kinds present, depth /5; the top
frame's kind, tribe, territory, filled territory and feat one-hot, pieces /3, cards /3, left /5,
unexplored); over. Frames name territories and feats by index (decisions.py).
"""

from __future__ import annotations

from gameshelf.games.iwari.actions import FEATS
from gameshelf.games.iwari.catalog import BIOMES, EXPEDITIONS, MAPS
from gameshelf.core.frames import frame_to_json
from gameshelf.games.iwari.position import BIOME_IDS
from gameshelf.games.iwari.state import State
from gameshelf.rl.encode.incremental import Section, SectionedEncoder

BIOME = {b.id: i for i, b in enumerate(BIOMES)}
NB = len(BIOME)
FEAT = {f.id: i for i, f in enumerate(FEATS)}
EXPED = {e.id: i for i, e in enumerate(EXPEDITIONS)}
KINDS = {kind: index for index, kind in enumerate((
    "iwari.choose_action", "iwari.place_pieces", "iwari.third_tribe_target", "iwari.place_feat", "iwari.draw",
    "iwari.draft_pick", "other"))}


# the state's integer codes -> the positions above (the same tables, indexed by the state's codes)
BIOME_OF = [BIOME[b] for b in BIOME_IDS]
FEAT_OF = [FEAT[f.id] for f in FEATS]
EXPED_OF = [EXPED[e.id] for e in EXPEDITIONS]


class IwariEncoder(SectionedEncoder):
    state_type = State

    def __init__(self, players, options):
        super().__init__(players, options)
        self.map = m = MAPS[options["map"]]
        self.tribes = T = players + (1 if players == 2 else 0)
        self.space = {sid: i for i, sid in enumerate(m.space_ids)}
        self.terr = {t.id: i for i, t in enumerate(m.territories)}
        self.line = {str(ln.n): i for i, ln in enumerate(m.lines)}
        layout = self.layout
        self.tents = layout.add("tents", len(self.space) * T, "per space: owner tribe one-hot")
        self.totems = layout.add("totems", len(self.terr) * T, "per territory: totems per tribe /4")
        self.tribe = layout.add("tribes", T * 5, "per tribe: tents/20, totems/8, score, interim, expedition points /100")
        self.hand_sizes = layout.add("hand_sizes", players, "/10")
        self.hand = layout.add("hand", NB, "viewer's cards per biome /5")
        self.display = layout.add("display", NB, "/4")
        self.discard = layout.add("discard", NB, "/10")
        self.blocked = layout.add("mountains", len(self.line), "blocked line flags")
        self.territory_feats = layout.add("territory_feats", len(self.terr), "/4")
        self.line_feats = layout.add("line_feats", len(self.line), "/4")
        self.earned = layout.add("feats_earned", len(FEAT) * T, "per feat: tribes flags")
        self.feat_interim = layout.add("feat_interim", len(FEAT) * T, "/10")
        self.exped = layout.add("expeditions", len(EXPED), "flags")
        self.exped_scored = layout.add("expeditions_scored", 3 * T, "per slot: tribes flags")
        self.first_player = layout.add("start", players, "relative one-hot")
        self.to_act = layout.add("to_act", players, "relative one-hot")
        self.kinds = layout.add("pending.kinds", len(KINDS), "flags")
        self.top = layout.add("pending.top", len(KINDS) + T + 2 * len(self.terr) + len(FEAT), "kind, tribe, territory, "
                                                                                     "filled, feat one-hot")
        self.misc = layout.add("misc", 9, "deck/60, exhaustions/3, ply/300, depth/5, pieces/3, cards/3, left/5, "
                                     "unexplored, over")
        # per viewer, each tribe's relative index; per tent space (the state's index), its segment place
        self.rel_of = [[t if t >= players else (t - seat) % players for t in range(T)] for seat in range(players)]
        self.tent_at = [self.tents + self.space[sid] * T for sid in m.space_ids]
        self._sections = self._make_sections()

    def tribe_of(self, v, t):
        """A tribe relative to the viewer; the third tribe (2 players) stays last."""
        return t if t >= self.players else (t - v["seat"]) % self.players

    def fill(self, v, ones, idx, val):
        T, rel = self.tribes, self.tribe_of
        ones += [self.tents + self.space[sp] * T + rel(v, o) for sp, o in v["tents"].items()]
        for terr, counts in v["totems"].items():
            o = self.totems + self.terr[terr] * T
            for t, n in enumerate(counts):
                if n:
                    idx.append(o + rel(v, t))
                    val.append(n / 4)
        for t in range(T):
            o = self.tribe + rel(v, t) * 5
            sup = v["supply"][t]
            idx += range(o, o + 5)
            val += (sup["tents"] / 20, sup["totems"] / 8, v["scores"][t] / 100, v["interim"][t] / 100,
                    v["expedition_points"][t] / 100)
        for p, n in enumerate(v["hand_sizes"]):
            idx.append(self.hand_sizes + rel(v, p))
            val.append(n / 10)
        self._counts(self.hand, v["hand"] or (), 5, idx, val)
        self._counts(self.display, v["display"], 4, idx, val)
        for b, n in v["discard"].items():
            idx.append(self.discard + BIOME[b])
            val.append(n / 10)
        ones += [self.blocked + self.line[str(n)] for n in v["mountains"]]
        for terr, n in v["territory_feats"].items():
            idx.append(self.territory_feats + self.terr[terr])
            val.append(n / 4)
        for line, n in v["line_feats"].items():
            idx.append(self.line_feats + self.line[str(line)])
            val.append(n / 4)
        for f, tribes in v["feats_earned"].items():
            ones += [self.earned + FEAT[f] * T + rel(v, t) for t in tribes]
        for f, bonus in v["feat_interim"].items():
            for t, n in enumerate(bonus):
                if n:
                    idx.append(self.feat_interim + FEAT[f] * T + rel(v, t))
                    val.append(n / 10)
        ones += [self.exped + EXPED[e] for e in v["expeditions"]]
        for i, tribes in enumerate(v["expeditions_scored"][:3]):
            ones += [self.exped_scored + i * T + rel(v, t) for t in tribes]
        ones += [self.first_player + rel(v, v["first_player"])]
        if v["to_act"] is not None:
            ones.append(self.to_act + rel(v, v["to_act"]))
        self._pending(v, ones, idx, val)

    # ---- the same vector from the state's visible fields (Encoder.encode_state) ----------------
    def _make_sections(self):
        """Tents, totems, tribes, cards, feats and expeditions, and the turn (rewritten at every
        step: the decision stack and the ply change with nearly every action)."""
        layout = self.layout
        return [Section("tents", self.tents, self.totems, lambda s, me: s.owner[:], self._tents_state),
                Section("totems", self.totems, self.tribe, lambda s, me: (s.totem_stacks[:], s.totems[:]), self._totems_state),
                Section("tribes", self.tribe, self.hand_sizes, self._tribes_key, self._tribes_state),
                Section("cards", self.hand_sizes, self.blocked, lambda s, me: (s.hands[:], s.display[:], s.discard[:]),
                        self._cards_state),
                Section("feats", self.blocked, self.first_player, self._feats_key, self._feats_state),
                Section("turn", self.first_player, layout.size, None, self._turn_state)]

    @staticmethod
    def _tribes_key(s, me):
        return s.supply_tents[:], s.supply_totems[:], s.scores[:], s.interim[:], s.expedition_points[:]

    @staticmethod
    def _feats_key(s, me):
        # blocked lines and the expeditions in play are fixed for a game, but not from game to game
        return (s.blocked, s.territory_feats[:], s.line_feats[:], s.feats_earned[:], s.feat_interim, s.expeditions,
                s.expeditions_scored[:])

    def _tents_state(self, s, seat, ones, idx, val):
        rel, at = self.rel_of[seat], self.tent_at
        ones += [at[sp] + rel[owner] for sp, owner in enumerate(s.owner) if owner >= 0]

    def _totems_state(self, s, seat, ones, idx, val):
        rel, T, m, terr = self.rel_of[seat], self.tribes, self.map, self.terr
        nterr = len(m.territories)
        for t in range(nterr):
            if s.totem_stacks[t]:
                o = self.totems + terr[m.territories[t].id] * T
                for tribe, n in enumerate(s.totems[t::nterr]):
                    if n:
                        idx.append(o + rel[tribe])
                        val.append(n / 4)

    def _tribes_state(self, s, seat, ones, idx, val):
        rel = self.rel_of[seat]
        for t in range(self.tribes):
            o = self.tribe + rel[t] * 5
            idx += range(o, o + 5)
            val += (s.supply_tents[t] / 20, s.supply_totems[t] / 8, s.scores[t] / 100, s.interim[t] / 100,
                    s.expedition_points[t] / 100)

    def _cards_state(self, s, seat, ones, idx, val):
        rel, hands = self.rel_of[seat], s.hands
        for p in range(self.players):
            idx.append(self.hand_sizes + rel[p])
            val.append(sum(hands[p * NB:(p + 1) * NB]) / 10)
        for offset, counts, scale in ((self.hand, hands[seat * NB:(seat + 1) * NB], 5),
                                      (self.display, s.display, 4)):
            for b, n in enumerate(counts):
                if n:
                    idx.append(offset + BIOME_OF[b])
                    val.append(n / scale)
        idx += [self.discard + BIOME_OF[b] for b in range(NB)]
        val += [n / 10 for n in s.discard[:NB]]

    def _feats_state(self, s, seat, ones, idx, val):
        rel, T, m, terr = self.rel_of[seat], self.tribes, self.map, self.terr
        ones += [self.blocked + self.line[str(ln.n)] for ln in m.lines if s.blocked[ln.index]]
        for t, n in enumerate(s.territory_feats):
            if n:
                idx.append(self.territory_feats + terr[m.territories[t].id])
                val.append(n / 4)
        for i, n in enumerate(s.line_feats):
            if n:
                idx.append(self.line_feats + self.line[str(m.lines[i].n)])
                val.append(n / 4)
        nt = s.tribes
        for f in FEATS:
            o = FEAT_OF[f.index] * T
            ones += [self.earned + o + rel[t] for t in s.feats_earned[f.index]]
            for t, n in enumerate(s.feat_interim[f.index * nt:(f.index + 1) * nt]):
                if n:
                    idx.append(self.feat_interim + o + rel[t])
                    val.append(n / 10)
        ones += [self.exped + EXPED_OF[e] for e in s.expeditions]
        for i, tribes in enumerate(s.expeditions_scored[:3]):
            ones += [self.exped_scored + i * T + rel[t] for t in tribes]

    def _turn_state(self, s, seat, ones, idx, val):
        rel = self.rel_of[seat]
        ones.append(self.first_player + rel[s.first_player])
        if s.pending:
            ones.append(self.to_act + rel[s.pending[-1].seat])
        pending = [frame_to_json(frame) for frame in s.pending]
        self._pending({"seat": seat, "pending": pending, "deck_size": len(s.deck), "exhaustions": s.exhaustions,
                       "ply": s.ply, "over": not pending}, ones, idx, val)

    def _pending(self, v, ones, idx, val):
        pending = v["pending"]
        misc = [v["deck_size"] / 60, v["exhaustions"] / 3, v["ply"] / 300, len(pending) / 5, 0.0, 0.0, 0.0, 0.0,
                float(v["over"])]
        if pending:
            ones += list({self.kinds + KINDS.get(f["kind"], KINDS["other"]) for f in pending})
            top, o = pending[-1], self.top
            ones.append(o + KINDS.get(top["kind"], KINDS["other"]))
            o += len(KINDS)
            if "tribe" in top:
                ones.append(o + self.tribe_of(v, top["tribe"]))
            o += self.tribes
            if "territory" in top:
                ones.append(o + top["territory"])
            o += len(self.terr)
            if top.get("filled", -1) >= 0:
                ones.append(o + top["filled"])
            o += len(self.terr)
            if "feat" in top:
                ones.append(o + FEAT_OF[top["feat"]])
            misc[4:8] = [top.get("pieces", 0) / 3, top.get("cards", 0) / 3, top.get("left", 0) / 5,
                         float(bool(top.get("unexplored")))]
        for i, x in enumerate(misc):
            if x:
                idx.append(self.misc + i)
                val.append(x)

    @staticmethod
    def _counts(offset, items, scale, idx, val):
        counts = [0] * NB
        for b in items:
            counts[BIOME[b]] += 1
        for i, n in enumerate(counts):
            if n:
                idx.append(offset + i)
                val.append(n / scale)


ENCODER = IwariEncoder

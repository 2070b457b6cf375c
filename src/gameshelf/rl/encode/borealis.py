"""Borealis observation (from a seat's view; layout below, ``Encoder.describe`` prints offsets).

Per seat, relative to the viewer (block 0 = viewer, then turn order), ``players`` blocks of:
hand (90 card flags; only the viewer's own hand is known, others zero), hand count /10, the cards
in LEFT/CENTER/RIGHT (3 x 90 flags), each column's top card (3 x 90 flags), column heights /10,
scientists per zone and colour (15, /5), flag position per track one-hot (3 x 8), tokens /50,
board one-hot (5), objectives achieved (flags per objective id), turns /100.
Then: pool (90), discard (90), deck count /90, scoring cards in play (10 flags), per objective id
(in play, tokens /5, status one-hot 3), first player / seat to act / decision seat (relative,
one-hot each), decision kind one-hot, discards so far /5, round /100, ply /1000, refresh used this
round, refreshed this turn, end triggered, end reason one-hot.
"""

from __future__ import annotations

from gameshelf.games.borealis.catalog import (BOARD_IDS, CARD_BY_TERM, CARD_TERM, N_CARDS, OBJECTIVES, SCORING_IDS,
                                              TRACK_LEN)
from gameshelf.games.borealis.decisions import KINDS, Mulligan, RegroupDiscard
from gameshelf.games.borealis.state import END_REASONS, OBJECTIVE_STATUS_NAMES, State
from gameshelf.rl.encode import Encoder

CARD = {term: i - 1 for term, i in CARD_BY_TERM.items()}
OBJ = {oid: i for i, oid in enumerate(OBJECTIVES)}
SCORING = {sid: i for i, sid in enumerate(SCORING_IDS)}
BOARD = {b: i for i, b in enumerate(BOARD_IDS)}
KIND = {k: i for i, k in enumerate(KINDS)}
STATUS = {s: i for i, s in enumerate(OBJECTIVE_STATUS_NAMES)}
REASON = {r: i for i, r in enumerate(END_REASONS)}

# the state's integer codes -> the positions above (the same tables, indexed by the state's codes)
CARD_OF = {c: CARD[term] for c, term in (CARD_TERM.items() if isinstance(CARD_TERM, dict) else enumerate(CARD_TERM))
           if term in CARD}
BOARD_OF = [BOARD[b] for b in BOARD_IDS]
STATUS_OF = [STATUS[x] for x in OBJECTIVE_STATUS_NAMES]
REASON_OF = [REASON[x] for x in END_REASONS]


def _positions(offset: int) -> list[int]:
    """Per card number (the state's code), its position in a card-flag segment at ``offset``."""
    table = [-1] * (max(CARD_OF) + 1)
    for c, i in CARD_OF.items():
        table[c] = offset + i
    return table


class BorealisEncoder(Encoder):
    state_type = State

    def __init__(self, players, options):
        super().__init__(players, options)
        layout, n = self.layout, N_CARDS
        self.blocks = []
        for p in range(players):
            self.blocks.append(dict(
                hand=layout.add(f"p{p}.hand", n, "card flags (viewer only)"),
                hand_count=layout.add(f"p{p}.hand_count", 1, "/10"),
                cols=layout.add(f"p{p}.columns", 3 * n, "card flags per location L, C, R"),
                tops=layout.add(f"p{p}.tops", 3 * n, "top card per location"),
                heights=layout.add(f"p{p}.heights", 3, "/10"),
                sci=layout.add(f"p{p}.scientists", 15, "zone x colour, /5"),
                flags=layout.add(f"p{p}.flags", 3 * TRACK_LEN, "space one-hot per track"),
                tokens=layout.add(f"p{p}.tokens", 1, "/50"),
                board=layout.add(f"p{p}.board", len(BOARD), "one-hot"),
                achieved=layout.add(f"p{p}.objectives_achieved", len(OBJ), "flags"),
                turns=layout.add(f"p{p}.turns", 1, "/100"),
            ))
        self.pool = layout.add("pool", n, "card flags")
        self.discard = layout.add("discard", n, "card flags")
        self.deck = layout.add("deck_count", 1, "/90")
        self.scoring = layout.add("scoring_cards", len(SCORING), "flags")
        self.objectives = layout.add("objectives", 5 * len(OBJ), "per id: in play, tokens/5, status one-hot")
        self.first = layout.add("first_player", players, "relative one-hot")
        self.to_act = layout.add("to_act", players, "relative one-hot")
        self.dseat = layout.add("decision.seat", players, "relative one-hot")
        self.kind = layout.add("decision.kind", len(KIND), "one-hot")
        self.discarded = layout.add("decision.discarded", 1, "/5")
        self.misc = layout.add("misc", 5, "round/100, ply/1000, refresh used, refreshed, end triggered")
        self.reason = layout.add("end_reason", len(REASON), "one-hot")
        self._card_tables()

    def fill(self, v, ones, idx, val):
        n, players, me = N_CARDS, self.players, v["seat"]
        card = CARD
        for p, pv in enumerate(v["boards"]):
            b = self.blocks[(p - me) % players]
            if pv["hand"] is not None:
                o = b["hand"]
                ones += [o + card[c] for c in pv["hand"]]
            o, t, h = b["cols"], b["tops"], b["heights"]
            for z, col in enumerate(pv["columns"]):
                if col:
                    ones += [o + card[c] for c in col]
                    ones.append(t + card[col[-1]])
                    idx.append(h + z)
                    val.append(len(col) / 10)
                o += n
                t += n
            o = b["sci"]
            idx += (b["hand_count"], b["tokens"], b["turns"], *range(o, o + 15))
            val += (pv["hand_count"] / 10, pv["tokens"] / 50, pv["turns"] / 100,
                    *[k / 5 for zone in pv["scientists"] for k in zone])
            f0, f1, f2 = pv["flags"]
            o = b["flags"]
            ones += (o + f0, o + TRACK_LEN + f1, o + 2 * TRACK_LEN + f2, b["board"] + BOARD[pv["board"]])
            if pv["objectives_achieved"]:
                ones += [b["achieved"] + OBJ[o] for o in pv["objectives_achieved"]]
        ones.extend(self.pool + CARD[c] for c in v["pool"])
        ones.extend(self.discard + CARD[c] for c in v["discard"])
        ones.extend(self.scoring + SCORING[c] for c in v["scoring_cards"])
        for ob in v["objectives"]:
            o = self.objectives + 5 * OBJ[ob["id"]]
            ones.extend((o, o + 2 + STATUS[ob["status"]]))
            idx.append(o + 1)
            val.append(ob["tokens"] / 5)
        ones.append(self.first + (v["first_player"] - me) % players)
        if v["to_act"] is not None:
            ones.append(self.to_act + (v["to_act"] - me) % players)
        d = v["decision"]
        if d is not None:
            ones.extend((self.dseat + (d["seat"] - me) % players, self.kind + KIND[d["kind"]]))
            idx.append(self.discarded)
            val.append(d.get("discarded", 0) / 5)
        idx.extend((self.deck, self.misc, self.misc + 1))
        val.extend((v["deck_count"] / 90, v["round"] / 100, v["ply"] / 1000))
        for i, flag in enumerate((v["refresh_used_this_round"], v["refreshed_this_turn"], v["end_triggered"])):
            if flag:
                ones.append(self.misc + 2 + i)
        ones.append(self.reason + REASON[v["end_reason"]])

    def _card_tables(self) -> None:
        """Per block: the position of each card number in its hand, column and top segments."""
        self.card_tables = [{"hand": _positions(b["hand"]),
                             "cols": [_positions(b["cols"] + z * N_CARDS) for z in range(3)],
                             "tops": [_positions(b["tops"] + z * N_CARDS) for z in range(3)]} for b in self.blocks]
        self.pool_table, self.discard_table = _positions(self.pool), _positions(self.discard)

    def fill_state(self, s, seat, ones, idx, val):
        """Like ``fill``, from the fields of ``s`` that ``seat``'s view shows (Encoder.encode_state).
        Card lists go in through ``map`` over per-segment position tables (no Python loop per card)."""
        players, me, tables = self.players, seat, self.card_tables
        for p in range(players):
            b = self.blocks[(p - me) % players]
            t = tables[(p - me) % players]
            if p == me:
                ones += map(t["hand"].__getitem__, s.hands[p])
            h = b["heights"]
            for z, col in enumerate(s.columns[p * 3:p * 3 + 3]):
                if col:
                    ones += map(t["cols"][z].__getitem__, col)
                    ones.append(t["tops"][z][col[-1]])
                    idx.append(h + z)
                    val.append(len(col) / 10)
            o, base = b["sci"], p * 15
            idx += (b["hand_count"], b["tokens"], b["turns"], *range(o, o + 15))
            val += (len(s.hands[p]) / 10, s.tokens[p] / 50, s.turns[p] / 100, *[k / 5 for k in s.scientists[base:base + 15]])
            f0, f1, f2 = s.flags[p * 3:p * 3 + 3]
            o = b["flags"]
            ones += (o + f0, o + TRACK_LEN + f1, o + 2 * TRACK_LEN + f2, b["board"] + BOARD_OF[s.boards[p]])
            achieved = s.achieved[p]
            if achieved:
                o = b["achieved"]
                ones += [o + OBJ[oid] for i, oid in enumerate(s.objectives) if achieved >> i & 1]
        ones += map(self.pool_table.__getitem__, s.pool)
        ones += map(self.discard_table.__getitem__, s.discard)
        ones += [self.scoring + SCORING[c] for c in s.scoring_cards]
        for i, oid in enumerate(s.objectives):
            o = self.objectives + 5 * OBJ[oid]
            ones += (o, o + 2 + STATUS_OF[s.objective_status[i]])
            idx.append(o + 1)
            val.append(s.objective_tokens[i] / 5)
        ones.append(self.first + (s.first_player - me) % players)
        if s.pending:
            top = s.pending[-1]
            rel = (top.seat - me) % players
            ones += (self.to_act + rel, self.dseat + rel, self.kind + KIND[top.kind])
            idx.append(self.discarded)
            val.append((top.discarded if isinstance(top, (Mulligan, RegroupDiscard)) else 0) / 5)
        idx += (self.deck, self.misc, self.misc + 1)
        val += (len(s.deck) / 90, s.round / 100, s.ply / 1000)
        for i, flag in enumerate((s.refresh_used_this_round, s.refreshed_this_turn, s.end_triggered)):
            if flag:
                ones.append(self.misc + 2 + i)
        ones.append(self.reason + REASON_OF[s.end_reason])


ENCODER = BorealisEncoder

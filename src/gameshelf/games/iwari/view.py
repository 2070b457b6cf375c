"""Iwari encoding, per-seat views (R27) and determinization for search bots.

``encode`` is the full state as JSON; a view is the encoding without the deck order, the chance
stream and other seats' hands (their sizes stay); ``determinize`` deals the unseen cards at random
and reseeds the chance stream, then decodes.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.games.iwari.catalog import (BIOME_INDEX, BIOMES, EXPEDITION_INDEX, EXPEDITIONS, FEAT_INDEX,
                                           FEATS, MAPS, NB, deck_counts)
from gameshelf.games.iwari.state import PHASES, State

BIOME_IDS = tuple(b.id for b in BIOMES)


def _cards(counts: list[int]) -> list[str]:
    return [BIOME_IDS[b] for b in range(NB) for _ in range(counts[b])]


def _counts(cards: list[str]) -> list[int]:
    out = [0] * NB
    for c in cards:
        out[BIOME_INDEX[c]] += 1
    return out


def encode(s: State) -> dict[str, Any]:
    m = s.map
    T = len(m.territories)
    return {
        "game": "iwari", "map": m.id, "players": s.players, "tribes": s.ntribes,
        "options": dict(s.options),
        "mountains": [ln.n for ln in m.lines if s.blocked[ln.index]],
        "start": s.start, "current": s.current, "ply": s.ply, "phase": PHASES[s.phase],
        "deck": [BIOME_IDS[b] for b in s.deck], "deck_size": len(s.deck),
        "discard": {BIOME_IDS[b]: s.discard[b] for b in range(NB)},
        "display": _cards(s.display),
        "hands": [_cards(s.hands[p * NB:(p + 1) * NB]) for p in range(s.players)],
        "hand_sizes": [sum(s.hands[p * NB:(p + 1) * NB]) for p in range(s.players)],
        "exhaustions": s.exhaustions,
        "tents": {m.space_ids[sp]: o for sp, o in enumerate(s.owner) if o >= 0},
        "totems": {m.territories[t].id: s.totems[t::T] for t in range(T) if s.ktot[t]},
        "supply": [{"tents": s.supply_tents[p], "totems": s.supply_totems[p]} for p in range(s.ntribes)],
        "territory_feats": {m.territories[t].id: n for t, n in enumerate(s.terr_feats) if n},
        "line_feats": {str(m.lines[i].n): n for i, n in enumerate(s.line_feats) if n},
        "feats_earned": {f.id: list(s.feat_earned[f.index]) for f in FEATS},
        "feat_tokens": [[FEATS[f].id, m.territories[x].id if FEATS[f].goes_on == "territory"
                         else str(m.lines[x].n)] for f, x in s.feat_log],
        "feat_interim": {f.id: list(s.feat_interim[f.index * s.ntribes:(f.index + 1) * s.ntribes])
                         for f in FEATS},
        "expeditions": [EXPEDITIONS[i].id for i in s.expeditions],
        "expeditions_scored": [list(x) for x in s.exp_scored],
        "scores": list(s.score), "interim": list(s.interim), "expedition_points": list(s.exp_points),
        "final": [dict(f) for f in s.final] if s.final else None, "end_reason": s.end_reason,
        "pending": {
            "tribe": s.p_tribe, "territory": m.territories[s.p_terr].id if s.p_terr >= 0 else None,
            "pieces": s.p_pieces, "cards": s.p_cards, "unexplored": s.p_unexplored,
            "filled": m.territories[s.p_filled].id if s.p_filled >= 0 else None,
            "own_cards": s.own_cards, "feat_queue": [FEATS[f].id for f in s.feat_queue],
            "drafting": s.drafting, "draft_left": s.draft_left,
        },
        "chance": s.chance.position,
    }


def view(s: State, seat: int | None) -> dict[str, Any]:
    """R27: everything public, the seat's own hand; deck order and other hands never."""
    v = encode(s)
    del v["deck"], v["chance"]
    hands = v.pop("hands")
    v["seat"] = seat
    v["hand"] = hands[seat] if seat is not None else None
    return v


def determinize(v: dict[str, Any], chance: Chance) -> State:
    """A full state consistent with ``v``: unseen cards dealt from ``chance``, chance reseeded."""
    seat = v["seat"]
    pool = deck_counts(v["players"])
    seen = _counts(v["display"])
    for b, n in v["discard"].items():
        seen[BIOME_INDEX[b]] += n
    if seat is not None:
        seen = [a + b for a, b in zip(seen, _counts(v["hand"]))]
    unseen = [BIOME_IDS[b] for b in range(NB) for _ in range(pool[b] - seen[b])]
    chance.shuffle(unseen)
    hands = []
    for p, size in enumerate(v["hand_sizes"]):
        if p == seat:
            hands.append(list(v["hand"]))
        else:
            hands.append([unseen.pop() for _ in range(size)])
    data = dict(v, hands=hands, deck=unseen, chance=chance.next64())
    return decode(data)


def decode(d: dict[str, Any]) -> State:
    """The inverse of :func:`encode`."""
    m = MAPS[d["map"]]
    T, nt = len(m.territories), d["tribes"]
    s = State()
    s.map, s.players, s.ntribes, s.options = m, d["players"], nt, dict(d["options"])
    s.feats_on = s.options["feats"] == "on"
    s.exp_on = s.options["expeditions"] == "on"
    s.third_ends = s.options["third_tribe_ends_game"] == "on"
    s.blocked = tuple(ln.n in d["mountains"] for ln in m.lines)
    s.adj = m.adjacency(s.blocked)
    s.start, s.current, s.ply, s.phase = d["start"], d["current"], d["ply"], PHASES.index(d["phase"])
    s.chance = Chance(d["chance"])
    s.deck = [BIOME_INDEX[c] for c in d["deck"]]
    s.discard = [d["discard"][b] for b in BIOME_IDS]
    s.display = _counts(d["display"])
    s.hands = [n for h in d["hands"] for n in _counts(h)]
    s.exhaustions = d["exhaustions"]
    s.owner = [-1] * len(m.space_ids)
    s.tents, s.totems, s.filled, s.ktot = [0] * (nt * T), [0] * (nt * T), [0] * T, [0] * T
    for sid, o in d["tents"].items():
        sp = m.space_index[sid]
        t = m.space_terr[sp]
        s.owner[sp] = o
        s.tents[o * T + t] += 1
        s.filled[t] += 1
    for tid, counts in d["totems"].items():
        t = m.terr_index[tid]
        for p, n in enumerate(counts):
            s.totems[p * T + t] = n
        s.ktot[t] = sum(counts)
    s.supply_tents = [x["tents"] for x in d["supply"]]
    s.supply_totems = [x["totems"] for x in d["supply"]]
    s.terr_feats = [d["territory_feats"].get(t.id, 0) for t in m.territories]
    s.line_feats = [d["line_feats"].get(str(ln.n), 0) for ln in m.lines]
    s.feat_earned = [tuple(d["feats_earned"][f.id]) for f in FEATS]
    s.feat_log = tuple((FEAT_INDEX[f], m.terr_index[x] if FEATS[FEAT_INDEX[f]].goes_on == "territory"
                        else m.line_index[int(x)]) for f, x in d["feat_tokens"])
    s.feat_interim = tuple(n for f in FEATS for n in d["feat_interim"][f.id])
    s.expeditions = tuple(EXPEDITION_INDEX[e] for e in d["expeditions"])
    s.exp_scored = [tuple(x) for x in d["expeditions_scored"]]
    s.score, s.interim, s.exp_points = list(d["scores"]), list(d["interim"]), list(d["expedition_points"])
    s.final = tuple(dict(f) for f in d["final"]) if d["final"] else None
    s.end_reason = d["end_reason"]
    p = d["pending"]
    s.p_tribe, s.p_pieces, s.p_cards, s.p_unexplored = p["tribe"], p["pieces"], p["cards"], p["unexplored"]
    s.p_terr = m.terr_index[p["territory"]] if p["territory"] else -1
    s.p_filled = m.terr_index[p["filled"]] if p["filled"] else -1
    s.own_cards, s.drafting, s.draft_left = p["own_cards"], p["drafting"], p["draft_left"]
    s.feat_queue = tuple(FEAT_INDEX[f] for f in p["feat_queue"])
    return s

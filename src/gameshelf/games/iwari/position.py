"""Iwari positions: the whole state as readable JSON (ids from the catalogue, hidden parts included)
and back, validated. The format is documented with an example in docs/positions/iwari.md.

Tribes are numbers: the seats 0..players-1, and with 2 players the third tribe is tribe 2 (R39).
Cards are biome ids; the deck lists its cards bottom first (the last is the top card). Derived
counts (supplies, per-territory counts, feat multipliers, hand sizes) are not part of a position:
they follow from the pieces on the board and the feat tokens placed.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadOption, BadPosition
from gameshelf.games.iwari.catalog import (BIOME_INDEX, BIOMES, DISPLAY, EXPEDITION_INDEX, EXPEDITIONS,
                                           EXPEDITIONS_FACE_UP, FEAT_INDEX, FEATS, HAND, MAPS, MOUNTAINS, NB,
                                           TENTS, THIRD_TRIBE_PLAYERS, TOTEMS, deck_counts)
from gameshelf.games.iwari.decisions import KIND_NAME, KINDS, PlaceFeatToken, PlacePieces
from gameshelf.games.iwari.options import SCHEMA, Config
from gameshelf.games.iwari.state import State

BIOME_IDS = tuple(b.id for b in BIOMES)
PLAYER_COUNTS = (2, 3, 4, 5)


def cards(counts: list[int]) -> list[str]:
    return [BIOME_IDS[b] for b in range(NB) for _ in range(counts[b])]


def counts(card_ids: list[str]) -> list[int]:
    out = [0] * NB
    for c in card_ids:
        out[BIOME_INDEX[c]] += 1
    return out


def pending_json(s: State, d) -> dict[str, Any]:
    """One pending decision as JSON: its kind name, seat, and its fields by id."""
    out: dict[str, Any] = {"kind": KIND_NAME[type(d)], "seat": d.seat}
    terrs = s.map.territories
    if isinstance(d, PlacePieces):
        out.update(tribe=d.tribe, territory=terrs[d.terr].id, pieces=d.pieces, cards=d.cards,
                   unexplored=d.unexplored, filled=terrs[d.filled].id if d.filled >= 0 else None)
    elif isinstance(d, PlaceFeatToken):
        out.update(feat=FEATS[d.feat].id, filled=terrs[d.filled].id if d.filled >= 0 else None, cards=d.cards)
    elif hasattr(d, "left"):
        out["left"] = d.left
    return out


def public(s: State) -> dict[str, Any]:
    """What every seat sees (R27), in position form: shared by views and positions."""
    m = s.map
    T = len(m.territories)
    nt = s.ntribes
    return {
        "game": "iwari", "players": s.players, "options": s.config.to_options(),
        "mountains": [ln.n for ln in m.lines if s.blocked[ln.index]],
        "start": s.start, "current": s.current, "ply": s.ply,
        "discard": {BIOME_IDS[b]: s.discard[b] for b in range(NB)},
        "display": cards(s.display), "exhaustions": s.exhaustions,
        "tents": {m.space_ids[sp]: o for sp, o in enumerate(s.owner) if o >= 0},
        "totems": {m.territories[t].id: s.totems[t::T] for t in range(T) if s.ktot[t]},
        "feats_earned": {f.id: list(s.feat_earned[f.index]) for f in FEATS},
        "feat_tokens": [[FEATS[f].id, m.territories[x].id if FEATS[f].goes_on == "territory"
                         else str(m.lines[x].n)] for f, x in s.feat_log],
        "feat_interim": {f.id: list(s.feat_interim[f.index * nt:(f.index + 1) * nt]) for f in FEATS},
        "expeditions": [EXPEDITIONS[i].id for i in s.expeditions],
        "expeditions_scored": [list(x) for x in s.exp_scored],
        "scores": list(s.score), "interim": list(s.interim), "expedition_points": list(s.exp_points),
        "final": [dict(f) for f in s.final] if s.final else None, "end_reason": s.end_reason,
        "pending": [pending_json(s, d) for d in s.pending],
    }


def position(s: State) -> dict[str, Any]:
    """The whole state: the public part, every hand, the deck order and the chance stream."""
    p = public(s)
    p["hands"] = [cards(s.hands[i * NB:(i + 1) * NB]) for i in range(s.players)]
    p["deck"] = [BIOME_IDS[b] for b in s.deck]
    p["chance"] = s.chance.position
    return p


# ---- decoding (trusted data: positions already validated, and views for determinize) ---------------

def decode(d: dict[str, Any]) -> State:
    """A state from position data (no validation: see :func:`from_position`)."""
    config = Config.from_options(d["options"])
    m = MAPS[config.map]
    s = State()
    s.map, s.players, s.config = m, d["players"], config
    s.ntribes = nt = s.players + (1 if s.players in THIRD_TRIBE_PLAYERS else 0)
    s.blocked = tuple(ln.n in d["mountains"] for ln in m.lines)
    s.adj = m.adjacency(s.blocked)
    s.start, s.current, s.ply = d["start"], d["current"], d["ply"]
    s.chance = Chance(d["chance"])
    s.deck = [BIOME_INDEX[c] for c in d["deck"]]
    s.discard = [d["discard"][b] for b in BIOME_IDS]
    s.display = counts(d["display"])
    s.hands = [n for h in d["hands"] for n in counts(h)]
    s.exhaustions = d["exhaustions"]
    _decode_board(s, d, m, nt)
    s.expeditions = tuple(EXPEDITION_INDEX[e] for e in d["expeditions"])
    s.exp_scored = [tuple(x) for x in d["expeditions_scored"]]
    s.score, s.interim, s.exp_points = list(d["scores"]), list(d["interim"]), list(d["expedition_points"])
    s.final = tuple(dict(f) for f in d["final"]) if d["final"] else None
    s.end_reason = d["end_reason"]
    s.pending = [_decision(m, p) for p in d["pending"]]
    return s


def _decode_board(s: State, d: dict[str, Any], m, nt: int) -> None:
    T = len(m.territories)
    s.owner = [-1] * len(m.space_ids)
    s.tents, s.totems, s.filled, s.ktot = [0] * (nt * T), [0] * (nt * T), [0] * T, [0] * T
    for sid, o in d["tents"].items():
        sp = m.space_index[sid]
        t = m.space_terr[sp]
        s.owner[sp] = o
        s.tents[o * T + t] += 1
        s.filled[t] += 1
    for tid, per_tribe in d["totems"].items():
        t = m.terr_index[tid]
        for p, n in enumerate(per_tribe):
            s.totems[p * T + t] = n
        s.ktot[t] = sum(per_tribe)
    s.supply_tents = [TENTS - sum(s.tents[p * T:(p + 1) * T]) for p in range(nt)]
    s.supply_totems = [TOTEMS - sum(s.totems[p * T:(p + 1) * T]) for p in range(nt)]
    s.feat_log = tuple((FEAT_INDEX[f], m.terr_index[x] if FEATS[FEAT_INDEX[f]].goes_on == "territory"
                        else m.line_index[int(x)]) for f, x in d["feat_tokens"])
    s.terr_feats, s.line_feats = [0] * T, [0] * len(m.lines)
    for f, x in s.feat_log:
        (s.terr_feats if FEATS[f].goes_on == "territory" else s.line_feats)[x] += 1
    s.feat_earned = [tuple(d["feats_earned"][f.id]) for f in FEATS]
    s.feat_interim = tuple(n for f in FEATS for n in d["feat_interim"][f.id])


def _terr(m, tid) -> int:
    return -1 if tid is None else m.terr_index[tid]


def _decision(m, p: dict[str, Any]):
    cls = KINDS[p["kind"]]
    if cls is PlacePieces:
        return PlacePieces(p["seat"], p["tribe"], m.terr_index[p["territory"]], p["pieces"], p["cards"],
                           p["unexplored"], _terr(m, p["filled"]))
    if cls is PlaceFeatToken:
        return PlaceFeatToken(p["seat"], FEAT_INDEX[p["feat"]], _terr(m, p["filled"]), p["cards"])
    if "left" in p:
        return cls(p["seat"], p["left"])
    return cls(p["seat"])


# ---- validation ---------------------------------------------------------------------------------

KEYS = frozenset({"game", "players", "options", "mountains", "start", "current", "ply", "discard", "display",
                  "exhaustions", "tents", "totems", "feats_earned", "feat_tokens", "feat_interim", "expeditions",
                  "expeditions_scored", "scores", "interim", "expedition_points", "final", "end_reason",
                  "pending", "hands", "deck", "chance"})
FINAL_PARTS = ("tents", "settlements", "totems", "long_road")


def from_position(data: Any) -> State:
    """A validated state; BadPosition names the first problem found."""
    config = _check(data)
    try:
        s = decode(dict(data, options=config.to_options()))
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise BadPosition(f"malformed position: {exc!r}") from None
    _check_state(s)
    return s


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise BadPosition(message)


def _known(value: Any, known) -> bool:
    return isinstance(value, str) and value in known


def _int(value: Any, what: str, lo: int = 0, hi: int = 10**9) -> int:
    _require(type(value) is int and lo <= value <= hi, f"{what} must be a whole number from {lo} to {hi}")
    return value


def _ints(value: Any, what: str, n: int, lo: int = 0, hi: int = 10**9) -> list[int]:
    _require(isinstance(value, list) and len(value) == n, f"{what} must list {n} numbers")
    return [_int(v, f"each of {what}", lo, hi) for v in value]


def _ids(value: Any, what: str, known, most: int = 10**6) -> list:
    _require(isinstance(value, list) and len(value) <= most, f"{what} must be a list of at most {most}")
    for v in value:
        _require(_known(v, known), f"{what}: {v!r} is not one of {', '.join(map(str, known))}")
    return value


def _mapping(value: Any, what: str) -> dict:
    _require(isinstance(value, dict), f"{what} must be a mapping")
    return value


def _check(d: Any) -> Config:
    _require(isinstance(d, dict), "a position is a mapping")
    missing, unknown = KEYS - set(d), set(d) - KEYS
    _require(not missing, f"missing: {', '.join(sorted(missing))}")
    _require(not unknown, f"unknown keys: {', '.join(sorted(map(str, unknown)))}")
    _require(d["game"] == "iwari", "game must be 'iwari'")
    _require(type(d["players"]) is int and d["players"] in PLAYER_COUNTS, "players must be 2, 3, 4 or 5")
    config = resolve_options(d["options"])
    players = d["players"]
    nt = players + (1 if players in THIRD_TRIBE_PLAYERS else 0)
    m = MAPS[config.map]
    _int(d["start"], "start", 0, players - 1)
    _int(d["current"], "current", 0, players - 1)
    _int(d["ply"], "ply", 0, 10**6)
    _int(d["chance"], "chance", 0, 2**64 - 1)
    _int(d["exhaustions"], "exhaustions", 0, 2)
    _check_mountains(d["mountains"], m, players)
    _check_cards(d, players)
    _check_board(d, m, nt)
    _check_feats(d, m, players, nt, config)
    _check_expeditions(d, players, config)
    _check_scores(d, nt)
    _check_pending(d, m, players, nt)
    return config


def resolve_options(raw: Any) -> Config:
    _mapping(raw, "options")
    try:
        return Config.from_options(SCHEMA.resolve(raw))
    except BadOption as exc:
        raise BadPosition(f"options: {exc.message}") from None


def _check_mountains(value: Any, m, players: int) -> None:
    """Setup step 3 blocks 6 - players alliance lines (one per icon size; a position for a test
    or a puzzle may block fewer, or others)."""
    numbers = {ln.n for ln in m.lines}
    _require(isinstance(value, list) and all(type(n) is int and n in numbers for n in value)
             and len(set(value)) == len(value), f"mountains must list different alliance lines of map {m.id}")
    _require(len(value) <= MOUNTAINS[players], f"at most {MOUNTAINS[players]} mountains with {players} players")


def _check_cards(d: dict, players: int) -> None:
    """Every card in exactly one place (2.2): deck, display, discard pile or a hand."""
    _ids(d["deck"], "deck", BIOME_IDS)
    _ids(d["display"], "display", BIOME_IDS, DISPLAY)
    hands = d["hands"]
    _require(isinstance(hands, list) and len(hands) == players, f"hands must list {players} hands")
    for i, h in enumerate(hands):
        _ids(h, f"hand {i}", BIOME_IDS, HAND)
    discard = _mapping(d["discard"], "discard")
    _require(set(discard) == set(BIOME_IDS), f"discard must count each biome: {', '.join(BIOME_IDS)}")
    for b in BIOME_IDS:
        _int(discard[b], f"discard {b}")
    total = counts(d["deck"] + d["display"] + [c for h in hands for c in h])
    for b, n in enumerate(deck_counts(players)):
        have = total[b] + discard[BIOME_IDS[b]]
        _require(have == n, f"there are {n} {BIOME_IDS[b]} cards with {players} players, not {have}")


def _check_board(d: dict, m, nt: int) -> None:
    tents = _mapping(d["tents"], "tents")
    per_tribe = [0] * nt
    for sid, tribe in tents.items():
        _require(sid in m.space_index, f"tents: {sid!r} is not a tent space of map {m.id}")
        per_tribe[_int(tribe, f"the tribe on {sid}", 0, nt - 1)] += 1
    _require(max(per_tribe) <= TENTS, f"a tribe has {TENTS} tents (2.3), not {max(per_tribe)}")
    totems = _mapping(d["totems"], "totems")
    per_tribe = [0] * nt
    for tid, stack in totems.items():
        _require(tid in m.terr_index, f"totems: {tid!r} is not a territory of map {m.id}")
        for p, n in enumerate(_ints(stack, f"totems in {tid}", nt)):
            per_tribe[p] += n
    _require(max(per_tribe) <= TOTEMS, f"a tribe has {TOTEMS} totems (2.3), not {max(per_tribe)}")


def _check_feats(d: dict, m, players: int, nt: int, config: Config) -> None:
    earned = _mapping(d["feats_earned"], "feats_earned")
    _require(set(earned) == set(FEAT_INDEX), f"feats_earned must list each feat: {', '.join(FEAT_INDEX)}")
    for f in FEATS:
        seats = earned[f.id]
        _require(isinstance(seats, list) and len(seats) <= (f.tokens if config.feats else 0)
                 and len(set(map(str, seats))) == len(seats),
                 f"feats_earned {f.id}: at most {f.tokens} different seats (R48), none with feats off")
        for seat in seats:
            _int(seat, f"a seat that earned {f.id} (R45: never the third tribe)", 0, players - 1)
    tokens = d["feat_tokens"]
    _require(isinstance(tokens, list), "feat_tokens must be a list of [feat, target] pairs")
    used = dict.fromkeys(FEAT_INDEX, 0)
    lines = {str(ln.n) for ln in m.lines}
    for pair in tokens:
        _require(isinstance(pair, list) and len(pair) == 2 and _known(pair[0], FEAT_INDEX),
                 f"feat_tokens: {pair!r} is not a [feat, target] pair")
        f = FEATS[FEAT_INDEX[pair[0]]]
        _require(_known(pair[1], m.terr_index if f.goes_on == "territory" else lines),
                 f"feat_tokens: {pair[1]!r} is not a {'territory' if f.goes_on == 'territory' else 'line'} "
                 f"of map {m.id}")
        used[f.id] += 1
        _require(used[f.id] <= len(earned[f.id]), f"more {f.id} tokens placed than earned (R54)")
    interim = _mapping(d["feat_interim"], "feat_interim")
    _require(set(interim) == set(FEAT_INDEX), "feat_interim must list each feat")
    for f in FEATS:
        _ints(interim[f.id], f"feat_interim {f.id}", nt)


def _check_expeditions(d: dict, players: int, config: Config) -> None:
    face_up = _ids(d["expeditions"], "expeditions", EXPEDITION_INDEX)
    most = EXPEDITIONS_FACE_UP if config.expeditions else 0
    _require(len(face_up) <= most and len(set(face_up)) == len(face_up),
             f"expeditions must list at most {most} different cards (R60; none with expeditions off)")
    scored = d["expeditions_scored"]
    _require(isinstance(scored, list) and len(scored) == len(face_up),
             "expeditions_scored must list one entry per face-up card")
    for seats in scored:
        _require(isinstance(seats, list) and len(seats) <= 2 and len(set(map(str, seats))) == len(seats),
                 "each expedition card scores for at most 2 different seats (R63)")
        for seat in seats:
            _int(seat, "a seat that scored an expedition", 0, players - 1)


def _check_scores(d: dict, nt: int) -> None:
    scores = _ints(d["scores"], "scores", nt)
    interim = _ints(d["interim"], "interim", nt)
    exp = _ints(d["expedition_points"], "expedition_points", nt)
    final = d["final"]
    _require(d["end_reason"] in (None, "deck", "all_tents"), "end_reason must be null, 'deck' or 'all_tents'")
    _require((final is None) == (d["end_reason"] is None), "final scores exist exactly when the game has ended")
    parts = [0] * nt
    if final is not None:
        _require(isinstance(final, list) and len(final) == nt, f"final must list {nt} breakdowns")
        for p, f in enumerate(final):
            _require(isinstance(f, dict) and set(f) == set(FINAL_PARTS), f"final {p}: keys {', '.join(FINAL_PARTS)}")
            parts[p] = sum(_int(f[k], f"final {p} {k}") for k in FINAL_PARTS)
    for p in range(nt):
        _require(scores[p] == interim[p] + exp[p] + parts[p],
                 f"score {p} must be its interim, expedition and final points (R80)")


def _check_pending(d: dict, m, players: int, nt: int) -> None:
    stack = d["pending"]
    _require(isinstance(stack, list) and len(stack) <= len(FEATS), "pending must be a list of decisions")
    _require(bool(stack) == (d["end_reason"] is None), "a decision is pending exactly while the game goes on")
    for p in stack:
        _check_decision(p, d["current"], m, players, nt)
    _check_stack_fits(d, stack, players, nt)
    kinds = [p["kind"] for p in stack]
    _require(len(stack) <= 1 or (set(kinds) == {"place_feat"} and len({p["feat"] for p in stack}) == len(stack)),
             "only earned feat tokens (different feats) wait below the top decision")


def _check_decision(p: Any, current: int, m, players: int, nt: int) -> None:
    _require(isinstance(p, dict) and _known(p.get("kind"), KINDS), f"pending: {p!r} is not a decision "
             f"(kinds: {', '.join(KINDS)})")
    kind = p["kind"]
    want = set(DECISION_FIELDS[kind])
    _require(set(p) == want, f"pending {kind}: fields {', '.join(sorted(want))}")
    _require(p["seat"] == current and type(p["seat"]) is int, f"pending {kind}: seat must be current ({current})")
    for name in want & {"territory", "filled"}:
        _require(_known(p[name], m.terr_index) or (name == "filled" and p[name] is None),
                 f"pending {kind}: {name} {p[name]!r} is not a territory of map {m.id}")
    if kind == "place_pieces":
        _require(p["tribe"] in (current, players if nt > players else current) and type(p["tribe"]) is int,
                 "pending place_pieces: tribe must be the current seat or the third tribe")
        _int(p["pieces"], "pending place_pieces pieces", 0, 2)
        _int(p["cards"], "pending place_pieces cards", 0, 2 * HAND)
        _require(type(p["unexplored"]) is bool, "pending place_pieces: unexplored must be true or false")
    if kind == "place_feat":
        _require(_known(p["feat"], FEAT_INDEX), f"pending place_feat: {p['feat']!r} is not a feat")
        _int(p["cards"], "pending place_feat cards", 1, HAND)
    if kind == "draft_pick":
        _int(p["left"], "pending draft_pick left", 1, players)


def _check_stack_fits(d: dict, stack: list, players: int, nt: int) -> None:
    """What each pending decision needs of the rest of the position."""
    for p in stack:
        kind = p["kind"]
        if kind in ("draw", "draft_pick"):
            _require(len(d["hands"][p["seat"]]) < HAND, f"pending {kind}: the hand already holds {HAND} cards")
        if kind == "place_feat":
            _require(p["seat"] in d["feats_earned"][p["feat"]], f"pending place_feat: seat {p['seat']} has not "
                     f"earned {p['feat']} (R48)")
        if kind == "third_tribe_target":
            _require(nt > players, "pending third_tribe_target: there is a third tribe only with 2 players")


DECISION_FIELDS = {
    "choose_action": ("kind", "seat"), "third_tribe_target": ("kind", "seat"), "draw": ("kind", "seat"),
    "draft_pick": ("kind", "seat", "left"),
    "place_pieces": ("kind", "seat", "tribe", "territory", "pieces", "cards", "unexplored", "filled"),
    "place_feat": ("kind", "seat", "feat", "filled", "cards"),
}


def _check_state(s: State) -> None:
    """The rules' invariants on the decoded state, and a pending decision that can be taken."""
    from gameshelf.games.iwari.invariants import check_invariants
    from gameshelf.games.iwari.rules import legal_actions

    try:
        check_invariants(s)
        legal = legal_actions(s)
    except AssertionError as exc:
        raise BadPosition(f"the position breaks a rule: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise BadPosition(f"inconsistent position: {exc!r}") from None
    _require(bool(legal) or not s.pending, f"the pending decision {s.pending[-1].KIND if s.pending else ''} "
             "has no legal action")

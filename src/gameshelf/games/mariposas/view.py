"""Views, encoding and determinization (R51, A36): hands, the draw pile order, face-down waystation
markers and face-down season goal cards are hidden; everything else is public."""

from __future__ import annotations

from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.games.mariposas.actions import CARD_KINDS
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.state import (
    CATEGORIES, NSLOT, PENDING_NAMES, REMOVED, SUPPLY, State, blank, card_loc,
)

ACT = CAT.action_ids
SP = CAT.space_ids
NLIFE = len(CAT.lifecycle_ids)


def _loc_name(x: int) -> str:
    if x >= 0:
        return SP[x]
    if x == SUPPLY:
        return "supply"
    if x == REMOVED:
        return "removed"
    return f"{CAT.seasons[-10 - x]}_card"          # 2.2: "summer_card" / "fall_card"


def _loc_code(text: str) -> int:
    if text == "supply":
        return SUPPLY
    if text == "removed":
        return REMOVED
    if text.endswith("_card"):
        return card_loc(CAT.seasons.index(text[:-5]))
    return CAT.space_index[text]


def _bits(mask: int, names) -> list[str]:
    return [names[i] for i in range(len(names)) if mask >> i & 1]


def _mask(items, names) -> int:
    m = 0
    for x in items:
        m |= 1 << names.index(x)
    return m


def public(s: State) -> dict[str, Any]:
    """Everything every seat may see."""
    players = []
    for p in range(s.n):
        base = p * NSLOT
        players.append({
            "score": sum(s.pts[p]),
            "points": {c: s.pts[p][i] for i, c in enumerate(CATEGORIES)},
            "goal_points": {k: s.gpts[i * s.n + p] for i, k in enumerate(CAT.seasons)},
            "hand_count": len(s.hands[p]),
            "played": [ACT[c] for c in s.played[p]],
            "flowers": dict(zip(CAT.flower_types, s.flowers[p])),
            "lifecycle_cards": _bits(s.life[p], CAT.lifecycle_ids),      # setup: the reference's state names
            "bonus_cards": _bits(s.bonus[p] & ~s.bused[p], CAT.bonus_ids),
            "used_bonus_cards": _bits(s.bused[p], CAT.bonus_ids),
            "abilities": _bits(s.abil[p], CAT.ability_ids),
            "butterflies": [{"slot": i, "gen": CAT.slot_gen[i], "at": _loc_name(s.loc[base + i]),
                             "double": bool(s.dbl[base + i])} for i in range(NSLOT)],
        })
    return {
        "game": "mariposas", "players": players, "season": CAT.seasons[s.season], "turn_no": s.turn_no,
        "first": s.first, "cur": s.cur, "extra": s.extra[:], "in_extra": s.in_extra,
        "deck_count": len(s.deck), "discard": [ACT[c] for c in s.discard],
        "waystations": {SP[c]: (CAT.marker_ids[s.way[i]] if s.way_up >> i & 1 else None)
                        for i, c in enumerate(CAT.cities)},
        "goals": {CAT.seasons[k]: (CAT.goals[s.goals[k]].id if s.goal_up[k] else None) for k in range(3)},
        "ability_rows": dict(zip(CAT.lifecycle_colors, (CAT.ability_ids[a] for a in s.rows))),
        "card_supply": _card_supply(s),
        "pending": PENDING_NAMES[s.pending], "actor": s.actor,
        "turn": {"start": [_loc_name(x) for x in s.start], "collected": _bits(s.collected, SP),
                 "segments_left": [x >> 1 for x in s.seg_left], "segment_codes": s.seg_left[:],
                 "group": s.group, "plus2": s.plus2, "extra1": s.extra1, "adjacent": s.cur_adj,
                 "slot": s.cur_slot, "steps_left": s.steps, "land_stage": s.land_stage,
                 "pay_left": s.pay_left, "takes": s.takes, "queue": s.queue[:],
                 "setup_phase": s.setup_phase},
        "over": s.over, "ply": s.ply,
    }


def _card_supply(s: State) -> dict[str, int]:
    """Life cycle and bonus move cards left beside the waystation board: N copies of each kind (setup 12-13)."""
    out = {k: s.n - sum(1 for p in range(s.n) if s.life[p] >> i & 1) for i, k in enumerate(CAT.lifecycle_ids)}
    out.update({k: s.n - sum(1 for p in range(s.n) if s.bonus[p] >> i & 1) for i, k in enumerate(CAT.bonus_ids)})
    return out


def view(s: State, seat: int | None) -> dict[str, Any]:
    v = public(s)
    v["seat"] = seat
    v["hand"] = [ACT[c] for c in s.hands[seat]] if seat is not None else None
    return v


def encode(s: State) -> dict[str, Any]:
    v = public(s)
    v["hands"] = [[ACT[c] for c in h] for h in s.hands]
    v["deck"] = [ACT[c] for c in s.deck]
    v["way_all"] = [CAT.marker_ids[m] for m in s.way]
    v["goals_all"] = [CAT.goals[g].id for g in s.goals]
    v["chance"] = s.chance.position
    return v


def decode_public(v: dict[str, Any], chance: Chance) -> State:
    """A state with every public field restored; hidden fields are left for the caller."""
    players = v["players"]
    s = blank(len(players), chance)
    for p, d in enumerate(players):
        s.pts[p] = [d["points"][c] for c in CATEGORIES]
        for i, k in enumerate(CAT.seasons):
            s.gpts[i * s.n + p] = d["goal_points"][k]
        s.played[p] = [ACT.index(c) for c in d["played"]]
        s.flowers[p] = [d["flowers"][f] for f in CAT.flower_types]
        s.life[p] = _mask(d["lifecycle_cards"], CAT.lifecycle_ids)
        s.bused[p] = _mask(d["used_bonus_cards"], CAT.bonus_ids)
        s.bonus[p] = _mask(d["bonus_cards"], CAT.bonus_ids) | s.bused[p]
        s.abil[p] = _mask(d["abilities"], CAT.ability_ids)
        for b in d["butterflies"]:
            s.loc[p * NSLOT + b["slot"]] = _loc_code(b["at"])
            s.dbl[p * NSLOT + b["slot"]] = 1 if b["double"] else 0
    s.season = CAT.seasons.index(v["season"])
    s.turn_no, s.first, s.cur = v["turn_no"], v["first"], v["cur"]
    s.extra, s.in_extra = list(v["extra"]), v["in_extra"]
    s.discard = [ACT.index(c) for c in v["discard"]]
    s.way_up = sum(1 << i for i, c in enumerate(CAT.cities) if v["waystations"][SP[c]] is not None)
    s.goal_up = [v["goals"][k] is not None for k in CAT.seasons]
    s.rows = [CAT.ability_ids.index(v["ability_rows"][c]) for c in CAT.lifecycle_colors]
    s.pending, s.actor = PENDING_NAMES.index(v["pending"]), v["actor"]
    t = v["turn"]
    s.start = [_loc_code(x) for x in t["start"]]
    s.collected = _mask(t["collected"], SP)
    s.seg_left = list(t["segment_codes"])
    s.group, s.plus2, s.extra1, s.cur_adj = t["group"], t["plus2"], t["extra1"], t["adjacent"]
    s.cur_slot, s.steps, s.land_stage = t["slot"], t["steps_left"], t["land_stage"]
    s.pay_left, s.takes, s.queue, s.setup_phase = t["pay_left"], t["takes"], list(t["queue"]), t["setup_phase"]
    s.over, s.ply = v["over"], v["ply"]
    return s


def _known(v: dict[str, Any], seat: int | None) -> list[int]:
    """Action cards not in any visible zone: other hands plus the draw pile."""
    pool = [c for c, k in enumerate(CAT.action_copies) for _ in range(k)]
    seen = [c for d in v["players"] for c in d["played"]] + list(v["discard"])
    if seat is not None:
        seen += v["hand"]
    for c in seen:
        pool.remove(ACT.index(c))
    return pool


def determinize(v: dict[str, Any], chance: Chance) -> State:
    """A full state consistent with the view; hidden parts dealt from ``chance``; stream reseeded."""
    seat = v.get("seat")
    s = decode_public(v, Chance(chance.next64()))
    pool = _known(v, seat)
    chance.shuffle(pool)
    for p, d in enumerate(v["players"]):
        if p == seat:
            s.hands[p] = [ACT.index(c) for c in v["hand"]]
        else:
            s.hands[p] = [pool.pop() for _ in range(d["hand_count"])]
    s.deck = pool
    revealed = {m for m in v["waystations"].values() if m is not None}
    hidden = [i for i, m in enumerate(CAT.marker_ids) if m not in revealed]
    chance.shuffle(hidden)
    s.way = [CAT.marker_ids.index(v["waystations"][SP[c]]) if v["waystations"][SP[c]] else hidden.pop()
             for c in CAT.cities]
    s.goals = [CAT.goal_index[v["goals"][k]] if v["goals"][k] else chance.choice(CAT.goals_by_season[i])
               for i, k in enumerate(CAT.seasons)]
    if s.over:
        from gameshelf.games.mariposas.scoring import outcome
        s.final = outcome(s)
    return s


def decode(e: dict[str, Any]) -> State:
    """The inverse of encode (for tests and saved positions)."""
    s = decode_public(e, Chance(0))
    s.chance._state = e["chance"]
    s.hands = [[ACT.index(c) for c in h] for h in e["hands"]]
    s.deck = [ACT.index(c) for c in e["deck"]]
    s.way = [CAT.marker_ids.index(m) for m in e["way_all"]]
    s.goals = [CAT.goal_index[g] for g in e["goals_all"]]
    if s.over:
        from gameshelf.games.mariposas.scoring import outcome
        s.final = outcome(s)
    return s


__all__ = ["view", "encode", "determinize", "decode", "CARD_KINDS"]

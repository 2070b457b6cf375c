"""Per-seat views (R4, A30) and determinization for search bots.

Public: boards, tokens, pool, discard pile, deck size, scoring cards, objectives. Hidden: other
hands (counts only) and the deck order. ``determinize`` deals the unseen cards at random and
reseeds the state's own chance stream, so a bot cannot predict future shuffles.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.games.borealis.catalog import BOARD_IDS, CARD_IDS
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.state import END_REASONS, OBJ_STATUS_NAMES, PHASE_NAMES, State


def view(s: State, seat: int | None) -> dict[str, Any]:
    players = []
    for p in range(s.n):
        b = p * 15
        players.append({
            "hand": list(s.hands[p]) if p == seat else None,
            "hand_count": len(s.hands[p]),
            "columns": [list(c) for c in s.cols[p * 3:p * 3 + 3]],
            "scientists": [s.sci[b + z * 3:b + z * 3 + 3] for z in range(5)],
            "flags": s.flags[p * 3:p * 3 + 3],
            "tokens": s.tokens[p],
            "board": BOARD_IDS[s.boards[p]],
            "achieved": s.achieved[p],
            "turns": s.turns[p],
        })
    return {
        "game": "borealis",
        "seat": seat,
        "players": players,
        "options": s.cfg.to_options(),
        "first_player": s.first,
        "to_act": None if s.seat < 0 else s.seat,
        "phase": PHASE_NAMES[s.phase],
        "pending_discards": s.pending,
        "round": s.round,
        "ply": s.ply,
        "pool": list(s.pool),
        "discard": list(s.discard),
        "deck_count": len(s.deck),
        "scoring_cards": list(s.scoring),
        "objectives": [{"id": oid, "tokens": s.obj_tokens[i], "status": OBJ_STATUS_NAMES[s.obj_status[i]]}
                       for i, oid in enumerate(s.obj)],
        "refresh_used_this_round": s.refresh_round,
        "refreshed_this_turn": s.turn_refreshed,
        "end_triggered": s.end_triggered,
        "end_reason": END_REASONS[s.end_reason],
    }


def determinize(v: dict[str, Any], chance: Chance) -> State:
    """A full state consistent with ``v``: unseen cards dealt to hidden hands and the deck."""
    s = State.__new__(State)
    players = v["players"]
    s.n = n = len(players)
    s.cfg = Config.from_options(v["options"])
    s.chance = Chance(chance.next64())
    seen = set(v["pool"]) | set(v["discard"])
    for p in players:
        for col in p["columns"]:
            seen.update(col)
        if p["hand"] is not None:
            seen.update(p["hand"])
    unseen = [c for c in CARD_IDS if c not in seen]
    chance.shuffle(unseen)
    s.hands = []
    for p in players:
        if p["hand"] is not None:
            s.hands.append(list(p["hand"]))
        else:
            k = p["hand_count"]
            s.hands.append(unseen[:k])
            unseen = unseen[k:]
    s.deck = unseen
    s.discard = list(v["discard"])
    s.pool = list(v["pool"])
    s.cols = [list(col) for p in players for col in p["columns"]]
    s.sci = [x for p in players for zone in p["scientists"] for x in zone]
    s.flags = [f for p in players for f in p["flags"]]
    s.tokens = [p["tokens"] for p in players]
    s.boards = tuple(BOARD_IDS.index(p["board"]) for p in players)
    s.achieved = [p["achieved"] for p in players]
    s.turns = [p["turns"] for p in players]
    s.scoring = tuple(v["scoring_cards"])
    s.obj = tuple(o["id"] for o in v["objectives"])
    s.obj_tokens = [o["tokens"] for o in v["objectives"]]
    s.obj_status = [OBJ_STATUS_NAMES.index(o["status"]) for o in v["objectives"]]
    s.first = v["first_player"]
    s.seat = -1 if v["to_act"] is None else v["to_act"]
    s.round, s.ply, s.pending = v["round"], v["ply"], v["pending_discards"]
    s.phase = PHASE_NAMES.index(v["phase"])
    s.refresh_round = v["refresh_used_this_round"]
    s.turn_refreshed = v["refreshed_this_turn"]
    s.end_triggered = v["end_triggered"]
    s.end_reason = END_REASONS.index(v["end_reason"])
    assert len(s.deck) == v["deck_count"] or n == 0, "view inconsistent with the catalogue"
    return s


def encode(s: State) -> dict[str, Any]:
    """The full state as JSON (hidden parts and the chance position included)."""
    data = view(s, None)
    data["hands"] = [list(h) for h in s.hands]
    data["deck"] = list(s.deck)
    data["chance"] = s.chance.position
    return data

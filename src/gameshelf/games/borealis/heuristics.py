"""A fast evaluation for greedy / ISMCTS bots: own score estimate minus the best opponent's."""

from __future__ import annotations

from gameshelf.games.borealis.catalog import C_BONUS, C_SPECIES, SET_TABLE, TRACK_STARS
from gameshelf.games.borealis.scoring import Board, score_card
from gameshelf.games.borealis.state import OVER, State


def estimate(s: State, seat: int) -> float:
    """Sets + flags + card stars + tokens + the scoring cards as they stand, plus small
    progress terms (hand size, camp scientists worth a star at the next regroup)."""
    total = s.tokens[seat]
    for i in range(3):
        col = s.cols[seat * 3 + i]
        counts = [0, 0, 0, 0, 0]
        for c in col:
            counts[C_SPECIES[c]] += 1
            total += C_BONUS[c]
        for k in counts:
            total += SET_TABLE[k] if k < len(SET_TABLE) else k * (k - 1) // 2
        total += TRACK_STARS[s.flags[seat * 3 + i]]
    bd = Board.of(s, seat)
    for card_id in s.scoring:
        total += score_card(card_id, bd, s.cfg)
    if s.phase != OVER:
        total += 0.5 * (bd.zones[0] + bd.zones[4]) + 0.3 * len(s.hands[seat])
    return float(total)


def heuristic(s: State, seat: int) -> float:
    mine = estimate(s, seat)
    best_other = max((estimate(s, p) for p in range(s.n) if p != seat), default=0.0)
    return mine - best_other

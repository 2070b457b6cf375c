"""A fast evaluation for greedy / ISMCTS bots: own score estimate minus the best opponent's."""

from __future__ import annotations

from gameshelf.games.borealis.catalog import C_BONUS, C_PATBIT, C_SPECIES, SET_TABLE, TRACK_STARS
from gameshelf.games.borealis.scientists import location_masks
from gameshelf.games.borealis.scoring import Board, score_card
from gameshelf.games.borealis.state import AFTER_REFRESH, DRAW, MULLIGAN, OVER, REGROUP_DISCARD, State


POTENTIAL = 1.5


def progress(s: State) -> float:
    """How close the end is: the longest column of any player over 7 (R36)."""
    if s.phase == OVER:
        return 1.0
    return min(1.0, max(len(c) for c in s.cols) / 7.0)


def estimate(s: State, seat: int, weight: float) -> float:
    """Sets + flags + card stars + tokens, the scoring cards as they stand weighted by how near
    the end is (mid-game they mislead: Common Destination pays for flags still on the start),
    plus small terms for options: cards in play (worth more than their current sets early on),
    camp scientists, hand size and playable hand cards."""
    total = float(s.tokens[seat])
    for i in range(3):
        counts = [0, 0, 0, 0, 0]
        col = s.cols[seat * 3 + i]
        total += POTENTIAL * (1.0 - weight) * len(col)    # future sets and flag steps of a card
        for c in col:
            counts[C_SPECIES[c]] += 1
            total += C_BONUS[c]
        for k in counts:
            total += SET_TABLE[k] if k < len(SET_TABLE) else k * (k - 1) // 2
        total += TRACK_STARS[s.flags[seat * 3 + i]]
    bd = Board.of(s, seat)
    if weight:
        total += weight * sum(score_card(card_id, bd, s.cfg) for card_id in s.scoring)
    if s.phase != OVER:
        total += 0.5 * (bd.zones[0] + bd.zones[4]) + 0.3 * len(s.hands[seat])
        total += 0.6 * playable_cards(s, seat)
        if s.seat == seat:
            if s.phase in (MULLIGAN, REGROUP_DISCARD):
                total += 0.6 * s.pending    # discarded cards come back as fresh draws at "done"
            elif s.phase in (DRAW, AFTER_REFRESH):
                total += 0.6                # the card about to be taken
    return total


def playable_cards(s: State, seat: int) -> int:
    """Hand cards that could be observed somewhere now (options for the next turns)."""
    ml, mc, mr = location_masks(s, seat)
    anywhere = ml | mc | mr
    return sum(1 for c in s.hands[seat] if C_PATBIT[c] & anywhere)


def heuristic(s: State, seat: int) -> float:
    weight = progress(s)
    mine = estimate(s, seat, weight)
    best_other = max((estimate(s, p, weight) for p in range(s.n) if p != seat), default=0.0)
    return mine - best_other

"""A fast evaluation for greedy / ISMCTS bots: own score estimate minus the best opponent's."""

from __future__ import annotations

from functools import lru_cache

from gameshelf.games.borealis.catalog import C_BONUS, C_PATBIT, C_SPECIES, SET_TABLE, TRACK_STARS
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.scientists import location_masks
from gameshelf.games.borealis.scoring import Board, score_card
from gameshelf.games.borealis.state import AFTER_REFRESH, DRAW, MULLIGAN, OVER, REGROUP_DISCARD, State


POTENTIAL = 1.5


def progress(s: State) -> float:
    """How close the end is: the longest column of any player over 7 (R36)."""
    if s.phase == OVER:
        return 1.0
    return min(1.0, max(len(c) for c in s.cols) / 7.0)


def column_points(col: tuple[int, ...]) -> int:
    """Card stars plus the set points of one column (R45, R47)."""
    counts = [0, 0, 0, 0, 0]
    total = 0
    for c in col:
        counts[C_SPECIES[c]] += 1
        total += C_BONUS[c]
    for k in counts:
        total += SET_TABLE[k] if k < len(SET_TABLE) else k * (k - 1) // 2
    return total


@lru_cache(maxsize=8192)
def board_facts(left: tuple[int, ...], center: tuple[int, ...], right: tuple[int, ...],
                flags: tuple[int, ...], sci: tuple[int, ...], scoring: tuple[str, ...],
                cfg: Config) -> tuple[int, int, int, int]:
    """What a board alone is worth, cached (boards change only on their owner's turn):
    (sets + card stars + flag stars, the scoring cards' stars, cards in play, camp scientists)."""
    cols = [list(left), list(center), list(right)]
    fixed = sum(column_points(col) for col in (left, center, right))
    fixed += sum(TRACK_STARS[f] for f in flags)
    zones = [sci[z * 3] + sci[z * 3 + 1] + sci[z * 3 + 2] for z in range(5)]
    bd = Board(cols, zones, list(flags))
    cards = sum(score_card(card_id, bd, cfg) for card_id in scoring)
    return fixed, cards, len(left) + len(center) + len(right), zones[0] + zones[4]


def estimate(s: State, seat: int, weight: float) -> float:
    """Sets + flags + card stars + tokens, the scoring cards as they stand weighted by how near
    the end is (mid-game they mislead: Common Destination pays for flags still on the start),
    plus small terms for options: cards in play (worth more than their current sets early on),
    camp scientists, hand size and playable hand cards."""
    b = seat * 3
    cols = s.cols
    fixed, cards, in_play, camp = board_facts(
        tuple(cols[b]), tuple(cols[b + 1]), tuple(cols[b + 2]), tuple(s.flags[b:b + 3]),
        tuple(s.sci[seat * 15:seat * 15 + 15]), s.scoring, s.cfg)
    total = s.tokens[seat] + fixed + POTENTIAL * (1.0 - weight) * in_play
    if weight:
        total += weight * cards
    if s.phase != OVER:
        hand = s.hands[seat]
        total += 0.5 * camp + 0.3 * len(hand)
        if hand:
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

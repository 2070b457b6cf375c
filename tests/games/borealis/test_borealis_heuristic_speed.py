"""The optimised bot heuristic returns exactly what the plain version returns, on random games."""

import pytest

from gameshelf.games.borealis import GAME
from gameshelf.games.borealis.catalog import CARD_BONUS_STARS, CARD_PATTERN_BIT, CARD_SPECIES, SET_TABLE, TRACK_STARS
from gameshelf.games.borealis.decisions import Mulligan, RegroupDiscard, TakeAfterRefresh, TakeCard
from gameshelf.games.borealis.rules_observe import location_masks
from gameshelf.games.borealis.scoring import Board, score_card
from tests.heuristic_check import assert_heuristic_matches_reference

POTENTIAL = 1.5


def reference_progress(s):
    if GAME.is_over(s):
        return 1.0
    return min(1.0, max(len(c) for c in s.columns) / 7.0)


def reference_playable_cards(s, seat):
    ml, mc, mr = location_masks(s, seat)
    anywhere = ml | mc | mr
    return sum(1 for c in s.hands[seat] if CARD_PATTERN_BIT[c] & anywhere)


def reference_estimate(s, seat, weight):
    total = float(s.tokens[seat])
    for i in range(3):
        counts = [0, 0, 0, 0, 0]
        col = s.columns[seat * 3 + i]
        total += POTENTIAL * (1.0 - weight) * len(col)
        for c in col:
            counts[CARD_SPECIES[c]] += 1
            total += CARD_BONUS_STARS[c]
        for k in counts:
            total += SET_TABLE[k] if k < len(SET_TABLE) else k * (k - 1) // 2
        total += TRACK_STARS[s.flags[seat * 3 + i]]
    bd = Board.of(s, seat)
    if weight:
        total += weight * sum(score_card(card_id, bd, s.config) for card_id in s.scoring_cards)
    if not GAME.is_over(s):
        total += 0.5 * (bd.zones[0] + bd.zones[4]) + 0.3 * len(s.hands[seat])
        total += 0.6 * reference_playable_cards(s, seat)
        top = s.pending[-1]
        if top.seat == seat:
            if isinstance(top, (Mulligan, RegroupDiscard)):
                total += 0.6 * top.discarded
            elif isinstance(top, (TakeCard, TakeAfterRefresh)):
                total += 0.6
    return total


def reference_heuristic(s, seat):
    """The heuristic as first written (before the speed-up), kept as the specification."""
    weight = reference_progress(s)
    mine = reference_estimate(s, seat, weight)
    best_other = max((reference_estimate(s, p, weight) for p in range(s.players) if p != seat), default=0.0)
    return mine - best_other


CONFIGS = [(n, {}) for n in (2, 3, 4)] + [
    (2, {"board_side": "II", "common_destination_counts_start_space": "off"}),
    (3, {"territorial_empty_location_scores": "on"}),
]


@pytest.mark.parametrize("players,options", CONFIGS)
def test_heuristic_equals_the_reference_on_random_games(players, options):
    assert_heuristic_matches_reference(GAME, reference_heuristic, players, options)

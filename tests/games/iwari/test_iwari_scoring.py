"""Scoring: R72-R80, A12, A13, A28; worked examples W3-W10, W12 and test vectors V1, V5; tent
majority and tie cases at 3, 4 and 5 players."""

import pytest

from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.scoring import (final_scoring, score_area, settlement_points, tent_majority,
                                           totem_points)
from iwari_helpers import phase, OVER
from iwari_helpers import P1, P2, P3, change, move_cards, new, tents, totems, supply


def spaces(terr, s):
    t = s.map.territories[s.map.territory_index[terr]]
    return [s.map.space_ids[sp] for sp in t.spaces]


def fill(s, terr, counts):
    """Give tribes 0, 1, 2... the given numbers of tents in ``terr``."""
    free = iter(spaces(terr, s))
    for tribe, n in enumerate(counts):
        tents(s, tribe, *[next(free) for _ in range(n)])


def test_w3_r76_ranks_first_to_fifth():
    """R76: ranks first to fifth."""
    assert score_area([5, 4, 3, 2, 1]) == [15, 5, 4, 3, 2]


def test_w4_r76_tied_tribes_share_the_rank():
    """R76: tied tribes share the rank."""
    s = new(3)
    fill(s, "N03", [2, 2, 1])
    assert tent_majority(s) == [5, 5, 2]


def test_v1_r76_ties_with_four_tribes():
    """R76: ties with four tribes."""
    for terr, counts, want in (("N08", [1, 3, 1, 1], [3, 6, 3, 3]),
                               ("N01", [2, 2, 1, 1], [6, 6, 2, 2]),
                               ("N01", [3, 1, 1, 1], [6, 3, 3, 3])):
        s = new(4)
        fill(s, terr, counts)
        assert tent_majority(s) == want, (terr, counts)


@pytest.mark.parametrize("players,terr,counts,want", [
    (3, "N01", [3, 2, 1], [6, 3, 2]),
    (3, "N01", [2, 2, 2], [6, 6, 6]),
    (3, "N01", [1, 3, 0], [3, 4, 0]),
    (3, "N02", [1, 1, 3], [3, 3, 5]),
    (3, "N01", [4, 0, 0], [4, 0, 0]),
    (4, "N03", [2, 2, 1, 1], [6, 6, 2, 2]),
    (4, "N03", [1, 1, 1, 3], [3, 3, 3, 6]),
    (4, "N03", [2, 1, 0, 2], [5, 2, 0, 5]),
    (4, "N08", [3, 2, 1, 0], [6, 3, 2, 0]),
    (5, "N01", [2, 1, 1, 1, 1], [6, 2, 2, 2, 2]),
    (5, "N02", [1, 1, 1, 1, 1], [5, 5, 5, 5, 5]),
    (5, "N01", [2, 2, 1, 1, 0], [6, 6, 2, 2, 0]),
    (5, "N01", [1, 2, 3, 0, 0], [2, 3, 6, 0, 0]),
    (5, "N03", [0, 1, 1, 2, 2], [0, 2, 2, 6, 6]),
])
def test_r76_majority_and_tie_cases(players, terr, counts, want):
    s = new(players)
    fill(s, terr, counts)
    assert tent_majority(s) == want


def test_r76_a13_next_higher_count_not_position():
    assert score_area([3, 3, 2]) == [8, 8, 3]
    assert score_area([0, 0, 0]) == [0, 0, 0]
    assert score_area([4, 1, 1], multiplier=2) == [12, 8, 8]


def test_w5_r77_settlement_of_five_across_a_border():
    """R77: settlement of five across a border."""
    s = new(3)
    tents(s, P1, "n01", "n02", "n03", "n04", "n07")
    assert settlement_points(s)[P1] == 5


def test_w6_r49_settlement_need_not_be_a_line():
    """R49: settlement need not be a line."""
    s = new(3)
    tents(s, P1, "n01", "n02", "n03", "n05")
    assert settlement_points(s)[P1] == 4


def test_v5_r49_other_tribes_tents_break_connections():
    """R49: other tribes tents break connections."""
    s = new(3)
    tents(s, P1, "n01", "n02", "n03", "n05", "n06", "n22", "n07")
    tents(s, P2, "n04", "n08", "n09", "n10")
    assert settlement_points(s)[:2] == [6, 0]


def test_r77_groups_of_three_score_nothing_and_several_settlements_add():
    s = new(3)
    tents(s, P1, "n01", "n02", "n03")
    assert settlement_points(s)[P1] == 0
    tents(s, P1, "n04", "n46", "n47", "n48", "n49")
    assert settlement_points(s)[P1] == 8


def w7():
    s = new(3)
    tents(s, P1, "n01", "n02", "n03")
    tents(s, P2, "n22", "n23")
    totems(s, P1, "N01", 2)
    totems(s, P2, "N01", 1)
    totems(s, P1, "N05", 1)
    totems(s, P2, "N05", 1)
    return s


def test_w7_r78_most_on_both_sides_scores_both_stacks():
    """R78: most on both sides scores both stacks."""
    assert totem_points(w7())[:2] == [5, 0]


def test_w8_r78_zero_totems_does_not_count():
    """R78: zero totems does not count."""
    s = new(3)
    tents(s, P1, "n01", "n02", "n03")
    totems(s, P1, "N01", 2)
    assert totem_points(s) == [0, 0, 0]


def test_w9_r78_several_qualifying_tribes_all_score():
    """R78: several qualifying tribes all score."""
    s = new(3)
    tents(s, P3, "n46", "n47", "n51", "n52", "n53", "n54")  # M = 2 and 4: room for the totems (R23)
    totems(s, P1, "N10")
    totems(s, P2, "N10")
    totems(s, P1, "N11", 2)
    totems(s, P2, "N11", 2)
    assert totem_points(s)[:2] == [6, 6]


def test_w10_r9_r78_mountain_lines_are_skipped():
    """R9, R78: mountain lines are skipped."""
    s = new(3, blocked=(12,))
    tents(s, P3, "n27", "n28", "n46")
    totems(s, P3, "N06", 2)
    totems(s, P3, "N10", 1)
    assert totem_points(s) == [0, 0, 0]
    s = new(3)
    tents(s, P3, "n27", "n28", "n46")
    totems(s, P3, "N06", 2)
    totems(s, P3, "N10", 1)
    assert totem_points(s) == [0, 0, 3]


def over(s, scores):
    """The game ended by the deck (R34) with these scores (interim points make up the rest)."""
    from gameshelf.games.iwari import rules_draw
    rules_draw.end_game(s, "deck")
    change(s, scores=list(scores), interim=[score - sum(parts.values()) for score, parts in zip(scores, s.final)])
    return GAME.outcome(s)


def test_w12_r79_tie_broken_by_unused_pieces():
    """R79: tie broken by unused pieces."""
    s = new(2)
    over(s, [57, 57, 10])
    supply(s, P1, tents=3, totems=2)
    supply(s, P2, tents=1, totems=5)
    out = GAME.outcome(s)
    assert out.winners == (P2,) and out.ranks == (2, 1)


def test_a28_shared_victory_after_the_tiebreak():
    s = new(3)
    out = over(s, [30, 30, 20])
    assert out.winners == (P1, P2) and out.ranks == (1, 1, 3)


def test_r73_r80_final_breakdown_sums_to_the_score():
    """R80: final breakdown sums to the score."""
    s = w7()
    from gameshelf.games.iwari import rules_draw
    change(s, interim=[4, 0, 0], expedition_points=[0, 3, 0], scores=[4, 3, 0])
    rules_draw.end_game(s, "deck")
    out = GAME.outcome(s)
    for seat in range(3):
        assert sum(out.breakdown[seat].values()) == out.scores[seat]
    assert out.breakdown[P1]["totems"] == 5 and out.breakdown[P1]["tents"] == 3
    assert out.breakdown[P1]["interim"] == 4 and out.breakdown[P2]["expeditions"] == 3
    assert phase(s) == OVER


def test_r72_interim_scores_tents_only():
    s = w7()
    from gameshelf.games.iwari import rules_draw
    tents(s, P1, "n04")
    move_cards(s, 0)
    rules_draw._exhaust(s)
    assert s.interim == tent_majority(s) and s.exhaustions == 1 and s.scores == s.interim


def test_r73_final_parts():
    s = w7()
    tents(s, P1, "n04")
    parts = final_scoring(s)
    assert parts[P1] == {"tents": 4, "settlements": 4, "totems": 5, "long_road": 0}


def test_r74_scores_never_decrease_in_play():
    from gameshelf.core.chance import Chance
    s = new(4, seed=3, feats="on", expeditions="on")
    r = Chance(4)
    last = list(s.scores)
    while not GAME.is_over(s):
        actions = GAME.legal_actions(s)
        GAME.apply(s, actions[r.below(len(actions))])
        assert all(a >= b for a, b in zip(s.scores, last))
        last = list(s.scores)
    assert s.final is not None

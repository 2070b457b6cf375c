"""The bots' heuristic (heuristics.py): it rewards what the scoring rules (R76-R78) will pay."""

from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.heuristics import estimate
from iwari_helpers import P1, P2, P3, new, tents, totems


def test_leading_a_territory_majority_evaluates_higher_r76():
    base = new(3)
    tents(base, P1, "n01")
    tents(base, P2, "n02")
    lead = base.copy()
    tents(lead, P1, "n03")  # P1 now leads N01 2-1
    trail = base.copy()
    tents(trail, P2, "n03")  # P2 leads instead
    assert GAME.heuristic(lead, P1) > GAME.heuristic(base, P1) > GAME.heuristic(trail, P1)
    assert GAME.heuristic(lead, P2) < GAME.heuristic(trail, P2)


def test_a_qualifying_totem_line_is_worth_something_r78():
    s = new(3)
    tents(s, P3, "n20")
    tents(s, P1, "n01", "n22")  # P1 in N01 and N05 (line 4, land)
    lined = s.copy()
    totems(lined, P1, "N01")
    totems(lined, P1, "N05")  # line 4 (N01-N05): P1 most on both sides
    assert estimate(lined)[P1] > estimate(s)[P1]
    assert estimate(lined)[P3] == estimate(s)[P3]


def test_interim_not_yet_scored_weighs_majorities_more_r72():
    s = new(3)
    tents(s, P1, "n01", "n02")
    tents(s, P2, "n03")
    after = s.copy()
    after.exhaustions = 1
    assert GAME.heuristic(s, P1) > GAME.heuristic(after, P1) > 0


def test_heuristic_is_a_margin_against_the_others():
    s = new(3)
    tents(s, P1, "n01", "n02")
    tents(s, P2, "n03")
    assert GAME.heuristic(s, P1) > 0 > GAME.heuristic(s, P2)

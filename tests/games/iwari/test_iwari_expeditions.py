"""Expedition cards: R60-R64, A26; worked example W14; every reconstructed mission kind."""

import pytest

from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.catalog import EXPEDITION_INDEX
from gameshelf.games.iwari.rules_feats import check_expeditions
from iwari_helpers import phase, DRAW
from iwari_helpers import P1, P2, P3, THIRD, load, new, play, tents, totems, turn


def with_cards(players, *ids, **options):
    s = new(players, expeditions="on", **options)
    pos = GAME.position(s)
    pos.update(expeditions=list(ids), expeditions_scored=[[] for _ in ids])
    return load(s, pos)


def test_w14_r62_first_second_then_closed():
    """R62: first second then closed."""
    s = with_cards(3, "X03")
    tents(s, P3, "n01", "n02", "n03")
    turn(s, P3, "ttf")
    play(s, "place N01", "tent n04 t", "done")
    assert s.scores[P3] == 4 and s.expedition_points[P3] == 4
    tents(s, P1, "n36", "n37", "n38")
    turn(s, P1, "ccf")
    play(s, "place N08", "tent n39 c", "done")
    assert s.scores[P1] == 2
    tents(s, P2, "n12", "n13", "n14")
    turn(s, P2, "ggf")
    play(s, "place N03", "tent n15 g", "done")
    assert s.scores[P2] == 0
    tents(s, P3, "n46", "n47", "n48")
    turn(s, P3, "ttf")
    play(s, "place N10", "tent n49 t", "done")
    assert s.scores[P3] == 4 and s.expeditions_scored == [(P3, P1)]


def test_r61_exchange_scores_no_expedition():
    s = with_cards(3, "X12")
    tents(s, P1, *[f"n{i:02d}" for i in range(1, 13)])
    turn(s, P1, "ttf")
    play(s, "exchange f")
    assert s.scores[P1] == 0 and phase(s) == DRAW


def test_r63_several_cards_in_one_action():
    s = with_cards(3, "X03", "X12", "X01")
    tents(s, P1, *[f"n{i:02d}" for i in range(1, 12)])
    turn(s, P1, "ttf")
    play(s, "place N10", "tent n46 t", "done")
    assert s.scores[P1] == 4 + 4 and s.expeditions_scored[2] == ()


def test_r64_third_tribe_never_scores_or_takes_a_slot():
    s = with_cards(2, "X03")
    tents(s, THIRD, "n01", "n02", "n03")
    tents(s, P2, "n36")
    turn(s, P1, "ctd")
    play(s, "place N08", "tent n37 c", "done")
    play(s, "place N01", "tent n04 t", "done")
    assert s.expeditions_scored == [()] and s.scores[THIRD] == 0


MISSIONS = [  # (card, setup(s) making it true for P1 only just after, expected points)
    ("X01", lambda s: tents(s, P1, "n01", "n07", "n12", "n18", "n22"), 5),
    ("X02", lambda s: tents(s, P1, "n01", "n07", "n12", "n22", "n27"), 6),
    ("X04", lambda s: tents(s, P1, "n01", "n02", "n03", "n04", "n07", "n08"), 6),
    ("X05", lambda s: tents(s, P1, "n05", "n06", "n22", "n23", "n24", "n28"), 5),
    ("X06", lambda s: [tents(s, P1, sp) or totems(s, P1, t) for sp, t in
                       (("n01", "N01"), ("n07", "N02"), ("n12", "N03"), ("n18", "N04"))], 5),
    ("X07", lambda s: tents(s, P1, "n01", "n02", "n03") or totems(s, P1, "N01", 3), 4),
    ("X08", lambda s: [tents(s, P1, sp) or totems(s, P1, t) for sp, t in (("n01", "N01"), ("n07", "N02"))], 4),
    ("X09", lambda s: [tents(s, P1, sp) or totems(s, P1, t) for sp, t in (("n22", "N05"), ("n42", "N09"))], 5),
    ("X10", lambda s: tents(s, P1, "n01", "n02", "n03", "n04", "n46", "n47", "n48", "n49"), 7),
    ("X11", lambda s: tents(s, P1, "n01", "n07", "n12"), 5),
    ("X12", lambda s: tents(s, P1, *[f"n{i:02d}" for i in range(1, 13)]), 4),
]


@pytest.mark.parametrize("card,build,points", MISSIONS, ids=[m[0] for m in MISSIONS])
def test_a26_each_reconstructed_mission(card, build, points):
    s = with_cards(3, card)
    assert check_expeditions(s, P1) == []
    build(s)
    assert check_expeditions(s, P1) == [(EXPEDITION_INDEX[card], points)]
    assert check_expeditions(s, P2) == []


def test_mission_x08_fails_on_a_blocked_line_and_without_most():
    s = with_cards(3, "X08", blocked=(1,))
    for sp, t in (("n01", "N01"), ("n07", "N02")):
        tents(s, P1, sp)
        totems(s, P1, t)
    assert check_expeditions(s, P1) == []
    s = with_cards(3, "X08")
    tents(s, P1, "n01", "n02", "n05", "n07")  # M(N01) = 3: room for 3 totems (R23)
    tents(s, P2, "n03", "n04")
    totems(s, P1, "N01")
    totems(s, P1, "N02")
    totems(s, P2, "N01", 2)
    assert check_expeditions(s, P1) == []

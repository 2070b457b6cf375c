"""Board definitions: R4, R6, R7, R8, R75."""

from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.rules_place import max_tents
from iwari_helpers import phase, DRAW
from iwari_helpers import P1, P2, P3, legal, load, new, play, tents, totems, turn


def test_r4_one_stack_of_all_colours_counts_for_the_limit():
    s = new(3)
    tents(s, P1, "n01", "n02")
    tents(s, P2, "n03")
    totems(s, P2, "N01")
    turn(s, P1, "tff")
    play(s, "place N01", "totem t")
    assert s.totem_stacks[0] == 2 and legal(s) == {"done"} | {f"tent {x} ff" for x in ("n04", "n05", "n06")}


def test_r6_explored_after_the_first_piece_judged_at_action_start():
    s = turn(new(3), P1, "ttt")
    play(s, "place N01")
    assert s.pending[-1].unexplored
    play(s, "tent n01 t", "done", "draw deck")
    turn(s, P2, "ttt")
    play(s, "place N01")
    assert not s.pending[-1].unexplored


def test_r7_full_territory_takes_no_tent_but_may_take_totems():
    s = new(3)
    tents(s, P1, "n27", "n28", "n29")
    tents(s, P2, "n30")
    turn(s, P1, "ddt")
    play(s, "place N06")
    assert legal(s) == {"totem d", "totem dd"}
    turn(s, P2, "ddt")
    totems(s, P1, "N06", 3)
    assert "place N06" not in legal(s)  # full and K(T) = M(T): nothing can go there

def test_r8_m_is_the_largest_count_of_any_tribe():
    s = new(3)
    tents(s, P1, "n01")
    tents(s, P3, "n02", "n03")
    assert max_tents(s, 0) == 2 and max_tents(s, 1) == 0


def test_r75_expedition_points_are_added_at_once():
    s = new(3, expeditions="on")
    load(s, dict(GAME.position(s), expeditions=["X03"], expeditions_scored=[[]]))
    tents(s, P1, "n01", "n02", "n03")
    turn(s, P1, "ttf")
    play(s, "place N01", "tent n04 t", "done")
    assert phase(s) == DRAW and s.scores[P1] == 4

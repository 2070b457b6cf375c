"""Movement and the six animals: R43-R69, A11-A18; EX-5, TV-1 to TV-6."""

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.core.frames import frame_to_json
from gameshelf.games.midnight_zoo.decisions import SpecialMove
from mz_helpers import add_pending, board, in_zoo, legal, piece, play, put, tile, top, where


def points(st, n):
    """Give the acting seat ``n`` move points (a move_n action being resolved)."""
    add_pending(st, "move_points", points=n)


# ---- general movement ---------------------------------------------------------------------------
def test_r43_standard_step_orthogonal_onto_tiles_or_zoo():
    st = board(slots=("wolf", "cheetah", "sloth"), hand="R01",
               tiles={"1,1": "G01", "1,2": "G02", "0,1": "S01", "2,0": "S02", "0,0": "S03"})
    w = put(st, "wolf", "1,1")
    points(st, 1)
    play(st, f"animal {w}")
    assert sorted(legal(st)) == ["go E", "go N"]  # (2,1) and (1,0) empty; no diagonals
    play(st, "go E")
    assert where(st, w) == "1,2"
    points(st, 1)
    play(st, f"animal {w}", "go S")  # (1,2) -> (2,2) is the zoo
    assert where(st, w) == "zoo"


def test_r41_the_chosen_animal_moves_next_above_the_points_left():
    """R41: choosing the animal spends the point; its move is the decision on top, with no stop."""
    st = board(slots=("wolf", "cheetah", "sloth"), hand="R01", tiles={"1,1": "G01", "1,2": "G02"})
    w = put(st, "wolf", "1,1")
    points(st, 2)
    play(st, f"animal {w}")
    assert [frame_to_json(top) for top in st.pending[1:]] == [
        {"kind": "midnight_zoo.move_points", "seat": 0, "points": 1},
        {"kind": "midnight_zoo.move_animal", "seat": 0, "spot": w, "special": False, "extra": 0}]
    assert "stop" not in legal(st)
    play(st, "go E")
    assert [frame_to_json(top)["kind"] for top in st.pending] == ["midnight_zoo.use_tile", "midnight_zoo.move_points"]


def test_r44_never_onto_empty_spaces_or_back_to_an_entrance():
    st = board(slots=("wolf", "cheetah", "sloth"), hand="R01", tiles={"1,0": "G01"})
    w = put(st, "wolf", "1,0")
    points(st, 1)
    assert f"animal {w}" not in legal(st)  # west is the L1 entrance: never back; others empty
    assert top(st) is None  # the point no animal can use is lost (R41)


def test_r45_entrance_has_one_destination_which_needs_a_tile():
    st = board(slots=("wolf", "cheetah", "sloth"), hand="R01")
    w = put(st, "wolf", "L2")
    points(st, 1)
    assert top(st) is None  # (2,0) has no tile: the wolf cannot use the point
    st = board(slots=("wolf", "cheetah", "sloth"), hand="R01", tiles={"2,0": "S01", "1,0": "S02"})
    w = put(st, "wolf", "L2")
    points(st, 1)
    play(st, f"animal {w}")
    assert legal(st) == ["go E"]


def test_r46_animals_share_spaces():
    st = board(slots=("wolf", "cheetah", "sloth"), hand="R01", tiles={"1,0": "G01", "2,0": "G02"})
    w1 = put(st, "wolf", "1,0")
    w2 = put(st, "wolf", "2,0")
    points(st, 1)
    play(st, f"animal {w1}", "go S")
    assert where(st, w1) == where(st, w2) == "2,0"


def test_r47_a18_arrival_ends_that_animals_movement_second_point_to_another():
    st = board(slots=("wolf", "cheetah", "sloth"), hand="R01",
               tiles={"2,1": "G01", "1,0": "G02", "0,0": "G03"})
    w1 = put(st, "wolf", "2,1")
    w2 = put(st, "wolf", "1,0")
    points(st, 2)
    play(st, f"animal {w1}", "go E")
    assert where(st, w1) == "zoo" and in_zoo(st) == 1
    assert f"animal {w1}" not in legal(st)
    play(st, f"animal {w2}", "go N")
    assert where(st, w2) == "0,0"


def test_r48_zoo_animals_never_eligible():
    st = board(slots=("wolf", "cheetah", "sloth"), hand="G05", tiles={"1,2": "G01"})
    w = put(st, "wolf", "zoo")
    w2 = put(st, "wolf", "1,2")
    play(st, "discard G05")
    assert type(st.pending[-1]) is SpecialMove and st.pending[-1].eligible == (w2,)
    assert f"animal {w}" not in legal(st)


def test_r49_a9_moves_are_optional_with_forced_group_moves_false():
    st = board(slots=("wolf", "cheetah", "sloth"), hand="G05", tiles={"1,2": "G01", "0,2": "G02"},
               options={"forced_group_moves": "false"})
    w = put(st, "wolf", "1,2")
    points(st, 1)
    assert "stop" in legal(st)
    play(st, "stop")
    assert where(st, w) == "1,2"
    play(st, "discard G05")
    assert "stop" in legal(st)
    play(st, "stop")
    assert where(st, w) == "1,2"


def test_r49_revised_move_points_optional_group_moves_compulsory_by_default():
    """R49 / A9 (revised 2026-12-01): move points stay optional; in a special move an eligible
    animal with a legal move must move (no "stop")."""
    st = board(slots=("wolf", "cheetah", "sloth"), hand="G05", tiles={"1,2": "G01", "0,2": "G02"})
    w = put(st, "wolf", "1,2")
    points(st, 1)
    assert "stop" in legal(st)
    play(st, "stop")
    assert where(st, w) == "1,2"
    play(st, "discard G05")
    assert legal(st) == [f"animal {w}"]
    play(st, f"animal {w}")
    assert "stop" not in legal(st)
    play(st, legal(st)[0])
    assert where(st, w) != "1,2" and top(st) is None


# ---- penguin --------------------------------------------------------------------------------------
def test_tv1_r50_r52_r53_penguin_slide_stops_before_a_gap():
    st = board(slots=("penguin", "cheetah", "sloth"), hand="S05",
               tiles={"4,0": "R01", "4,1": "R02", "4,2": "G01", "4,4": "S01"})
    p = put(st, "penguin", "4,0")
    points(st, 1)
    play(st, f"animal {p}")
    assert legal(st) == ["go E"]  # N empty, W and S off the board
    play(st, "go E")
    assert where(st, p) == "4,2" and top(st) is None  # one point for the whole slide


def test_tv2_r51_penguin_from_entrance_slides_into_zoo_and_stops():
    st = board(slots=("penguin", "cheetah", "sloth"), hand="S05",
               tiles={"0,2": "R01", "1,2": "R02", "3,2": "G01", "4,2": "S01"})
    p1 = put(st, "penguin", "T2")
    p2 = put(st, "penguin", "L2")
    points(st, 1)
    assert f"animal {p2}" not in legal(st)  # (2,0) has no tile
    play(st, f"animal {p1}", "go S")
    assert where(st, p1) == "zoo"


def test_r52_penguin_direction_needs_a_first_tile():
    st = board(slots=("penguin", "cheetah", "sloth"), hand="S05",
               tiles={"0,0": "R01", "0,1": "R02", "1,1": "R03", "0,3": "R04"})
    p = put(st, "penguin", "0,1")
    points(st, 1)
    play(st, f"animal {p}")
    assert sorted(legal(st)) == ["go S", "go W"]
    play(st, "go S")
    assert where(st, p) == "1,1"  # (2,1) empty: the slide stops on (1,1)


# ---- cheetah ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("forced", [True, False])
def test_ex5_special_move_cheetah_two_steps_sloth_sleeps_wolf_stays(forced):
    """EX-5; A9 (revised 2026-12-01): under the default no "stop" is offered while an eligible
    animal can move, and the cheetah's second step is compulsory; `false` offers both."""
    stop = [] if forced else ["stop"]
    st = board(slots=("sloth", "cheetah", "wolf"), hand="S05", storage=["G01"],
               tiles={"1,0": "G02", "2,0": "S22", "2,1": "R22", "0,3": "G24", "0,4": "S23",
                      "4,4": "G25"}, options={"forced_group_moves": "true" if forced else "false"})
    c1 = put(st, "cheetah", "1,0")
    s1 = put(st, "sloth", "0,3")
    w1 = put(st, "wolf", "4,4")
    c2 = put(st, "cheetah", "2,1")
    play(st, "discard G01")
    assert sorted(legal(st)) == sorted([f"animal {c1}", f"animal {s1}"] + stop)  # wolf cannot
    play(st, f"animal {c1}")
    assert legal(st) == ["go S"]
    play(st, "go S")
    assert sorted(legal(st)) == ["go E", "go N"] + stop  # the extra step: compulsory by default
    play(st, "go E", f"animal {s1}", "go E")
    assert where(st, c1) == where(st, c2) == "2,1"
    assert piece(st, s1)["loc"] == "0,4" and piece(st, s1)["asleep"]
    assert where(st, w1) == "4,4"
    assert st.players[0].storage == [] and tile("G01") in st.removed
    assert top(st) is None  # the special move ended: the wolf could not move


@pytest.mark.parametrize("forced", [True, False])
def test_tv6_r54_r55_cheetah_extra_step_lost_at_the_zoo(forced):
    """TV-6; A9 (revised 2026-12-01): "stop" only under `forced_group_moves: false`."""
    st = board(slots=("sloth", "cheetah", "wolf"), hand="R02",
               tiles={"1,2": "R22", "0,3": "S22", "0,2": "G22"},
               options={"forced_group_moves": "true" if forced else "false"})
    c1 = put(st, "cheetah", "1,2")
    c2 = put(st, "cheetah", "T3")
    play(st, "discard R02", f"animal {c1}", "go S")
    assert where(st, c1) == "zoo"
    assert legal(st) == [f"animal {c2}"] + ([] if forced else ["stop"])
    play(st, f"animal {c2}", "go S", "go W")
    assert where(st, c2) == "0,2"


def test_r55_cheetah_no_extra_step_from_move_points():
    st = board(slots=("sloth", "cheetah", "wolf"), hand="R05", tiles={"0,3": "S22", "0,2": "G22"})
    c = put(st, "cheetah", "T3")
    points(st, 1)
    play(st, f"animal {c}", "go S")
    assert where(st, c) == "0,3" and top(st) is None


def test_r56_wolf_standard_movement():
    st = board(slots=("sloth", "cheetah", "wolf"), hand="R05", tiles={"0,3": "S22", "0,2": "G22"})
    w = put(st, "wolf", "T3")
    play(st, "discard R05")  # rock: T3 is a rock entrance
    play(st, f"animal {w}", "go S")
    assert where(st, w) == "0,3" and top(st) is None  # no extra step for a wolf


# ---- snake -------------------------------------------------------------------------------------------
def test_tv3_r57_r61_snake_facing_blocked_forward_and_turns():
    st = board(slots=("sloth", "snake", "wolf"), hand="R05",
               tiles={"2,0": "R01", "1,0": "G01", "0,0": "S01"})
    s = put(st, "snake", "L2", spot="L2")
    assert piece(st, s)["facing"] == "E"
    points(st, 1)
    play(st, f"animal {s}")
    assert legal(st) == ["go E"]  # R61: no turning on an entrance
    play(st, "go E")
    assert piece(st, s) == {"loc": "2,0", "facing": "E", "asleep": False, "pollen": 0}
    points(st, 2)
    play(st, f"animal {s}")
    assert sorted(legal(st)) == ["turn L", "turn R"]  # forward (2,1) is empty
    play(st, "turn L")
    assert piece(st, s)["facing"] == "N"
    play(st, f"animal {s}", "go N")
    assert where(st, s) == "1,0"
    points(st, 1)
    play(st, f"animal {s}", "go N")
    points(st, 1)
    play(st, f"animal {s}")
    assert sorted(legal(st)) == ["turn L", "turn R"]  # forward N would leave the district
    play(st, "turn R")
    assert piece(st, s)["loc"] == "0,0" and piece(st, s)["facing"] == "E"


def test_r60_snake_never_sideways_or_backwards():
    st = board(slots=("sloth", "snake", "wolf"), hand="R05",
               tiles={"1,1": "R01", "0,1": "G01", "2,1": "S01", "1,0": "S02", "1,2": "S03"})
    s = put(st, "snake", "1,1", facing="E")
    points(st, 1)
    play(st, f"animal {s}")
    assert sorted(legal(st)) == ["go E", "turn L", "turn R"]
    with pytest.raises(IllegalAction) as err:
        play(st, "go N")
    assert err.value.rule == "R59"


def test_a11_snake_turn_option_any_direction():
    st = board(slots=("sloth", "snake", "wolf"), hand="R05", tiles={"1,1": "R01"},
               options={"snake_turn": "any_direction_one_move"})
    s = put(st, "snake", "1,1", facing="E")
    points(st, 1)
    play(st, f"animal {s}")
    assert sorted(legal(st)) == ["face N", "face S", "face W"]
    play(st, "face W")
    assert piece(st, s)["facing"] == "W"


def test_a39_snake_keeps_facing_after_stepping():
    st = board(slots=("sloth", "snake", "wolf"), hand="R05", tiles={"0,1": "R01", "1,1": "R02"})
    s = put(st, "snake", "T1", spot="T1")
    points(st, 2)
    play(st, f"animal {s}", "go S", f"animal {s}", "go S")
    assert piece(st, s)["loc"] == "1,1" and piece(st, s)["facing"] == "S"


# ---- butterfly ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("forced", [True, False])
def test_tv5_r62_r65_butterfly_pollen_only_in_special_moves_cap_4(forced):
    """TV-5; A9 (revised 2026-12-01): "stop" only under `forced_group_moves: false`."""
    from gameshelf.games.midnight_zoo.scoring import discovered_vp, zoo_vp
    st = board(slots=("butterfly", "cheetah", "wolf"), hand="S01", storage=["R03"],
               tiles={"2,3": "S22", "0,4": "S23", "0,3": "R22", "1,2": "R01"},
               options={"forced_group_moves": "true" if forced else "false"})
    b1 = put(st, "butterfly", "2,3", pollen=1)
    b2 = put(st, "butterfly", "0,4", pollen=4)
    b3 = put(st, "butterfly", "1,2")
    play(st, "discard S01")
    assert sorted(legal(st)) == sorted([f"animal {b1}", f"animal {b2}"] + ([] if forced else ["stop"]))
    play(st, f"animal {b1}", "go W", f"animal {b2}", "go W")
    assert piece(st, b1)["loc"] == "zoo" and piece(st, b1)["pollen"] == 2
    assert piece(st, b2)["loc"] == "0,3" and piece(st, b2)["pollen"] == 4
    play(st, "place R03", "at 0,1", "tile move_1", f"animal {b3}", "go S")
    assert piece(st, b3)["loc"] == "zoo" and piece(st, b3)["pollen"] == 0
    pl = st.players[0]
    assert zoo_vp(pl) + discovered_vp(pl) == 8


def test_r63_pollen_from_an_entrance_step():
    st = board(slots=("butterfly", "cheetah", "wolf"), hand="S05", tiles={"0,2": "G01"})
    b = put(st, "butterfly", "T2")  # sand entrance
    play(st, "discard S05", f"animal {b}", "go S")
    assert piece(st, b) == {"loc": "0,2", "facing": "S", "asleep": False, "pollen": 1}


# ---- sloth ---------------------------------------------------------------------------------------------
def tv4():
    st = board(slots=("sloth", "cheetah", "wolf"), hand="S05",
               tiles={"1,2": "R01", "4,1": "R02", "4,0": "G01"})
    s1 = put(st, "sloth", "1,2", asleep=1)
    s2 = put(st, "sloth", "4,1")
    return st, s1, s2


def test_tv4a_sloth_wakes_then_walks_into_zoo():
    st, s1, _ = tv4()
    points(st, 2)
    play(st, f"animal {s1}")
    assert legal(st) == ["wake"]
    play(st, "wake")
    assert piece(st, s1)["loc"] == "1,2" and not piece(st, s1)["asleep"]
    play(st, f"animal {s1}", "go S")
    assert where(st, s1) == "zoo"


def test_tv4b_r67_sloth_moves_falls_asleep_then_wakes():
    st, _, s2 = tv4()
    points(st, 2)
    play(st, f"animal {s2}", "go W")
    assert piece(st, s2)["asleep"]
    play(st, f"animal {s2}", "wake")
    assert piece(st, s2)["loc"] == "4,0" and not piece(st, s2)["asleep"]


def test_tv4c_move_on_asleep_sloth_only_wakes():
    st, s1, _ = tv4()
    points(st, 1)
    play(st, f"animal {s1}", "wake")
    assert piece(st, s1)["loc"] == "1,2" and not piece(st, s1)["asleep"] and top(st) is None


def test_tv4d_split_double_move_between_sloths():
    st, s1, s2 = tv4()
    points(st, 2)
    play(st, f"animal {s1}", "wake", f"animal {s2}", "go W")
    assert not piece(st, s1)["asleep"] and piece(st, s2)["asleep"] and where(st, s2) == "4,0"


def test_r68_awake_sloth_without_a_step_cannot_use_a_move():
    st = board(slots=("sloth", "cheetah", "wolf"), hand="S05", tiles={"4,4": "R01"})
    s = put(st, "sloth", "4,4")
    points(st, 1)
    assert top(st) is None and not piece(st, s)["asleep"]


def test_r66_r69_discovered_sloth_is_awake_and_sleep_irrelevant_in_zoo():
    st = board(slots=("sloth", "cheetah", "wolf"), hand="S05", tiles={"2,1": "R01"})
    s = put(st, "sloth", "2,1")
    points(st, 1)
    play(st, f"animal {s}", "go E")
    assert where(st, s) == "zoo"


def test_r32_each_eligible_animal_moves_by_its_own_rules_in_a_special_move():
    st = board(slots=("penguin", "snake", "sloth"), hand="G05",
               tiles={"1,1": "G01", "1,2": "G02", "1,3": "R01", "0,1": "G03", "4,4": "G04"})
    p = put(st, "penguin", "1,1")
    s = put(st, "snake", "0,1", facing="E")
    z = put(st, "sloth", "4,4", asleep=1)
    play(st, "discard G05", f"animal {p}")
    assert sorted(legal(st)) == ["go E", "go N"]
    play(st, "go E")
    assert where(st, p) == "1,3"  # a slide: one move of any length
    play(st, f"animal {s}")
    assert sorted(legal(st)) == ["turn L", "turn R"]
    play(st, "turn R", f"animal {z}")
    assert legal(st) == ["wake"]


def test_r64_butterfly_no_pollen_from_move_symbols_or_dark_pair_moves():
    st = board(slots=("butterfly", "cheetah", "wolf"), hand="G01", tiles={"3,0": "G02", "2,0": "S01", "1,0": "S02"})
    b = put(st, "butterfly", "2,0")
    play(st, "place G01", "at 3,1", "space", f"animal {b}", "go N", f"animal {b}", "go S")
    assert piece(st, b)["pollen"] == 0

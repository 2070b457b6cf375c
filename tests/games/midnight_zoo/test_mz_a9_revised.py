"""A9 revised 2026-12-01: in special moves (R30-R33) and end-of-round moves (R73) every
eligible animal with a legal move must make one; `forced_group_moves: true` is the default and
`false` keeps the earlier ruling (optional per animal). Move points stay optional (R49 revised)."""

import pytest

from gameshelf.games.midnight_zoo.options import SCHEMA, option_help
from gameshelf.games.midnight_zoo.state import ROUND
from mz_helpers import GAME, board, legal, piece, play, put, top, where
from test_mz_flow import end_round

OFF = {"forced_group_moves": "false"}


def test_a9_revised_default_is_forced_group_moves_true():
    assert SCHEMA.defaults()["forced_group_moves"] == "true"
    assert GAME.setup(2, {}, seed=1).config.forced
    assert not GAME.setup(2, {"forced_group_moves": "off"}, seed=1).config.forced


def test_a9_revised_option_help_in_both_languages():
    en, ja = option_help("forced_group_moves", "en"), option_help("forced_group_moves", "ja")
    assert "2026-12-01" in en and "2026-12-01" in ja and en != ja
    assert next(o for o in SCHEMA if o.name == "forced_group_moves").help == en
    for option in SCHEMA:
        assert option.help and option_help(option.name, "ja") != option.help


def test_rules_version_bumped_for_a9_revised():
    assert GAME.info.rules_version not in ("reference-1",)


@pytest.mark.parametrize("options,forced", [({}, True), (OFF, False)])
def test_r33_a9_revised_special_move_animals_must_move(options, forced):
    """R33: each eligible animal with a legal move must move; the player still picks the order."""
    st = board(slots=("wolf", "cheetah", "sloth"), hand="G05",
               tiles={"1,1": "G01", "1,2": "G02", "0,1": "R01"}, options=options)
    w1 = put(st, "wolf", "1,1")
    w2 = put(st, "wolf", "1,2")
    play(st, "discard G05")
    assert sorted(legal(st)) == sorted([f"animal {w1}", f"animal {w2}"] + ([] if forced else ["stop"]))
    play(st, f"animal {w2}")
    assert "stop" not in legal(st)  # once chosen, an animal makes its move in both rulings
    play(st, "go S")  # into the zoo
    assert legal(st) == [f"animal {w1}"] + ([] if forced else ["stop"])
    play(st, f"animal {w1}", "go N")
    assert where(st, w1) == "0,1" and top(st) is None


@pytest.mark.parametrize("options,forced", [({}, True), (OFF, False)])
def test_r33_a9_revised_an_animal_without_a_legal_move_simply_stays(options, forced):
    st = board(slots=("wolf", "cheetah", "sloth"), hand="G05", tiles={"4,4": "G01"}, options=options)
    w = put(st, "wolf", "4,4")
    play(st, "discard G05")
    assert top(st) is None and where(st, w) == "4,4"  # nothing to force, nothing to decline


@pytest.mark.parametrize("options,forced", [({}, True), (OFF, False)])
def test_r68_a9_revised_an_asleep_sloth_must_wake(options, forced):
    st = board(slots=("sloth", "cheetah", "wolf"), hand="G05", tiles={"4,4": "G01"}, options=options)
    s = put(st, "sloth", "4,4", asleep=1)
    play(st, "discard G05")
    assert legal(st) == [f"animal {s}"] + ([] if forced else ["stop"])
    play(st, f"animal {s}")
    assert legal(st) == ["wake"]
    play(st, "wake")
    assert not piece(st, s)["asleep"] and top(st) is None


@pytest.mark.parametrize("options,forced", [({}, True), (OFF, False)])
def test_r54_a9_revised_cheetah_second_step_compulsory_if_legal(options, forced):
    st = board(hand="G05", tiles={"1,1": "G01", "1,2": "R01", "0,2": "R02"}, options=options)
    c = put(st, "cheetah", "1,1")
    play(st, "discard G05", f"animal {c}", "go E")
    assert legal(st) == ["go N", "go S", "go W"] + ([] if forced else ["stop"])
    st = board(hand="G05", tiles={"4,0": "G01", "4,1": "R01"}, options=options)
    c = put(st, "cheetah", "4,0")
    play(st, "discard G05", f"animal {c}", "go E")
    assert legal(st) == ["go W"] + ([] if forced else ["stop"])  # back is the only step


@pytest.mark.parametrize("options,forced", [({}, True), (OFF, False)])
def test_r73_a9_revised_end_of_round_move_compulsory(options, forced):
    st = board(slots=("wolf", "cheetah", "sloth"), hand="G01", tiles={"0,1": "S01", "0,2": "R01"},
               options=options)
    w = put(st, "wolf", "0,2")  # rock: the leftover zone's terrain below
    end_round(st, ["R04", "R05", "R06", "S06", "G05"])
    assert st.phase == ROUND and GAME.to_act(st) == 0
    assert legal(st) == [f"animal {w}"] + ([] if forced else ["stop"])
    play(st, f"animal {w}")
    assert legal(st) == ["go W"]


@pytest.mark.parametrize("options", [{}, OFF])
def test_r49_revised_move_points_stay_optional(options):
    st = board(slots=("wolf", "cheetah", "sloth"), hand="R01", tiles={"1,2": "G01"}, options=options)
    w = put(st, "wolf", "1,2")
    play(st, "place R01", "at 0,2")
    assert sorted(legal(st)) == ["skip", "tile move_1"]  # triggering is optional
    play(st, "tile move_1")
    assert "stop" in legal(st)
    play(st, "stop")
    assert where(st, w) == "1,2"


@pytest.mark.parametrize("options", [{}, OFF])
def test_r30_a9_revised_triggering_a_special_move_stays_a_choice(options):
    st = board(slots=("wolf", "cheetah", "sloth"), hand="G05", tiles={"1,2": "G01"}, options=options)
    put(st, "wolf", "1,2")
    assert sorted(legal(st)) == ["discard G05", "place G05", "store G05"]

"""Variability cards R87-R93, A31; the forced_group_moves option (A9)."""

import pytest

from gameshelf.games.midnight_zoo.state import CARDS, DRAFT
from mz_helpers import GAME, board, edit, legal, play, put, top, where

ON = {"variability_cards": "on"}


def test_r87_r88_each_player_chooses_the_cover_of_each_pair_hidden_until_all_chose():
    st = GAME.setup(2, ON, seed=1)
    assert st.phase == CARDS
    first = GAME.to_act(st)
    assert sorted(legal(st)) == sorted(["cards FMT", "cards FTM", "cards MFT", "cards MTF",
                                        "cards TFM", "cards TMF"])
    events = play(st, "cards TFM")
    assert st.players[first].cards == (2, 0, 1)
    other = GAME.to_act(st)
    assert other != first
    assert GAME.view(st, other)["boards"][first]["cards"] == "hidden"
    assert GAME.view(st, first)["boards"][first]["cards"] == ["T", "F", "M"]
    assert all(e.visible_to(other) is False for e in events if e.key == "cards_chosen")
    play(st, "cards FMT")
    assert st.phase == DRAFT
    assert GAME.view(st, other)["boards"][first]["cards"] == ["T", "F", "M"]


def cards_board(order, **kw):
    st = board(options=ON, **kw)
    return edit(st, {"players": {"blue": {"cards": list(order)}}})


def test_r89_a31_covered_pair_keeps_its_reward_base_condition_gone():
    st = cards_board("FMT", hand="R05", tiles={"1,3": "R01"}, vp=0)  # pair A under FOOD
    play(st, "place R05", "at 1,4")  # rock + rock, but R01 has no food
    assert legal(st) == ["tile move_1", "skip"]


def test_r90_food_card_needs_two_action_tiles_with_food():
    st = cards_board("FMT", hand="G03", tiles={"1,3": "R03"}, vp=0)  # meat (rock) + carrot (grass)
    play(st, "place G03", "at 1,4", "space")
    assert st.players[0].vp == 5
    st = cards_board("FMT", hand="G01", storage=["BG"], tiles={"1,3": "R03"})
    play(st, "place BG", "at 1,4")
    assert top(st) is None  # bonus tiles never qualify


def test_r91_move_discover_card_left_arrow_right_binoculars():
    st = cards_board("MFT", hand="S17", tiles={"1,3": "G01"}, vp=0)  # pair A under MOVE->DISCOVER
    play(st, "place S17", "at 1,4")
    assert "space" in legal(st)
    st = cards_board("MFT", hand="G01", tiles={"1,4": "S17"})
    play(st, "place G01", "at 1,3")  # the order of covering does not matter (R93)
    assert "space" in legal(st)
    st = cards_board("MFT", hand="S17", tiles={"1,4": "G01"})
    play(st, "place S17", "at 1,3")  # arrow on the right, binoculars on the left: not met
    assert "space" not in legal(st)


def test_r92_terrain_card_each_space_its_own_terrain():
    # blue TERRAIN card: left grass, right sand; pair B (3,0)-(3,1) gives 2 moves
    st = cards_board("FTM", hand="S01", tiles={"3,0": "G01"})
    play(st, "place S01", "at 3,1")
    assert "space" in legal(st)
    st = cards_board("FTM", hand="G02", tiles={"3,0": "G01"})
    play(st, "place G02", "at 3,1")  # same terrain no longer enough
    assert "space" not in legal(st)


def test_r93_reward_once_on_the_second_space():
    st = cards_board("TFM", hand="S01", vp=0)  # pair A under TERRAIN grass/sand
    play(st, "place S01", "at 1,4")
    assert legal(st) == ["tile move_1", "skip"]


def test_single_pair_mode_chooses_one_card():
    st = GAME.setup(2, dict(ON, dark_pair_mode="single_pair_choose_reward"), seed=1)
    assert legal(st) == ["cards F", "cards M", "cards T"]
    play(st, "cards M")
    seat = 1 - GAME.to_act(st)
    assert st.players[seat].cards == (1, -1, -1)


# ---- A9: forced group moves ---------------------------------------------------------------------
@pytest.mark.parametrize("options", [{}, {"forced_group_moves": "true"}])
def test_a9_forced_group_moves_no_declining(options):
    """A9 revised 2026-12-01: the default, and `true` spelled out."""
    st = board(hand="G05", tiles={"1,1": "G01", "1,2": "R01"}, options=options,
               slots=("sloth", "cheetah", "wolf"))
    w = put(st, "wolf", "1,1")
    play(st, "discard G05")
    assert legal(st) == [f"animal {w}"]
    play(st, f"animal {w}", "go E")
    assert where(st, w) == "1,2"


@pytest.mark.parametrize("options", [{}, {"forced_group_moves": "true"}])
def test_a9_forced_cheetah_must_take_its_second_step(options):
    """A9 revised 2026-12-01: the default, and `true` spelled out."""
    st = board(hand="G05", tiles={"1,1": "G01", "1,2": "R01", "0,2": "R02"}, options=options)
    c = put(st, "cheetah", "1,1")
    play(st, "discard G05", f"animal {c}", "go E")
    assert legal(st) == ["go N", "go S", "go W"]  # no "stop": the extra step is forced
    st = board(hand="G05", tiles={"2,1": "G01"}, options=options)
    c = put(st, "cheetah", "2,1")
    play(st, "discard G05", f"animal {c}", "go E")
    assert where(st, c) == "zoo" and top(st) is None  # arrived: no second step to force


@pytest.mark.parametrize("forced", ["false", "true"])
def test_a9_group_move_options_play_to_the_end(forced):
    from gameshelf.core.chance import Chance
    st = GAME.setup(3, {"forced_group_moves": forced}, seed=5)
    ch = Chance(5)
    while not GAME.is_over(st):
        GAME.apply(st, ch.choice(GAME.legal_actions(st)))
    assert GAME.outcome(st) is not None

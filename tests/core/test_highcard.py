"""The example game of docs/adding-a-game.md, one test per rule, positions built from snippets."""

import pytest

from gameshelf.core import BadNotation, BadPosition, IllegalAction
from highcard import GAME
from tests.scenario import scenario

DEAL = {"hands": [[12, 1], [5, 11]], "deck": [2, 3, 4, 6, 7, 8, 9, 10], "played": [], "to_act": 0}


def test_h1_only_a_card_from_hand_may_be_played():
    state = scenario("highcard", 2, DEAL)
    assert [str(a) for a in GAME.legal_actions(state)] == ["play 1", "play 12"]
    with pytest.raises(IllegalAction) as caught:
        GAME.checked_apply(state, "play 5")
    assert caught.value.rule == "H1"


def test_h2_a_higher_card_scores_and_a_lower_one_does_not():
    state = scenario("highcard", 2, DEAL)
    GAME.checked_apply(state, "play 1")    # 1 > nothing: scores 1
    GAME.checked_apply(state, "play 5")    # 5 > 1: scores 5
    assert GAME.score_now(state).scores == (1, 5)
    GAME.checked_apply(state, "play 12")   # 12 > 5: scores 12
    GAME.checked_apply(state, "play 11")   # 11 < 12: nothing
    assert GAME.score_now(state).scores == (13, 5)


@pytest.mark.parametrize("lower_scores, expected", [("off", (0, 11)), ("on", (5, 0))])
def test_h2_with_lower_scores_a_lower_card_scores_instead(lower_scores, expected):
    state = scenario("highcard", 2, {"hands": [[5, 1], [12, 11]], "played": [9], "scores": [0, 0], "to_act": 0,
                                     "deck": [2, 3, 4, 6, 7, 8, 10], "options": {"lower_scores": lower_scores}})
    GAME.checked_apply(state, "play 5")    # lower than 9
    GAME.checked_apply(state, "play 11")   # higher than 5
    assert GAME.score_now(state).scores == expected


def test_h3_the_draw_is_seen_only_by_the_drawer():
    state = scenario("highcard", 2, DEAL)
    events = GAME.checked_apply(state, "play 12")
    assert GAME.view(state, 0)["hand"] == [1, 10]          # the deck's top (its end) was 10
    assert GAME.view(state, 1)["hand"] == [5, 11] and GAME.view(state, 1)["hand_sizes"] == [2, 2]
    assert [e.key for e in events if e.visible_to(1)] == ["play", "draw_hidden"]
    assert [e.key for e in events if e.visible_to(0)] == ["play", "draw"]


def test_h4_h5_the_game_ends_when_every_card_is_played_and_ties_share():
    state = scenario("highcard", 2, {"hands": [[3], [4]], "deck": [], "played": [1, 2, 5, 6, 7, 8, 9, 10, 11, 12],
                                     "scores": [4, 0], "to_act": 0})
    GAME.checked_apply(state, "play 3")    # 3 < 12: nothing
    assert not GAME.is_over(state)
    GAME.checked_apply(state, "play 4")    # 4 > 3: scores 4
    assert GAME.is_over(state) and GAME.decision(state) is None
    assert GAME.outcome(state).scores == (4, 4) and GAME.outcome(state).ranks == (1, 1)


def test_positions_and_notation_name_the_problem():
    with pytest.raises(BadPosition, match="exactly one place"):
        scenario("highcard", 2, {**DEAL, "hands": [[12, 12], [5, 11]]})
    with pytest.raises(BadPosition, match="to_act"):
        scenario("highcard", 2, {**DEAL, "to_act": 7})
    with pytest.raises(BadPosition, match="list of whole numbers"):
        scenario("highcard", 2, {**DEAL, "deck": "12"})
    with pytest.raises(BadNotation):
        GAME.parse_action("play ²")

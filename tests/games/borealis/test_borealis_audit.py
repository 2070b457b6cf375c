"""Rules audit: discrepancies found against the reference, each pinned by a test (R17-R19, R28,
R34, A31, A32, section 2.10 option values)."""

import pytest

from borealis_helpers import (
    achieved, decision_kind, objective, pass_turn, play, pos, ready, set_flags, set_hand, set_objectives,
    set_piles, set_pool, set_round, set_scientists, set_tokens, set_turn,
)
from gameshelf.core.errors import BadOption
from gameshelf.games.borealis import GAME
from gameshelf.games.borealis.actions import REFRESH

FULL = "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]"


def test_r17_r28_a31_nothing_left_never_forces_a_paid_refresh():
    """R28/A31: with the pool, deck and discard pile all empty no card is gained; a refresh
    would gain nothing either, so the player must not be forced to pay 1 star for it (R17)."""
    s = ready()
    set_scientists(s, 0, FULL)
    set_hand(s, 0, [12, 13])
    set_pool(s, [])
    set_tokens(s, 0, 2)
    set_piles(s, deck=[], discard=[])
    events = play(s, "play 12 C")
    assert decision_kind(s) == "choose_action" and GAME.to_act(s) == 1
    assert s.tokens[0] == 2 and s.hands[0] == [13]
    assert any(e.key == "no_card" for e in events)


def test_r18_r19_refresh_is_offered_while_it_can_deal_a_card():
    """R18: a short pool with empty piles can still be refreshed (the same cards come back)."""
    s = ready()
    set_scientists(s, 0, FULL)
    set_hand(s, 0, [12, 13])
    set_pool(s, [40])
    set_piles(s, deck=[], discard=[])
    play(s, "play 12 C")
    assert decision_kind(s) == "take_card" and REFRESH in GAME.legal_actions(s)
    play(s, "refresh")
    assert s.pool == [40] and s.tokens[0] == 1
    play(s, "take 40")
    assert s.hands[0] == [13, 40] and s.pool == []


@pytest.mark.parametrize("options", [
    {"territorial_empty_location_scores": False, "common_destination_counts_start_space": True,
     "refresh_then_deck_allowed": False},
    {"territorial_empty_location_scores": "false", "common_destination_counts_start_space": "true",
     "refresh_then_deck_allowed": "false"},
    {"max_rounds": None},
    {"max_rounds": "null"},
    {"player_count": 3},
    {"player_count": "3"},
])
def test_2_10_option_values_as_the_reference_writes_them(options):
    """Section 2.10 spells booleans true/false, max_rounds null, and lists player_count."""
    resolved = GAME.position(GAME.setup(3, options, 1))["options"]
    assert resolved["max_rounds"] == ("none" if "max_rounds" in options else "100")
    assert (resolved["territorial_empty_location_scores"], resolved["common_destination_counts_start_space"],
            resolved["refresh_then_deck_allowed"]) == ("off", "on", "off")


def test_2_10_option_true_values():
    s = GAME.setup(2, {"territorial_empty_location_scores": "true",
                       "common_destination_counts_start_space": "false",
                       "refresh_then_deck_allowed": True}, 1)
    resolved = GAME.position(s)["options"]
    assert (resolved["territorial_empty_location_scores"], resolved["common_destination_counts_start_space"],
            resolved["refresh_then_deck_allowed"]) == ("on", "off", "on")


def test_2_10_player_count_must_match():
    with pytest.raises(BadOption):
        GAME.setup(2, {"player_count": 3}, 1)


@pytest.mark.parametrize("cap", [3, "7", 12])
def test_a32_max_rounds_any_positive_number(cap):
    s = ready(2, max_rounds=cap)
    while not GAME.is_over(s):
        pass_turn(s)
    assert pos(s)["round"] == int(cap) and [p["turns"] for p in pos(s)["seats"]] == [int(cap)] * 2
    assert GAME.outcome(s).details["end_reason"] == "max_rounds"
    with pytest.raises(BadOption):
        GAME.setup(2, {"max_rounds": "0"}, 1)
    with pytest.raises(BadOption):
        GAME.setup(2, {"max_rounds": "x"}, 1)


def test_r34_window_runs_to_the_end_of_the_round_of_the_first_achiever():
    """R34: first achieved by the first seat -> the later seats of that round can still take it;
    it leaves the game at the end of that round with its remaining tokens."""
    s = ready(3)
    set_objectives(s, ("OBJ_ANIMAL_1", "OBJ_SCIENTIST_5", "OBJ_VEHICLE_3"))
    set_flags(s, 0, [4, 0, 0])
    pass_turn(s)
    assert objective(s, 2)["status"] == "closing" and objective(s, 2)["tokens"] == 2
    set_flags(s, 2, [0, 0, 4])
    pass_turn(s)                       # seat 1 does not meet it
    pass_turn(s)                       # seat 2 meets it in the window
    assert achieved(s, 2) == ["OBJ_VEHICLE_3"]
    assert objective(s, 2)["status"] == "removed" and objective(s, 2)["tokens"] == 1
    set_flags(s, 1, [5, 0, 0])
    pass_turn(s)
    pass_turn(s)
    assert achieved(s, 1) == []


def test_a32_stalemate_at_the_end_of_a_round_reports_that_round():
    """A32: the game ends at once; the round reported is the last one played, not the next."""
    from test_borealis_end import t11_state
    s = t11_state()
    set_turn(s, 3)                      # the last seat of the round (first player 0)
    set_round(s, 6)
    pass_turn(s)
    assert GAME.is_over(s)
    assert GAME.outcome(s).details["rounds"] == 6


def test_r42_persistent_record_and_title():
    """R42, 2.9: a game's achievements are added to the player's record; the title comes from
    the number of DISTINCT achievements ever marked (0-4, 5-8, 9-12, 13-16, 17+)."""
    from gameshelf.games.borealis.scoring import update_record
    record, title = update_record([], ["ACH_WIN", "ACH_SCORE_50"])
    assert record == ["ACH_SCORE_50", "ACH_WIN"] and title == "TUNDRA_TRAVELLER"
    record, title = update_record(record, ["ACH_WIN", "ACH_SCORE_60", "ACH_SCORE_70"])
    assert len(record) == 4 and title == "TUNDRA_TRAVELLER"          # ACH_WIN counted once
    record, title = update_record(record, ["ACH_SCORE_80"])
    assert len(record) == 5 and title == "POLAR_AMATEUR"
    from gameshelf.games.borealis.catalog import ACHIEVEMENTS
    ids = [a["id"] for a in ACHIEVEMENTS]
    assert len(ids) == 19
    for count, expected in ((8, "POLAR_AMATEUR"), (9, "ARCTIC_BACKPACKER"), (12, "ARCTIC_BACKPACKER"),
                            (13, "SEASONED_EXPLORER"), (16, "SEASONED_EXPLORER"), (17, "ARCTIC_PRO"),
                            (19, "ARCTIC_PRO")):
        assert update_record([], ids[:count])[1] == expected
    with pytest.raises(ValueError):
        update_record([], ["ACH_NOPE"])


def test_r22_r27_regroup_reshuffles_its_own_discards_mid_draw():
    """R21, R22, R27: the discards go to the pile first; when the deck runs dry mid-draw the pile
    (now holding them) is shuffled into a new deck and the draw continues."""
    s = ready()
    set_hand(s, 0, [12, 13, 14, 15])
    set_piles(s, deck=[50], discard=[])
    events = play(s, "regroup", "discard 12", "discard 13", "discard 14", "done")
    assert len(s.hands[0]) == 4 and 15 in s.hands[0] and 50 in s.hands[0]
    assert len(s.deck) == 1 and s.discard == [] and set(s.hands[0]) | set(s.deck) == {12, 13, 14, 15, 50}
    keys = [e.key for e in events]
    assert keys.index("reshuffle") > keys.index("regroup_discard")
    assert GAME.to_act(s) == 1


def test_a19_mulligan_reshuffles_when_the_deck_runs_out():
    """A19: a mulligan that empties the deck reshuffles the discard pile (R27)."""
    s = GAME.setup(2, {"first_player": "chosen"}, 4)
    hand = list(s.hands[0])
    set_piles(s, deck=[50, 51], discard=[])
    play(s, *[f"discard {c}" for c in hand], "done")
    assert len(s.hands[0]) == 4 and {50, 51} <= set(s.hands[0])
    assert len(s.deck) == 2 and set(s.deck) | set(s.hands[0]) == set(hand) | {50, 51}


def test_a32_no_stalemate_check_skips_a_playable_card_in_another_players_hand():
    """A32 (ii): a card in ANY hand that ANY player could play prevents the stalemate."""
    from test_borealis_end import t11_state
    from gameshelf.games.borealis.rules_end import is_stalemate
    s = t11_state()
    set_scientists(s, 3, "LC:[] | L:[Y,B,Y] | C:[B,B,Y] | R:[P,P,P] | RC:[]")
    GAME.check_invariants(s)
    assert not is_stalemate(s)          # P4 could play P1's card 11 (Y-left, B-right) at LEFT

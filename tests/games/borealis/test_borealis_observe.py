"""OBSERVE: R5-R16, A4, A5; worked examples W1, W2 and test vectors T5, T6."""

import pytest

from borealis_helpers import (
    ZONE, camp, column, decision_kind, flags, has_scientists, play, pos, ready, set_column, set_flags, set_hand,
    set_scientists, set_turn, zone_scientists,
)
from gameshelf.core.errors import BadNotation, IllegalAction
from gameshelf.games.borealis import GAME
from gameshelf.games.borealis.actions import Observe, Regroup, parse_action
from gameshelf.games.borealis.rules_observe import observe_actions

FULL = "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]"


def legal_locations(s, card):
    return sorted(a.loc for a in observe_actions(s, GAME.to_act(s)) if a.card == card)


def w1_state():
    s = ready()
    set_scientists(s, 0, "LC:[P] | L:[B] | C:[Y,B] | R:[Y,Y,P] | RC:[B,P]")
    set_flags(s, 0, [0, 0, 1])
    set_hand(s, 0, [9, 13, 41, 61])
    return s


def test_w1_ootah_observes_at_the_right():
    """W1 (R10, R12, R13, R15): card 9 only at RIGHT; flag 1 -> 2 on SLED."""
    s = w1_state()
    assert legal_locations(s, 9) == [ZONE["R"]]
    play(s, "play 9 R")
    assert has_scientists(s, 0, "LC:[P] | L:[B] | C:[Y,Y,B] | R:[P] | RC:[Y,B,P]")
    assert flags(s, 0) == [0, 0, 2]
    assert column(s, 0, "R") == [9]


def test_w2_ootah_observes_in_the_centre():
    """W2 (R10, R13, R15): from W1, card 13 only at CENTER; KAYAK misses, the flag stays on 0."""
    s = w1_state()
    play(s, "play 9 R", "deck")
    set_turn(s, 0)                           # Ootah's next turn (the opponent's is irrelevant)
    assert legal_locations(s, 13) == [ZONE["C"]]
    play(s, "play 13 C")
    assert has_scientists(s, 0, "LC:[P] | L:[B,Y] | C:[Y] | R:[P,B] | RC:[Y,B,P]")
    assert flags(s, 0) == [0, 0, 2]
    assert camp(s, 0, "LC") + camp(s, 0, "RC") == 4   # camps hold 1 + 3


@pytest.mark.parametrize("card, expected", [
    (81, ["C"]), (11, ["L"]), (41, ["R"]), (61, ["C"]), (1, []), (31, ["L"]), (71, ["R"]),
])
def test_t5_legal_locations_r10_a5(card, expected):
    """T5 (R10, A5): both arrow colours present; two of one colour for same-colour cards; camps never count."""
    s = ready()
    set_scientists(s, 0, "LC:[Y] | L:[Y,B] | C:[Y,P,P] | R:[B,B,P] | RC:[]")
    set_hand(s, 0, [card])
    assert legal_locations(s, card) == [ZONE[z] for z in expected]


def test_r10_illegal_observe_is_rejected_with_the_rule():
    s = ready()
    set_scientists(s, 0, "LC:[Y] | L:[Y,B] | C:[Y,P,P] | R:[B,B,P] | RC:[]")
    set_hand(s, 0, [1, 11, 12, 13])
    with pytest.raises(IllegalAction) as err:
        GAME.checked_apply(s, "play 1 L")
    assert err.value.rule == "R10"
    with pytest.raises(IllegalAction) as err:
        GAME.checked_apply(s, "play 2 L")          # not in hand
    assert err.value.rule == "R10" and "not in your hand" in err.value.message


def test_t6_flag_edge_cases_r13_r14_r15():
    """T6: no space 8; only the next space counts; arrivals are usable (R14)."""
    s = ready()
    set_scientists(s, 0, FULL)
    set_flags(s, 0, [7, 2, 0])
    set_hand(s, 0, [12, 19, 15])
    play(s, "play 12 L")
    assert flags(s, 0)[0] == 7
    assert has_scientists(s, 0, "LC:[Y] | L:[P] | C:[Y,B,B,P] | R:[Y,B,P] | RC:[]")
    set_turn(s, 0)
    play(s, "play 19 C")
    assert flags(s, 0)[1] == 3
    assert has_scientists(s, 0, "LC:[Y] | L:[Y,P] | C:[B,P] | R:[Y,B,B,P] | RC:[]")
    set_turn(s, 0)
    assert legal_locations(s, 15) == [ZONE["R"]]
    play(s, "play 15 R")
    assert flags(s, 0)[2] == 0
    assert has_scientists(s, 0, "LC:[Y] | L:[Y,P] | C:[Y,B,P] | R:[B,P] | RC:[B]")


def test_r5_cards_are_played_only_to_locations():
    s = ready()
    assert all(1 <= a.loc <= 3 for a in GAME.legal_actions(s) if isinstance(a, Observe))
    with pytest.raises(BadNotation):
        parse_action("play 9 LC")


def test_r6_a4_steps_left_and_right_camps_only_from_outer_locations():
    """R6, A4: a CENTER card sends no one to a camp; LEFT/RIGHT cards send one to that side's camp."""
    for zone, camp_l, camp_r in (("L", 1, 0), ("C", 0, 0), ("R", 0, 1)):
        s = ready()
        set_scientists(s, 0, FULL)
        set_hand(s, 0, [12])            # Y-left, B-right
        play(s, f"play 12 {zone}")
        assert camp(s, 0, "LC") == camp_l and camp(s, 0, "RC") == camp_r


def test_r7_r12_new_card_goes_on_top_of_the_column():
    s = ready()
    set_scientists(s, 0, "LC:[] | L:[] | C:[Y,Y,Y,B,B,B,P,P,P] | R:[] | RC:[]")
    set_column(s, 0, "C", [5, 6])
    set_hand(s, 0, [12])
    play(s, "play 12 C")
    assert column(s, 0, "C") == [5, 6, 12]


def test_r8_each_location_moves_only_its_own_track():
    s = ready()
    set_scientists(s, 0, FULL)
    set_hand(s, 0, [11])                 # POLAR_BEAR ZEPPELIN, Y-left B-right
    play(s, "play 11 C")                 # CENTER space 1 = ZEPPELIN/SUBMARINE
    assert flags(s, 0) == [0, 1, 0]


def test_r9_nine_scientists_three_per_colour_may_share_a_zone():
    s = ready(3)
    for seat in range(3):
        zones = zone_scientists(s, seat)
        assert [sum(z.count(colour) for z in zones.values()) for colour in ("YELLOW", "BLUE", "PINK")] == [3, 3, 3]
        assert [zones[z] for z in ("LEFT", "CENTER", "RIGHT")] == [["YELLOW", "BLUE", "PINK"]] * 3
    set_scientists(s, 0, "LC:[] | L:[Y,Y,Y,B,B,B,P,P,P] | C:[] | R:[] | RC:[]")
    GAME.check_invariants(s)


def test_r11_no_legal_pair_means_regroup_only():
    s = ready()
    set_scientists(s, 0, "LC:[] | L:[Y,Y,Y] | C:[B,B,B] | R:[P,P,P] | RC:[]")
    set_hand(s, 0, [11, 21, 31, 61])
    assert GAME.legal_actions(s) == [Regroup()]


def test_r13_movers_are_taken_from_the_location_before_the_move():
    """Same-colour card: both movers come from X (A5), one to each side."""
    s = ready()
    set_scientists(s, 0, "LC:[] | L:[Y,B,B,B] | C:[Y,Y] | R:[P,P,P] | RC:[]")
    set_hand(s, 0, [1])
    play(s, "play 1 C")
    assert has_scientists(s, 0, "LC:[] | L:[Y,Y,B,B,B] | C:[] | R:[Y,P,P,P] | RC:[]")


def test_r14_scientists_in_camps_stay_until_regroup():
    s = ready()
    set_scientists(s, 0, FULL)
    set_hand(s, 0, [12, 13])
    play(s, "play 12 L", "deck")
    assert zone_scientists(s, 0)["LEFT_CAMP"] == ["YELLOW"]    # the yellow went to LEFT_CAMP
    set_turn(s, 0)
    play(s, "play 13 C")
    assert zone_scientists(s, 0)["LEFT_CAMP"] == ["YELLOW"]    # nothing leaves a camp by observing


def test_r15_flag_moves_only_on_a_match_of_the_next_space():
    s = ready()
    set_scientists(s, 0, FULL)
    set_hand(s, 0, [15])                     # PUFFIN SLED
    play(s, "play 15 L")                     # LEFT space 1 = SLED/ZEPPELIN
    assert flags(s, 0)[0] == 1


def test_r16_seventh_card_triggers_the_end_and_the_turn_continues():
    s = ready()
    set_scientists(s, 0, FULL)
    set_column(s, 0, "C", [2, 3, 4, 5, 6, 7])
    set_hand(s, 0, [12])
    events = play(s, "play 12 C")
    assert pos(s)["end_triggered"] and decision_kind(s) == "take_card" and GAME.to_act(s) == 0
    assert any(e.key == "end_triggered" for e in events)

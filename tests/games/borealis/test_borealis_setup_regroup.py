"""Setup and structure (section 3, R1-R4, R40-R43, A19, A20) and REGROUP (R21-R25, A18, W3)."""

import pytest

from borealis_helpers import (
    cards, decision_kind, flags, has_scientists, play, pos, ready, set_boards, set_hand, set_scientists, set_tokens,
)
from gameshelf.core.errors import BadOption, IllegalAction
from gameshelf.games.borealis import GAME
from gameshelf.games.borealis.actions import DISCARD, DONE, REGROUP, REGROUP_TO, Regroup
from gameshelf.games.borealis.catalog import OBJECTIVES, SCORING_IDS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_section3_setup(players):
    s = GAME.setup(players, {}, 7)
    p = pos(s)
    assert len(p["pool"]) == 4 and all(len(seat["hand"]) == 4 for seat in p["seats"])
    assert len(p["deck"]) == 90 - 4 - 4 * players and p["discard"] == []
    assert len(set(p["scoring_cards"])) == 2 and set(p["scoring_cards"]) <= set(SCORING_IDS)
    assert [OBJECTIVES[o["id"]].type for o in p["objectives"]] == ["ANIMAL", "SCIENTIST", "VEHICLE"]
    assert [o["tokens"] for o in p["objectives"]] == [players] * 3                      # R31
    assert [seat["tokens"] for seat in p["seats"]] == [2] * players
    assert all(flags(s, seat) == [0, 0, 0] for seat in range(players))
    for seat in range(players):
        assert has_scientists(s, seat, "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]")
    assert p["pending"] == [{"kind": "borealis.mulligan", "seat": p["first_player"], "discarded": 0}]
    assert p["round"] == 1
    GAME.check_invariants(s)


def test_r1_two_to_four_players():
    for players in (2, 3, 4):
        GAME.setup(players, {}, 1)
    for players in (1, 5):
        with pytest.raises(BadOption):
            GAME.setup(players, {}, 1)


def test_r2_rounds_in_seat_order_from_a_fixed_first_player():
    s = GAME.setup(3, {}, 11)
    first = pos(s)["first_player"]
    for _ in range(3):
        play(s, "done")
    order = []
    while pos(s)["round"] < 3:
        order.append(GAME.to_act(s))
        play(s, "regroup", "done")
        if decision_kind(s) == "regroup_location":
            play(s, "to C")
    assert order == [first, (first + 1) % 3, (first + 2) % 3] * 2
    assert pos(s)["first_player"] == first


def test_r3_one_action_no_pass():
    s = ready()
    legal = GAME.legal_actions(s)
    assert REGROUP in legal and all(type(a).__name__ in ("Observe", "Regroup") for a in legal)
    with pytest.raises(IllegalAction) as err:
        GAME.checked_apply(s, "done")
    assert err.value.rule == "R3"


def test_r4_view_hides_hands_and_deck_order():
    s = ready(3)
    p = pos(s)
    v = GAME.view(s, 1)
    assert v["boards"][1]["hand"] == cards(p["seats"][1]["hand"])
    assert v["boards"][0]["hand"] is None and v["boards"][0]["hand_count"] == 4
    assert "deck" not in v and v["deck_count"] == len(p["deck"])
    spectator = GAME.view(s, None)
    assert all(board["hand"] is None for board in spectator["boards"])
    assert v["pool"] == cards(p["pool"]) and v["discard"] == cards(p["discard"])


def test_a19_mulligan_once_in_seat_order():
    s = GAME.setup(2, {"first_player": "chosen"}, 3)
    assert decision_kind(s) == "mulligan" and GAME.to_act(s) == 0
    h = list(s.hands[0])
    assert set(GAME.legal_actions(s)) == {DISCARD[c] for c in h} | {DONE}
    play(s, f"discard {h[0]}", f"discard {h[2]}", "done")
    assert len(s.hands[0]) == 4 and s.discard == [h[0], h[2]]
    assert h[1] in s.hands[0] and h[3] in s.hands[0]
    assert GAME.to_act(s) == 1 and decision_kind(s) == "mulligan"
    play(s, "done")
    assert decision_kind(s) == "choose_action" and GAME.to_act(s) == 0   # round 1 begins, no second mulligan


def test_r21_r24_w3_regroup_to_the_left():
    """W3: camps 1 + 3 = 4 scientists -> +4 stars, all to LEFT."""
    s = ready()
    set_scientists(s, 0, "LC:[P] | L:[B,Y] | C:[Y] | R:[P,B] | RC:[Y,B,P]")
    set_tokens(s, 0, 2)
    hand = list(s.hands[0])
    deck_top = s.deck[-1]
    play(s, "regroup")
    assert decision_kind(s) == "regroup_discard"
    play(s, f"discard {hand[0]}", "done")
    assert decision_kind(s) == "regroup_location"
    assert set(GAME.legal_actions(s)) == {REGROUP_TO[1], REGROUP_TO[2], REGROUP_TO[3]}
    play(s, "to L")
    assert s.tokens[0] == 6
    assert has_scientists(s, 0, "LC:[] | L:[B,Y,P,Y,B,P] | C:[Y] | R:[P,B] | RC:[]")
    assert hand[0] in s.discard and deck_top in s.hands[0] and len(s.hands[0]) == 4


def test_r21_discard_any_number_one_at_a_time():
    s = ready()
    hand = list(s.hands[0])
    play(s, "regroup", *[f"discard {c}" for c in hand])
    assert GAME.legal_actions(s) == [DONE]
    play(s, "done")
    assert len(s.hands[0]) == 4 and s.discard == hand


def test_r22_regroup_draws_from_the_deck_never_the_pool():
    s = ready()
    pool = list(s.pool)
    top = s.deck[-1]
    play(s, "regroup", f"discard {s.hands[0][0]}", "done")
    assert s.pool == pool and top in s.hands[0]


def test_r23_one_star_per_camp_scientist():
    s = ready()
    set_scientists(s, 0, "LC:[Y,B] | L:[P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]")
    play(s, "regroup", "done", "to R")
    assert s.tokens[0] == 4


def test_r24_all_camp_scientists_to_one_location():
    s = ready()
    set_scientists(s, 0, "LC:[Y] | L:[B,P] | C:[Y,B,P] | R:[B,P] | RC:[Y]")
    play(s, "regroup", "done", "to C")
    assert has_scientists(s, 0, "LC:[] | L:[B,P] | C:[Y,Y,Y,B,P] | R:[B,P] | RC:[]")


def test_r25_a18_regroup_always_legal_even_as_a_pass():
    s = ready()
    set_scientists(s, 0, "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]")
    hand, tokens = list(s.hands[0]), s.tokens[0]
    assert Regroup() in GAME.legal_actions(s)
    play(s, "regroup", "done")                # empty camps: no location decision
    assert s.hands[0] == hand and s.tokens[0] == tokens and GAME.to_act(s) == 1


def test_r40_a20_board_sides():
    def boards(s):
        return [seat["board"] for seat in pos(s)["seats"]]
    s = GAME.setup(4, {"board_side": "II"}, 5)
    assert sorted(boards(s)) == ["BOARD_1", "BOARD_2", "BOARD_3", "BOARD_4"]
    s = GAME.setup(3, {"board_side": "II"}, 5)
    assert len(set(boards(s))) == 3 and "SIDE_I" not in boards(s)
    s = GAME.setup(3, {"board_side": "I"}, 5)
    assert set(boards(s)) == {"SIDE_I"}


def test_r40_side_ii_track_drives_the_flag():
    s = ready(2, board_side="II")
    set_boards(s, ["BOARD_1", "BOARD_2"])
    set_scientists(s, 0, "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]")
    set_hand(s, 0, [14])                       # HARP_SEAL SKIS; BOARD_1 CENTER space 1 = SUBMARINE/SKIS
    play(s, "play 14 C")
    assert flags(s, 0)[1] == 1                     # side I CENTER space 1 (ZEPPELIN/SUBMARINE) would not match
    s2 = ready(2, board_side="II")
    set_boards(s2, ["BOARD_1", "BOARD_2"])
    set_scientists(s2, 0, "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]")
    set_hand(s2, 0, [19])                      # HARP_SEAL ZEPPELIN: side I CENTER matches, BOARD_1 does not
    play(s2, "play 19 C")
    assert flags(s2, 0)[1] == 0


def test_r41_first_player_option():
    firsts = {pos(GAME.setup(4, {}, seed))["first_player"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert all(pos(GAME.setup(4, {"first_player": "chosen"}, seed))["first_player"] == 0 for seed in range(10))


def test_r43_same_rules_for_every_count_only_tokens_differ():
    for players in (2, 3, 4):
        p = pos(GAME.setup(players, {}, 2))
        assert [o["tokens"] for o in p["objectives"]] == [players] * 3
        assert [seat["tokens"] for seat in p["seats"]] == [2] * players


def test_options_schema_names_and_values():
    names = GAME.info.options.names()
    assert names == ["board_side", "first_player", "refresh_limit", "territorial_empty_location_scores",
                     "common_destination_counts_start_space", "refresh_then_deck_allowed", "max_rounds"]
    defaults = GAME.info.options.defaults()
    assert defaults["board_side"] == "I" and defaults["max_rounds"] == "100"
    assert defaults["refresh_limit"] == "per_turn"
    with pytest.raises(BadOption):
        GAME.setup(2, {"board_side": "III"}, 0)

"""Setup and structure (section 3, R1-R4, R40-R43, A19, A20) and REGROUP (R21-R25, A18, W3)."""

import pytest

from borealis_helpers import has_scientists, play, ready, set_hand, set_scientists
from gameshelf.core.errors import BadOption, IllegalAction
from gameshelf.games.borealis import GAME
from gameshelf.games.borealis.actions import DISCARD, DONE, REGROUP, REGROUP_TO, Regroup
from gameshelf.games.borealis.catalog import BOARD_IDS, OBJECTIVES, SCORING_IDS
from gameshelf.games.borealis.state import CHOOSE, MULLIGAN, REGROUP_DISCARD, REGROUP_LOCATION


@pytest.mark.parametrize("players", [2, 3, 4])
def test_section3_setup(players):
    s = GAME.setup(players, {}, 7)
    assert len(s.pool) == 4 and all(len(h) == 4 for h in s.hands)
    assert len(s.deck) == 90 - 4 - 4 * players and s.discard == []
    assert len(set(s.scoring)) == 2 and set(s.scoring) <= set(SCORING_IDS)
    assert [OBJECTIVES[o].type for o in s.obj] == ["ANIMAL", "SCIENTIST", "VEHICLE"]
    assert s.obj_tokens == [players] * 3                      # R31
    assert s.tokens == [2] * players and s.flags == [0] * (3 * players)
    for seat in range(players):
        assert has_scientists(s, seat, "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]")
    assert s.phase == MULLIGAN and s.seat == s.first and s.round == 1
    GAME.check_invariants(s)


def test_r1_two_to_four_players():
    for players in (2, 3, 4):
        GAME.setup(players, {}, 1)
    for players in (1, 5):
        with pytest.raises(BadOption):
            GAME.setup(players, {}, 1)


def test_r2_rounds_in_seat_order_from_a_fixed_first_player():
    s = GAME.setup(3, {}, 11)
    first = s.first
    for _ in range(3):
        play(s, "done")
    order = []
    while s.round < 3:
        order.append(s.seat)
        play(s, "regroup", "done")
        if s.phase == REGROUP_LOCATION:
            play(s, "to C")
    assert order == [first, (first + 1) % 3, (first + 2) % 3] * 2
    assert s.first == first


def test_r3_one_action_no_pass():
    s = ready()
    legal = GAME.legal_actions(s)
    assert REGROUP in legal and all(type(a).__name__ in ("Observe", "Regroup") for a in legal)
    with pytest.raises(IllegalAction) as err:
        GAME.checked_apply(s, "done")
    assert err.value.rule == "R3"


def test_r4_view_hides_hands_and_deck_order():
    s = ready(3)
    v = GAME.view(s, 1)
    assert v["players"][1]["hand"] == s.hands[1]
    assert v["players"][0]["hand"] is None and v["players"][0]["hand_count"] == 4
    assert "deck" not in v and v["deck_count"] == len(s.deck)
    spectator = GAME.view(s, None)
    assert all(p["hand"] is None for p in spectator["players"])
    assert v["pool"] == s.pool and v["discard"] == s.discard


def test_a19_mulligan_once_in_seat_order():
    s = GAME.setup(2, {"first_player": "chosen"}, 3)
    assert s.phase == MULLIGAN and s.seat == 0
    h = list(s.hands[0])
    assert set(GAME.legal_actions(s)) == {DISCARD[c] for c in h} | {DONE}
    play(s, f"discard {h[0]}", f"discard {h[2]}", "done")
    assert len(s.hands[0]) == 4 and s.discard == [h[0], h[2]]
    assert h[1] in s.hands[0] and h[3] in s.hands[0]
    assert s.seat == 1 and s.phase == MULLIGAN
    play(s, "done")
    assert s.phase == CHOOSE and s.seat == 0                  # round 1 begins, no second mulligan


def test_r21_r24_w3_regroup_to_the_left():
    """W3: camps 1 + 3 = 4 scientists -> +4 stars, all to LEFT."""
    s = ready()
    set_scientists(s, 0, "LC:[P] | L:[B,Y] | C:[Y] | R:[P,B] | RC:[Y,B,P]")
    s.tokens[0] = 2
    hand = list(s.hands[0])
    deck_top = s.deck[-1]
    play(s, "regroup")
    assert s.phase == REGROUP_DISCARD
    play(s, f"discard {hand[0]}", "done")
    assert s.phase == REGROUP_LOCATION
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
    assert s.hands[0] == hand and s.tokens[0] == tokens and s.seat == 1


def test_r40_a20_board_sides():
    s = GAME.setup(4, {"board_side": "II"}, 5)
    assert sorted(BOARD_IDS[b] for b in s.boards) == ["BOARD_1", "BOARD_2", "BOARD_3", "BOARD_4"]
    s = GAME.setup(3, {"board_side": "II"}, 5)
    assert len(set(s.boards)) == 3 and 0 not in s.boards
    s = GAME.setup(3, {"board_side": "I"}, 5)
    assert {BOARD_IDS[b] for b in s.boards} == {"SIDE_I"}


def test_r40_side_ii_track_drives_the_flag():
    s = ready(2, board_side="II")
    s.boards = (BOARD_IDS.index("BOARD_1"), BOARD_IDS.index("BOARD_2"))
    set_scientists(s, 0, "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]")
    set_hand(s, 0, [14])                       # HARP_SEAL SKIS; BOARD_1 CENTER space 1 = SUBMARINE/SKIS
    play(s, "play 14 C")
    assert s.flags[1] == 1                     # side I CENTER space 1 (ZEPPELIN/SUBMARINE) would not match
    s2 = ready(2, board_side="II")
    s2.boards = (BOARD_IDS.index("BOARD_1"), BOARD_IDS.index("BOARD_2"))
    set_scientists(s2, 0, "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]")
    set_hand(s2, 0, [19])                      # HARP_SEAL ZEPPELIN: side I CENTER matches, BOARD_1 does not
    play(s2, "play 19 C")
    assert s2.flags[1] == 0


def test_r41_first_player_option():
    firsts = {GAME.setup(4, {}, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert all(GAME.setup(4, {"first_player": "chosen"}, seed).first == 0 for seed in range(10))


def test_r43_same_rules_for_every_count_only_tokens_differ():
    for players in (2, 3, 4):
        s = GAME.setup(players, {}, 2)
        assert s.obj_tokens == [players] * 3 and s.tokens == [2] * players


def test_options_schema_names_and_values():
    names = GAME.info.options.names()
    assert names == ["board_side", "first_player", "refresh_limit", "territorial_empty_location_scores",
                     "common_destination_counts_start_space", "refresh_then_deck_allowed", "max_rounds"]
    defaults = GAME.info.options.defaults()
    assert defaults["board_side"] == "I" and defaults["max_rounds"] == "100"
    assert defaults["refresh_limit"] == "per_turn"
    with pytest.raises(BadOption):
        GAME.setup(2, {"board_side": "III"}, 0)

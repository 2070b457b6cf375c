"""Final scoring R44-R64 with A1, A2, A11-A16, A25-A29; worked examples W4-W14; T1-T4, T9."""

import pytest

from borealis_helpers import (
    pos, ready, set_achieved, set_column, set_flags, set_hand, set_scientists, set_scoring, set_tokens,
    species_columns,
)
from gameshelf.core.game import rank_players
from gameshelf.games.borealis import scoring
from gameshelf.games.borealis.catalog import CARD_VEHICLE_BIT, CARD_IDS, TRACK_MASKS
from gameshelf.games.borealis.catalog import BY_ID, SET_TABLE, TRACK_STARS
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.scoring import Board, score_card

B, F, O, S, P = "POLAR_BEAR", "ARCTIC_FOX", "SNOWY_OWL", "HARP_SEAL", "PUFFIN"
CFG = Config()


def board(*cols, zones=(0, 3, 3, 3, 0), flags=(0, 0, 0)):
    return Board(species_columns(*cols), list(zones), list(flags))


def card(name, bd, cfg=CFG):
    return score_card(name, bd, cfg)


BRITTA = {"L": [19, 4, 16, 64], "C": [38, 8, 6, 18, 13, 23, 80], "R": [35, 5, 46]}


def britta_state():
    s = ready(2)
    for zone, cards in BRITTA.items():
        set_column(s, 0, zone, cards)
    set_flags(s, 0, [3, 6, 3])
    set_tokens(s, 0, 16)
    set_scoring(s, ("INTERSPECIES_RELATIONS", "BREEDING_SEASON"))
    return s


def test_w4_brittas_56_stars_a1():
    """W4 (R44-R48, R51, R54, R59): 14 + 12 + 2 + 6 + 6 + 16 = 56."""
    s = britta_state()
    parts = scoring.breakdown(s, 0)
    assert parts == {"sets": 14, "flags": 12, "card_stars": 2, "INTERSPECIES_RELATIONS": 6,
                     "BREEDING_SEASON": 6, "tokens": 16}
    assert sum(parts.values()) == 56
    assert list(parts) == ["sets", "flags", "card_stars", "INTERSPECIES_RELATIONS", "BREEDING_SEASON", "tokens"]
    assert "ACH_SCORE_50" in scoring.achievements(s, 0, parts, 56, False)


def test_w4_replay_check_flags_follow_r15_on_side_i():
    for zone, loc, expected in (("L", 1, 3), ("C", 2, 6), ("R", 3, 3)):
        f = 0
        for c in BRITTA[zone]:
            if f < 7 and CARD_VEHICLE_BIT[c] & TRACK_MASKS[0][loc][f + 1]:
                f += 1
        assert f == expected, zone


def test_w5_common_destination_two_on_a_line():
    assert card("COMMON_DESTINATION", board([], [], [], flags=(3, 4, 3))) == 5


def test_w6_widespread_species():
    bd = board([B, S, P, O], [B, F, P], [B, O, P, F, F])
    assert card("WIDESPREAD_SPECIES", bd) == 10


def test_w7_interspecies_relations():
    assert card("INTERSPECIES_RELATIONS", board([B, B, B], [O, S, O], [F, P, S])) == 3


def test_w8_outer_lands():
    bd = Board([[1] * 5, [2] * 5, [3] * 6], [0] * 5, [0, 0, 0])
    assert card("OUTER_LANDS", bd) == 7


def test_w9_farewell_party():
    assert card("FAREWELL_PARTY", board([], [], [], zones=(1, 4, 1, 2, 1))) == 8


def test_w10_breeding_season():
    bd = board([], [B, B, P, P, P, B, B], [])
    assert card("BREEDING_SEASON", bd) == 4
    assert scoring.sets(bd) == 9


def test_w11_safe_return():
    assert card("SAFE_RETURN", board([], [], [], zones=(2, 1, 2, 1, 3))) == 15


def test_w12_popular_vehicle():
    counts = {"ZEPPELIN": 1, "SUBMARINE": 3, "SKIS": 3, "KAYAK": 4, "SLED": 4}
    cards = [c for v, n in counts.items() for c in [x for x in CARD_IDS if BY_ID[x].vehicle == v][:n]]
    bd = Board([cards[:5], cards[5:10], cards[10:]], [0] * 5, [0, 0, 0])
    assert card("POPULAR_VEHICLE", bd) == 8


def test_w13_untrodden_path():
    assert card("UNTRODDEN_PATH", board([], [], [], flags=(3, 4, 5))) == 6


def test_w14_territorial_animals():
    bd = board([B, F, B], [O, B, B, S], [S, P, S, P])
    assert card("TERRITORIAL_ANIMALS", bd) == 12


def test_t1_runs_of_four_and_several_pairs():
    bd = board([B, B, B, B], [O, O, F, O, O], [S, P, P, S, S])
    assert card("BREEDING_SEASON", bd) == 8
    assert card("TERRITORIAL_ANIMALS", bd) == 0
    assert card("INTERSPECIES_RELATIONS", bd) == 6
    assert scoring.sets(bd) == 16


def test_t2_widespread_with_uneven_columns():
    bd = board([B, F, O, S], [B, F, P], [B, F, P, P, P])
    assert card("WIDESPREAD_SPECIES", bd) == 10
    assert scoring.sets(bd) == 3


def test_t3_flags_on_the_start_space():
    bd = board([], [], [], flags=(0, 0, 0))
    assert scoring.flag_stars(bd) == 0 and card("COMMON_DESTINATION", bd) == 12 and card("UNTRODDEN_PATH", bd) == 0
    bd = board([], [], [], flags=(2, 2, 2))
    assert scoring.flag_stars(bd) == 6 and card("COMMON_DESTINATION", bd) == 12 and card("UNTRODDEN_PATH", bd) == 4


def test_t4_empty_locations_a12_a29():
    bd = board([], [B], [F, F])
    assert card("TERRITORIAL_ANIMALS", bd) == 6
    assert card("INTERSPECIES_RELATIONS", bd) == 0
    assert card("OUTER_LANDS", bd) == 7
    assert card("WIDESPREAD_SPECIES", bd) == 0
    assert card("BREEDING_SEASON", bd) == 2
    assert scoring.sets(bd) == 1


def test_a12_option_empty_location_scores():
    bd = board([], [B], [F, F])
    assert card("TERRITORIAL_ANIMALS", bd, Config(territorial_empty=True)) == 12


def test_a11_option_start_space_does_not_count():
    off = Config(common_start=False)
    assert card("COMMON_DESTINATION", board([], [], [], flags=(0, 0, 0)), off) == 0
    assert card("COMMON_DESTINATION", board([], [], [], flags=(0, 0, 3)), off) == 0
    assert card("COMMON_DESTINATION", board([], [], [], flags=(0, 3, 3)), off) == 5
    assert card("COMMON_DESTINATION", board([], [], [], flags=(2, 2, 2)), off) == 12


def test_t9_tie_breakers_r60_r63_a16():
    s = ready(2)
    set_flags(s, 0, [3, 3, 3])
    set_flags(s, 1, [6, 0, 0])
    set_tokens(s, 0, 20)
    set_tokens(s, 1, 5)
    keys = [scoring.tie_key(s, seat, 48) for seat in range(2)]
    assert rank_players(keys) == (2, 1)                     # B's flag on 6 wins
    set_flags(s, 1, [3, 1, 0])
    assert rank_players([scoring.tie_key(s, seat, 48) for seat in range(2)]) == (1, 2)   # tokens
    set_tokens(s, 0, 12)
    set_tokens(s, 1, 12)
    assert rank_players([scoring.tie_key(s, seat, 48) for seat in range(2)]) == (1, 1)   # shared


def test_r63_a27_shared_victory_gives_both_the_win_achievements():
    s = ready(2)
    set_scoring(s, ("OUTER_LANDS", "WIDESPREAD_SPECIES"))
    outcome = scoring.score_now(s)
    assert outcome.ranks == (1, 1) and outcome.winners == (0, 1)
    for achs in outcome.details["achievements"]:
        assert "ACH_WIN" in achs and "ACH_WIN_NO_OBJECTIVE" in achs


def test_r44_score_is_the_sum_of_the_categories():
    s = britta_state()
    outcome = scoring.score_now(s)
    assert outcome.scores[0] == 56 == sum(outcome.breakdown[0].values())


def test_r45_a1_a2_set_table():
    assert SET_TABLE == (0, 0, 1, 3, 6, 10, 15, 21)
    bd = board([B, B, B, B, B], [B, B], [O])
    assert scoring.sets(bd) == 10 + 1                       # locations never add together


def test_r46_a3_flag_stars():
    assert TRACK_STARS == (0, 1, 2, 3, 4, 5, 6, 8)
    assert scoring.flag_stars(board([], [], [], flags=(7, 1, 0))) == 9


def test_r47_card_stars_only_in_play():
    s = ready(2)
    set_column(s, 0, "L", [1, 2, 4])
    set_hand(s, 0, [3, 11, 21, 32])                  # bonus cards in hand never count
    assert scoring.breakdown(s, 0)["card_stars"] == 2


def test_r48_each_scoring_card_evaluated_on_the_players_own_board():
    s = ready(2)
    set_scoring(s, ("SAFE_RETURN", "FAREWELL_PARTY"))
    set_scientists(s, 1, "LC:[Y,B] | L:[P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]")
    assert scoring.breakdown(s, 0)["SAFE_RETURN"] == 0 and scoring.breakdown(s, 1)["SAFE_RETURN"] == 6
    assert scoring.breakdown(s, 1)["FAREWELL_PARTY"] == 6


def test_r49_common_destination_all_three():
    assert card("COMMON_DESTINATION", board([], [], [], flags=(4, 4, 4))) == 12
    assert card("COMMON_DESTINATION", board([], [], [], flags=(1, 2, 3))) == 0


def test_r50_a14_widespread_only_up_to_the_shortest_column():
    assert card("WIDESPREAD_SPECIES", board([B, O], [B], [B, O])) == 5


def test_r51_a28_exactly_two_species_in_any_numbers():
    assert card("INTERSPECIES_RELATIONS", board([B, B, B, O], [B], [])) == 3


def test_r52_outer_lands_strictly_more():
    assert card("OUTER_LANDS", board([B, B], [B, B], [B, B, B])) == 7
    assert card("OUTER_LANDS", board([B], [], [O])) == 14


def test_r53_farewell_party_best_location_not_camps():
    assert card("FAREWELL_PARTY", board([], [], [], zones=(5, 1, 2, 1, 0))) == 4


def test_r54_a13_only_runs_of_exactly_two():
    assert card("BREEDING_SEASON", board([B, B, B], [O, O, F, F], [S, P, S])) == 4


def test_r55_safe_return_both_camps():
    assert card("SAFE_RETURN", board([], [], [], zones=(1, 3, 2, 2, 1))) == 6


def test_r56_a26_popular_vehicle_no_cards():
    assert card("POPULAR_VEHICLE", board([], [], [])) == 0


def test_r57_a25_untrodden_path_uses_star_values():
    assert card("UNTRODDEN_PATH", board([], [], [], flags=(7, 7, 7))) == 16
    assert card("UNTRODDEN_PATH", board([], [], [], flags=(7, 7, 0))) == 0


def test_r58_territorial_adjacency_only_inside_a_location():
    assert card("TERRITORIAL_ANIMALS", board([B], [B], [B])) == 18


def test_r59_tokens_are_the_final_token_total():
    s = ready(2)
    set_tokens(s, 0, 17)
    assert scoring.breakdown(s, 0)["tokens"] == 17


def test_r61_most_advanced_flag_index_beats_tokens():
    s = ready(2)
    set_flags(s, 0, [7, 0, 0])
    set_flags(s, 1, [6, 6, 6])
    set_tokens(s, 0, 0)
    set_tokens(s, 1, 30)
    assert scoring.tie_key(s, 0, 40) > scoring.tie_key(s, 1, 40)


def test_r62_then_tokens():
    s = ready(2)
    set_tokens(s, 0, 3)
    set_tokens(s, 1, 4)
    assert scoring.tie_key(s, 0, 40) < scoring.tie_key(s, 1, 40)


def test_r60_highest_score_wins():
    s = britta_state()
    outcome = scoring.score_now(s)
    assert outcome.ranks[0] == 1 and outcome.scores[0] > outcome.scores[1]


@pytest.mark.parametrize("cards, ach", [
    (("COMMON_DESTINATION", "SAFE_RETURN"), "ACH_COMMON_DESTINATION_12"),
])
def test_r42_r64_achievements_reported_in_outcome_details(cards, ach):
    s = britta_state()
    set_scoring(s, cards)
    set_flags(s, 0, [7, 7, 7])
    set_column(s, 0, "L", [x for x in CARD_IDS if BY_ID[x].species == "HARP_SEAL"][:7])
    set_achieved(s, 0, [o["id"] for o in pos(s)["objectives"]])
    outcome = scoring.score_now(s)
    achs = outcome.details["achievements"][0]
    for expected in ("ACH_WIN", "ACH_SCORE_50", "ACH_FLAG_LAST_SPACE", "ACH_SEVEN_OF_A_KIND",
                     "ACH_ALL_OBJECTIVES", ach):
        assert expected in achs
    assert "ACH_WIN_NO_OBJECTIVE" not in achs
    assert outcome.details["objectives_achieved"][0] == [o["id"] for o in pos(s)["objectives"]]
    assert outcome.details["achievements"][1] == ["ACH_COMMON_DESTINATION_12"]   # A11: flags all on 0


@pytest.mark.parametrize("card_id, bd, ach", [
    ("WIDESPREAD_SPECIES", (([B, F, O], [B, F, O], [B, F, O]), {}), "ACH_WIDESPREAD_SPECIES_15"),
    ("FAREWELL_PARTY", (([], [], []), {"zones": (0, 6, 3, 0, 0)}), "ACH_FAREWELL_PARTY_12"),
    ("INTERSPECIES_RELATIONS", (([B, F], [B, F], [O, S]), {}), "ACH_INTERSPECIES_RELATIONS_9"),
    ("BREEDING_SEASON", (([B, B, F, F, B, B, O], [O, O, S, S, O, O], [P, P]), {}), "ACH_BREEDING_SEASON_14"),
    ("OUTER_LANDS", (([B, B], [], [B]), {}), "ACH_OUTER_LANDS_14"),
    ("SAFE_RETURN", (([], [], []), {"zones": (3, 2, 2, 0, 2)}), "ACH_SAFE_RETURN_15"),
    ("TERRITORIAL_ANIMALS", (([B], [F], [O]), {}), "ACH_TERRITORIAL_ANIMALS_18"),
    ("UNTRODDEN_PATH", (([], [], []), {"flags": (5, 6, 5)}), "ACH_UNTRODDEN_PATH_10"),
])
def test_a15_scoring_card_achievements(card_id, bd, ach):
    cols, kw = bd
    value = card(card_id, board(*cols, **kw))
    parts = {card_id: value}
    s = ready(2)
    assert ach in scoring.achievements(s, 0, parts, 0, False)
    assert ach not in scoring.achievements(s, 0, {card_id: value - 1}, 0, False)


def test_popular_vehicle_achievement():
    cards = [x for x in CARD_IDS if BY_ID[x].vehicle == "SLED"][:6]
    value = card("POPULAR_VEHICLE", Board([cards[:3], cards[3:], []], [0] * 5, [0, 0, 0]))
    assert value == 12
    assert "ACH_POPULAR_VEHICLE_12" in scoring.achievements(ready(2), 0, {"POPULAR_VEHICLE": 12}, 0, False)

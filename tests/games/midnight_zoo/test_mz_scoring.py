"""Final scoring S1-S8, A16, A27, A28; EX-7, TV-11, TV-12; solo rank table 2.16."""

import pytest

from gameshelf.games.midnight_zoo import scoring
from mz_helpers import CAT, ex7_position, edit, finish, board, put, set_tile


def test_ex7_s2_s6_end_game_points_39_3_8():
    st = ex7_position()
    out = finish(st)
    assert dict(out.breakdown[0]) == {"vp_track": 7, "zoo_vp": 39, "discovered_vp": 3, "food_vp": 8}
    assert out.scores[0] == 7 + 50  # A28: the 50 are end-game points on top of the track


def test_s1_track_vp_counts():
    st = board(hand="G01", vp=12)
    assert finish(st).breakdown[0]["vp_track"] == 12


def test_tv11_s4_distinct_foods_in_district_only():
    st = board(hand="G01", storage=["G23"],
               tiles={"0,0": "R03", "0,1": "S22", "0,2": "G25", "0,3": "G03", "0,4": "R24",
                      "1,0": "BG", "1,1": "BS"})
    assert scoring.food_vp(st.players[0]) == 12
    set_tile(st, "1,2", "G23")
    assert scoring.food_vp(st.players[0]) == 17


@pytest.mark.parametrize("in_zoo,outside,expected", [(2, 1, 17), (3, 0, 27), (1, 0, 7)])
def test_tv12_wolf_pack_scoring(in_zoo, outside, expected):
    st = board(slots=("sloth", "cheetah", "wolf"), hand="G01", tiles={"2,1": "R01"})
    for _ in range(in_zoo):
        put(st, "wolf", "zoo")
    for _ in range(outside):
        put(st, "wolf", "2,1")
    pl = st.players[0]
    assert scoring.zoo_vp(pl) + scoring.discovered_vp(pl) == expected


def test_s2_per_animal_scoring_of_every_type():
    st = board(slots=("penguin", "snake", "sloth"), hand="G01")
    put(st, "penguin", "zoo")
    put(st, "snake", "zoo")
    put(st, "sloth", "zoo")
    assert scoring.zoo_vp(st.players[0]) == 5 + 10 + 15
    st = board(slots=("butterfly", "cheetah", "wolf"), hand="G01")
    put(st, "butterfly", "zoo", pollen=3)
    put(st, "butterfly", "zoo", pollen=4)
    put(st, "cheetah", "zoo")
    assert scoring.zoo_vp(st.players[0]) == 9 + 11 + 6


def test_a16_zero_pollen_butterfly_in_zoo_scores_zero_or_the_option():
    st = board(slots=("butterfly", "cheetah", "wolf"), hand="G01")
    put(st, "butterfly", "zoo")
    assert finish(st).breakdown[0]["zoo_vp"] == 0
    st = board(slots=("butterfly", "cheetah", "wolf"), hand="G01",
               options={"butterfly_zero_pollen_vp": "1"})
    put(st, "butterfly", "zoo")
    assert finish(st).breakdown[0]["zoo_vp"] == 1


def test_s3_discovered_animals_outside_the_zoo_one_point_each_entrances_included():
    st = board(hand="G01", tiles={"0,1": "R01"})
    put(st, "wolf", "L3")
    put(st, "wolf", "0,1")
    assert scoring.discovered_vp(st.players[0]) == 2


def test_s5_nothing_else_scores():
    st = board(slots=("butterfly", "cheetah", "wolf"), hand="G01", storage=["R03", "G03"],
               tiles={"0,1": "R01"})
    put(st, "butterfly", "0,1", pollen=4)
    out = finish(st)
    assert out.scores[0] == 1 and sum(out.breakdown[0].values()) == out.scores[0]


def test_s7_tie_break_on_animals_in_zoo_then_shared_victory():
    st = board(hand="G01", tiles={"0,1": "R01"})
    edit(st, {"players": {c: {"vp": vp, "animals": {s: {"loc": "undiscovered"} for s in CAT.spot_names}}
                          for c, vp in (("blue", 12), ("green", 6))}})
    put(st, "cheetah", "zoo", seat=1)  # 6 + 6 = 12, one animal in the zoo
    out = finish(st)
    assert out.scores == (12, 12) and out.ranks == (2, 1)
    edit(st, {"players": {"blue": {"vp": 6}}})
    put(st, "cheetah", "zoo", seat=0)
    out = finish(st)
    assert out.scores == (12, 12) and out.ranks == (1, 1) and out.winners == (0, 1)


@pytest.mark.parametrize("score,rank", [(95, "ghost_of_the_zoo"), (90, "ghost_of_the_zoo"),
                                        (89, "uncontrollable_tiger"), (80, "uncontrollable_tiger"),
                                        (79, "cold_blooded_chimpanzee"), (65, "cold_blooded_chimpanzee"),
                                        (64, "sly_weasel"), (50, "sly_weasel"), (49, "lost_lemur"),
                                        (0, "lost_lemur")])
def test_s8_solo_rank_table(score, rank):
    assert scoring.solo_rank(score) == rank


def test_s8_solo_outcome_details_rank():
    st = board(n=1, hand="G01", vp=66)
    out = finish(st)
    assert out.details["solo_rank"] == "cold_blooded_chimpanzee"

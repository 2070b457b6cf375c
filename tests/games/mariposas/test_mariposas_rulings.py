"""The reference's rulings (section 6), one test each where the ruling has behaviour of its own (A2-A33)."""

from collections import Counter

from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.rules_season import next_first_player
from gameshelf.games.mariposas.scoring import michoacan_count, michoacan_points
from mariposas_helpers import make


def finish(pos):
    for _ in range(10):
        legal = pos.legal()
        quick = [q for q in ("stop", "bonus32 no", "exchange none", "hatch none") if q in legal]
        if not quick:
            return
        pos.do(quick[0])


def test_a02_exact_steps_backtracking_allowed_a_segment_of_two_may_end_on_its_start():
    """A2: r05c09 -> r05c11 -> r05c09 is a legal 2-step segment that lands on its start space."""
    pos = make(butterflies={"a": (0, 2, "r05c09")}, hands={0: ["move_2x2", "move_5"]})
    pos.do("play move_2x2")
    pos.seg("a", ["r05c09", "r05c11", "r05c09"])
    assert pos.at("a") == "r05c09" and pos.legal() == ["seg 2", "stop"]


def test_a03_one_free_hatch_per_player_per_season_change():
    """A3: a player with a gen-2 on the card and one in the supply gets one free hatch, not two."""
    pos = make(season="spring", turn=1, first=0, turn_no=2 * 4 - 1,
               butterflies={"a": (0, 1, "r03c03"), "b": (0, 2, "summer_card"), "c": (0, 2, "supply")})
    pos.do("play move_1x3")
    finish(pos)
    assert pos.pending() == "free_hatch" and GAME.to_act(pos.s) == 0
    pos.do("free r03c03")
    assert pos.pending() != "free_hatch" and pos.s.season == 1
    assert pos.at("b") == "r03c03" and pos.at("c") == "supply"


def test_a04_table_continues_by_two_beyond_six():
    """A4: 7 -> 26, 8 -> 28; no separate per-double bonus."""
    assert [michoacan_points(n) for n in (6, 7, 8)] == [24, 26, 28]
    pos = make(season="fall", butterflies={"a": (0, 4, "michoacan", True)})
    assert michoacan_count(pos.s, 0) == 2 and michoacan_points(2) == 7


def test_a05_michoacan_double_counts_each_marker_two_never_four():
    """A5: 4 double markers with the ability still count 8."""
    pos = make(season="fall", butterflies={f"d{i}": (0, 4, "michoacan", True) for i in range(4)},
               abilities={0: ["michoacan_double"]})
    assert michoacan_count(pos.s, 0) == 8


def test_a07_reuse_targets_are_movement_cards_in_front_of_players_this_season():
    """A7: reuse cards in front of others are never targets; previous seasons' cards are gone."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: ["reuse_other", "move_5"]},
               played={1: ["reuse_own", "move_5"]})
    pos.do("play reuse_other")
    assert pos.legal() == ["reuse move_5"]


def test_a09_start_space_is_per_butterfly_and_hatching_is_not_collecting():
    """A9: a newly hatched butterfly collects where its parent began; the parent there collects nothing."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r04c06"), "b": (0, 2, "supply")}, flowers={0: {"pink": 2}})
    pos.do("play move_1x3")
    pos.seg("a", ["r04c06", "r05c07"])           # +1 purple
    pos.do("hatch pink")
    pos.seg("b", ["r05c07", "r04c06"])           # b has no start space: +1 purple at a's start
    assert pos.flowers(0) == {"purple": 2}


def test_a10_collection_limit_is_per_player():
    """A10: another player collecting from a space on their turn does not block you on yours."""
    pos = make(butterflies={"x": (1, 2, "r05c07"), "a": (0, 2, "r05c11")}, turn=1,
               hands={0: ["move_1x3", "move_5"], 1: ["move_1x3", "move_5"]})
    pos.do("play move_1x3")
    pos.seg("x", ["r05c07", "r05c09"])
    pos.do("stop")
    if pos.pending() == "exchange":
        pos.do("exchange none")
    pos.do("play move_1x3")
    pos.seg("a", ["r05c11", "r05c09"])
    assert pos.flowers(0) == {"white": 1} and pos.flowers(1) == {"white": 1}


def test_a11_a12_wildflower_city_gives_a_flower_at_every_landing_on_later_turns():
    """A11, A12: the wildflower city is a flower space, not a once-per-player card reward."""
    pos = make(butterflies={"a": (0, 2, "r07c13"), "b": (0, 2, "r08c10")}, waystations={"atlanta": ("wildflower", True)},
               hands={0: ["move_1x3", "move_5"], 1: ["move_5", "move_1x3"]}, deck=["move_2x2", "move_2x2", "move_1x3"])
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    pos.do("pick pink", "stop")
    pos.keep()
    pos.do("play move_5")                       # seat 1 has nothing on the map
    finish(pos)
    pos.do("play move_2x2")                      # seat 0 drew move_2x2
    pos.seg("b", ["r08c10", "r09c11", "atlanta"])
    assert pos.pending() == "pick_flower"
    pos.do("pick white")
    assert pos.flowers(0) == {"pink": 1, "white": 1}


def test_a13_one_waystation_marker_per_bonus_type():
    """A13: the three bonus markers give the three bonus types, one each."""
    rewards = Counter(r for r in CAT.marker_reward if r[0] == "bonus")
    assert sorted(rewards) == [("bonus", 0), ("bonus", 1), ("bonus", 2)] and set(rewards.values()) == {1}


def test_a15_the_double_flip_is_a_hatch_for_sp5():
    """A15: a single gen-4 flipping in the SP5 band during spring scores 2."""
    pos = make(season="spring", goals={"spring": "SP5"}, butterflies={"g": (0, 4, "r04c06")}, flowers={0: {"pink": 4}})
    pos.do("play move_1x3")
    pos.seg("g", ["r04c06", "r05c07"])
    pos.do("hatch pink")
    assert pos.double("g") and pos.s.points[0][3] == 2


def test_a16_free_hatch_scores_hatch_point_but_no_breeding_goal():
    """A16: SP5 in force, the free hatch in the band: +1 hatch_point, +0 breeding."""
    pos = make(season="spring", goals={"spring": "SP5"}, abilities={0: ["hatch_point"]}, turn=1, first=0,
               turn_no=2 * 4 - 1, butterflies={"a": (0, 1, "r05c07"), "b": (0, 2, "supply")})
    pos.do("play move_1x3")
    finish(pos)
    pos.do("free r05c07")
    assert pos.s.points[0][4] == 1 and pos.s.points[0][3] == 0


def test_a17_a23_one_random_goal_per_season_spring_face_up():
    """A17, A23: 5/10/5 cards; setup draws one per season; SP1 is a spring card; only spring is face up."""
    assert CAT.goals[CAT.goal_index["SP1"]].season == 0
    seen = set()
    for seed in range(40):
        s = GAME.setup(2, seed=seed)
        assert [CAT.goals[g].season for g in s.goals] == [0, 1, 2] and s.goals_up == [True, False, False]
        seen.add(s.goals[1])
    assert len(seen) > 5


def test_a19_michoacan_and_cities_have_no_colour_flowers_or_milkweed():
    """A19: Michoacan has no flower, colour or milkweed; cities have no colour or flower."""
    m = CAT.michoacan
    assert CAT.color[m] is None and CAT.flower[m] == -1 and not CAT.milkweed[m]
    assert all(CAT.flower[c] == -1 and CAT.color[c] is None for c in CAT.cities)


def test_a21_flower_supply_is_unlimited():
    """A21: a player may hold more than 24 tokens of one type."""
    pos = make(season="fall", butterflies={"a": (0, 4, "r05c05", True)}, flowers={0: {"white": 24}})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c05", "r05c03"])
    assert pos.flowers(0)["white"] == 26


def test_a22_all_three_bonus_cards_in_one_turn():
    """A22: add_1 and add_2 with the card, then move 3 + move 2."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, bonus={0: ["bonus_add_1", "bonus_add_2", "bonus_move_3_2"]})
    pos.do("play move_5+a1+a2", "stop", "bonus32 yes")
    assert GAME.view(pos.s, 0)["boards"][0]["used_bonus_cards"] == ["bonus_move_3_2", "bonus_add_1", "bonus_add_2"]


def test_a24_a25_a32_component_counts():
    """A24: 6/6/6/5/5/4/4 action cards; A25: 6 ability tokens, 3 in play; A32: the 5th flower is yellow."""
    assert sum(CAT.action_copies) == 36 and CAT.action_copies == (6, 6, 6, 5, 5, 4, 4)
    assert len(CAT.ability_ids) == 6 and CAT.abilities_in_play == 3
    assert CAT.flower_types == ("white", "yellow", "orange", "pink", "purple")


def test_a26_free_hatch_takes_from_the_face_down_card_before_it_is_turned():
    """A26: the free hatch empties the card (turning it up); markers left on it return at step 6."""
    pos = make(players=2, season="summer", turn=1, first=0, turn_no=2 * 5 - 1,
               butterflies={"a": (0, 2, "r03c03"), "c": (0, 3, "fall_card"), "e": (0, 3, "fall_card")})
    pos.do("play move_1x3")
    finish(pos)
    pos.do("free r03c03")
    assert pos.at("c") == "r03c03" and pos.at("e") == "supply" and pos.s.goals_up[2]


def test_a27_one_hatch_per_landing_by_the_lander_only():
    """A27: after one hatch at a landing there is no second one from the same landing."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r04c06"), "b": (0, 2, "supply"), "c": (0, 3, "supply")},
               flowers={0: {"pink": 9}})
    pos.do("play move_1x3")
    pos.seg("a", ["r04c06", "r05c07"])
    pos.do("hatch pink")
    assert pos.pending() == "segment" and pos.at("c") == "supply"


def test_a28_tie_for_first_player_checks_the_previous_first_player_first():
    """A28: all tied: the previous first player stays first."""
    pos = make(players=4, turn=2, points={seat: [5] + [0] * 7 for seat in range(4)})
    assert next_first_player(pos.s) == 2


def test_a29_extra_turns_only_after_the_full_sixth_round():
    """A29: the extra_turn owner plays its 6th turn, the others finish the round, then the extra turn."""
    pos = make(players=2, season="fall", turn=0, turn_no=2 * 6 - 2, abilities={0: ["extra_turn"]})
    s = pos.s
    pos.do(pos.legal()[0])
    finish(pos)
    assert s.turn_seat == 1 and not s.in_extra_turns
    pos.do(pos.legal()[0])
    finish(pos)
    assert s.in_extra_turns and s.turn_seat == 0 and not s.over
    pos.do(pos.legal()[0])
    finish(pos)
    assert s.over


def test_a33_nothing_drawn_when_both_piles_are_empty():
    """A33: with empty draw and discard piles the hand stays at 1 card."""
    pos = make(butterflies={"a": (0, 2, "r05c07")})
    data = GAME.position(pos.s)
    pos.relay({"players": {1: {"played": data["players"][1]["played"] + data["deck"]}}, "deck": []})
    s = pos.s
    pos.do("play move_5", "stop")
    assert len(s.hands[0]) == 1 and s.turn_seat == 1

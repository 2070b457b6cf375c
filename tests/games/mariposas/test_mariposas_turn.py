"""One test per rule of the turn: R6-R73 (movement, landing, hatching, waystations, abilities, cards)."""

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.catalog import CAT
from mariposas_helpers import end_season, final_scoring, force_die, make

SEG = {c: list(CAT.action_segments[i]) for i, c in enumerate(CAT.action_ids)}


def hand(pos, seat):
    return sorted(GAME.view(pos.s, seat)["hand"])


def test_r06_turn_sequence_add_cards_with_the_card_bonus32_after_then_draw():
    """R6: add cards are announced with the card; bonus_move_3_2 comes after; then the draw."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, bonus={0: ["bonus_add_1", "bonus_move_3_2"]},
               hands={0: ["move_5", "move_1x3"]}, deck=["move_2x2"])
    assert "play move_5+a1" in pos.legal() and "play move_5+a2" not in pos.legal()
    pos.do("play move_5+a1", "stop")
    assert pos.pending() == "bonus_move_3_2"
    pos.do("bonus32 no")
    assert hand(pos, 0) == ["move_1x3", "move_2x2"] and pos.pending() == "exchange"   # drawn, then R71
    pos.keep()
    assert pos.s.turn_seat == 1


def test_r07_played_cards_stay_in_front_until_the_season_ends():
    """R7: the played card lies face up in front of its owner (the reuse pool)."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, played={0: ["move_2x2"]})
    pos.do("play move_5", "stop")
    assert GAME.view(pos.s, 1)["boards"][0]["played"] == ["move_2x2", "move_5"]


def test_r08_a_card_is_played_even_without_butterflies_on_the_map():
    """R8, A30: no butterfly on the map: the card is played, nothing moves, the hand is refilled."""
    pos = make(season="fall", butterflies={"a": (0, 3, "supply")}, deck=["move_2x2"])
    assert pos.legal() == ["play move_1x3", "play move_5"]
    pos.do("play move_5")
    pos.keep()
    assert pos.s.turn_seat == 1 and hand(pos, 0) == ["move_1x3", "move_2x2"]


@pytest.mark.parametrize("card,segs", [("move_1x3", [1, 1, 1]), ("move_2x2", [2, 2]), ("move_1_3", [1, 3]),
                                       ("move_5", [5]), ("move_4_flower", [4])])
def test_r09_r57_r58_r59_r60_r61_segments_of_each_movement_card(card, segs):
    """R9, R57-R61: the segments each movement card gives."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: [card, "reuse_own"]})
    pos.do(f"play {card}")
    assert sorted(x >> 1 for x in pos.s.segments_left) == sorted(segs)


def test_r10_r11_any_butterfly_any_order():
    """R10, R11: each segment picks any butterfly on the map; move_1_3 in either order."""
    pos = make(butterflies={"a": (0, 2, "r05c07"), "b": (0, 3, "r08c04"), "c": (0, 3, "fall_card")},
               hands={0: ["move_1_3", "move_5"]})
    pos.do("play move_1_3")
    assert pos.legal() == ["seg 1", "seg 3", "stop"]
    pos.do("seg 3")
    assert pos.legal() == ["fly 1", "fly 3"]
    pos.do("fly 3", "to r08c06", "to r08c04", "to r08c06")
    pos.seg("b", ["r08c06", "r08c04"])
    assert pos.at("b") == "r08c04"


def test_r12_exactly_n_steps_to_adjacent_spaces():
    """R12: each step goes to an adjacent space; a segment is exactly N steps."""
    pos = make(butterflies={"a": (0, 2, "r05c07")})
    pos.do("play move_5", "seg 5", "fly 1")
    assert pos.legal() == sorted(f"to {CAT.space_ids[x]}" for x in CAT.adj[CAT.space_index["r05c07"]])
    with pytest.raises(IllegalAction) as err:
        pos.do("to r00c00")
    assert err.value.rule == "R12"
    pos.do("to r05c09", "to r05c07", "to r05c09", "to r05c07")
    assert pos.pending() == "step"              # 4 steps of 5: not landed yet
    pos.do("to r05c09")
    assert pos.pending() != "step"


def test_r13_spaces_never_block():
    """R13: butterflies of any players share spaces."""
    pos = make(butterflies={"a": (0, 2, "r05c07"), "b": (1, 2, "r05c09"), "c": (1, 2, "r05c09")})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c07", "r05c09"])
    assert pos.flowers(0) == {"white": 1}


def test_r14_passing_through_has_no_effect():
    """R14: passing a face-down city or flower space gives nothing."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, waystations={"st_louis": ("life_green_egg", False)},
               hands={0: ["move_2x2", "move_5"]})
    pos.do("play move_2x2")
    pos.seg("a", ["r05c07", "st_louis", "r06c06"])
    assert pos.flowers(0) == {"purple": 1}
    assert GAME.view(pos.s, 0)["waystations"]["st_louis"] is None


def test_r15_segments_may_be_declined():
    """R15: stop declines every remaining segment of the card."""
    pos = make(butterflies={"a": (0, 2, "r05c07")})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c07", "r05c09"])
    pos.do("stop")
    pos.keep()
    assert pos.s.turn_seat == 1 and pos.at("a") == "r05c09"


def test_r16_markers_off_the_map_cannot_move():
    """R16: markers on a card or in the supply are never offered."""
    pos = make(butterflies={"a": (0, 2, "r05c07"), "b": (0, 3, "fall_card"), "c": (0, 3, "supply")})
    pos.do("play move_5", "seg 5")
    assert pos.legal() == ["fly 1"]
    with pytest.raises(IllegalAction) as err:
        pos.do("fly 3")
    assert err.value.rule == "R16"


def test_r17_r31_landing_flowers_are_collected_before_the_hatch():
    """R17, R31: the flowers of the landing pay for the hatch at that same landing."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r05c05"), "b": (0, 2, "supply")}, flowers={0: {"white": 0}})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c05", "r05c03"])        # 2 white, milkweed: matched cost 2
    assert "hatch white" in pos.legal()


def test_r18_single_and_double_flower_spaces():
    """R18: 1 token for a single flower, 2 for a double flower."""
    pos = make(butterflies={"a": (0, 2, "r05c07")})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c07", "r05c09"])
    pos.seg("a", ["r05c09", "r06c10"])
    pos.seg("a", ["r06c10", "r05c11"])
    assert pos.flowers(0) == {"white": 1, "pink": 1, "yellow": 1}
    pos = make(butterflies={"a": (0, 2, "r07c15")})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c15", "r07c13"])
    assert pos.flowers(0) == {"purple": 2}


def test_r19_r20_r21_start_space_and_once_per_turn():
    """R19-R21: covered in detail by T-01; here the hatch at a no-collect landing (R21)."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r05c05"), "b": (0, 2, "supply")}, flowers={0: {"white": 2}},
               hands={0: ["move_2x2", "move_5"]})
    pos.do("play move_2x2")
    pos.seg("a", ["r05c05", "r05c03", "r05c05"])
    assert pos.flowers(0) == {"white": 2}
    assert "hatch white" in pos.legal()


def test_r22_michoacan_gives_nothing():
    """R22: no flowers, no colour, no milkweed."""
    pos = make(season="fall", butterflies={"a": (0, 4, "r12c02")}, flowers={0: {"white": 9}})
    pos.do("play move_1x3")
    pos.seg("a", ["r12c02", "michoacan"])
    assert pos.flowers(0) == {"white": 9} and pos.pending() == "segment"
    assert CAT.color[CAT.michoacan] is None and not CAT.milkweed[CAT.michoacan]


def test_r23_r24_collection_is_automatic_and_flowers_are_public():
    """R23, R24: no decision to collect; other seats see the tokens."""
    pos = make(butterflies={"a": (0, 2, "r05c07")})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c07", "r05c09"])
    assert pos.pending() == "segment"
    assert GAME.view(pos.s, 1)["boards"][0]["flowers"]["white"] == 1


def test_r25_r26_hatch_only_next_to_milkweed():
    """R25, R26: a landing next to milkweed offers the hatch; elsewhere none."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r05c07"), "b": (0, 2, "supply")}, flowers={0: {"pink": 5}})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c07", "r06c06"])         # no milkweed
    assert pos.pending() == "segment"
    pos.seg("a", ["r06c06", "r05c05"])         # milkweed
    assert pos.pending() == "hatch"


def test_r27_only_the_landed_butterfly_hatches():
    """R27: the hatch uses the lander as parent; a declined hatch is gone."""
    pos = make(butterflies={"a": (0, 2, "r04c06"), "x": (0, 3, "r05c07"), "b": (0, 3, "supply"),
                            "c": (0, 4, "supply")}, flowers={0: {"pink": 8}})
    pos.do("play move_1x3")
    pos.seg("a", ["r04c06", "r05c07"])
    pos.do("hatch pink")                        # gen 2 parent -> a gen 3, not a gen 4 from x
    assert pos.at("b") == "r05c07" and pos.at("c") == "supply"
    pos.seg("a", ["r05c07", "r05c05"])
    pos.do("hatch none")
    assert pos.pending() == "segment"


def test_r28_r29_r30_several_hatches_generations_and_costs():
    """R28-R30: covered by T-03 and T-04; gen-4 cost 4 matched / 5 any."""
    assert CAT.hatch_cost == {2: (2, 3), 3: (3, 4), 4: (4, 5), "double": (4, 5)}


def test_r32_r33_marker_source_and_no_marker_no_hatch():
    """R32, R33: a card marker first; with every marker of that generation on the map, no hatch."""
    pos = make(butterflies={"a": (0, 2, "r04c06"), "b": (0, 3, "r00c00"), "c": (0, 3, "r00c04"),
                            "d": (0, 3, "r00c06")}, flowers={0: {"pink": 8}})
    pos.do("play move_1x3")
    pos.seg("a", ["r04c06", "r05c07"])
    assert pos.pending() == "segment"
    with pytest.raises(IllegalAction) as err:
        pos.do("hatch pink")
    assert err.value.rule == "R9"


def test_r34_the_new_butterfly_moves_independently():
    """R34: placed on the parent's space; usable by later segments."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r05c07"), "b": (0, 2, "supply")}, flowers={0: {"pink": 5}})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c07", "r05c05"])
    pos.do("hatch pink")
    pos.seg("b", ["r05c05", "r04c04"])
    assert pos.at("a") == "r05c05" and pos.at("b") == "r04c04"


def test_r35_r36_reveal_and_double_weight():
    """R35 (T-12) and R36: a double gen-4 weighs 2 for goals (EX-03)."""
    from gameshelf.games.mariposas.scoring import placed
    pos = make(season="fall", butterflies={"a": (0, 4, "r05c07", True)})
    assert placed(pos.s, 0) == [(CAT.space_index["r05c07"], 2)]


def test_r37_hatch_point_for_every_hatch_incl_flip_and_free_hatch():
    """R37, R52 hatch_point: +1 at each hatch, the gen-4 flip and the free hatch included."""
    pos = make(season="fall", butterflies={"a": (0, 4, "r05c07")}, abilities={0: ["hatch_point"]},
               flowers={0: {"purple": 4}})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c07", "r04c06"])
    pos.do("hatch purple")
    assert pos.s.points[0][4] == 1
    pos = make(season="spring", butterflies={"a": (0, 1, "r05c07"), "b": (0, 2, "supply")},
               abilities={0: ["hatch_point"]})
    pos.relay({"turns_taken": 7})
    end_season(pos.s, [])
    pos.do("free r05c07")
    assert pos.s.points[0][4] == 1


def test_r38_breeding_goals_need_their_own_season_turns():
    """R38: the free hatch and hatches outside the card's season trigger no season effect."""
    pos = make(season="spring", goals={"spring": "SP5"},
               butterflies={"a": (0, 1, "r07c07"), "b": (0, 2, "supply")})
    pos.relay({"turns_taken": 7})
    end_season(pos.s, [])
    pos.do("free r07c07")
    assert pos.at("b") == "r07c07" and pos.s.points[0][3] == 0


def test_r39_fa1_only_during_fall():
    """R39: FA1 turns a gen-3 hatch above Atlanta into a double (EX-06), not in summer (T-12)."""
    pos = make(season="fall", goals={"fall": "FA1"}, butterflies={"a": (0, 3, "r05c09"), "b": (0, 4, "supply")},
               flowers={0: {"white": 5}})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c09", "r05c07"])
    pos.do("hatch any", "pay white", "pay white", "pay white", "pay white", "pay white")
    assert pos.double("b")


def test_r40_a_hatched_butterfly_has_not_landed():
    """R40: after a hatch the landing is over; the child cannot hatch from that landing."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r05c07"), "b": (0, 2, "supply"), "c": (0, 3, "supply")},
               flowers={0: {"pink": 9}})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c07", "r05c05"])
    pos.do("hatch pink")
    assert pos.pending() == "segment" and pos.at("c") == "supply"


def test_r41_r42_r43_cities():
    """R41-R43: 16 cities, one marker each at setup, no colour; a city next to milkweed allows hatching."""
    s = GAME.setup(3, seed=5)
    assert sorted(s.waystations) == list(range(16)) and s.waystations_up == 0
    assert all(CAT.color[c] is None for c in CAT.cities)
    pos = make(season="spring", butterflies={"a": (0, 1, "r06c02"), "b": (0, 2, "supply")},
               waystations={"kansas_city": ("life_green_egg", True)}, flowers={0: {"pink": 2}})
    pos.do("play move_1x3")
    pos.seg("a", ["r06c02", "kansas_city"])
    assert pos.pending() == "hatch"


def test_r44_r45_first_landing_flips_rolls_and_rewards():
    """R44, R45: flip, die flower, life cycle card; the die flower is not a collection."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, waystations={"atlanta": ("life_green_egg", False)})
    force_die(pos, ["pink"])
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    v = GAME.view(pos.s, 1)
    assert v["waystations"]["atlanta"] == "life_green_egg" and v["boards"][0]["lifecycle_cards"] == ["green_egg"]
    assert pos.flowers(0) == {"pink": 1}


def test_r46_r47_r48_bonus_cards_no_second_copy_later_landings():
    """R46-R48 (T-10): a bonus marker gives a bonus card; later landings no die; never a second copy."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, waystations={"atlanta": ("bonus_move_3_2", True)})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    assert not any(e.key == "die" for e in pos.events)
    assert GAME.view(pos.s, 0)["boards"][0]["bonus_cards"] == ["bonus_move_3_2"]
    pos.seg("a", ["atlanta", "r07c13"])
    pos.seg("a", ["r07c13", "atlanta"])
    assert GAME.view(pos.s, 0)["boards"][0]["bonus_cards"] == ["bonus_move_3_2"]


def test_r49_other_butterflies_never_prevent_collection():
    """R49: another player's butterfly on the waystation changes nothing."""
    pos = make(butterflies={"a": (0, 2, "r07c13"), "x": (1, 2, "atlanta")},
               waystations={"atlanta": ("life_pink_egg", True)})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    assert GAME.view(pos.s, 0)["boards"][0]["lifecycle_cards"] == ["pink_egg"]


def test_r50_wildflower_every_landing_subject_to_r19_r20():
    """R50 (T-10): a face-up wildflower city gives one flower of choice per landing, once per turn."""
    pos = make(butterflies={"a": (0, 2, "r07c13"), "b": (0, 2, "r08c10")},
               waystations={"atlanta": ("wildflower", True)})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    assert pos.legal() == sorted(f"pick {f}" for f in CAT.flower_types)
    pos.do("pick orange")
    pos.seg("b", ["r08c10", "atlanta"])
    assert pos.pending() == "segment" and pos.flowers(0) == {"orange": 1}


def test_r51_face_down_markers_and_goals_are_hidden():
    """R51, A36: no seat sees a face-down marker, a face-down goal card or another hand."""
    s = GAME.setup(3, seed=11)
    for seat in (None, 0, 1, 2):
        v = GAME.view(s, seat)
        assert all(m is None for m in v["waystations"].values())
        assert v["goals"]["summer"] is None and v["goals"]["fall"] is None and v["goals"]["spring"]
        text = repr(v)
        for q in range(3):
            if q != seat:
                assert "hands" not in v and v["boards"][q]["hand_count"] == 2
        assert "way_all" not in text and "deck" not in v
    assert GAME.view(s, 1)["hand"] == [CAT.action_ids[c] for c in s.hands[1]]


def set_position(ability, extra=None, flowers=None, **kw):
    pink = "three_points" if ability != "three_points" else "hatch_point"     # each ability on one row only
    return make(butterflies={"a": (0, 2, "r07c13"), "b": (0, 3, "supply")},
                lifecycle={0: ["green_egg", "green_caterpillar", "green_chrysalis"] + (extra or []),
                           **kw.pop("lifecycle", {})},
                waystations={"atlanta": ("life_green_adult", True)},
                rows={"green": ability, "pink": pink, "blue": "extra_turn"}, flowers={0: flowers or {}}, **kw)


def test_r52_every_completing_player_gains_the_row_ability():
    """R52, A14: the token stays; a second player completing the row gains it too."""
    pos = set_position("three_points", abilities={1: ["three_points"]},
                       lifecycle={1: ["green_egg", "green_caterpillar", "green_chrysalis", "green_adult"]})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    assert GAME.view(pos.s, 0)["boards"][0]["abilities"] == ["three_points"]


def test_r53_flower_each_before_the_hatch_step():
    """R53: flower_each flowers arrive at step 2, in time to pay the hatch at step 3."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r06c10"), "b": (0, 2, "supply")},
               lifecycle={0: ["green_egg", "green_caterpillar", "green_chrysalis"]},
               waystations={"nashville": ("life_green_adult", True)},
               rows={"green": "flower_each", "pink": "three_points", "blue": "extra_turn"},
               flowers={0: {"white": 1}})
    pos.do("play move_1x3")
    pos.seg("a", ["r06c10", "nashville"])
    assert pos.flowers(0) == {"white": 2, "yellow": 1, "orange": 1, "pink": 1, "purple": 1}
    assert pos.legal() == ["hatch any", "hatch none", "hatch white"]


def test_r54_two_cards_with_chain_completion():
    """R54, A37: two_cards takes 2 unowned kinds; a completed set chains its ability."""
    pos = make(butterflies={"a": (0, 2, "r07c13")},
               lifecycle={0: ["green_egg", "green_caterpillar", "green_chrysalis", "pink_egg", "pink_caterpillar",
                              "pink_chrysalis"]},
               waystations={"atlanta": ("life_green_adult", True)},
               rows={"green": "two_cards", "pink": "flower_each", "blue": "extra_turn"})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    assert pos.pending() == "take_card" and "take green_egg" not in pos.legal()
    assert "take bonus_add_1" in pos.legal()
    pos.do("take pink_adult")
    assert pos.flowers(0) == {f: 1 for f in CAT.flower_types}
    pos.do("take bonus_move_3_2")
    assert pos.pending() == "segment"
    v = GAME.view(pos.s, 0)["boards"][0]
    assert v["abilities"] == ["flower_each", "two_cards"] and v["bonus_cards"] == ["bonus_move_3_2"]


def test_r54_a37_two_cards_with_one_unowned_kind():
    """A37: with one unowned kind left, only that one is taken."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, lifecycle={0: [x for x in CAT.lifecycle_ids if x != "green_adult"]},
               bonus={0: ["bonus_move_3_2", "bonus_add_1"]},
               waystations={"atlanta": ("life_green_adult", True)},
               rows={"green": "two_cards", "pink": "flower_each", "blue": "extra_turn"},
               abilities={0: ["flower_each", "extra_turn"]})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    assert pos.legal() == ["take bonus_add_2"]
    pos.do("take bonus_add_2")
    assert pos.pending() == "segment"


def test_r56_life_cycle_cards_are_worth_one_point():
    """R56: at game end each life cycle card scores 1, complete set or not."""
    pos = make(season="fall", lifecycle={0: ["green_egg", "pink_adult", "blue_chrysalis"]})
    final_scoring(pos.s, [])
    assert GAME.outcome(pos.s).breakdown[0]["lifecycle_cards"] == 3


def adj_position(**kw):
    return make(butterflies={"a": (0, 2, "r04c08")}, hands={0: ["move_4_flower", "move_5"]}, **kw)


def test_r61_move_4_flower_adjacent_collection():
    """R61, A8: after the landing reward, one adjacent flower space; not the start space, not twice."""
    pos = adj_position()
    pos.do("play move_4_flower")
    pos.seg("a", ["r04c08", "r05c07", "r05c09", "r05c11", "r05c09"])   # lands r05c09 (+1 white)
    assert pos.pending() == "adjacent_flowers"
    # neighbours: chicago (city, no), r04c08 (start: no), r05c07, r05c11, r06c10, st_louis (city, no)
    assert pos.legal() == ["adj none", "adj r05c07", "adj r05c11", "adj r06c10"]
    pos.do("adj r06c10")
    assert pos.flowers(0) == {"white": 1, "pink": 1}


def test_r61_adjacent_wildflower_city_and_hatch_after():
    """R61: a face-up wildflower city adjacent gives 1 flower of choice, before the hatch step."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r04c04"), "b": (0, 2, "supply")},
               hands={0: ["move_4_flower", "move_5"]}, waystations={"chicago": ("wildflower", True)},
               flowers={0: {"yellow": 0}})
    pos.do("play move_4_flower")
    pos.seg("a", ["r04c04", "r04c06", "r04c04", "r04c06", "r04c08"])   # +1 yellow; milkweed
    pos.do("adj chicago")
    assert pos.pending() == "pick_flower"
    pos.do("pick yellow")
    assert pos.legal() == ["hatch none", "hatch yellow"]


def test_r62_r63_r64_reuse_cards():
    """R62-R64 (T-08): reuse copies movement cards only; no add cards with a target-less reuse (A38)."""
    pos = make(butterflies={"a": (0, 2, "r04c08")}, hands={0: ["reuse_own", "move_5"]},
               played={0: ["reuse_other"], 1: ["move_2x2"]}, bonus={0: ["bonus_add_1"]})
    assert pos.legal() == ["play move_5", "play move_5+a1", "play reuse_own"]
    with pytest.raises(IllegalAction) as err:
        pos.do("play reuse_own+a1")
    assert err.value.rule == "R69"
    pos.do("play reuse_own")
    pos.keep()                               # no target: nothing happens, the turn ends
    assert pos.s.turn_seat == 1
    assert GAME.view(pos.s, 0)["boards"][0]["played"] == ["reuse_other", "reuse_own"]


def test_r65_r66_add_cards_and_r69_not_on_bonus32():
    """R65, R66, R69 (T-09): +1 segment; +2 on one action segment; never on the 3+2 segments."""
    pos = make(butterflies={"a": (0, 2, "r04c08")}, hands={0: ["move_2x2", "move_5"]},
               bonus={0: ["bonus_add_2", "bonus_move_3_2"]})
    pos.do("play move_2x2+a2")
    assert pos.legal() == ["seg 2", "seg 2+2", "stop"]
    pos.do("stop", "bonus32 yes")
    assert pos.legal() == ["seg 2", "seg 3", "stop"]
    with pytest.raises(IllegalAction) as err:
        pos.do("seg 3+2")
    assert err.value.rule == "R66"


def test_r67_r69_bonus32_gained_mid_turn_is_usable_that_turn():
    """R67, R69: a bonus_move_3_2 gained during the action can be used at step 3."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, waystations={"atlanta": ("bonus_move_3_2", True)})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    pos.do("stop")
    assert pos.legal() == ["bonus32 no", "bonus32 yes"]


def test_r69_add_card_gained_mid_turn_waits():
    """R69: an add card gained this turn cannot change this turn's action."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, waystations={"atlanta": ("bonus_add_2", True)})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    assert pos.legal() == ["seg 1", "stop"]


def test_r68_bonus_cards_kept_across_seasons_and_used_still_owned():
    """R68: bonus cards are outside the hand; used ones still count as owned (R47)."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, used={0: ["bonus_add_1"]},
               waystations={"atlanta": ("bonus_add_1", True)})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    assert any(e.key == "already_owned" for e in pos.events)
    assert "play move_5+a1" not in GAME.legal_actions(pos.s)


def test_r70_r72_r73_draw_reshuffle_discard():
    """R70, R72, R73: refill to 2; an empty draw pile takes the shuffled discard pile; else nothing is drawn."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, hands={0: ["move_1x3", "move_5"], 1: ["move_1x3", "move_5"]})
    pos.relay({"discard": GAME.position(pos.s)["deck"], "deck": []})
    s = pos.s
    total = len(s.discard)
    pos.do("play move_5", "stop")
    if pos.pending() == "exchange":
        pos.do("exchange none")
    assert len(s.hands[0]) == 2 and len(s.deck) + len(s.discard) == total - 1
    assert any(e.key == "reshuffle" for e in pos.events)
    data = GAME.position(s)                   # park the cards out of the piles to empty both
    pos.relay({"players": {0: {"played": data["players"][0]["played"] + data["discard"] + data["deck"]}},
               "discard": [], "deck": []})
    s = pos.s
    pos.do("play move_5")                     # seat 1 has no butterfly on the map
    assert len(s.hands[1]) == 1 and not any(e.key == "draw" and e.args["player"] == 1 for e in pos.events[-3:])
    assert pos.s.turn_seat == 0 and pos.pending() == "play"    # a 1-card hand (public count) is not asked (R71)


def test_r71_redundant_hand_exchange_once_per_turn():
    """R71 (T-07): same type or both reuse cards; at most one exchange; the new hand is kept."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, hands={0: ["move_5", "move_1x3"]},
               deck=["move_1x3", "move_1x3", "reuse_own"])
    pos.do("play move_5", "stop")
    assert pos.pending() == "exchange" and pos.legal() == ["exchange both", "exchange move_1x3", "exchange none"]
    pos.do("exchange move_1x3")
    assert hand(pos, 0) == ["move_1x3", "move_1x3"] and pos.s.turn_seat == 1 and pos.pending() == "play"


def test_r71_a_plain_hand_is_asked_too_with_keep_only():
    """R71, R51: a hand that is not redundant gets the same question, whose only answer is to keep it."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, hands={0: ["move_5", "move_1x3"]}, deck=["move_2x2"])
    pos.do("play move_5", "stop")
    assert GAME.to_act(pos.s) == 0 and pos.pending() == "exchange" and pos.legal() == ["exchange none"]
    with pytest.raises(IllegalAction) as err:
        pos.do("exchange move_2x2")
    assert err.value.rule == "R71"
    pos.keep()
    assert hand(pos, 0) == ["move_1x3", "move_2x2"] and pos.s.turn_seat == 1 and pos.pending() == "play"


def test_r71_both_reuse_cards_count_as_redundant():
    """R71: reuse_own + reuse_other is redundant (one exchange, of either card or both)."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, hands={0: ["move_5", "reuse_own"]}, deck=["reuse_other"])
    pos.do("play move_5", "stop")
    assert pos.legal() == ["exchange both", "exchange none", "exchange reuse_other", "exchange reuse_own"]

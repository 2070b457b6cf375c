"""Worked examples EX-01..EX-06 and test vectors T-01..T-12 of the rules reference (section 7)."""

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.rules_season import next_first_player
from gameshelf.games.mariposas.scoring import michoacan_count, michoacan_points, placed
from gameshelf.games.mariposas.state import CATEGORIES
from mariposas_helpers import end_season, final_scoring, force_die, in_setup, make, pending, points_of, relaid

Z, O = 0, 1


def weight_on_map(pos, seat):
    return sum(w for _, w in placed(pos.s, seat))


def test_ex01_zadie_waystation_turn():
    """EX-01 (R59, R12, R17, R44, R45, R52): two first landings, a pink set and three_points."""
    pos = make(butterflies={"Z3": (Z, 3, "r05c17")},
               lifecycle={Z: ["pink_egg", "pink_caterpillar", "pink_chrysalis"]},
               waystations={"boston": ("life_pink_adult", False), "new_york": ("life_blue_caterpillar", False)},
               rows={"green": "hatch_point", "pink": "three_points", "blue": "two_cards"},
               hands={Z: ["move_1_3", "move_5"]})
    force_die(pos, ["yellow", "wild"])
    pos.do("play move_1_3")
    pos.seg("Z3", ["r05c17", "r04c18", "r04c20", "boston"])
    v = GAME.view(pos.s, Z)
    assert v["waystations"]["boston"] == "life_pink_adult"
    assert pos.flowers(Z) == {"yellow": 1}
    assert set(v["boards"][Z]["lifecycle_cards"]) == {"pink_egg", "pink_caterpillar", "pink_chrysalis", "pink_adult"}
    assert v["boards"][Z]["abilities"] == ["three_points"]
    assert pos.pending() == "segment"          # Boston is not next to milkweed: no hatch decision
    pos.seg("Z3", ["boston", "new_york"])
    assert pos.pending() == "pick_flower"      # the second roll is the wild face
    pos.do("pick orange")
    v = GAME.view(pos.s, Z)
    assert pos.at("Z3") == "new_york"
    assert v["waystations"]["new_york"] == "life_blue_caterpillar"
    assert pos.flowers(Z) == {"yellow": 1, "orange": 1}
    assert "blue_caterpillar" in v["boards"][Z]["lifecycle_cards"] and len(v["boards"][Z]["lifecycle_cards"]) == 5
    assert v["boards"][Z]["score"] == 0
    pos.relay(points_of({Z: [0] * len(CATEGORIES)}))
    final_scoring(pos.s, [])
    out = GAME.outcome(pos.s)
    assert out.breakdown[Z]["lifecycle_cards"] + out.breakdown[Z]["ability_end"] == 8


def drew_position():
    return make(butterflies={"D2": (0, 2, "r07c13"), "D3a": (0, 3, "fall_card"), "D3b": (0, 3, "fall_card"),
                             "O3a": (1, 3, "fall_card"), "O3b": (1, 3, "fall_card")},
                goals={"fall": "FA2"}, flowers={0: {"orange": 2}}, hands={0: ["move_1x3", "move_5"]})


def test_ex02_drew_hatching_turn():
    """EX-02 (R57, R18, R19, R20, R26, R30, R31, R32, R34): collect, hatch from the fall card, move both."""
    pos = drew_position()
    pos.do("play move_1x3")
    pos.seg("D2", ["r07c13", "r08c14"])
    assert pos.flowers(0) == {"orange": 3}
    assert "hatch orange" in pos.legal()
    pos.do("hatch orange")
    assert pos.flowers(0) == {}
    assert pos.at("D3a") == "r08c14"           # taken from the fall card (R32)
    assert pos.at("D3b") == "card2" and not pos.s.goals_up[2]
    pos.seg("D2", ["r08c14", "r07c15"])
    pos.seg("D3a", ["r08c14", "r07c13"])        # D3 has no start space: collects at P
    assert pos.flowers(0) == {"pink": 1, "purple": 2}
    assert pos.at("D2") == "r07c15" and pos.at("D3a") == "r07c13"


@pytest.mark.parametrize("path", [["r07c15", "r07c13"], ["r07c15", "r08c14"]])
def test_ex02_alternatives_for_the_third_segment(path):
    """EX-02 alternatives: D2 back to its start space, or to a space already collected: nothing (R19, R20)."""
    pos = drew_position()
    pos.do("play move_1x3")
    pos.seg("D2", ["r07c13", "r08c14"])
    pos.do("hatch orange")
    pos.seg("D2", ["r08c14", "r07c15"])
    pos.seg("D2", path)
    assert pos.flowers(0) == {"pink": 1}
    assert pos.pending() != "hatch"


def test_ex03_goal_examples_on_one_position():
    """EX-03 (R74, R75, R36): every listed goal evaluated on the seed's position."""
    from gameshelf.games.mariposas.scoring import goal_points
    pos = make(butterflies={"a": (0, 2, "r04c20"), "b": (0, 2, "boston"), "c": (0, 4, "r06c20", True),
                            "d": (0, 3, "r03c03"), "e": (0, 3, "r02c06"), "f": (0, 3, "r09c07")},
               flowers={0: {"white": 1, "yellow": 2, "pink": 1, "purple": 3}})
    expect = {"SP1": 6, "SP2": 1, "SP3": 0, "SP4": 6, "SU1": 6, "SU2": 4, "SU3": 6, "SU4": 0, "SU5": 4,
              "SU6": 0, "SU7": 0}
    got = {g: goal_points(pos.s, 0, CAT.goals[CAT.goal_index[g]]) for g in expect}
    assert got == expect
    assert weight_on_map(pos, 0) == 7


@pytest.mark.parametrize("goal,markers,expect", [
    ("SU4", ["r02c20", "chicago", "r07c15"], 7),
    ("SU4", ["r02c20", "chicago", "r08c14"], 0),
    ("SU6", ["r05c09", "r06c10", "r08c04"], 5),
    ("SU6", ["r05c09", "r06c10"], 0),
    ("SU7", ["r06c14", ("r04c18", 2)], 5),
    ("SU7", ["r06c14", ("r04c18", 2), "r08c10"], 0),
])
def test_ex04_one_time_and_compound_goals(goal, markers, expect):
    """EX-04 (R74, R75): one-time and compound goals."""
    from gameshelf.games.mariposas.scoring import goal_points
    bf = {}
    for i, m in enumerate(markers):
        if isinstance(m, tuple):
            bf[f"m{i}"] = (0, 4, m[0], True)
        else:
            bf[f"m{i}"] = (0, 3 if i < 3 else 2, m)
    pos = make(butterflies=bf)
    assert goal_points(pos.s, 0, CAT.goals[CAT.goal_index[goal]]) == expect


def lia_position(start="r07c05"):
    return make(season="spring", goals={"spring": "SP5", "summer": "SU1"},
                butterflies={"L1": (0, 1, start), "L2": (0, 2, "summer_card"), "M2": (1, 2, "summer_card")},
                flowers={0: {"orange": 1}}, waystations={"st_louis": ("life_blue_egg", True)},
                hands={0: ["move_1x3", "move_5"]})


def test_ex05_breeding_goal_sp5():
    """EX-05 (R74, R38, R30, R32, R45): +2 at once for a hatch in the band; waystation card; no hatch."""
    pos = lia_position()
    pos.do("play move_1x3")
    pos.seg("L1", ["r07c05", "r07c07"])
    pos.do("hatch orange")
    assert pos.s.points[0][3] == 2 and sum(pos.s.points[0]) == 2
    pos.seg("L2", ["r07c07", "r06c06"])
    pos.seg("L1", ["r07c07", "st_louis"])
    assert pos.pending() != "hatch"
    assert pos.flowers(0) == {"purple": 1}
    assert GAME.view(pos.s, 0)["boards"][0]["lifecycle_cards"] == ["blue_egg"]
    assert pos.at("L1") == "st_louis" and pos.at("L2") == "r06c06"
    assert not pos.s.goals_up[1] and pos.at("M2") == "card1"


def test_ex05_note_same_hatch_on_kansas_city_scores_nothing():
    """EX-05 note: x2 4 is not right of Houston."""
    pos = make(season="spring", goals={"spring": "SP5"}, flowers={0: {"orange": 2}},
               butterflies={"L1": (0, 1, "r06c02"), "L2": (0, 2, "summer_card")})
    pos.do("play move_1x3")
    pos.seg("L1", ["r06c02", "kansas_city"])
    if pos.pending() == "pick_flower":
        pos.do("pick white")
    pos.do("hatch orange")
    assert pos.at("L2") == "kansas_city" and sum(pos.s.points[0]) == 0


def test_ex06_fa1_double_generation_4():
    """EX-06 (R39, R29, R36): a gen-3 breeding above Atlanta's row in fall gives a double gen-4."""
    pos = make(season="fall", goals={"fall": "FA1"}, butterflies={"M3": (0, 3, "r03c07"), "M4": (0, 4, "supply")},
               flowers={0: {"purple": 4}})
    pos.do("play move_1x3")
    pos.seg("M3", ["r03c07", "r02c06"])
    pos.do("hatch purple")
    assert pos.at("M4") == "r02c06" and pos.double("M4")
    pos.seg("M4", ["r02c06", "r02c04"])
    assert "hatch" not in pos.pending()
    assert pos.flowers(0) == {"yellow": 1, "orange": 2}
    assert weight_on_map(pos, 0) == 3


def test_ex06_note_atlanta_row_gives_single():
    """EX-06 note: row 8 is Atlanta's row, not above it."""
    pos = make(season="fall", goals={"fall": "FA1"}, butterflies={"M3": (0, 3, "r08c08"), "M4": (0, 4, "supply")},
               flowers={0: {"purple": 4}})
    pos.do("play move_1x3")
    pos.seg("M3", ["r08c08", "r08c06"])
    pos.do("hatch purple")
    assert pos.at("M4") == "r08c06" and not pos.double("M4")


def test_t01_once_per_space_and_start_space_per_butterfly():
    """T-01 (R20, R19, R21, R10)."""
    pos = make(butterflies={"A": (0, 2, "r04c06"), "B": (0, 2, "r04c08")})
    pos.do("play move_1x3")
    pos.seg("A", ["r04c06", "r05c07"])
    pos.seg("B", ["r04c08", "r05c07"])
    pos.seg("A", ["r05c07", "r04c08"])
    assert pos.flowers(0) == {"purple": 1, "yellow": 1}
    assert pos.at("A") == "r04c08" and pos.at("B") == "r05c07"


def test_t01_variant_b_returns_to_its_start():
    """T-01 variant: B began its turn on r04c08 (R19)."""
    pos = make(butterflies={"A": (0, 2, "r04c06"), "B": (0, 2, "r04c08")})
    pos.do("play move_1x3")
    pos.seg("A", ["r04c06", "r05c07"])
    pos.seg("B", ["r04c08", "r05c07"])
    pos.seg("B", ["r05c07", "r04c08"])
    assert pos.flowers(0) == {"purple": 1}


def test_t02_back_to_start_hatch_allowed_passing_city_nothing():
    """T-02 (R12, R19, R21, R14, R32, R35)."""
    pos = make(season="spring", butterflies={"K1": (0, 1, "r02c04"), "K2": (0, 2, "summer_card"),
                                             "L2": (1, 2, "summer_card")},
               flowers={0: {"yellow": 2}}, waystations={"minneapolis": ("life_green_egg", False)},
               hands={0: ["move_2x2", "move_5"]})
    pos.do("play move_2x2")
    pos.seg("K1", ["r02c04", "r02c06", "r02c04"])
    assert pos.flowers(0) == {"yellow": 2}
    pos.do("hatch yellow")
    pos.seg("K2", ["r02c04", "minneapolis", "r02c06"])
    assert pos.flowers(0) == {"yellow": 1}
    assert pos.at("K1") == "r02c04" and pos.at("K2") == "r02c06"
    assert GAME.view(pos.s, 0)["waystations"]["minneapolis"] is None
    assert not pos.s.goals_up[1] and pos.at("L2") == "card1"


def mo_position():
    return make(season="spring",
                goals={"summer": "SU5", "fall": "FA3"},
                butterflies={"M1": (0, 1, "michoacan"), "M2": (0, 2, "summer_card"), "M3": (0, 3, "fall_card"),
                             "M3b": (0, 3, "fall_card"), "N2": (1, 2, "summer_card"), "N3": (1, 3, "fall_card"),
                             "N3b": (1, 3, "fall_card")},
                flowers={0: {"orange": 2, "white": 1, "pink": 1}})


def test_t03_matched_and_any_costs():
    """T-03 (R30, R31, R32, R28): several hatches in one turn; matched 2, then any 4."""
    pos = mo_position()
    pos.do("play move_1x3")
    pos.seg("M1", ["michoacan", "r12c02"])
    assert {"hatch orange", "hatch white", "hatch any"} <= set(pos.legal())
    pos.do("hatch orange")
    pos.seg("M2", ["r12c02", "r11c03"])
    assert "hatch white" not in pos.legal() and "hatch any" in pos.legal()
    pos.do("hatch any", "pay white", "pay white", "pay pink", "pay pink")
    pos.seg("M3", ["r11c03", "r11c01"])
    assert pos.flowers(0) == {"purple": 1}
    assert (pos.at("M1"), pos.at("M2"), pos.at("M3")) == ("r12c02", "r11c03", "r11c01")
    assert not pos.s.goals_up[1] and pos.at("N2") == "card1"
    assert pos.at("M3b") == "card2" and not pos.s.goals_up[2]


def test_t03_illegal_payments():
    """T-03 illegal: 2 mixed tokens for gen 2; gen 4 with 1 token (R30)."""
    pos = make(season="spring", butterflies={"M1": (0, 1, "michoacan"), "M2": (0, 2, "supply")},
               flowers={0: {"orange": 1}})
    pos.do("play move_1x3")
    pos.seg("M1", ["michoacan", "r12c02"])      # +1 white: orange 1, white 1
    assert pos.pending() == "segment"            # neither 2 matched nor 3 any: no hatch offered
    with pytest.raises(IllegalAction) as err:
        pos.do("hatch orange")
    assert err.value.rule in ("R9", "R26")
    pos2 = make(season="fall", butterflies={"M3": (0, 3, "r11c03")}, flowers={0: {"pink": 3}})
    pos2.do("play move_1x3")
    pos2.seg("M3", ["r11c03", "r12c02"])
    assert pos2.pending() == "segment"


def test_t04_double_generation_4():
    """T-04 (R29, R30, R36): flip to double; a double cannot hatch; no new marker used."""
    pos = make(season="fall", goals={"fall": "FA2"}, butterflies={"V4": (0, 4, "r06c06")}, flowers={0: {"orange": 3}})
    pos.do("play move_1x3")
    pos.seg("V4", ["r06c06", "r05c05"])
    pos.do("hatch orange")
    assert pos.double("V4")
    pos.seg("V4", ["r05c05", "r05c03"])
    assert pos.pending() == "segment"           # milkweed, but a double cannot hatch
    pos.seg("V4", ["r05c03", "r04c02"])
    assert pos.at("V4") == "r04c02"
    assert pos.flowers(0) == {"white": 2, "orange": 1}
    assert sum(1 for g in range(6, 10) if pos.s.locations[g] == -1) == 3
    assert weight_on_map(pos, 0) == 2


def ava_position():
    pos = make(players=3, season="spring", goals={"summer": "SU5"},
               butterflies={"A1": (0, 1, "st_louis"), "A2a": (0, 2, "summer_card"), "A2b": (0, 2, "supply"),
                            "B1": (1, 1, "r05c07"), "B2a": (1, 2, "r04c06"), "B2b": (1, 2, "supply"),
                            "C1": (2, 1, "r07c09"), "C2a": (2, 2, "r06c10"), "C2b": (2, 2, "r05c09")},
               turn_no=3 * CAT.turns[0] - 1)
    return pos


def test_t05_free_hatch_card_reveal_and_removal():
    """T-05 (R76, R80, R32, R35, R78)."""
    pos = ava_position()
    pos.relay(points_of({seat: [0] * len(CATEGORIES) for seat in range(3)}))
    end_season(pos.s, [])
    assert pos.pending() == "free_hatch" and GAME.to_act(pos.s) == 0
    assert pos.legal() == ["free none", "free st_louis"]
    pos.do("free st_louis")
    assert pos.at("A2a") == "st_louis" and pos.at("A2b") == "supply"
    assert pos.s.goals_up[1]
    assert GAME.to_act(pos.s) == 1 and pos.legal() == ["free none", "free r05c07"]
    pos.do("free r05c07")
    assert pos.pending() == "play" and pos.s.season == 1   # cy cannot free-hatch: skipped
    assert pos.at("B2b") == "r05c07"
    assert {pos.at(x) for x in ("A1", "B1", "C1")} == {"removed"}
    assert (pos.at("C2a"), pos.at("C2b"), pos.at("B2a")) == ("r06c10", "r05c09", "r04c06")


def test_t05_variant_ava_declines():
    """T-05 variant: ava declines; A2a returns to her supply when the card is turned up (R76 step 6)."""
    pos = ava_position()
    end_season(pos.s, [])
    pos.do("free none", "free none")
    assert pos.at("A2a") == "supply" and pos.at("A2b") == "supply" and pos.s.goals_up[1]
    assert weight_on_map(pos, 0) == 0


def test_t06_turn_order_and_first_players():
    """T-06 (R79, R3, R2): ties resolved clockwise from the previous first player."""
    pos = make(players=4, season="spring", turn=3)
    s = pos.s
    assert [(s.first_player + i) % 4 for i in range(16)] == [3, 0, 1, 2] * 4
    s = relaid(s, points_of({seat: [x] + [0] * 7 for seat, x in enumerate([6, 4, 4, 9])}))
    assert next_first_player(s) == 1
    s = relaid(s, {"first_player": 1, **points_of({seat: [x] + [0] * 7 for seat, x in enumerate([12, 18, 20, 12])})})
    assert next_first_player(s) == 3
    assert sum(CAT.turns) * 4 == 60


def test_t06_full_season_skeleton():
    """T-06 skeleton: 4 spring turns each, all played cards discarded at the end of spring (R7, R76)."""
    s = GAME.setup(4, seed=3)
    while in_setup(s):
        GAME.apply(s, GAME.parse_action("exchange none"))
    order = []
    while s.season == 0:
        if pending(s) == "play" and (not order or order[-1][1] != s.turns_taken):
            order.append((s.turn_seat, s.turns_taken))
        acts = GAME.legal_actions(s)
        stop = [a for a in acts if str(a) in ("stop", "bonus32 no", "exchange none", "free none", "hatch none")]
        GAME.apply(s, stop[0] if stop else acts[0])
    first = order[0][0]
    assert [o[0] for o in order] == [(first + i) % 4 for i in range(16)]
    assert all(p == [] for p in s.played) and len(s.discard) >= 16


def test_t07_hand_refill_and_exchange():
    """T-07 (R70, R71, R68)."""
    pos = make(butterflies={"x": (0, 2, "r05c07")}, hands={0: ["move_5", "reuse_own"]},
               deck=["reuse_other", "move_2x2", "move_1x3"])
    pos.do("play move_5", "stop")
    assert sorted(GAME.view(pos.s, 0)["hand"]) == ["reuse_other", "reuse_own"]
    assert pos.legal() == ["exchange both", "exchange none", "exchange reuse_other", "exchange reuse_own"]
    pos.do("exchange reuse_other")
    assert sorted(GAME.view(pos.s, 0)["hand"]) == ["move_2x2", "reuse_own"]
    assert pos.s.discard[-1] == CAT.action_ids.index("reuse_other")
    assert pos.pending() == "play" and pos.s.turn_seat == 1   # one exchange only; the turn passed


def test_t07_exchange_both_and_no_exchange():
    """T-07 cases 2 and 3."""
    pos = make(butterflies={"x": (0, 2, "r05c07")}, hands={0: ["move_1x3", "move_5"]},
               deck=["move_1x3", "move_5", "move_1x3"])
    pos.do("play move_5", "stop")
    pos.do("exchange both")
    assert sorted(GAME.view(pos.s, 0)["hand"]) == ["move_1x3", "move_5"]
    pos = make(butterflies={"x": (0, 2, "r05c07")}, hands={0: ["move_5", "move_1x3"]}, deck=["move_4_flower"])
    pos.do("play move_1x3", "stop")
    assert pos.legal() == ["exchange none"]          # exchange_allowed: false; keeping is the only answer
    pos.keep()
    assert pos.s.turn_seat == 1 and pos.pending() == "play"


def test_t07_bonus_card_not_replaced():
    """T-07 case 4: the used add card is not an action card; one card drawn (R68)."""
    pos = make(butterflies={"x": (0, 2, "r05c07")}, hands={0: ["move_2x2", "move_1_3"]}, bonus={0: ["bonus_add_1"]},
               deck=["move_5"])
    pos.do("play move_2x2+a1", "stop")
    v = GAME.view(pos.s, 0)
    assert sorted(v["hand"]) == ["move_1_3", "move_5"]
    assert v["boards"][0]["used_bonus_cards"] == ["bonus_add_1"]


def test_t08_reuse_targets():
    """T-08 (R62, R63, R64, R8)."""
    pos = make(butterflies={"x": (0, 2, "r05c07")}, played={0: ["move_2x2"], 1: ["move_4_flower", "reuse_own"]},
               used={1: ["bonus_move_3_2"]}, hands={0: ["reuse_other", "reuse_own"]})
    s1 = GAME.copy(pos.s)
    pos.do("play reuse_other")
    assert pos.legal() == ["reuse move_4_flower"]
    pos.do("reuse move_4_flower", "seg 4")
    assert pos.s.pending[-1].adjacent         # the copy includes the adjacent collection
    pos.s = s1
    pos.do("play reuse_own")
    assert pos.legal() == ["reuse move_2x2"]


def test_t08_edge_no_targets():
    """T-08 edge case: no card played this season; the reuse card is played without effect, then draw."""
    pos = make(season="fall", butterflies={"x": (0, 3, "r05c07")}, hands={0: ["reuse_other", "reuse_own"]},
               deck=["move_5"])
    assert pos.legal() == ["play reuse_other", "play reuse_own"]
    pos.do("play reuse_own")
    assert pos.at("x") == "r05c07"
    assert sorted(GAME.view(pos.s, 0)["hand"]) == ["move_5", "reuse_other"]


def test_t09_bonus_move_cards_in_one_turn():
    """T-09 (R65, R66, R67, R68, R69, R47, R14)."""
    pos = make(season="fall", butterflies={"G4": (0, 4, "r08c06")},
               bonus={0: ["bonus_add_2", "bonus_add_1", "bonus_move_3_2"]}, hands={0: ["move_1x3", "move_5"]},
               deck=["move_2x2"], waystations={"houston": ("bonus_add_2", False)})
    pos.do("play move_1x3+a1+a2")
    assert sorted(x >> 1 for x in pos.s.segments_left) == [1, 1, 1, 1] and pos.s.add_2_ready
    pos.seg("G4", ["r08c06", "r09c05", "houston", "r11c03"], plus2=True)
    assert "seg 1+2" not in pos.legal()
    pos.seg("G4", ["r11c03", "r12c02"])
    pos.seg("G4", ["r12c02", "r12c04"])
    pos.seg("G4", ["r12c04", "r11c05"])
    assert pos.legal() == ["bonus32 no", "bonus32 yes"]
    pos.do("bonus32 yes")
    assert pos.legal() == ["seg 2", "seg 3", "stop"]    # no +2 or +1 on these segments
    pos.seg("G4", ["r11c05", "r12c04", "r12c02", "r12c00"])
    pos.seg("G4", ["r12c00", "r12c02", "michoacan"])
    v = GAME.view(pos.s, 0)
    assert pos.at("G4") == "michoacan"
    assert pos.flowers(0) == {"pink": 3, "white": 1, "orange": 2, "yellow": 1}
    assert not any(e.key == "hatch" for e in pos.events)
    assert v["waystations"]["houston"] is None
    assert v["boards"][0]["used_bonus_cards"] == ["bonus_move_3_2", "bonus_add_1", "bonus_add_2"]
    assert v["boards"][0]["bonus_cards"] == []                 # T-09: unused: [], used: all three
    assert sorted(v["hand"]) == ["move_2x2", "move_5"]


def test_t09_later_first_landing_on_houston_gives_die_only():
    """T-09 later: the first lander flips and rolls but gets no second copy (R47, A31)."""
    pos = make(season="fall", butterflies={"G4": (0, 4, "r09c05")}, used={0: ["bonus_add_2"]},
               waystations={"houston": ("bonus_add_2", False)})
    force_die(pos, ["pink"])
    pos.do("play move_1x3")
    pos.seg("G4", ["r09c05", "houston"])
    assert pos.flowers(0) == {"pink": 1}
    assert any(e.key == "already_owned" for e in pos.events)


def test_t10_waystations_first_later_and_wildflower():
    """T-10 (R44, R46, R47, R48, R50, R19, R20)."""
    ann, bob, cal = 0, 1, 2
    pos = make(players=3, butterflies={"A": (ann, 2, "r08c10"), "B": (bob, 2, "r09c11"), "C": (cal, 2, "r08c04"),
                                       "C2": (cal, 2, "r09c03")},
               waystations={"atlanta": ("bonus_add_1", False), "dallas": ("wildflower", False)},
               hands={p: ["move_1x3", "move_2x2"] for p in range(3)},
               deck=["move_5", "move_1_3", "move_4_flower", "move_1_3", "move_5", "move_4_flower"])
    force_die(pos, ["purple", "wild"])
    pos.do("play move_1x3")
    pos.seg("A", ["r08c10", "atlanta"])
    pos.do("stop")
    pos.keep()
    pos.do("play move_1x3")
    pos.seg("B", ["r09c11", "atlanta"])
    pos.do("stop")
    pos.keep()
    pos.do("play move_1x3")
    pos.seg("C", ["r08c04", "dallas"])
    assert pos.pending() == "pick_flower"
    pos.do("pick pink")
    assert pos.pending() == "pick_flower"
    pos.do("pick white", "stop")
    pos.keep()
    pos.do("play move_2x2")
    pos.seg("A", ["atlanta", "r08c10", "atlanta"])
    pos.do("stop")
    pos.keep()
    pos.do("play move_2x2", "stop")            # bob's turn: no movement
    pos.keep()
    assert pos.s.turn_seat == cal
    pos.do("play move_2x2")
    pos.seg("C", ["dallas", "r08c04", "dallas"])
    assert pos.pending() == "segment"            # nothing: C began the turn on Dallas
    pos.seg("C2", ["r09c03", "r08c04", "dallas"])
    pos.do("pick yellow")
    v = GAME.view(pos.s, None)
    assert v["waystations"]["atlanta"] == "bonus_add_1" and v["waystations"]["dallas"] == "wildflower"
    assert pos.flowers(ann) == {"purple": 1} and pos.flowers(bob) == {}
    assert pos.flowers(cal) == {"pink": 1, "white": 1, "yellow": 1}
    assert v["boards"][ann]["bonus_cards"] == ["bonus_add_1"] and v["boards"][bob]["bonus_cards"] == ["bonus_add_1"]
    assert sum(1 for e in pos.events if e.key == "die") == 2


@pytest.mark.parametrize("markers,ability,n,points", [
    ([(4, True), (4, False), (4, False), (3, False)], [], 4, 17),
    ([(4, True), (4, False), (4, False), (3, False)], ["michoacan_double"], 6, 24),
    ([(4, True)] * 4, [], 8, 28),
    ([(4, True)] * 3 + [(4, False)], [], 7, 26),
    ([(3, False)], [], 0, 0),
])
def test_t11_michoacan_scoring(markers, ability, n, points):
    """T-11 (R84, R85, R36)."""
    bf = {f"m{i}": (0, g, "michoacan", d) for i, (g, d) in enumerate(markers)}
    pos = make(season="fall", butterflies=bf, abilities={0: ability})
    assert michoacan_count(pos.s, 0) == n
    assert michoacan_points(n) == points


def test_t12_card_revealed_mid_season_has_no_effect_yet():
    """T-12 (R35, R5, R32, R39, R28)."""
    pos = make(goals={"fall": "FA1"},
               butterflies={"S2": (0, 2, "r05c05"), "S3": (0, 3, "r04c04"), "S3x": (0, 3, "fall_card"),
                            "S3y": (0, 3, "supply"), "S4": (0, 4, "supply")},
               flowers={0: {"yellow": 3, "purple": 4}})
    assert not pos.s.goals_up[2]
    pos.do("play move_1x3")
    pos.seg("S2", ["r05c05", "r05c03"])
    pos.do("hatch yellow")
    assert pos.at("S3x") == "r05c03" and pos.s.goals_up[2]
    assert any(e.key == "goal_revealed" for e in pos.events)
    pos.seg("S3", ["r04c04", "r04c06"])
    pos.do("hatch purple")
    assert pos.at("S4") == "r04c06" and not pos.double("S4")
    pos.seg("S3x", ["r05c03", "r04c02"])
    assert pos.at("S3y") == "supply"
    assert pos.flowers(0) == {"purple": 1, "white": 2, "orange": 1}

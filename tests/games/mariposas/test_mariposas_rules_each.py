"""Focused tests, one per rule, for rules that were otherwise only covered inside combined tests (R2-R88)."""

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.rules_season import next_first_player
from gameshelf.games.mariposas.scoring import goal_points
from mariposas_helpers import final_scoring, force_die, make, pending, relaid


def cat_pts(pos, seat, category):
    return GAME.view(pos.s, seat)["boards"][seat]["points"][category]


def finish_turn(pos):
    """Decline whatever is left of the current turn (segments, bonus_move_3_2, exchange)."""
    for _ in range(10):
        legal = pos.legal()
        for quick in ("stop", "bonus32 no", "exchange none", "hatch none", "adj none"):
            if quick in legal:
                pos.do(quick)
                break
        else:
            return


# ---- 4.1 game structure ------------------------------------------------------------------------

def test_r02_each_player_takes_exactly_t_turns_then_the_season_ends():
    """R2: after the 4th spring turn of the last player in order the season ends (no 5th turn)."""
    # the 7th of 8 spring turns: seat 1 first, so seat 1 plays now
    pos = make(players=2, season="spring", turn=1, turn_no=2 * 4 - 2,
               butterflies={"a": (0, 1, "michoacan"), "b": (1, 1, "michoacan")})
    s = pos.s
    pos.do("play move_1x3")
    finish_turn(pos)
    assert s.season == 0 and s.turn_seat == 0          # the 8th spring turn
    pos.do("play move_1x3")
    finish_turn(pos)
    assert s.season == 1 or pending(s) == "free_hatch"  # the season is over


def test_r03_turns_go_clockwise_from_the_first_player():
    """R3: with 3 players and seat 2 first, the order is 2, 0, 1, 2, ..."""
    pos = make(players=3, season="summer", turn=2)
    seen = []
    for _ in range(4):
        seen.append(pos.s.turn_seat)
        pos.do(pos.legal()[0])
        finish_turn(pos)
    assert seen == [2, 0, 1, 2]


# ---- 4.3 movement ------------------------------------------------------------------------------

def test_r11_move_1_3_segments_in_either_order_and_by_the_same_butterfly():
    """R11: the 1 and the 3 may come in either order and use the same butterfly."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: ["move_1_3", "move_5"]})
    pos.do("play move_1_3")
    pos.seg("a", ["r05c07", "r05c09"])
    assert pos.legal() == ["seg 3", "stop"]
    pos.seg("a", ["r05c09", "r06c10", "r05c11", "r04c12"])
    assert pos.at("a") == "r04c12"


# ---- 4.4 landing and flowers -------------------------------------------------------------------

def test_r20_once_per_space_per_turn_across_butterflies_and_segments():
    """R20: the second landing of the turn on a space (any of your butterflies) collects nothing."""
    pos = make(butterflies={"a": (0, 2, "r05c07"), "b": (0, 2, "r06c10")}, hands={0: ["move_1x3", "move_5"]})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c07", "r05c09"])            # +1 white
    pos.seg("b", ["r06c10", "r05c09"])            # nothing: already collected there this turn
    assert pos.flowers(0) == {"white": 1}


def test_r20_next_turn_collects_again():
    """R20 is per turn: the same space gives flowers again on a later turn (another butterfly)."""
    pos = make(butterflies={"a": (0, 2, "r05c07"), "b": (0, 2, "r06c10")}, hands={0: ["move_1x3", "move_5"]},
               deck=["move_1x3", "move_2x2", "move_2x2"])
    pos.do("play move_1x3")
    pos.seg("a", ["r05c07", "r05c09"])
    finish_turn(pos)
    pos.do("play move_1x3")                      # seat 1: nothing on the map
    finish_turn(pos)
    pos.do("play move_1x3")
    pos.seg("b", ["r06c10", "r05c09"])
    assert pos.flowers(0) == {"white": 2}


def test_r21_hatch_allowed_where_r20_forbids_collecting():
    """R21: a landing on an already collected space collects nothing but may hatch."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r05c07"), "b": (0, 2, "supply"), "x": (0, 2, "r06c06")},
               flowers={0: {"white": 2}})
    pos.do("play move_1x3")
    pos.seg("x", ["r06c06", "r05c05"])            # +1 orange; gen-2 parent, no gen-3 marker: no hatch
    assert pos.flowers(0) == {"white": 2, "orange": 1}
    pos.seg("a", ["r05c07", "r05c05"])            # nothing collected, but the gen-1 may hatch
    assert pos.flowers(0) == {"white": 2, "orange": 1}
    assert pos.pending() == "hatch" and "hatch white" in pos.legal()


def test_r24_flowers_are_public_in_every_view():
    """R24, A36: flower tokens are public: a spectator sees them."""
    pos = make(flowers={1: {"pink": 3}})
    assert GAME.view(pos.s, None)["boards"][1]["flowers"]["pink"] == 3
    assert GAME.view(pos.s, 0)["boards"][1]["flowers"]["pink"] == 3


# ---- 4.5 hatching ------------------------------------------------------------------------------

def test_r26_the_hatch_is_offered_only_at_a_landing_next_to_milkweed():
    """R26: one hatch per landing; declining it ends the opportunity."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r04c06"), "b": (0, 2, "supply")}, flowers={0: {"pink": 9}})
    pos.do("play move_1x3")
    pos.seg("a", ["r04c06", "r05c07"])
    assert pos.pending() == "hatch"
    pos.do("hatch none")
    assert pos.pending() == "segment" and pos.at("b") == "supply"


def test_r28_several_hatches_in_one_turn():
    """R28: each landing next to milkweed is its own hatching opportunity."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r05c07"), "b": (0, 2, "supply"), "c": (0, 2, "summer_card")},
               flowers={0: {"pink": 4}})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c07", "r04c06"])
    pos.do("hatch pink")
    pos.seg("a", ["r04c06", "r05c07"])
    pos.do("hatch pink")
    assert pos.at("c") == "r04c06" and pos.at("b") == "r05c07"
    assert pos.flowers(0) == {"purple": 1}          # r05c07 is the start space of a (R19)


def test_r29_generations_follow_in_order_and_a_double_cannot_hatch():
    """R29: gen 2 -> gen 3 (never gen 4); single gen 4 flips; double gen 4 cannot hatch."""
    pos = make(season="summer", butterflies={"a": (0, 2, "r04c06"), "b": (0, 3, "supply"), "c": (0, 4, "supply")},
               flowers={0: {"pink": 9}})
    pos.do("play move_1x3")
    pos.seg("a", ["r04c06", "r05c07"])
    pos.do("hatch pink")
    assert pos.at("b") == "r05c07" and pos.at("c") == "supply"
    pos = make(season="fall", butterflies={"d": (0, 4, "r04c06", True)}, flowers={0: {"pink": 9}})
    pos.do("play move_1x3")
    pos.seg("d", ["r04c06", "r05c07"])
    assert pos.pending() == "segment"


def test_r30_any_cost_accepts_identical_tokens_and_matched_needs_one_type():
    """R30: gen 3 costs 3 matched or 4 any; 4 identical tokens may pay the any cost."""
    pos = make(butterflies={"a": (0, 2, "r04c06"), "b": (0, 3, "supply")}, flowers={0: {"pink": 3, "white": 1}})
    pos.do("play move_1x3")
    pos.seg("a", ["r04c06", "r05c07"])          # +1 purple: pink 3, white 1, purple 1
    assert pos.legal() == ["hatch any", "hatch none", "hatch pink"]
    pos.do("hatch any", "pay pink", "pay pink", "pay pink")
    assert pos.pending() == "pay"
    with pytest.raises(IllegalAction) as err:
        pos.do("pay pink")                        # no pink left
    assert err.value.rule == "R30"
    pos.do("pay purple")
    assert pos.at("b") == "r05c07" and pos.flowers(0) == {"white": 1}


def test_r31_flowers_of_this_landing_pay_the_hatch():
    """R31: the 2 white of the landing complete a matched cost of 2 for gen 2."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r05c05"), "b": (0, 2, "supply")})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c05", "r05c03"])
    assert pos.legal() == ["hatch none", "hatch white"]


def test_r33_no_hatch_without_a_marker_off_the_map_but_the_flip_needs_none():
    """R33: every gen-3 on the map: no hatch from gen 2; the gen-4 flip uses no new marker."""
    pos = make(butterflies={"a": (0, 2, "r04c06"), "b": (0, 3, "r00c00"), "c": (0, 3, "r00c04"),
                            "d": (0, 3, "r00c06")}, flowers={0: {"pink": 8}})
    pos.do("play move_1x3")
    pos.seg("a", ["r04c06", "r05c07"])
    assert pos.pending() == "segment"
    pos = make(season="fall", butterflies={f"g{i}": (0, 4, "r04c06") for i in range(4)}, flowers={0: {"pink": 4}})
    pos.do("play move_1x3")
    pos.seg("g0", ["r04c06", "r05c07"])
    pos.do("hatch pink")
    assert pos.double("g0")


def test_r35_a_card_turns_up_only_when_the_last_marker_of_any_player_leaves():
    """R35: with another player's marker still on it the card stays face down; the last one flips it."""
    pos = make(players=2, season="spring", flowers={0: {"pink": 2}, 1: {"pink": 2}},
               butterflies={"a": (0, 1, "r04c06"), "a2": (0, 2, "summer_card"), "b": (1, 1, "r04c06"),
                            "b2": (1, 2, "summer_card")}, hands={0: ["move_1x3", "move_5"], 1: ["move_1x3", "move_5"]})
    pos.do("play move_1x3")
    pos.seg("a", ["r04c06", "r05c07"])
    pos.do("hatch pink")
    assert not pos.s.goals_up[1] and GAME.view(pos.s, 0)["goals"]["summer"] is None
    finish_turn(pos)
    pos.do("play move_1x3")
    pos.seg("b", ["r04c06", "r05c07"])
    pos.do("hatch pink")
    assert pos.s.goals_up[1] and GAME.view(pos.s, 0)["goals"]["summer"] == "SU1"


def test_r36_a_double_collects_once_and_weighs_two():
    """R36: a double lands once (one reward) but counts 2 butterflies for a goal."""
    pos = make(season="fall", goals={"fall": "FA5"}, butterflies={"d": (0, 4, "r08c08", True)})
    pos.do("play move_1x3")
    pos.seg("d", ["r08c08", "r08c06"])           # orange space, 1 yellow
    assert pos.flowers(0) == {"yellow": 1}
    assert goal_points(pos.s, 0, CAT.goals[CAT.goal_index["FA5"]]) == 2


# ---- 4.6 waystations ---------------------------------------------------------------------------

def test_r42_a_city_gives_no_flowers_and_has_no_colour():
    """R42: landing on a face-up life cycle city gives its card, no flowers; no colour for goals."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, waystations={"atlanta": ("life_blue_egg", True)})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    assert pos.flowers(0) == {}
    assert all(CAT.color[c] is None for c in CAT.cities)


def test_r43_hatching_on_a_city_next_to_milkweed_after_its_reward():
    """R43: on St. Louis the card comes first, then the hatch."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r07c07"), "b": (0, 2, "supply")},
               waystations={"st_louis": ("life_green_egg", True)}, flowers={0: {"pink": 2}})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c07", "st_louis"])
    assert GAME.view(pos.s, 0)["boards"][0]["lifecycle_cards"] == ["green_egg"]
    pos.do("hatch pink")
    assert pos.at("b") == "st_louis"


def test_r45_life_cycle_marker_gives_its_card_on_the_first_landing():
    """R45: a face-down life cycle marker: flip, die, then the matching card."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, waystations={"atlanta": ("life_pink_chrysalis", False)})
    force_die(pos, ["white"])
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    assert GAME.view(pos.s, 1)["boards"][0]["lifecycle_cards"] == ["pink_chrysalis"]
    assert pos.flowers(0) == {"white": 1}


def test_r47_never_a_second_copy_of_a_life_cycle_card():
    """R47: landing again on a city whose card you own gives nothing."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, lifecycle={0: ["pink_chrysalis"]},
               waystations={"atlanta": ("life_pink_chrysalis", True)})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    assert GAME.view(pos.s, 0)["boards"][0]["lifecycle_cards"] == ["pink_chrysalis"]
    assert any(e.key == "already_owned" for e in pos.events)
    assert GAME.view(pos.s, 0)["card_supply"]["pink_chrysalis"] == 1


def test_r48_later_landings_no_die_roll_but_the_reward():
    """R48: a face-up marker: no die, the card (if not owned)."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, waystations={"atlanta": ("life_pink_egg", True)})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    assert not any(e.key == "die" for e in pos.events) and pos.flowers(0) == {}
    assert GAME.view(pos.s, 0)["boards"][0]["lifecycle_cards"] == ["pink_egg"]


# ---- 4.7 abilities -----------------------------------------------------------------------------

def test_r55_extra_turn_players_refill_and_play_in_fall_order():
    """R55: after the 6th fall round, only extra_turn owners play again, from the fall first player."""
    # seat 1 takes the last regular turn: (first 2 + 17 turns taken) % 3
    pos = make(players=3, season="fall", first=2, turn=1, turn_no=3 * 6 - 1,
               abilities={1: ["extra_turn"], 2: ["extra_turn"]})
    s = pos.s
    pos.do("play move_1x3")
    finish_turn(pos)
    assert s.in_extra_turns and s.turn_seat == 2 and len(s.hands[2]) == 2
    pos.do("play move_1x3")
    finish_turn(pos)
    assert s.turn_seat == 1 and not s.over
    pos.do(pos.legal()[0])
    finish_turn(pos)
    assert s.over


# ---- 4.8 action cards --------------------------------------------------------------------------

def test_r57_move_1x3_three_segments_of_one():
    """R57: three segments of 1 step, same or different butterflies."""
    pos = make(butterflies={"a": (0, 2, "r05c07"), "b": (0, 2, "r08c04")})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c07", "r05c09"])
    pos.seg("b", ["r08c04", "r08c06"])
    assert pos.legal() == ["seg 1", "stop"]
    pos.seg("a", ["r05c09", "r05c11"])
    pos.keep()
    assert pos.s.turn_seat == 1


def test_r58_move_2x2_two_segments_of_two():
    """R58: two segments of exactly 2 steps."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: ["move_2x2", "move_5"]})
    pos.do("play move_2x2")
    assert pos.legal() == ["seg 2", "stop"]
    pos.seg("a", ["r05c07", "r05c09", "r05c11"])
    pos.seg("a", ["r05c11", "r05c13", "r05c15"])
    pos.keep()
    assert pos.s.turn_seat == 1 and pos.at("a") == "r05c15"


def test_r59_move_1_3_one_and_three_in_either_order():
    """R59: the 3 first, then the 1."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: ["move_1_3", "move_5"]})
    pos.do("play move_1_3")
    assert pos.legal() == ["seg 1", "seg 3", "stop"]
    pos.seg("a", ["r05c07", "r05c09", "r05c11", "r05c13"])
    assert pos.legal() == ["seg 1", "stop"]


def test_r60_move_5_one_segment_of_five():
    """R60: one segment of 5 steps; only the fifth space is landed on."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: ["move_5", "move_1x3"]})
    pos.do("play move_5")
    assert pos.legal() == ["seg 5", "stop"]
    pos.seg("a", ["r05c07", "r05c09", "r05c11", "r05c13", "r05c15", "r05c17"])
    pos.keep()
    assert pos.flowers(0) == {"orange": 1} and pos.s.turn_seat == 1


def test_r61_adjacent_collection_is_optional_and_counts_for_r20():
    """R61: declining is allowed; a collected adjacent space is then blocked for the turn."""
    pos = make(butterflies={"a": (0, 2, "r04c08"), "b": (0, 2, "r06c06")},
               hands={0: ["move_4_flower", "move_5"]}, played={0: ["move_1x3"]})
    pos.do("play move_4_flower")
    pos.seg("a", ["r04c08", "r05c07", "r05c09", "r05c11", "r05c09"])
    pos.do("adj r05c07")
    assert pos.flowers(0) == {"white": 1, "purple": 1}
    pos = make(butterflies={"a": (0, 2, "r04c08")}, hands={0: ["move_4_flower", "move_5"]})
    pos.do("play move_4_flower")
    pos.seg("a", ["r04c08", "r05c07", "r05c09", "r05c11", "r05c09"])
    pos.do("adj none")
    pos.keep()
    assert pos.flowers(0) == {"white": 1} and pos.s.turn_seat == 1


def test_r61_no_adjacent_collection_from_michoacan_or_plain_cities():
    """R61: Michoacan and non-wildflower cities are never eligible."""
    pos = make(season="fall", butterflies={"a": (0, 4, "r11c05")}, hands={0: ["move_4_flower", "move_5"]},
               waystations={"houston": ("life_green_egg", True)})
    pos.do("play move_4_flower")
    pos.seg("a", ["r11c05", "r12c04", "r11c05", "r12c04", "r12c02"])
    assert "adj michoacan" not in pos.legal() and "adj houston" not in pos.legal()
    assert "adj r12c00" in pos.legal()


def test_r63_reuse_other_copies_another_players_movement_card_only():
    """R63: only cards in front of other players; your own are not targets."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: ["reuse_other", "move_5"]},
               played={0: ["move_2x2"], 1: ["move_1_3", "move_5"]})
    pos.do("play reuse_other")
    assert pos.legal() == ["reuse move_1_3", "reuse move_5"]
    pos.do("reuse move_1_3")
    assert pos.legal() == ["seg 1", "seg 3", "stop"]


def test_r64_reuse_never_copies_a_reuse_card_and_stays_a_reuse_card():
    """R64: reuse cards are never targets; the played reuse card is not a later target either."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: ["reuse_other", "move_5"]},
               played={1: ["reuse_own", "reuse_other"]})
    pos.do("play reuse_other")
    pos.keep()                                     # no target: no effect, straight to the end of the turn
    assert pos.s.turn_seat == 1
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: ["reuse_own", "move_5"]},
               played={0: ["reuse_other", "move_1x3"]})
    pos.do("play reuse_own")
    assert pos.legal() == ["reuse move_1x3"]


def test_r64_add_cards_modify_the_copied_segments():
    """R64: bonus_add_2 enlarges a segment of the copied card."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: ["reuse_other", "move_5"]},
               played={1: ["move_2x2"]}, bonus={0: ["bonus_add_2"]})
    pos.do("play reuse_other+a2", "reuse move_2x2")
    assert pos.legal() == ["seg 2", "seg 2+2", "stop"]


# ---- 4.9 bonus move cards ----------------------------------------------------------------------

def test_r66_bonus_add_2_enlarges_exactly_one_segment_by_two():
    """R66: seg:1+2 moves 3 steps with one butterfly; the other segments stay 1."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, bonus={0: ["bonus_add_2"]})
    pos.do("play move_1x3+a2")
    pos.seg("a", ["r05c07", "r05c09", "r05c11", "r05c13"], plus2=True)
    assert pos.legal() == ["seg 1", "stop"]
    assert GAME.view(pos.s, 0)["boards"][0]["used_bonus_cards"] == ["bonus_add_2"]


def test_r67_bonus_move_3_2_after_the_action_in_either_order():
    """R67: after the card's segments, a 3 and a 2 (either order, any butterflies)."""
    pos = make(butterflies={"a": (0, 2, "r05c07"), "b": (0, 2, "r08c04")}, bonus={0: ["bonus_move_3_2"]})
    pos.do("play move_1x3", "stop", "bonus32 yes")
    pos.seg("b", ["r08c04", "r08c06", "r08c04"])
    assert pos.legal() == ["seg 3", "stop"]
    pos.seg("a", ["r05c07", "r05c09", "r05c11", "r05c13"])
    pos.keep()
    assert pos.s.turn_seat == 1


def test_r69_bonus_cards_only_in_addition_to_the_action_card():
    """R69: no bonus card outside the play of an action card; different cards may combine."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, bonus={0: ["bonus_add_1", "bonus_add_2", "bonus_move_3_2"]})
    assert all(x.startswith("play ") for x in pos.legal())
    assert "play move_1x3+a1+a2" in pos.legal()


# ---- 4.10 cards --------------------------------------------------------------------------------

def test_r72_empty_draw_pile_reshuffles_the_discard_pile():
    """R72: the discard pile becomes the new draw pile when a card is needed."""
    pos = make(butterflies={"a": (0, 2, "r05c07")})
    pos.relay({"discard": GAME.position(pos.s)["deck"], "deck": []})
    s = pos.s
    pos.do("play move_5", "stop")
    finish_turn(pos)
    assert len(s.hands[0]) == 2 and any(e.key == "reshuffle" for e in pos.events) and s.discard == []


def test_r73_exchanged_cards_go_to_the_discard_pile_played_cards_do_not():
    """R73: the exchange discards; the card in front of the player is not in the discard pile."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: ["move_5", "move_1x3"]}, deck=["move_1x3", "move_4_flower"])
    pos.do("play move_5", "stop", "exchange both")
    assert sorted(CAT.action_ids[c] for c in pos.s.discard) == ["move_1x3", "move_1x3"]
    assert CAT.action_ids.index("move_5") not in pos.s.discard and pos.s.played[0] == [CAT.action_ids.index("move_5")]


# ---- 4.11 / 5 goals and season ends ------------------------------------------------------------

def test_r74_per_butterfly_repeats_once_does_not():
    """R74: per_butterfly scores per butterfly; once scores its points once however often it is met."""
    pos = make(butterflies={"a": (0, 2, "r03c03"), "b": (0, 2, "r03c01"), "c": (0, 3, "r02c06"),
                            "d": (0, 3, "r02c04")})
    assert goal_points(pos.s, 0, CAT.goals[CAT.goal_index["SP2"]]) == 2
    assert goal_points(pos.s, 0, CAT.goals[CAT.goal_index["SP4"]]) == 6


def end_of_season(season, **kw):
    players, first = kw.pop("players", 2), kw.pop("turn", 0)
    turn_no = players * CAT.turns[CAT.seasons.index(season)] - 1
    pos = make(season=season, players=players, first=first, turn=(first + turn_no) % players, turn_no=turn_no, **kw)
    pos.do(pos.legal()[0])
    finish_turn(pos)
    return pos


def test_r78_removed_markers_never_return():
    """R78: a gen-1 removed at the end of spring is 'removed', not back in the supply."""
    pos = end_of_season("spring", butterflies={"a": (0, 1, "r03c03"), "b": (0, 2, "r04c06"), "c": (0, 2, "supply"),
                                               "z": (1, 1, "r00c00")})
    while pos.pending() == "free_hatch":
        pos.do("free none")
    assert pos.at("a") == "removed" and pos.at("z") == "removed" and pos.at("b") == "r04c06"


def test_r79_lowest_score_first_previous_first_player_wins_ties():
    """R79: a tie including the previous first player goes to the previous first player."""
    pos = make(players=3, turn=1, points={0: [3] + [0] * 7, 1: [2] + [0] * 7, 2: [2] + [0] * 7})
    assert next_first_player(pos.s) == 1
    assert next_first_player(relaid(pos.s, {"first_player": 2})) == 2
    assert next_first_player(relaid(pos.s, {"first_player": 0})) == 1


def test_r80_free_hatch_from_the_supply_on_a_chosen_parent():
    """R80: gen 3 from the supply (card already up) onto one chosen gen-2; +1 with hatch_point."""
    pos = end_of_season("summer", butterflies={"a": (0, 2, "r03c03"), "b": (0, 2, "r08c04"), "c": (0, 3, "supply")},
                        abilities={0: ["hatch_point"]})
    while GAME.to_act(pos.s) != 0:
        pos.do("free none")
    assert pos.legal() == ["free none", "free r03c03", "free r08c04"]
    pos.do("free r08c04")
    while pos.pending() == "free_hatch":
        pos.do("free none")
    assert pos.at("c") == "r08c04" and cat_pts(pos, 0, "hatch_point") == 1


def test_r81_gen3_stays_and_counts_for_the_fall_goal():
    """R81: at the end of fall nothing is removed; gen-3 on FA5's orange spaces score."""
    pos = end_of_season("fall", goals={"fall": "FA5"}, butterflies={"c": (0, 3, "r08c06"), "d": (0, 4, "r09c01")})
    assert pos.s.over and pos.at("c") == "r08c06"
    assert GAME.outcome(pos.s).breakdown[0]["fall_goal"] == 2


def test_r82_no_extra_turn_without_the_ability_scoring_follows_the_last_round():
    """R82: without extra_turn the game ends right after the 6th fall round."""
    pos = end_of_season("fall", butterflies={"d": (0, 4, "michoacan")})
    assert pos.s.over and not pos.s.in_extra_turns


def test_r83_final_scoring_categories():
    """R83: fall goal, Michoacan, life cycle cards, ability end points, each in its category."""
    pos = make(season="fall", goals={"fall": "FA2"}, butterflies={"d": (0, 4, "michoacan")},
               lifecycle={0: ["blue_egg"]}, abilities={0: ["flower_each"]})
    final_scoring(pos.s, [])
    b = GAME.outcome(pos.s).breakdown[0]
    assert (b["fall_goal"], b["michoacan"], b["lifecycle_cards"], b["ability_end"]) == (1, 3, 1, 1)


def test_r85_michoacan_double_makes_singles_count_two():
    """R85: with michoacan_double 2 singles count 4 (17 points), gen 3 still 0."""
    from gameshelf.games.mariposas.scoring import michoacan_count
    pos = make(season="fall", butterflies={"a": (0, 4, "michoacan"), "b": (0, 4, "michoacan"),
                                           "c": (0, 3, "michoacan")}, abilities={0: ["michoacan_double"]})
    assert michoacan_count(pos.s, 0) == 4


def test_r86_final_is_the_sum_of_all_categories():
    """R86: final = before + fall goal + Michoacan + cards + ability points."""
    pos = make(season="fall", goals={"fall": "FA2"}, butterflies={"d": (0, 4, "michoacan", True)},
               lifecycle={0: ["blue_egg", "blue_adult"]}, abilities={0: ["three_points"]},
               points={0: [5, 4] + [0] * 6})
    final_scoring(pos.s, [])
    assert GAME.outcome(pos.s).scores[0] == 5 + 4 + 2 + 7 + 2 + 3


def test_r87_most_points_wins():
    """R87: the highest score ranks first."""
    pos = make(season="fall", players=3, points={0: [1] + [0] * 7, 1: [9] + [0] * 7, 2: [4] + [0] * 7})
    final_scoring(pos.s, [])
    assert GAME.outcome(pos.s).ranks == (3, 1, 2)


@pytest.mark.parametrize("setup,ranks", [
    ({"flowers": {0: {"pink": 2}, 1: {"pink": 1}}}, (1, 2)),                      # 2. flower tokens
    ({"lifecycle": {0: ["blue_egg"], 1: ["blue_egg", "pink_egg"]}}, (2, 1)),       # 3. life cycle cards
    ({}, (1, 1)),                                                                  # 4. shared victory
])
def test_r88_later_tie_breakers(setup, ranks):
    """R88 steps 2-4: flowers, then life cycle cards, else everybody wins."""
    pos = make(season="fall", goals={"fall": "FA5"}, **setup)
    from gameshelf.games.mariposas.scoring import points_so_far as outcome
    assert outcome(pos.s).scores == (0, 0) and outcome(pos.s).ranks == ranks


# ---- more single-rule tests --------------------------------------------------------------------

def test_r01_three_seasons_in_order_then_the_game_ends():
    """R1: spring ends into summer, summer into fall, fall ends the game."""
    pos = end_of_season("spring", butterflies={"a": (0, 1, "r03c03")})
    while pos.pending() == "free_hatch":
        pos.do("free none")
    assert pos.s.season == 1 and not pos.s.over
    pos = end_of_season("summer", butterflies={"a": (0, 2, "r03c03")})
    while pos.pending() == "free_hatch":
        pos.do("free none")
    assert pos.s.season == 2 and not pos.s.over
    pos = end_of_season("fall", butterflies={"a": (0, 3, "r03c03")})
    assert pos.s.over


def test_r09_segment_lengths_come_from_the_card_data():
    """R9, 2.9: the catalogue's segments per card type."""
    segs = dict(zip(CAT.action_ids, CAT.action_segments))
    assert segs == {"move_1x3": (1, 1, 1), "move_2x2": (2, 2), "move_1_3": (1, 3), "move_5": (5,),
                    "move_4_flower": (4,), "reuse_own": (), "reuse_other": ()}
    assert dict(zip(CAT.action_ids, CAT.action_copies)) == {"move_1x3": 6, "move_2x2": 6, "move_1_3": 6, "move_5": 5,
                                                            "move_4_flower": 5, "reuse_own": 4, "reuse_other": 4}


def test_r10_any_generation_a_double_or_a_just_hatched_butterfly_may_fly():
    """R10: the segment's butterfly may be any of yours on the map, incl. one hatched this turn."""
    pos = make(season="fall", butterflies={"g3": (0, 3, "r04c06"), "d": (0, 4, "r08c04", True), "n": (0, 4, "supply"),
                                           "x": (1, 3, "r05c07")}, flowers={0: {"pink": 4}})
    pos.do("play move_1x3")
    pos.seg("g3", ["r04c06", "r05c07"])
    pos.do("hatch pink")
    pos.do("seg 1")
    assert pos.legal() == sorted(f"fly {pos.slot(k)}" for k in ("g3", "d", "n"))


def test_r17_landing_order_reward_then_set_ability_then_hatch():
    """R17: waystation reveal and die, the card, the completed set's ability, then the hatch decision."""
    pos = make(season="spring", butterflies={"a": (0, 1, "r06c10"), "b": (0, 2, "supply")},
               lifecycle={0: ["blue_egg", "blue_caterpillar", "blue_chrysalis"]},
               waystations={"nashville": ("life_blue_adult", False)},
               rows={"green": "three_points", "pink": "extra_turn", "blue": "flower_each"})
    force_die(pos, ["pink"])
    pos.do("play move_1x3")
    pos.seg("a", ["r06c10", "nashville"])
    keys = [e.key for e in pos.events if e.key in ("waystation_revealed", "die", "take_lifecycle", "set_complete")]
    assert keys == ["waystation_revealed", "die", "take_lifecycle", "set_complete"]
    assert pos.pending() == "hatch" and pos.flowers(0) == {"white": 1, "yellow": 1, "orange": 1, "pink": 2,
                                                           "purple": 1}


def test_r19_a_butterfly_back_on_its_start_space_collects_nothing():
    """R19: out and back within one segment: nothing."""
    pos = make(butterflies={"a": (0, 2, "r05c09")}, hands={0: ["move_2x2", "move_5"]})
    pos.do("play move_2x2")
    pos.seg("a", ["r05c09", "r05c11", "r05c09"])
    assert pos.flowers(0) == {}
    pos.seg("a", ["r05c09", "r05c11", "r06c10"])
    assert pos.flowers(0) == {"pink": 1}


def test_r23_flowers_are_collected_without_a_decision():
    """R23: a flower landing collects at once (a 'collect' event) and asks nothing."""
    pos = make(butterflies={"a": (0, 2, "r05c09")})
    pos.do("play move_1x3")
    pos.seg("a", ["r05c09", "r05c11"])
    assert pos.pending() == "segment" and [e.key for e in pos.events][-1] == "collect"


def test_r25_next_to_milkweed_is_the_map_flag_of_the_14_sites():
    """R25: a space is next to milkweed exactly when a milkweed site touches it (42 spaces)."""
    import yaml
    from gameshelf.games.mariposas.catalog import DATA
    sites = yaml.safe_load((DATA / "map.yaml").read_text())["milkweed_sites"]
    touched = {CAT.space_index[x] for site in sites for x in site["touches"]}
    assert len(sites) == 14 and {i for i, m in enumerate(CAT.milkweed) if m} == touched and len(touched) == 42


def test_r32_a_marker_on_the_face_down_card_is_taken_before_the_supply():
    """R32: with a gen-3 on the fall card and one in the supply, the hatch takes the card's."""
    pos = make(butterflies={"a": (0, 2, "r04c06"), "sup": (0, 3, "supply"), "card": (0, 3, "fall_card"),
                            "o": (1, 3, "fall_card")}, flowers={0: {"pink": 3}})
    pos.do("play move_1x3")
    pos.seg("a", ["r04c06", "r05c07"])
    pos.do("hatch pink")
    assert pos.at("card") == "r05c07" and pos.at("sup") == "supply"


def test_r41_sixteen_different_face_down_markers_one_per_city():
    """R41: setup puts one of the 16 markers face down on each city."""
    for seed in (1, 2):
        s = GAME.setup(2, seed=seed)
        assert len(CAT.cities) == 16 and sorted(s.waystations) == list(range(16)) and s.waystations_up == 0
    assert GAME.setup(2, seed=1).waystations != GAME.setup(2, seed=2).waystations


def test_r44_first_landing_flips_for_good_and_rolls_once():
    """R44: the marker stays face up; a second lander the same turn does not roll."""
    pos = make(butterflies={"a": (0, 2, "r07c13"), "b": (0, 2, "r08c10")},
               waystations={"atlanta": ("life_green_egg", False)})
    force_die(pos, ["orange"])
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    pos.seg("b", ["r08c10", "atlanta"])
    assert sum(e.key == "die" for e in pos.events) == 1 and pos.flowers(0) == {"orange": 1}
    assert GAME.view(pos.s, None)["waystations"]["atlanta"] == "life_green_egg"


def test_r46_a_bonus_card_goes_to_the_bonus_cards_not_the_hand():
    """R46: the hand keeps its count; the card is listed among the bonus cards."""
    pos = make(butterflies={"a": (0, 2, "r07c13")}, waystations={"atlanta": ("bonus_add_1", True)})
    pos.do("play move_1x3")
    pos.seg("a", ["r07c13", "atlanta"])
    v = GAME.view(pos.s, 0)
    assert v["boards"][0]["bonus_cards"] == ["bonus_add_1"] and v["boards"][0]["hand_count"] == 1


def test_r62_reuse_own_copies_your_movement_card_with_its_adjacent_collection():
    """R62: reuse_own on your own move_4_flower gives 4 steps and the adjacent flowers."""
    pos = make(butterflies={"a": (0, 2, "r04c08")}, hands={0: ["reuse_own", "move_5"]}, played={0: ["move_4_flower"]})
    pos.do("play reuse_own", "reuse move_4_flower")
    pos.seg("a", ["r04c08", "r05c07", "r05c09", "r05c11", "r05c09"])
    assert pos.pending() == "adjacent_flowers"


def test_r65_bonus_add_1_adds_a_one_step_segment():
    """R65: move_5 with bonus_add_1 gives segments 5 and 1."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: ["move_5", "move_1x3"]}, bonus={0: ["bonus_add_1"]})
    pos.do("play move_5+a1")
    assert pos.legal() == ["seg 1", "seg 5", "stop"]


def test_r70_draw_until_two_cards():
    """R70: a player left with no card draws two."""
    pos = make(butterflies={"a": (0, 2, "r05c07")}, hands={0: ["move_5"]}, deck=["move_2x2", "move_1_3"])
    pos.do("play move_5", "stop")
    assert sorted(GAME.view(pos.s, 0)["hand"]) == ["move_1_3", "move_2x2"]


def test_r77_end_of_summer_steps_in_order():
    """R77: discard summer cards, score summer goal, fall first player, free gen-3 hatch, remove gen 2, reveal."""
    pos = make(season="summer", goals={"summer": "SU10", "fall": "FA5"}, first=1, turn=0, turn_no=2 * 5 - 1,
               butterflies={"a": (0, 2, "r00c08"), "c": (0, 3, "fall_card"), "e": (0, 3, "fall_card"),
                            "b": (1, 2, "r03c03"), "d": (1, 3, "fall_card"), "f": (1, 3, "fall_card")},
               played={0: ["move_5"], 1: ["move_2x2"]})
    pos.do("play move_1x3")
    finish_turn(pos)
    keys = [e.key for e in pos.events]
    assert keys.index("season_end") < keys.index("goal_scored") < keys.index("first_player")
    assert len(pos.s.discard) >= 3 and pos.s.played == [[], []]
    assert pos.s.first_player == 1 and pos.pending() == "free_hatch" and GAME.to_act(pos.s) == 1   # seat 0 scored SU10
    pos.do("free r03c03", "free r00c08")
    assert pos.at("d") == "r03c03" and pos.at("c") == "r00c08"
    assert pos.at("a") == "removed" and pos.at("b") == "removed"
    assert pos.s.goals_up[2] and pos.at("e") == "supply" and pos.at("f") == "supply" and pos.s.season == 2


def test_r84_michoacan_counts_only_generation_4():
    """R84: gen-3 markers in Michoacan score nothing; 1 single + 1 double = 3 butterflies = 12."""
    from gameshelf.games.mariposas.scoring import michoacan_count, michoacan_points
    pos = make(season="fall", butterflies={"a": (0, 4, "michoacan"), "b": (0, 4, "michoacan", True),
                                           "c": (0, 3, "michoacan")})
    assert michoacan_count(pos.s, 0) == 3 and michoacan_points(3) == 12

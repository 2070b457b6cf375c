"""Tile-placement phase: R9-R42, A19-A21, A29-A30, A36, A40; EX-2, EX-3, EX-4, TV-8, TV-9, TV-10."""

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.midnight_zoo.decisions import ChooseDiscover, ChooseEffect, SpecialMove, SpendMoves, UseBonus
from gameshelf.games.midnight_zoo.state import PLACE
from mz_helpers import CAT, DIRS, GAME, board, cell, colour, edit, legal, piece, play, put, tile, top, where

WOLF_CHEETAH = ("sloth", "cheetah", "wolf")  # EX-1 slots: A = sloth, B = cheetah, C = wolf


def rule_of(st, move):
    with pytest.raises(IllegalAction) as err:
        play(st, move)
    return err.value.rule


# ---- R9, R10, R13: the menu ----------------------------------------------------------------------
def test_r9_drafted_tile_placed_stored_or_discarded():
    st = board(hand="G07")
    assert legal(st) == ["place G07", "store G07", "discard G07"]


def test_r9_r13_a33_cannot_finish_with_the_drafted_tile_in_hand():
    st = board(hand="G07", storage=["R01"])
    assert "done" not in legal(st)
    assert rule_of(st, "done") == "R9"
    play(st, "store G07")
    assert "done" in legal(st)


def test_r10_stored_tiles_placed_or_discarded_any_number_of_times():
    st = board(hand="G07", storage=["R01", "S22"])
    assert "place R01" in legal(st) and "discard S22" in legal(st)
    play(st, "place R01", "at 0,1", "skip", "discard S22")
    assert st.players[0].storage == [] and st.players[0].district[cell("0,1")] == tile("R01")


def test_r13_phase_ends_on_done_and_passes_to_the_next_player():
    st = board(hand="G07", storage=["R01"])
    play(st, "store G07")
    assert GAME.to_act(st) == 0
    play(st, "done")
    assert GAME.to_act(st) != 0 or st.phase != PLACE


# ---- R11: nothing during an action ------------------------------------------------------------------
def test_r11_ex4_nothing_between_the_two_points_of_a_double_move():
    st = board(hand="R07", storage=["S01"], tiles={"2,4": "G22", "2,3": "S22", "3,4": "G24"})
    w = put(st, "wolf", "2,4", )
    play(st, "place R07", "at 4,1", "tile move_2", f"animal {w}", "go W")
    assert top(st) == SpendMoves
    assert rule_of(st, "place S01") == "R11"
    assert rule_of(st, "discard S01") == "R11"


def test_r11_nothing_during_a_special_move():
    st = board(hand="G05", storage=["S01"], tiles={"1,2": "G01", "0,2": "G02"})
    put(st, "wolf", "1,2", )
    play(st, "discard G05")
    assert top(st) == SpecialMove
    assert rule_of(st, "discard S01") == "R11"


# ---- R14, R15 ---------------------------------------------------------------------------------------
def test_r14_any_empty_space_except_the_zoo():
    st = board(hand="G07", tiles={"0,0": "R01"})
    play(st, "place G07")
    spaces = legal(st)
    assert len(spaces) == 23 and "at 2,2" not in spaces and "at 0,0" not in spaces
    assert rule_of(st, "at 2,2") == "R14"


def test_r15_placed_tiles_never_move():
    st = board(hand="G07", tiles={"0,0": "R01"})
    assert rule_of(st, "at 0,0") in ("R9", "R11", "R14")
    play(st, "place G07", "at 0,1", "skip")
    assert st.players[0].district[cell("0,0")] == tile("R01")


# ---- R16-R19: tile effect and space effect ----------------------------------------------------------
def test_ex2_terrain_condition_met_gives_a_move():
    st = board(setup="ST5", hand="G22", keep_setup=True)
    wolf = "R2"
    assert where(st, wolf) == "R2"
    play(st, "place G22", "at 2,4")
    assert legal(st) == ["space", "skip"]  # G22 has no tile effect
    play(st, "space", f"animal {wolf}", "go W")
    assert where(st, wolf) == "2,4" and st.players[0].vp == 0


def test_ex2_variant_r18_unmet_condition_still_placeable():
    st = board(setup="ST5", hand="G22", keep_setup=True)
    play(st, "place G22", "at 1,2")  # rock -> move_1: not met
    assert top(st) is None and st.players[0].district[cell("1,2")] == tile("G22")


def test_ex3_discover_tile_and_binoculars_vp_in_either_order():
    st = board(setup="ST5", hand="R10", keep_setup=True)
    assert where(st, "L3") == "undiscovered"
    play(st, "place R10", "at 0,2")
    assert legal(st) == ["tile discover", "space", "skip"]
    play(st, "tile discover")
    assert "discover L3" in legal(st)
    play(st, "discover L3", "space")
    assert where(st, "L3") == "L3" and st.players[0].vp == 2
    st = board(setup="ST5", hand="R10", keep_setup=True)
    play(st, "place R10", "at 0,2", "space", "tile discover", "discover L3")
    assert where(st, "L3") == "L3" and st.players[0].vp == 2


def test_ex3_variant_r20_a29_bonus_tile_never_meets_binoculars():
    st = board(setup="ST5", hand="G01", storage=["BR"], keep_setup=True)
    play(st, "place BR", "at 0,2")
    assert top(st) is None and st.players[0].vp == 0


def test_ex4_double_move_split_between_two_animals():
    st = board(setup="ST5", hand="R07", tiles={"2,4": "G22", "2,3": "S22", "3,4": "G24"})
    wolf, cheetah = put(st, "wolf", "2,4", spot="R2"), put(st, "cheetah", "R3", spot="R3")
    play(st, "place R07", "at 4,1")
    assert legal(st) == ["tile move_2", "skip"]
    play(st, "tile move_2", f"animal {wolf}", "go W", f"animal {cheetah}", "go W")
    assert where(st, wolf) == "2,3" and where(st, cheetah) == "3,4"


def test_ex4_alternative_both_points_on_the_wolf():
    st = board(setup="ST5", hand="R07", tiles={"2,4": "G22", "2,3": "S22", "3,4": "G24"})
    wolf = put(st, "wolf", "2,4", spot="R2")
    play(st, "place R07", "at 4,1", "tile move_2", f"animal {wolf}", "go W", f"animal {wolf}", "go W")
    assert where(st, wolf) == "zoo"


def test_r17_two_symbols_exactly_one_is_performed():
    st = board(hand="G17", tiles={"1,0": "S01"})
    w = put(st, "wolf", "L1", spot="L3")
    play(st, "place G17", "at 0,1")  # plain space: only the tile effect
    assert legal(st) == ["tile discover", "tile move_1", "skip"]
    play(st, "tile move_1", f"animal {w}", "go E")
    assert top(st) is None  # the discover option is gone


def test_tv10_r20_binoculars_condition_met_by_a_two_symbol_tile():
    st = board(hand="G17", tiles={"1,0": "S01"})
    w = put(st, "wolf", "L1", spot="L3")
    play(st, "place G17", "at 1,1")
    assert legal(st) == ["tile discover", "tile move_1", "space", "skip"]
    play(st, "tile move_1", f"animal {w}", "go E")
    assert legal(st) == ["space", "skip"]
    play(st, "space")
    assert top(st) == ChooseDiscover
    play(st, "discover R1")
    assert where(st, w) == "1,0" and where(st, "R1") == "R1"


def test_tv10_variant_grass_bonus_on_binoculars_space_does_nothing():
    st = board(hand="G01", storage=["BG"])
    play(st, "place BG", "at 1,1")
    assert top(st) is None


def test_r19_a30_effects_resolve_fully_depth_first():
    # R13 (bonus_tile) on (0,4) sand -> bonus_tile? no: R13 is rock. Use S13 (sand, bonus_tile):
    # tile effect bonus tile and space effect bonus tile; the first bonus tile placed on (2,0)
    # (sand -> move_1) triggers its own move before the outer space effect is offered.
    st = board(hand="S13", tiles={"1,0": "G01"})
    w = put(st, "wolf", "1,0", spot="L3")
    play(st, "place S13", "at 0,4")
    assert legal(st) == ["tile bonus_tile", "space", "skip"]
    play(st, "tile bonus_tile", "bonus sand", "place BS", "at 2,0")
    assert legal(st) == ["space", "skip"]  # the inner placement's space effect first
    play(st, "space", f"animal {w}", "go S")
    assert where(st, w) == "2,0"
    assert top(st) == ChooseEffect and legal(st) == ["space", "skip"]  # back to the outer tile
    play(st, "skip")
    assert top(st) is None


def test_r21_terrain_condition_met_by_bonus_tiles_too():
    st = board(hand="G05", storage=["BG"])
    play(st, "place BG", "at 0,0")  # grass -> bonus_tile
    assert legal(st) == ["space", "skip"]


# ---- R22-R24: dark pairs -----------------------------------------------------------------------------
def test_tv9_r22_r23_dark_pair_same_terrain_reward_once():
    st = board(hand="R05", storage=["R13"], vp=10)
    play(st, "place R05", "at 1,3")
    assert legal(st) == ["tile move_1", "skip"]  # the first space of a pair gives nothing
    play(st, "skip", "place R13", "at 0,1", "tile bonus_tile", "bonus rock", "place BR", "at 1,4")
    assert legal(st) == ["space", "skip"]
    play(st, "space")
    assert st.players[0].vp == 15


def test_tv9_variant_different_terrains_kill_the_pair():
    st = board(hand="R05", storage=["R13"], vp=10)
    play(st, "place R05", "at 1,3", "skip", "place R13", "at 0,1", "tile bonus_tile",
         "bonus grass", "place BG", "at 1,4")
    assert top(st) is None and st.players[0].vp == 10


def test_r24_pair_reward_ordered_against_the_tile_effect():
    st = board(hand="R03", tiles={"3,0": "R01", "2,0": "S01"})
    w = put(st, "wolf", "2,0", spot="L3")
    play(st, "place R03", "at 3,1")  # completes pair B (rock, rock): 2 moves
    assert legal(st) == ["tile move_1", "space", "skip"]
    play(st, "space", f"animal {w}", "go S", f"animal {w}", "go E", "tile move_1")
    assert where(st, w) == "3,1"


def test_r42_pair_c_gives_two_bonus_tiles_one_after_the_other():
    st = board(hand="G01", tiles={"4,2": "S01"})
    play(st, "place G01", "at 4,3", "skip")  # grass next to sand: dead pair
    assert top(st) is None
    st = board(hand="S02", tiles={"4,2": "S01"})
    play(st, "place S02", "at 4,3", "space")
    assert legal(st) == ["bonus rock", "bonus grass", "bonus sand"]
    play(st, "bonus rock", "store BR")
    assert legal(st) == ["bonus rock", "bonus grass", "bonus sand"]  # the second one
    play(st, "bonus sand", "store BS")
    assert st.players[0].storage == [tile("BR"), tile("BS")] and st.bonus_supply == [13, 14, 13]


def test_r25_bonus_tile_triggers_only_the_space_effect():
    st = board(hand="G05", storage=["BS"])
    play(st, "place BS", "at 2,0")  # sand -> move_1; no tile effect
    assert legal(st) == ["space", "skip"]


# ---- R26-R29: storage ----------------------------------------------------------------------------------
def test_tv8_r26_storage_limit_and_legal_sequence():
    st = board(hand="G07", storage=["R01", "S22"])
    assert "store G07" not in legal(st)
    assert rule_of(st, "store G07") == "R26"
    assert "place G07" in legal(st) and "discard G07" in legal(st)
    play(st, "place R01", "at 0,1")
    assert legal(st) == ["tile move_1", "skip"]
    play(st, "skip", "store G07")
    assert st.players[0].storage == [tile("S22"), tile("G07")]
    play(st, "done")


def test_tv8d_bonus_tile_with_full_storage_must_be_placed_or_discarded():
    st = board(hand="R13", storage=["R01", "S22"])
    play(st, "place R13", "at 0,1", "tile bonus_tile", "bonus grass")
    assert top(st) == UseBonus and legal(st) == ["place BG", "discard BG"]


def test_r27_r29_stored_tiles_do_nothing_and_stay_across_drafts():
    from gameshelf.games.midnight_zoo.scoring import food_vp
    st = board(hand="G25")
    play(st, "store G25")
    assert food_vp(st.players[0]) == 0
    play(st, "done")
    assert st.players[0].storage == [tile("G25")] and st.draft == 2


def test_r28_a40_stored_action_tile_triggers_when_placed_later():
    st = board(hand="G05", storage=["R10"])
    play(st, "place R10", "at 0,1")
    assert legal(st) == ["tile discover", "skip"]


# ---- R30-R35: special moves ----------------------------------------------------------------------------
def test_r30_r34_discarded_action_tile_leaves_the_game_without_its_action():
    st = board(hand="G17")
    play(st, "discard G17")
    assert tile("G17") in st.removed and top(st) is None  # no grass animals: nothing happens
    assert st.players[0].hand == -1


def test_r34_a19_a20_discarded_bonus_tile_returns_to_supply_and_moves():
    st = board(hand="R13", tiles={"0,2": "R01"})
    w = put(st, "wolf", "T2", spot="T2")  # sand entrance
    play(st, "place R13", "at 0,1", "tile bonus_tile", "bonus sand")
    assert st.bonus_supply[2] == 13
    play(st, "discard BS")
    assert st.bonus_supply[2] == 14 and top(st) == SpecialMove
    play(st, f"animal {w}", "go S")
    assert where(st, w) == "0,2"


def test_r31_eligible_animals_on_terrain_tiles_and_entrances():
    st = board(hand="G05", tiles={"1,1": "G01", "1,2": "R01", "0,1": "S01", "2,1": "S02"})
    a = put(st, "wolf", "1,1", spot="T2")
    b = put(st, "wolf", "L2", spot="L3")  # grass entrance
    c = put(st, "wolf", "1,2", spot="R1")  # rock tile
    play(st, "discard G05")
    eligible = list(st.pending[-1].eligible)
    assert sorted(eligible) == sorted([a, b]) and c not in eligible


def test_r33_a10_snapshot_moved_animal_does_not_move_again_and_newcomers_are_not_eligible():
    st = board(hand="G05", tiles={"1,1": "G01", "1,0": "G02", "0,1": "R01", "0,0": "G03"})
    a = put(st, "wolf", "1,1", spot="T2")
    b = put(st, "wolf", "0,1", spot="L3")  # on rock: not eligible
    play(st, "discard G05", f"animal {a}", "go W")
    assert where(st, a) == "1,0"
    assert f"animal {a}" not in legal(st) and f"animal {b}" not in legal(st)
    assert top(st) is None


def test_r35_several_special_moves_in_one_phase():
    st = board(hand="G05", storage=["G06", "S01"], tiles={"1,1": "G01", "1,2": "G02", "0,2": "G03"})
    a = put(st, "wolf", "1,1", spot="T2")
    play(st, "discard G06", f"animal {a}", "go E", "discard G05", f"animal {a}", "go N")
    assert where(st, a) == "0,2"


# ---- R36-R42: actions ------------------------------------------------------------------------------------
def test_r36_r58_discover_any_animal_onto_its_entrance_snake_faces_inward():
    st = board(slots=("snake", "sloth", "wolf"), hand="R10")
    play(st, "place R10", "at 0,1", "tile discover")
    assert len(legal(st)) == 9  # any of the undiscovered animals
    play(st, "discover R2")  # ST1: U_R2 = A = snake
    assert piece(st, "R2")["loc"] == "R2" and piece(st, "R2")["facing"] == "W"


def test_r36_r66_discovered_sloth_awake_butterfly_no_pollen():
    st = board(slots=("sloth", "butterfly", "wolf"), hand="R10")
    play(st, "place R10", "at 0,1", "tile discover", "discover L1")
    assert piece(st, "L1") == {"loc": "L1", "facing": "E", "asleep": False, "pollen": 0}


def test_r36_a36_discover_with_nothing_left_does_nothing():
    st = board(hand="R10", storage=["G01"], keep_setup=True)
    edit(st, fn=lambda data: [a.update(loc=spot, facing=DIRS[CAT.ent_dir[CAT.spot_entrance[k]]])
                              for k, (spot, a) in enumerate(data["players"]["blue"]["animals"].items())])
    play(st, "place R10", "at 0,1", "tile discover")
    assert top(st) is None and legal(st) == ["place G01", "discard G01", "done"]


def empty_bonus_piles(st, *terrains):
    """Empty bonus piles by laying their tiles in the other seats' districts (conserved)."""
    def build(data):
        free = [(colour(s), key) for s in range(1, st.player_count) for key in CELLS
                if key not in data["players"][colour(s)]["district"]]
        for terrain in terrains:
            tid = CAT.tile_id[CAT.bonus0 + CAT.terrains.index(terrain)]
            for _ in range(data["bonus_supply"][terrain]):
                seat_colour, key = free.pop()
                data["players"][seat_colour]["district"][key] = tid
            data["bonus_supply"][terrain] = 0
    edit(st, fn=build)


CELLS = [f"{r},{c}" for r in range(5) for c in range(5) if (r, c) != (2, 2)]


def test_r37_a21_bonus_terrain_only_from_non_empty_piles():
    st = board(hand="R13")
    empty_bonus_piles(st, "rock")
    play(st, "place R13", "at 0,1", "tile bonus_tile")
    assert legal(st) == ["bonus grass", "bonus sand"]
    st = board(n=4, hand="R13", storage=["G01"])
    empty_bonus_piles(st, "rock", "grass", "sand")
    play(st, "place R13", "at 0,1", "tile bonus_tile")
    assert top(st) is None


def test_r37_bonus_tile_place_store_or_discard_immediately():
    st = board(hand="R13")
    play(st, "place R13", "at 0,1", "tile bonus_tile", "bonus rock")
    assert legal(st) == ["place BR", "store BR", "discard BR"]
    assert rule_of(st, "done") == "R11"


def test_r38_immediate_vp():
    st = board(hand="G15")
    play(st, "place G15", "at 0,1", "tile vp_2")
    assert st.players[0].vp == 2
    st = board(hand="G21")
    play(st, "place G21", "at 4,4")  # binoculars -> 3 VP: G21 has no binoculars
    assert legal(st) == ["tile vp_2", "tile move_1", "skip"]


def test_r39_r40_r41_move_points():
    st = board(hand="R07", tiles={"1,0": "G01", "0,0": "G02"})
    w = put(st, "wolf", "1,0", spot="T2")
    play(st, "place R07", "at 4,1", "tile move_2")
    assert st.pending[-1].points == 2
    play(st, f"animal {w}", "go N")
    assert st.pending[-1].points == 1
    play(st, f"animal {w}", "go S")
    assert top(st) is None


def test_r41_unspent_points_are_lost_on_stop():
    st = board(hand="R07", tiles={"1,0": "G01", "0,0": "G02"})
    w = put(st, "wolf", "1,0", spot="T2")
    play(st, "place R07", "at 4,1", "tile move_2", f"animal {w}", "go N", "stop")
    assert top(st) is None and where(st, w) == "0,0"


def test_r42_a8_pair_b_two_moves_like_a_double_move():
    st = board(hand="G01", tiles={"3,0": "G02", "2,0": "S01", "1,0": "S02"})
    a = put(st, "wolf", "2,0", spot="T2")
    play(st, "place G01", "at 3,1", "space")
    assert st.pending[-1].points == 2
    play(st, f"animal {a}", "go N", f"animal {a}", "go S")
    assert where(st, a) == "2,0"


# ---- options -----------------------------------------------------------------------------------------------
def test_a7_single_pair_mode_chooses_the_reward():
    opts = {"dark_pair_mode": "single_pair_choose_reward"}
    st = board(hand="R05", tiles={"1,3": "R01"}, options=opts, vp=0)
    play(st, "place R05", "at 1,4")
    assert legal(st) == ["tile move_1", "reward vp_5", "reward move_2", "reward bonus_tile_2", "skip"]
    play(st, "reward vp_5")
    assert st.players[0].vp == 5 and legal(st) == ["tile move_1", "skip"]
    st = board(hand="R05", tiles={"3,0": "R01"}, options=opts)
    play(st, "place R05", "at 3,1")  # pair B is a plain space in this mode
    assert legal(st) == ["tile move_1", "skip"]

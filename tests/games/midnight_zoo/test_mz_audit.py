"""Audit tests: discrepancies found against the reference, and rules so far only cited in ranges."""

import pytest

from gameshelf.core.chance import Chance
from gameshelf.games.midnight_zoo.state import DRAFT
from mz_helpers import CAT, GAME, add_pending, board, legal, piece, play, put, tile, top, where


# ---- option values as the reference writes them (A9: `forced_group_moves: false|true`) ---------
@pytest.mark.parametrize("value,forced", [(True, True), (False, False), ("true", True),
                                          ("false", False)])
def test_a9_forced_group_moves_accepts_the_reference_booleans(value, forced):
    st = GAME.setup(2, {"forced_group_moves": value}, seed=1)
    assert st.config.forced is forced


@pytest.mark.parametrize("value,vp", [(0, 0), ("0", 0), (1, 1)])
def test_a16_butterfly_zero_pollen_vp_accepts_integers(value, vp):
    st = GAME.setup(2, {"butterfly_zero_pollen_vp": value}, seed=1)
    assert st.config.zero_pollen_vp == vp


# ---- R77 / R71: in solo the first-player token alternates and the view says who holds it ------
def test_r77_r71_solo_view_names_leo_as_first_player_in_odd_drafts():
    st = GAME.setup(1, {}, seed=4)
    ch = Chance(3)
    seen = {}
    while not GAME.is_over(st):
        if st.phase == DRAFT:
            seen[st.draft] = GAME.view(st, 0)["first_player"]
            v = GAME.view(st, 0)
            assert GAME.view(GAME.determinize(v, Chance(1)), 0) == v
        GAME.apply(st, ch.choice(GAME.legal_actions(st)))
    assert seen == {d: ("leo" if d % 2 else 0) for d in range(1, 16)}


# ---- rules so far cited only inside ranges -----------------------------------------------------------
def test_r3_end_of_round_move_only_after_drafts_5_10_15():
    """R3: the end-of-round move follows the Maintenance phase of drafts 5, 10 and 15 only."""
    from gameshelf.games.midnight_zoo.state import ROUND
    st = GAME.setup(3, {}, seed=8)
    ch = Chance(8)
    rounds = []
    while not GAME.is_over(st):
        draft = st.draft
        events = GAME.apply(st, ch.choice(GAME.legal_actions(st)))
        if any(e.key == "round_terrain" for e in events):
            rounds.append(draft)
            assert st.phase == ROUND or st.draft == draft + 1 or GAME.is_over(st)
    assert rounds == [5, 10, 15]


def test_r16_placement_triggers_tile_effect_and_space_effect_independently():
    """R16: the tile's own symbol and the space's printed action are two separate effects."""
    st = board(hand="R10")  # rock, discover
    play(st, "place R10", "at 2,3")  # no condition -> vp_1
    assert legal(st) == ["tile discover", "space", "skip"]
    play(st, "space")
    assert st.players[0].vp == 1 and legal(st) == ["tile discover", "skip"]
    st = board(hand="R22")  # no action symbol, on a plain space: nothing at all
    play(st, "place R22", "at 0,1")
    assert top(st) is None
    st = board(hand="R22")  # no symbol, but the space (2,1) has an unconditional move_1
    play(st, "place R22", "at 2,1")
    assert legal(st) == ["space", "skip"]


def test_r59_snake_move_is_a_forward_step_or_a_quarter_turn_forward_into_the_zoo():
    """R59: (a) a forward step onto a tile or the zoo, or (b) a 90 degree turn in place."""
    st = board(slots=("sloth", "snake", "wolf"), hand="R05", tiles={"1,2": "R01", "1,1": "G01"})
    s = put(st, "snake", "1,2", facing="S")
    add_pending(st, "move_points", points=1)
    play(st, f"animal {s}")
    assert sorted(legal(st)) == ["go S", "turn L", "turn R"]  # W has a tile but is sideways
    play(st, "go S")
    assert where(st, s) == "zoo"
    st = board(slots=("sloth", "snake", "wolf"), hand="R05", tiles={"1,2": "R01"})
    s = put(st, "snake", "1,2", facing="S")
    add_pending(st, "move_points", points=1)
    play(st, f"animal {s}", "turn L")
    assert piece(st, s)["facing"] == "E" and where(st, s) == "1,2" and top(st) is None


def test_r80_leos_tile_leaves_the_game():
    """R80: the tile Leo takes is removed from the game (never leftover, never drawn again)."""
    st = GAME.setup(1, {}, seed=2)
    ch = Chance(2)
    leo = []
    while not GAME.is_over(st):
        for e in GAME.apply(st, ch.choice(GAME.legal_actions(st))):
            if e.key == "leo_took":
                leo.append(tile(e.args["tile"]))
    leftovers = {t for p in st.leftover_piles for t in p}
    assert len(leo) == 14  # the draft-1 pick happened during setup
    assert all(t in st.removed and t not in leftovers for t in leo)
    assert len(st.removed) >= 15 and len(st.stack) == 75 - 45


# ---- a few rulings worth pinning down explicitly --------------------------------------------------
def test_a14_cheetah_extra_step_is_optional_and_any_direction():
    """A14/R54 under A9 `forced_group_moves: false`: after its first special-move step a cheetah
    may stop or step again anywhere legal."""
    st = board(hand="G05", tiles={"1,1": "G01", "1,0": "R01", "0,1": "S01", "2,1": "S02"},
               options={"forced_group_moves": "false"})
    c = put(st, "cheetah", "1,1")
    play(st, "discard G05", f"animal {c}", "go W")
    assert sorted(legal(st)) == ["go E", "stop"]  # back where it came from is legal
    play(st, "stop")
    assert where(st, c) == "1,0" and top(st) is None


def test_a14_a9_cheetah_extra_step_any_direction_and_compulsory_by_default():
    """A14/R54 with A9 (revised 2026-12-01, the default): the second step goes anywhere legal,
    back where it came from included, and must be taken."""
    st = board(hand="G05", tiles={"1,1": "G01", "1,0": "R01", "0,1": "S01", "2,1": "S02"})
    c = put(st, "cheetah", "1,1")
    play(st, "discard G05", f"animal {c}", "go W")
    assert legal(st) == ["go E"]
    play(st, "go E")
    assert where(st, c) == "1,1" and top(st) is None


def test_a41_bonus_tiles_have_no_food_and_never_count_for_s4():
    """A41/S4: bonus tiles in the district add no food type."""
    from gameshelf.games.midnight_zoo.scoring import food_vp
    st = board(hand="G05", tiles={"0,1": "BR", "0,3": "BG", "3,4": "BS", "4,1": "R03"})
    assert food_vp(st.players[0]) == CAT.food_set_vp[1]


# ---- hidden information (R8) ----------------------------------------------------------------------
def _stack_ids(st):
    return {CAT.tile_id[t] for t in st.stack}


@pytest.mark.parametrize("n,options", [(1, {}), (3, {"variability_cards": "on"})])
def test_r8_events_and_errors_never_name_a_tile_still_in_the_stack(n, options):
    """R8: the stack order is hidden - no event or error message names a face-down tile, and
    a view of another seat never shows variability cards still being chosen."""
    from gameshelf.core.errors import IllegalAction
    st = GAME.setup(n, options, seed=5)
    ch = Chance(5)
    probes = [f"place {CAT.tile_id[t]}" for t in range(0, 75, 7)] + ["take 5", "done"]
    while not GAME.is_over(st):
        hidden = _stack_ids(st)
        for text in probes:
            action = GAME.parse_action(text)
            if action not in GAME.legal_actions(st):
                err = GAME.why_illegal(st, action)
                assert isinstance(err, IllegalAction) and err.rule
                assert not any(t in err.message.split() for t in hidden)
        for e in GAME.apply(st, ch.choice(GAME.legal_actions(st))):
            words = " ".join(str(v) for v in e.args.values())
            assert not any(t in words.split() for t in _stack_ids(st)), e
        if st.phase == 0:  # variability cards being chosen
            for seat in range(n):
                for other, p in enumerate(GAME.view(st, seat)["boards"]):
                    assert other == seat or p["cards"] in (None, "hidden")


@pytest.mark.parametrize("value,on", [(True, True), ("on", True), ("true", True), (False, False),
                                      ("off", False), ("false", False)])
def test_r87_variability_option_accepts_booleans(value, on):
    st = GAME.setup(2, {"variability_cards": value}, seed=1)
    assert st.config.variability is on and (st.phase == 0) is on


def test_a9_option_aliases_give_the_same_game():
    a = GAME.setup(2, {"forced_group_moves": True}, seed=3)
    b = GAME.setup(2, {"forced_group_moves": "true"}, seed=3)
    assert GAME.state_hash(a) == GAME.state_hash(b) and a.options["forced_group_moves"] == "true"


def test_a16_zero_pollen_vp_any_whole_number_and_scored():
    from gameshelf.games.midnight_zoo.scoring import zoo_vp
    st = GAME.setup(2, {"butterfly_zero_pollen_vp": 3}, seed=1)
    assert st.config.zero_pollen_vp == 3
    st = board(slots=("butterfly", "cheetah", "wolf"), hand="G01",
               options={"butterfly_zero_pollen_vp": 3})
    put(st, "butterfly", "zoo")
    put(st, "butterfly", "zoo", pollen=2)
    assert zoo_vp(st.players[0], st.config.zero_pollen_vp) == 3 + 7

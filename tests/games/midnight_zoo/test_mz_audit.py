"""Audit tests: discrepancies found against the reference, and rules so far only cited in ranges."""

import pytest

from gameshelf.core.chance import Chance
from gameshelf.games.midnight_zoo.state import DRAFT, LEO, PLACE
from mz_helpers import CAT, GAME, board, legal, piece, play, put, tile, top, where


# ---- option values as the reference writes them (A9: `forced_group_moves: false|true`) ---------
@pytest.mark.parametrize("value,forced", [(True, True), (False, False), ("true", True),
                                          ("false", False)])
def test_a9_forced_group_moves_accepts_the_reference_booleans(value, forced):
    st = GAME.setup(2, {"forced_group_moves": value}, seed=1)
    assert st.rules.forced is forced


@pytest.mark.parametrize("value,vp", [(0, 0), ("0", 0), (1, 1)])
def test_a16_butterfly_zero_pollen_vp_accepts_integers(value, vp):
    st = GAME.setup(2, {"butterfly_zero_pollen_vp": value}, seed=1)
    assert st.rules.zero_pollen_vp == vp


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

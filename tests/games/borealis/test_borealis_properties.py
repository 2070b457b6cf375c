"""Properties over random games (hypothesis): conservation (R26, R30), turn structure (R2, R37)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.chance import Chance
from gameshelf.games.borealis import GAME

OPTIONS = st.fixed_dictionaries({
    "board_side": st.sampled_from(["I", "II"]),
    "refresh_limit": st.sampled_from(["per_turn", "global_per_round"]),
    "refresh_then_deck_allowed": st.sampled_from(["off", "on"]),
    "first_player": st.sampled_from(["random", "chosen"]),
})


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), options=OPTIONS)
def test_random_games_keep_invariants_and_equal_turns(players, seed, options):
    s = GAME.setup(players, options, seed)
    chooser = Chance(seed + 1)
    while not GAME.is_over(s):
        GAME.apply(s, chooser.choice(GAME.legal_actions(s)))
        GAME.check_invariants(s)
    if GAME.outcome(s).details["end_reason"] in ("seven_cards", "max_rounds"):
        assert len({p["turns"] for p in GAME.position(s)["seats"]}) == 1   # R37: everyone had as many turns

"""The search's fast paths change nothing: ``advance`` (apply without events) leaves the same state
and random stream as ``apply``; the public ``checked_apply`` still refuses an illegal action."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.games.borealis import GAME
from gameshelf.games.borealis.actions import DECK, OBSERVE, REFRESH
from gameshelf.games.borealis.catalog import CARD_SPECIES, CARD_VEHICLE
from gameshelf.games.borealis.decisions import TAKE_AFTER_REFRESH, TAKE_CARD
from gameshelf.games.borealis.rules import advance
from gameshelf.games.borealis.rules_draw import can_take, draw_options
from gameshelf.games.borealis.rules_end import OBJECTIVES, PREDICATES, is_met

OPTIONS = st.fixed_dictionaries({
    "board_side": st.sampled_from(["I", "II"]),
    "refresh_limit": st.sampled_from(["per_turn", "global_per_round"]),
    "refresh_then_deck_allowed": st.sampled_from(["off", "on"]),
    "max_rounds": st.sampled_from(["none", "3", "20"]),
})


@settings(max_examples=20, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), options=OPTIONS)
def test_advance_leaves_the_state_apply_leaves(players, seed, options):
    """Every step of a random game: the same position (hidden parts and the chance stream included),
    so the golden records and the bots' choices cannot tell the two apart."""
    plain = GAME.setup(players, options, seed)
    quiet = GAME.copy(plain)
    chooser = Chance(seed + 1)
    while not GAME.is_over(plain):
        legal = GAME.legal_actions(plain)
        assert GAME.legal_actions(quiet) == legal
        action = chooser.choice(legal)
        GAME.apply(plain, action)
        assert advance(quiet, action) is None
        assert GAME.position(quiet) == GAME.position(plain)
    assert GAME.is_over(quiet) and GAME.outcome(quiet) == GAME.outcome(plain)


def test_the_game_offers_advance_to_search():
    assert GAME.advance is advance


@pytest.mark.parametrize("action", [DECK, REFRESH, OBSERVE[1][2]], ids=str)
def test_r3_checked_apply_still_refuses_an_action_not_legal_now(action):
    """The public path validates: at the mulligan (A19) none of these is legal, and the state stays."""
    s = GAME.setup(2, None, 4)
    before = GAME.position(s)
    with pytest.raises(IllegalAction):
        GAME.checked_apply(s, action)
    assert GAME.position(s) == before


def _plain_most(values):
    return max((values.count(v) for v in set(values)), default=0)


def _plain_predicate(name, columns, objective):
    """The R35 card predicates written the plain way (no early exits), to hold the fast ones to."""
    species = [[CARD_SPECIES[c] for c in column] for column in columns]
    vehicles = [[CARD_VEHICLE[c] for c in column] for column in columns]
    n = objective.n
    return {
        "distinct_species_in_play_at_least": len({s for col in species for s in col}) >= n,
        "same_species_in_one_location_at_least": any(_plain_most(col) >= n for col in species),
        "every_location_has_one_species_at_least": all(_plain_most(col) >= n for col in species),
        "distinct_species_in_one_location_at_least": any(len(set(col)) >= n for col in species),
        "distinct_vehicles_in_play_at_least": len({v for col in vehicles for v in col}) >= n,
        "same_vehicle_in_play_at_least": _plain_most([v for col in vehicles for v in col]) >= n,
        "same_vehicle_in_one_location_at_least": any(_plain_most(col) >= n for col in vehicles),
    }.get(name)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_r35_objective_predicates_agree_with_their_plain_reading(players, seed):
    """The card-counting predicates skip locations with too few cards; along random games they
    judge every board as the plain reading of 2.8 does."""
    s = GAME.setup(players, None, seed)
    chooser = Chance(seed + 2)
    checked = 0
    while not GAME.is_over(s):
        for seat in range(players):
            columns = s.columns[seat * 3:seat * 3 + 3]
            for objective_id, objective in OBJECTIVES.items():
                expected = _plain_predicate(objective.predicate, columns, objective)
                if expected is not None:
                    assert is_met(s, seat, objective_id) == expected, (objective_id, columns)
                    assert PREDICATES[objective.predicate](s, seat, objective) == expected
                    checked += 1
        GAME.apply(s, chooser.choice(GAME.legal_actions(s)))
    assert checked


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), options=OPTIONS)
def test_r19_a31_can_take_is_whether_any_draw_option_exists(players, seed, options):
    """start_draw asks can_take instead of building draw_options; both answers agree for either take
    decision (R17, R19, A8) in every state of random games."""
    s = GAME.setup(players, options, seed)
    chooser = Chance(seed + 3)
    while not GAME.is_over(s):
        seat = GAME.to_act(s)
        for after_refresh, frame in ((False, TAKE_CARD[seat][0]), (True, TAKE_AFTER_REFRESH[seat][0])):
            assert can_take(s, after_refresh) == bool(draw_options(s, frame))
        GAME.apply(s, chooser.choice(GAME.legal_actions(s)))


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), options=OPTIONS)
def test_the_heuristic_memo_never_outlives_its_board(players, seed, options):
    """A search's usage: copies and ``advance`` carry each seat's cached board value (state.BoardMemo);
    every step the heuristic equals the one of the same position rebuilt with no memo at all."""
    s = GAME.setup(players, options, seed)
    chooser = Chance(seed + 4)
    while not GAME.is_over(s):
        fresh = GAME.from_position(GAME.position(s))
        assert all(memo is None for memo in fresh.board_memo)
        for seat in range(players):
            assert GAME.heuristic(s, seat) == GAME.heuristic(fresh, seat)
        s = GAME.copy(s)
        advance(s, chooser.choice(GAME.legal_actions(s)))
    for seat in range(players):
        assert GAME.heuristic(s, seat) == GAME.heuristic(GAME.from_position(GAME.position(s)), seat)


def test_the_memo_is_no_game_data():
    """position() (and so the state hash and the golden records) leaves the cache out."""
    s = GAME.setup(3, None, 8)
    before = GAME.state_hash(s)
    GAME.heuristic(s, 0)
    assert s.board_memo[0] is not None
    assert GAME.state_hash(s) == before and "board_memo" not in GAME.position(s)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), options=OPTIONS)
def test_the_quiet_outcome_has_the_outcome_s_scores_and_ranks(players, seed, options):
    """scoring.quiet_outcome, which a search's finished rollouts read (agents.ismcts.search_outcome):
    None while the game runs, then the very scores and ranks of ``outcome`` (R44-R63, A16)."""
    s = GAME.setup(players, options, seed)
    chooser = Chance(seed + 5)
    while not GAME.is_over(s):
        assert GAME.quiet_outcome(s) is None
        GAME.apply(s, chooser.choice(GAME.legal_actions(s)))
    quiet, full = GAME.quiet_outcome(s), GAME.outcome(s)
    assert quiet is not None and full is not None
    assert (quiet.scores, quiet.ranks) == (full.scores, full.ranks)

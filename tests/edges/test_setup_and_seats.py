"""Issue 16, items 3, 4 and 8: setup checks its arguments' types; a seat is validated once, in the
protocol, for every game; a submission names a real seat."""

from __future__ import annotations

import pytest

from gameshelf.core import BadOption, BadSeat, GameError
from gameshelf.core.chance import MAX_SEED
from gameshelf.games import game_ids, get_game
from gameshelf.match import InteractiveMatch
from tests.core.toygame import GAME as TOY

GAMES = [TOY, *(get_game(g) for g in game_ids())]
NOT_SEATS = [-1, -2, 2, 99, True, False, 1.0, 0.0, "0", "1", b"0", [0], (0,), 10**100]


def _ids(games):
    return [g.id for g in games]


@pytest.mark.parametrize("game", GAMES, ids=_ids(GAMES))
@pytest.mark.parametrize("seat", NOT_SEATS, ids=repr)
def test_a_view_for_anything_but_a_seat_or_none_is_bad_seat(game, seat):
    """Item 4: no negative indexing into the last seat's hand, no IndexError or TypeError."""
    players = min(game.info.player_counts)
    state = game.setup(players, None, 1)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
        pytest.skip("a real seat here")
    with pytest.raises(BadSeat):
        game.view(state, seat)


@pytest.mark.parametrize("seat", [None, True, False, 1.0, -1, 2, "1"], ids=repr)
def test_a_submission_must_name_a_real_seat(seat):
    """Item 3: None (a spectator), bools and floats are not seats; nothing changes."""
    match = InteractiveMatch(TOY, 2, seed=1)
    match.submit(0, match.legal_for(0)[0])  # seat 1 to act: True and 1.0 would equal it
    before = TOY.state_hash(match.state)
    action = match.legal_for(1)[0]
    with pytest.raises(BadSeat):
        match.submit(seat, action)
    assert TOY.state_hash(match.state) == before and match.state_id == 1
    match.submit(1, action)
    assert match.state_id == 2


def test_checked_apply_checks_a_given_seat():
    state = TOY.setup(2, None, 1)
    action = TOY.legal_actions(state)[0]
    with pytest.raises(BadSeat):
        TOY.checked_apply(state, action, seat=False)  # False == 0, the seat to act


def test_a_state_id_must_be_a_whole_number():
    match = InteractiveMatch(TOY, 2, seed=1)
    match.submit(0, match.legal_for(0)[0])
    with pytest.raises(GameError, match="stale"):
        match.submit(1, match.legal_for(1)[0], state_id=True)


@pytest.mark.parametrize("game", GAMES, ids=_ids(GAMES))
@pytest.mark.parametrize("players,options,seed", [
    (2.0, None, 1), (True, None, 1), ("2", None, 1), (None, None, 1),
    (2, None, None), (2, None, "abc"), (2, None, 1.5), (2, None, True), (2, None, -1), (2, None, MAX_SEED + 1),
    (2, ["board_side"], 1), (2, "ab", 1), (2, [("board_side", "I")], 1), (2, 5, 1),
], ids=repr)
def test_setup_refuses_bad_types_with_bad_option(game, players, options, seed):
    """Item 8: a clear BadOption naming the argument, never a TypeError or a silent conversion."""
    with pytest.raises(BadOption):
        game.setup(players, options, seed)


def test_setup_accepts_the_whole_seed_range():
    for seed in (0, MAX_SEED):
        TOY.setup(2, None, seed)

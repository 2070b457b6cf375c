"""Component conservation and limits (checked by tests and the conformance suite)."""

from __future__ import annotations

from gameshelf.games.borealis.catalog import CARD_IDS, LAST_SPACE
from gameshelf.games.borealis.decisions import COUNTED, KINDS
from gameshelf.games.borealis.state import END_REASONS, State


def check_invariants(s: State) -> None:
    """Raise AssertionError if ``s`` breaks an invariant (cards, scientists, tokens, decisions)."""
    cards = s.deck + s.discard + s.pool + [c for h in s.hands for c in h] + [c for col in s.cols for c in col]
    assert sorted(cards) == list(CARD_IDS), "every card is in exactly one place"
    assert len(s.pool) <= 4, "the pool holds at most 4 cards"
    for seat in range(s.n):
        _check_seat(s, seat)
    for i in range(len(s.obj)):
        taken = sum(1 for a in s.achieved if a >> i & 1)
        assert s.obj_tokens[i] + taken == s.n, "objective tokens conserved"
    _check_pending(s)


def _check_seat(s: State, seat: int) -> None:
    b = seat * 15
    for k in range(3):
        assert sum(s.sci[b + z * 3 + k] for z in range(5)) == 3, "3 scientists per colour"
    assert all(x >= 0 for x in s.sci[b:b + 15]), "no negative scientist count"
    assert s.tokens[seat] >= 0, "token totals never go negative (R30)"
    assert all(0 <= f <= LAST_SPACE for f in s.flags[seat * 3:seat * 3 + 3])
    assert all(len(col) <= 7 for col in s.cols[seat * 3:seat * 3 + 3]) or s.end_triggered


def _check_pending(s: State) -> None:
    assert isinstance(s.pending, tuple), "the pending decisions are a tuple"
    assert (not s.pending) == bool(s.end_reason), "no decision is pending exactly when the game is over"
    assert 0 <= s.end_reason < len(END_REASONS)
    for top in s.pending:
        assert KINDS.get(top.kind) is type(top), "a known decision kind"
        assert 0 <= top.seat < s.n, "the deciding seat is a seat of the game"
        if type(top) in COUNTED:
            assert 0 <= top.discarded <= len(s.discard), "discards so far lie on the discard pile"

"""Component conservation and limits (checked by tests and the conformance suite)."""

from __future__ import annotations

from gameshelf.games.borealis.catalog import CARD_IDS, LAST_SPACE
from gameshelf.games.borealis.decisions import KINDS, Mulligan, RegroupDiscard
from gameshelf.games.borealis.state import END_REASONS, State


def check_invariants(state: State) -> None:
    """Raise AssertionError if ``state`` breaks an invariant (cards, scientists, tokens, decisions)."""
    cards = (state.deck + state.discard + state.pool + [card for hand in state.hands for card in hand]
             + [card for column in state.columns for card in column])
    assert sorted(cards) == list(CARD_IDS), "every card is in exactly one place"
    assert len(state.pool) <= 4, "the pool holds at most 4 cards"
    for seat in range(state.players):
        _check_seat(state, seat)
    for index in range(len(state.objectives)):
        taken = sum(1 for achieved in state.achieved if achieved >> index & 1)
        assert state.objective_tokens[index] + taken == state.players, "objective tokens conserved"
    _check_pending(state)


def _check_seat(state: State, seat: int) -> None:
    base = seat * 15
    for colour in range(3):
        assert sum(state.scientists[base + zone * 3 + colour] for zone in range(5)) == 3, "3 scientists per colour"
    assert all(count >= 0 for count in state.scientists[base:base + 15]), "no negative scientist count"
    assert state.tokens[seat] >= 0, "token totals never go negative (R30)"
    assert all(0 <= space <= LAST_SPACE for space in state.flags[seat * 3:seat * 3 + 3])
    assert all(len(column) <= 7 for column in state.columns[seat * 3:seat * 3 + 3]) or state.end_triggered


def _check_pending(state: State) -> None:
    assert isinstance(state.pending, tuple), "the pending decisions are a tuple"
    assert (not state.pending) == bool(state.end_reason), "no decision is pending exactly when the game is over"
    assert 0 <= state.end_reason < len(END_REASONS)
    for frame in state.pending:
        assert KINDS.get(frame.kind) is type(frame), "a known decision kind"
        assert 0 <= frame.seat < state.players, "the deciding seat is a seat of the game"
        if isinstance(frame, (Mulligan, RegroupDiscard)):
            assert 0 <= frame.discarded <= len(state.discard), "discards so far lie on the discard pile"

"""High Card's invariants: every card in exactly one place; the seat to act holds a card."""

from highcard.catalog import CARDS


def check_invariants(state) -> None:
    every = sorted(state.deck + state.played + [c for h in state.hands for c in h])
    assert every == list(CARDS), "every card is in exactly one place"
    if state.pending:
        assert state.hands[state.pending[-1].seat], "the seat to act holds a card"

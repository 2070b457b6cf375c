"""High Card's scoring (H5): the points of the cards that scored; ties share the rank."""

from __future__ import annotations

from gameshelf.core.game import Outcome, rank_players
from highcard.rules import is_over


def score_now(state) -> Outcome:
    """The outcome if the game ended now."""
    ranks = rank_players([(s,) for s in state.scores])
    return Outcome(tuple(state.scores), ranks, tuple({"cards": s} for s in state.scores))


def outcome(state) -> Outcome | None:
    return score_now(state) if is_over(state) else None

"""Ranks when seats resign (concede, or are dropped when their move's deadline passes).

A resigned seat is ranked below every seat still playing; among resigned seats, the one that
resigned first is ranked last. No engine can skip a seat, so a resigned seat is played out by the
table's bot while two or more seats remain, and the game ends as soon as only one seat remains
(then the engine's scores do not exist yet: the outcome carries ``scores`` of None).
"""

from __future__ import annotations

from typing import Any, Sequence

from gameshelf.server.i18n import REASONS

REASONS.update({
    "seat.resigned": {"en": "This seat has resigned.", "ja": "この席は投了しています。"},
    "table.rated_bots": {"en": "A game with bots cannot be rated; make it friendly.",
                         "ja": "ボットを含む対局はレーティング対象にできません。フレンドリー戦にしてください。"},
})


def _resigned_order(seats: Sequence) -> list[int]:
    """Resigned seats, latest resignation first (so the first to resign ends up last)."""
    gone = [s for s in seats if getattr(s, "resigned_at", None) is not None]
    return [s.seat for s in sorted(gone, key=lambda s: s.resigned_at, reverse=True)]


def final_outcome(outcome: dict[str, Any], seats: Sequence) -> dict[str, Any]:
    """The engine's outcome at the game's natural end, ranks adjusted for resignations."""
    order = _resigned_order(seats)
    if not order:
        return outcome
    ranks = list(outcome["ranks"])
    playing = [s.seat for s in seats if s.seat not in order]
    # Among the seats still playing: 1 + how many of them did strictly better (ties share a rank).
    new = [1 + sum(ranks[o] < ranks[seat] for o in playing) if seat in playing else 0 for seat in range(len(ranks))]
    for place, seat in enumerate(order, 1):
        new[seat] = len(playing) + place
    return {**outcome, "ranks": new, "winners": [i for i, r in enumerate(new) if r == 1], "resigned": order}


def early_outcome(seats: Sequence) -> dict[str, Any]:
    """The outcome when every seat but one has resigned: that seat wins."""
    order = _resigned_order(seats)
    ranks = [1] * len(seats)
    for place, seat in enumerate(order, 2):
        ranks[seat] = place
    return {"scores": [None] * len(seats), "ranks": ranks, "winners": [i for i, r in enumerate(ranks) if r == 1],
            "breakdown": [{} for _ in seats], "details": {"ended_by": "resignation"}, "resigned": order}

"""What each seat of High Card may see: its own hand, the others' hand sizes, never the deck order."""

from __future__ import annotations

from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.frames import frame_to_json
from gameshelf.core.view import ViewHeader, view_header
from highcard.catalog import CARDS
from highcard.decisions import PlayCard
from highcard.options import Config
from highcard.state import State


class HighCardView(ViewHeader):
    """A seat's view: the core header (game, seat, players, to_act, ply = cards played so far, over,
    decision), then the table. Element ids: ``card:N`` for each card in ``hand``."""

    played: list[int]      # every card played, in order (public)
    scores: list[int]
    deck: int              # cards left in the deck (their order is hidden)
    hand_sizes: list[int]
    hand: list[int] | None  # the viewer's own cards; None for a spectator
    config: dict[str, bool]


def view(state: State, seat: int | None) -> HighCardView:
    top = state.pending[-1] if state.pending else None
    header = view_header("highcard", seat, len(state.hands), top.seat if top else None, len(state.played),
                         frame_to_json(top) if top else None)
    return {
        **header,
        "played": list(state.played), "scores": list(state.scores), "deck": len(state.deck),
        "hand_sizes": [len(h) for h in state.hands],
        "hand": sorted(state.hands[seat]) if seat is not None else None,
        "config": {"lower_scores": state.config.lower_scores},
    }


def determinize(v: dict[str, Any], chance: Chance) -> State:
    """A full state the viewer cannot tell from the real one: unseen cards dealt at random."""
    state = State.__new__(State)
    state.config = Config(**v["config"])
    state.chance = chance.fork("highcard")
    seen = set(v["hand"] or []) | set(v["played"])
    unseen = [c for c in CARDS if c not in seen]
    chance.shuffle(unseen)
    state.hands = [list(v["hand"]) if other == v["seat"] else [unseen.pop() for _ in range(size)]
                   for other, size in enumerate(v["hand_sizes"])]
    state.deck = unseen[: v["deck"]]
    state.played, state.scores = list(v["played"]), list(v["scores"])
    state.pending = [] if v["to_act"] is None else [PlayCard(v["to_act"])]
    return state

"""What each seat of High Card may see: its own hand, the others' hand sizes, never the deck order."""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict

from gameshelf.core.chance import Chance
from highcard.catalog import CARDS
from highcard.decisions import PlayCard
from highcard.state import State


class HighCardView(TypedDict):
    """A seat's view. Element ids: ``card:N`` for each card in ``hand``."""

    seat: int | None       # the viewer (None: a spectator)
    to_act: int | None     # the seat to play, None when over
    played: list[int]      # every card played, in order (public)
    scores: list[int]
    deck: int              # cards left in the deck (their order is hidden)
    hand_sizes: list[int]
    hand: list[int] | None  # the viewer's own cards; None for a spectator
    config: dict[str, bool]


def view(state: State, seat: int | None) -> HighCardView:
    return {
        "seat": seat, "to_act": state.pending[-1].seat if state.pending else None,
        "played": list(state.played), "scores": list(state.scores), "deck": len(state.deck),
        "hand_sizes": [len(h) for h in state.hands],
        "hand": sorted(state.hands[seat]) if seat is not None else None,
        "config": {"lower_scores": state.config.lower_scores},
    }


def determinize(v: dict[str, Any], chance: Chance) -> State:
    """A full state the viewer cannot tell from the real one: unseen cards dealt at random."""
    from highcard.options import Config
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


def encode(state: State) -> dict[str, Any]:
    """The full state as JSON data, one key per field (hidden parts included)."""
    return {"chance": state.chance.position, "deck": state.deck, "hands": state.hands,
            "played": state.played, "scores": state.scores, "pending": [p.seat for p in state.pending]}

"""High Card's pending decisions: one frame class per kind (core.frames.Frame), kept on
``State.pending`` (top = last; empty once the game is over). The protocol's decision is built from
the top frame (core.frames.decision_of): the prompt ``decision.play_card`` with the last card
played, and each legal ``play N`` targeting the view element ``card:N`` (a card of ``hand``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gameshelf.core.frames import Frame


@dataclass(frozen=True, slots=True)
class PlayCard(Frame):
    """``seat`` plays one card from hand (H1)."""

    kind = "highcard.play_card"
    rule = "H1"


FRAMES: tuple[type[Frame], ...] = (PlayCard,)
KINDS: dict[str, type[Frame]] = {cls.kind: cls for cls in FRAMES}


def targets_of(state: Any, frame: Frame, action: Any) -> tuple[str, ...]:
    """``play N`` targets the card ``card:N`` in the player's hand."""
    return (f"card:{action.card}",)


def prompt_args(state: Any, frame: Frame) -> dict[str, Any]:
    """The last card played (H2), or a dash before the first card."""
    return {"last": state.played[-1] if state.played else "–"}

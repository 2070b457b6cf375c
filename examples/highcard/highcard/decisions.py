"""High Card's pending decisions: one frozen value per kind, kept on ``State.pending``."""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core.decision import Decision, Prompt


@dataclass(frozen=True)
class PlayCard:
    """``seat`` plays one card from hand (H1)."""

    KIND = "highcard.play_card"
    seat: int


def decision(state) -> Decision | None:
    """The top of the decision stack, with the card each legal action targets."""
    if not state.pending:
        return None
    top = state.pending[-1]
    targets = {f"play {card}": (f"card:{card}",) for card in sorted(state.hands[top.seat])}
    if not state.played:  # H2: the first card always scores
        return Decision(top.seat, top.KIND, Prompt("decision.play_first", {"seat": top.seat}), targets)
    prompt = Prompt("decision.play_card", {"seat": top.seat, "last": state.played[-1]})
    return Decision(top.seat, top.KIND, prompt, targets)

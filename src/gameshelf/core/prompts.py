"""Prompts follow the legal actions: a decision with a single legal action says that action.

A game's prompt names the kinds of choice its decision usually offers ("place a piece ... or end
the placement"); when only one action is legal, such a sentence offers choices that are not there.
:func:`follow_legal` then swaps the prompt for one naming the single action: the game's own
``<key>.only`` message when it has one (with the prompt's arguments and ``move``), else the core's
``decision.only`` (core.game.CORE_MESSAGES). ``move`` is the action's notation; :meth:`Game.describe` shows its label.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

from gameshelf.core.decision import Decision, Prompt

def follow_legal(game: Any, state: Any, decision: Decision | None,
                 legal: Sequence[Any] | None = None) -> Decision | None:
    """``decision`` with its prompt naming the single legal action, when there is exactly one
    (``legal``: the legal actions, when the caller has them already)."""
    if decision is None:
        return None
    if legal is None:
        legal = game.legal_actions(state)
    if len(legal) != 1:
        return decision
    key = f"{decision.prompt.key}.only"
    if key not in game.messages:
        key = "decision.only"
    args = {"seat": decision.seat, **decision.prompt.args, "move": str(legal[0])}
    return replace(decision, prompt=Prompt(key, args))

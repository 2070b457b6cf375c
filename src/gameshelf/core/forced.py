"""Forced choices: a decision with one legal action that reveals nothing new may be played for a person.

"Reveals nothing new" is the protocol's own rule for taking an action back (:meth:`Game.can_undo`):
the action draws nothing from the chance stream and brings no hidden information to light. Such an
action changes nothing a person could weigh, so the terminal's ``--auto-forced`` and the table
page's preference play it without asking; one that draws or reveals is still shown, so the person
sees the moment something new appears.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.game import Action, Game


def forced_action(game: Game, state: Any) -> Action | None:
    """The single legal action of the decision at ``state`` if it reveals nothing new, else None."""
    if game.is_over(state):
        return None
    legal = game.legal_actions(state)
    if len(legal) != 1:
        return None
    after = game.copy(state)
    events = game.apply(after, legal[0])
    return legal[0] if game.can_undo(state, after, events) else None

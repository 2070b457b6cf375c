"""High Card positions: readable JSON, hidden parts included, validated on the way in.

Example (2 players, seat 1 to play)::

    {"players": 2, "options": {"lower_scores": "off"}, "chance": 12345,
     "deck": [4, 9, 1, 12, 3, 7, 8], "hands": [[2, 10], [5, 11]], "played": [6],
     "scores": [6, 0], "to_act": 1}
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadOption, BadPosition
from highcard.catalog import CARDS
from highcard.decisions import PlayCard
from highcard.options import SCHEMA, Config
from highcard.state import State


def position(state: State) -> dict[str, Any]:
    return {
        "players": len(state.hands),
        "options": {"lower_scores": "on" if state.config.lower_scores else "off"},
        "chance": state.chance.position, "deck": list(state.deck),
        "hands": [list(h) for h in state.hands], "played": list(state.played),
        "scores": list(state.scores), "to_act": state.pending[-1].seat if state.pending else None,
    }


def _ints(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(type(x) is int for x in value):
        raise BadPosition(f"{what} must be a list of whole numbers")
    return list(value)


def from_position(data: Any) -> State:
    """A validated state; BadPosition names the first problem found."""
    if not isinstance(data, dict):
        raise BadPosition("a position is a mapping")
    missing = {"players", "options", "chance", "deck", "hands", "played", "scores", "to_act"} - set(data)
    if missing:
        raise BadPosition(f"missing: {', '.join(sorted(missing))}")
    players = data["players"]
    if type(players) is not int or players not in (2, 3):
        raise BadPosition("players must be 2 or 3")
    if not isinstance(data["options"], dict):
        raise BadPosition("options must be a mapping of option names to values")
    try:
        config = Config.from_options(SCHEMA.resolve(data["options"]))
    except BadOption as exc:
        raise BadPosition(f"options: {exc}") from None
    if type(data["chance"]) is not int or not 0 <= data["chance"] < 2**64:
        raise BadPosition("chance must be a whole number from 0 to 2**64 - 1")
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != players:
        raise BadPosition(f"hands must list {players} hands")
    hands = [_ints(h, f"hand {i}") for i, h in enumerate(hands)]
    deck, played = _ints(data["deck"], "deck"), _ints(data["played"], "played")
    scores = _ints(data["scores"], "scores")
    every = sorted(deck + played + [c for h in hands for c in h])
    if every != list(CARDS):
        raise BadPosition("every card 1 to 12 must be in exactly one place (deck, a hand or played)")
    if len(scores) != players or any(s < 0 for s in scores):
        raise BadPosition(f"scores must list {players} numbers of at least 0")
    to_act = data["to_act"]
    if to_act is None and any(hands):
        raise BadPosition("someone still holds a card, so someone must be to act")
    if to_act is not None and (type(to_act) is not int or not 0 <= to_act < players or not hands[to_act]):
        raise BadPosition("to_act must be a seat that holds a card")
    state = State.__new__(State)
    state.config, state.chance = config, Chance(data["chance"])
    state.deck, state.hands, state.played, state.scores = deck, hands, played, scores
    state.pending = [] if to_act is None else [PlayCard(to_act)]
    return state

"""Build a game position for a test from a short snippet, through the public position format.

``scenario(game_id, players, snippet, seed=..., options=...)`` sets a game up, takes its position
(``game.position``), deep-merges the snippet into it (mappings merge key by key; a mapping whose
keys are list indices merges into those items of a list, so ``{"seats": {1: {"hand": [...]}}}``
changes seat 1 only; any other value, lists included, replaces what was there) and returns ``game.from_position`` of the result, so a
test states only what matters to its rule and the position is validated like any user's.
"""

from __future__ import annotations

import copy
from typing import Any, Mapping

import yaml

from gameshelf.core import Game


def _is_index(key: Any, items: list) -> bool:
    text = str(key)
    return text.isascii() and text.isdigit() and int(text) < len(items)


def merge(base: Any, snippet: Any) -> Any:
    """``snippet`` laid over ``base``: mappings merge recursively (index-keyed ones into list items),
    everything else replaces."""
    if isinstance(base, list) and isinstance(snippet, Mapping) and all(_is_index(k, base) for k in snippet):
        out = list(base)
        for key, value in snippet.items():
            out[int(key)] = merge(base[int(key)], value)
        return out
    if isinstance(base, Mapping) and isinstance(snippet, Mapping):
        out = dict(base)
        for key, value in snippet.items():
            out[key] = merge(base[key], value) if key in base else copy.deepcopy(value)
        return out
    return copy.deepcopy(snippet)


def scenario(game_id: str | Game, players: int, snippet: Mapping[str, Any] | str | None = None, *,
             seed: int = 1, options: Mapping[str, object] | None = None):
    """A validated state: the set-up position of (players, options, seed) with ``snippet`` laid over
    it. ``snippet`` may be a mapping or YAML text."""
    from tests.conformance.harness import find_game

    game = game_id if isinstance(game_id, Game) else find_game(game_id)
    data = game.position(game.setup(players, options, seed))
    if isinstance(snippet, str):
        snippet = yaml.safe_load(snippet)
    return game.from_position(merge(data, snippet or {}))

"""Action ids: per game configuration, a fixed finite enumeration of every action the game can
ever produce, by its notation; ``id <-> action`` both ways.

Integers belong only here (DESIGN.md "what not to copy"). The enumeration comes from the game's
notation grammar (``game.grammar``, a core.notation.Grammar): verb by verb in declaration order,
each verb's argument domains multiplied out (:meth:`Grammar.notations`). So any game whose verbs
declare their domains has action ids, with no code here for it, and an id is stable as long as
the grammar is: ``ActionSpace.actions[i]`` is ``game.parse_action(notations[i])`` and
``ActionSpace.index[action] == i``. The enumeration is a superset (an id may never be legal in a
given game); the legal-action mask says what is legal now.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from gameshelf.core.errors import BadOption
from gameshelf.core.game import Game, check_setup_arguments
from gameshelf.games import get_game


class ActionSpace:
    """Every action of one game configuration, numbered: ``actions``, ``notations``, ``index``."""

    def __init__(self, game: Game, notations: Iterable[str]) -> None:
        self.game = game
        self.notations: tuple[str, ...] = tuple(notations)
        self.actions: tuple[Any, ...] = tuple(game.parse_action(text) for text in self.notations)
        self.index: dict[Any, int] = {action: i for i, action in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{game.id}: two notations name the same action")
        bad = [text for text, action in zip(self.notations, self.actions) if str(action) != text]
        if bad:
            raise ValueError(f"{game.id}: notations that do not round-trip: {bad[:5]}")

    @property
    def size(self) -> int:
        return len(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def id(self, action: Any) -> int:
        """The id of ``action`` (KeyError for an action outside the enumeration)."""
        return self.index[action]

    def action(self, action_id: int) -> Any:
        return self.actions[action_id]

    def ids(self, legal: Sequence[Any]) -> list[int]:
        index = self.index
        return [index[a] for a in legal]

    def mask(self, legal: Sequence[Any], out: np.ndarray | None = None) -> np.ndarray:
        """An int8 vector of ``size``: 1 at the id of each legal action."""
        if out is None:
            out = np.zeros(len(self.actions), dtype=np.int8)
        else:
            out.fill(0)
        index = self.index
        out[[index[a] for a in legal]] = 1
        return out


def resolve(game: str | Game, players: int,
            options: Mapping[str, object] | None = None) -> tuple[Game, dict[str, str]]:
    """The game (by id or itself) and ``options`` checked and resolved as ``game.setup`` does
    (BadOption for a bad player count or option); a ``player_count`` option is dropped."""
    game = get_game(game) if isinstance(game, str) else game
    check_setup_arguments(players, options, 0)
    if players not in game.info.player_counts:
        counts = ", ".join(map(str, game.info.player_counts))
        raise BadOption(f"{game.id} is for {counts} players, not {players}")
    given = {k: v for k, v in game.setup_options(players, options or {}).items() if k != "player_count"}
    return game, dict(game.info.options.resolve(given))


def action_space(game: str | Game, players: int, options: Mapping[str, object] | None = None) -> ActionSpace:
    """The enumeration for ``game`` (an id or the Game) with ``players`` and ``options`` (cached
    per configuration)."""
    game, resolved = resolve(game, players, options)
    return _cached(game, players, tuple(sorted(resolved.items())))


@lru_cache(maxsize=None)
def _cached(game: Game, players: int, options: tuple[tuple[str, str], ...]) -> ActionSpace:
    if game.grammar is None:
        raise BadOption(f"{game.id} has no notation grammar (core.notation), so no action ids")
    return ActionSpace(game, game.grammar.notations(players, dict(options)))

"""The games, listed explicitly. Each subpackage exposes ``GAME``, an instance of its Game class."""

from __future__ import annotations

from importlib import import_module

from gameshelf.core.errors import BadOption
from gameshelf.core.game import Game

GAME_MODULES = {
    "borealis": "gameshelf.games.borealis",
    "midnight_zoo": "gameshelf.games.midnight_zoo",
    "iwari": "gameshelf.games.iwari",
    "mariposas": "gameshelf.games.mariposas",
}

_loaded: dict[str, Game] = {}


def game_ids() -> list[str]:
    return list(GAME_MODULES)


def get_game(game_id: str) -> Game:
    """The game object for an id; raises BadOption naming the known games."""
    if game_id not in GAME_MODULES:
        raise BadOption(f"unknown game {game_id!r}; known games: {', '.join(GAME_MODULES)}")
    if game_id not in _loaded:
        _loaded[game_id] = import_module(GAME_MODULES[game_id]).GAME
    return _loaded[game_id]


def all_games() -> list[Game]:
    return [get_game(g) for g in GAME_MODULES]

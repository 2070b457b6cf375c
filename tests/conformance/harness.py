"""Shared machinery for the conformance suite: configurations and cached random playthroughs."""

from __future__ import annotations

import json
from functools import lru_cache

from gameshelf.core import Chance
from gameshelf.games import game_ids, get_game
from highcard import GAME as HIGHCARD
from tests.core import toygame

MAX_ACTIONS = 20_000


EXAMPLES = {"toy": toygame.GAME, "highcard": HIGHCARD}


def find_game(game_id: str):
    """One of the four games, or an example game of the tests and docs."""
    return EXAMPLES[game_id] if game_id in EXAMPLES else get_game(game_id)


def configurations() -> list[tuple[str, int, tuple[tuple[str, str], ...]]]:
    """(game id, players, options) for every game's conformance configurations, plus the toy."""
    configs = [("toy", 2, ()), ("toy", 3, ())]
    for players, options in HIGHCARD.conformance_configs():
        configs.append(("highcard", players, tuple(sorted(options.items()))))
    for game_id in game_ids():
        for players, options in get_game(game_id).conformance_configs():
            configs.append((game_id, players, tuple(sorted(options.items()))))
    return configs


def config_id(config) -> str:
    game_id, players, options = config
    return "-".join([game_id, f"{players}p", *(f"{k}={v}" for k, v in options)])


def canonical(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@lru_cache(maxsize=None)
def random_actions(game_id: str, players: int, options: tuple, seed: int) -> tuple[str, ...]:
    """The notation of a whole random game (cached: several tests walk the same game)."""
    game = find_game(game_id)
    state = game.setup(players, dict(options), seed)
    chooser = Chance(seed ^ 0x5EED)
    actions = []
    while not game.is_over(state):
        assert len(actions) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} random actions"
        action = chooser.choice(game.legal_actions(state))
        game.apply(state, action)
        actions.append(str(action))
    return tuple(actions)


def walk(game_id: str, players: int, options: tuple, seed: int, every: int = 1):
    """Yield (ply, state) along a cached random game, a fresh state object each time."""
    game = find_game(game_id)
    actions = random_actions(game_id, players, options, seed)
    state = game.setup(players, dict(options), seed)
    for ply, text in enumerate(actions):
        if ply % every == 0:
            yield ply, game.copy(state)
        game.apply(state, game.parse_action(text))
    yield len(actions), state


def sample_every(game_id: str, players: int, options: tuple, seed: int, samples: int = 25) -> int:
    return max(1, len(random_actions(game_id, players, options, seed)) // samples)

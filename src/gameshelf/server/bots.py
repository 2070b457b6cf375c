"""Bots think in a process pool (never on the event loop), each seat from its own secret stream.

A bot's choice is a pure function of the game, its level, its seat's secret seed and the state id,
from that seat's view and legal actions only: it runs in any process and is reproducible.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from gameshelf.core.chance import derive_seed

_pool: ProcessPoolExecutor | None = None


def pool(processes: int = 1) -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=processes, mp_context=multiprocessing.get_context("spawn"))
    return _pool


def shutdown() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


def choose(game_id: str, level: str, seat_seed: int, state_id: int, view: dict, legal: list[str]) -> str:
    """The bot's action (notation) for one decision; runs in a pool process."""
    from gameshelf.agents import make_agent
    from gameshelf.games import get_game

    game = get_game(game_id)
    actions = [game.parse_action(text) for text in legal]
    agent = make_agent(level, derive_seed(seat_seed, state_id))
    return str(agent.choose(game, view, actions))

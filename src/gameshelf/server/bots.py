"""Bots think in a process pool (never on the event loop), each seat from its own secret stream.

A bot's choice is a pure function of the game, its level, its seat's secret seed and the state id,
from that seat's view and legal actions only: it runs in any process and is reproducible.

The pool's processes belong to the server process that started them: they ignore Ctrl-C (which a
terminal sends to every process of the group; the server stops its pool itself, and a pool process
would only print a traceback), and each exits by itself as soon as its server process is gone, however
that process ended (a crash, SIGKILL, a supervisor that stopped waiting), so none is ever orphaned.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor

from gameshelf.core.chance import derive_seed

_pool: ProcessPoolExecutor | None = None


def pool(processes: int = 1) -> ProcessPoolExecutor:
    global _pool
    if _pool is not None and getattr(_pool, "_broken", False):  # a process died: start afresh
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=processes, mp_context=multiprocessing.get_context("spawn"),
                                    initializer=_start_worker, initargs=(os.getpid(),))
    return _pool


def submit(processes: int, fn, *args) -> Future:
    """``fn(*args)`` in the pool. The pool starts its processes on demand, here: they start with
    SIGINT blocked (a blocked signal stays blocked across exec), so a Ctrl-C that reaches them while
    they start up (before :func:`_start_worker` ignores it) is not a KeyboardInterrupt traceback."""
    executor = pool(processes)
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return executor.submit(fn, *args)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _start_worker(server_pid: int) -> None:
    """In each pool process: leave Ctrl-C to the server; exit when the server process is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # ignored from now on
    threading.Thread(target=_follow, args=(server_pid,), name="follow-server", daemon=True).start()


def _follow(server_pid: int, every: float = 0.25) -> None:
    while os.getppid() == server_pid:  # a dead parent's children are handed to another process
        time.sleep(every)
    os._exit(0)  # mid-decision too: nobody is left to want its answer


def shutdown() -> None:
    """Stop the pool now: queued decisions are dropped and running ones end with their process (the
    server is stopping; nobody waits for them), then the pool's queues are released cleanly."""
    global _pool
    if _pool is not None:
        for process in list((getattr(_pool, "_processes", None) or {}).values()):
            process.terminate()
        _pool.shutdown(wait=True, cancel_futures=True)
        _pool = None


def choose(game_id: str, level: str, seat_seed: int, state_id: int, view: dict, legal: list[str]) -> str:
    """The bot's action (notation) for one decision; runs in a pool process."""
    from gameshelf.agents import make_agent
    from gameshelf.games import get_game

    game = get_game(game_id)
    actions = [game.parse_action(text) for text in legal]
    agent = make_agent(level, derive_seed(seat_seed, state_id))
    return str(agent.choose(game, view, actions))

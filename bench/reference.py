"""The reference every speed goal is measured beside: python-chess playing random legal moves.

Speed goals are ratios to this number measured in the same run (issue: "against the machine"), so
they hold on any machine: random play from the initial position to the end of the game, a random
legal move pushed at each step, exactly the loop the engines' benchmark runs on our games.
Time both lines by the same clock: ``clock("cpu")`` (this process's CPU time, steady on a busy
machine) or ``clock("wall")``.
"""

from __future__ import annotations

import time

from typing import Callable

from gameshelf.core import Chance

CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def clock(name: str) -> Callable[[], float]:
    """The timer named ``cpu`` (this process's CPU seconds) or ``wall`` (elapsed seconds)."""
    return CLOCKS[name]


def chess_random_play(seconds: float, timer: Callable[[], float] = time.process_time) -> tuple[int, int, float]:
    """Random games of chess until ``seconds`` pass by ``timer``; returns (moves, finished games, elapsed)."""
    try:
        import chess
    except ImportError:
        raise SystemExit("the reference needs python-chess: pip install -e '.[bench]'") from None
    chooser, moves, games = Chance(1), 0, 0
    start = timer()
    while timer() - start < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            board.push(chooser.choice(list(board.legal_moves)))
            moves += 1
        games += 1
    return moves, games, timer() - start


def chess_moves_per_second(seconds: float, timer: Callable[[], float] = time.process_time) -> float:
    moves, _, elapsed = chess_random_play(seconds, timer)
    return moves / elapsed


def chess_rate_if_installed(seconds: float = 1.0) -> float | None:
    """:func:`chess_moves_per_second` by this process's CPU time, or None without python-chess: for the
    benchmarks whose own lines do not need it (a machine-independent unit beside their figures)."""
    try:
        import chess  # noqa: F401
    except ImportError:
        return None
    return chess_moves_per_second(seconds)

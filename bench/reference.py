"""The reference every speed goal is measured beside: python-chess playing random legal moves.

Speed goals are ratios to this number measured in the same run (issue: "against the machine"), so
they hold on any machine: random play from the initial position to the end of the game, a random
legal move pushed at each step, exactly the loop the engines' benchmark runs on our games.
"""

from __future__ import annotations

import time

from gameshelf.core import Chance


def chess_random_play(seconds: float) -> tuple[int, int, float]:
    """Random games of chess until ``seconds`` pass; returns (moves, finished games, elapsed)."""
    try:
        import chess
    except ImportError:
        raise SystemExit("the reference needs python-chess: pip install -e '.[bench]'") from None
    chooser, moves, games = Chance(1), 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            board.push(chooser.choice(list(board.legal_moves)))
            moves += 1
        games += 1
    return moves, games, time.perf_counter() - start


def chess_moves_per_second(seconds: float) -> float:
    moves, _, elapsed = chess_random_play(seconds)
    return moves / elapsed

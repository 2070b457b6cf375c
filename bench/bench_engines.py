"""Engine speed: random-play actions/s and games/s per game and player count, and copy cost.

Run: python bench/bench_engines.py [--seconds 3] [--game ID ...] [--clock cpu|wall]
Prints a table with each line's ratio to python-chess's random play measured in the same run
(bench/reference.py; the goal: at least 8x in every game and player count), both timed by the same
clock: this process's CPU time by default (steadier on a busy machine), or the wall clock. This is a benchmark,
not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from gameshelf.core import Chance
from gameshelf.games import game_ids, get_game

sys.path.insert(0, str(Path(__file__).parent))
from reference import CLOCKS, chess_random_play, clock  # noqa: E402

GOAL_RATIO = 8.0   # random-play actions/s as a multiple of python-chess's moves/s


def random_play(game, players: int, seconds: float, timer=time.process_time) -> tuple[int, int, float]:
    """Play random games until ``seconds`` pass by ``timer``; returns (actions, finished games, elapsed)."""
    chooser, actions, games, seed = Chance(1), 0, 0, 0
    start = timer()
    while timer() - start < seconds:
        state = game.setup(players, None, seed)
        while not game.is_over(state):
            game.apply(state, chooser.choice(game.legal_actions(state)))
            actions += 1
        games, seed = games + 1, seed + 1
    return actions, games, timer() - start


def copy_cost(game, players: int, copies: int = 2000, timer=time.process_time) -> float:
    """Mean microseconds per copy of a mid-game state."""
    state, chooser = game.setup(players, None, 7), Chance(2)
    for _ in range(60):
        if game.is_over(state):
            break
        game.apply(state, chooser.choice(game.legal_actions(state)))
    start = timer()
    for _ in range(copies):
        game.copy(state)
    return (timer() - start) / copies * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and player count")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="cpu",
                        help="time every line by this process's CPU time (default) or by the wall clock")
    args = parser.parse_args()
    timer = clock(args.clock)
    moves, chess_games, elapsed = chess_random_play(args.seconds, timer)
    chess_rate = moves / elapsed
    table = Table("game", "players", "actions/s", "games/s", "actions/game", "copy µs", "x python-chess",
                  title=f"random play, one core, {args.clock} clock (goal: {GOAL_RATIO:g}x python-chess)")
    table.add_row("python-chess", "2", f"{chess_rate:,.0f}", f"{chess_games / elapsed:,.2f}",
                  f"{moves / max(chess_games, 1):,.0f}", "", "1.00x")
    for game_id in args.game or game_ids():
        game = get_game(game_id)
        for players in game.info.player_counts:
            actions, games, elapsed = random_play(game, players, args.seconds, timer)
            rate = actions / elapsed
            table.add_row(game_id, str(players), f"{rate:,.0f}", f"{games / elapsed:,.2f}",
                          f"{actions / max(games, 1):,.0f}", f"{copy_cost(game, players, timer=timer):.1f}",
                          f"{rate / chess_rate:.2f}x")
    Console().print(table)


if __name__ == "__main__":
    main()

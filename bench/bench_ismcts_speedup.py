"""ISMCTS speed against the plain version it replaced (tests/agents/ismcts_reference.py).

python bench/bench_ismcts_speedup.py [--sims 300] [--positions 5] [--rounds 4] [--players 2] [--game ID ...]
python bench/bench_ismcts_speedup.py --baseline-src DIR [--players 2] [--rounds 6]

Both agents search the same positions (those of bench_agents.py) with the same seeds, alternated
position by position and timed by this process's CPU time, so a busy machine slows both alike: the
ratio is the number to read. Also prints the game calls each makes per simulation (exact, not
timed). The two make the same choices (tests/agents/test_ismcts_reference.py).

``--baseline-src DIR`` compares the whole search, games included, with another version of the code
(``DIR`` is the ``src`` folder of an older checkout, e.g. ``git worktree add /tmp/old <commit>``):
each round runs the default bot on the same positions once with each code base, in child processes
alternated round by round, and sums their CPU times.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path[:0] = [str(Path(__file__).parents[1])]

from bench_agents import positions  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from gameshelf.agents.ismcts import ISMCTSAgent  # noqa: E402
from gameshelf.games import get_game  # noqa: E402
from tests.agents.ismcts_reference import ISMCTSAgent as ReferenceAgent  # noqa: E402

CONFIGS = [("borealis", 2), ("midnight_zoo", 2), ("iwari", 2), ("mariposas", 2),
           ("borealis", 4), ("midnight_zoo", 4), ("iwari", 5), ("mariposas", 5)]
COUNTED = ("apply", "copy", "heuristic")


class Counting:
    """A game whose apply, copy and heuristic calls are counted."""

    def __init__(self, game) -> None:
        self.game, self.calls = game, Counter()

    def __getattr__(self, name):
        attr = getattr(self.game, name)
        if name not in COUNTED:
            return attr

        def counted(*args):
            self.calls[name] += 1
            return attr(*args)
        return counted


def rates(game, states, sims: int, rounds: int) -> dict[str, float]:
    totals = {"reference": [0, 0.0], "optimised": [0, 0.0]}
    agents = {"reference": ReferenceAgent, "optimised": ISMCTSAgent}
    for round_ in range(rounds):
        for i, state in enumerate(states):
            order = list(agents) if (round_ + i) % 2 == 0 else list(reversed(agents))
            for name in order:
                agent, seat = agents[name](i, sims=sims), game.to_act(state)
                view, legal = game.view(state, seat), game.legal_actions(state)
                start = time.process_time()
                agent.choose(game, view, legal)
                totals[name][1] += time.process_time() - start
                totals[name][0] += agent.last_iterations
    return {name: count / seconds for name, (count, seconds) in totals.items()}


def calls(game, states, sims: int, cls) -> Counter:
    counting, iterations = Counting(game), 0
    for i, state in enumerate(states):
        agent, seat = cls(i, sims=sims), game.to_act(state)
        agent.choose(counting, game.view(state, seat), game.legal_actions(state))
        iterations += agent.last_iterations
    return Counter({name: n / iterations for name, n in counting.calls.items()})


def child(game_id: str, players: int, sims: int, count: int) -> None:
    """Run in a child process (whose ``gameshelf`` is the one to measure): print iterations and
    CPU seconds of the default bot over the positions."""
    game = get_game(game_id)
    iterations, seconds = 0, 0.0
    for i, state in enumerate(positions(game, players, count)):
        agent, seat = ISMCTSAgent(i, sims=sims), game.to_act(state)
        view, legal = game.view(state, seat), game.legal_actions(state)
        start = time.process_time()
        agent.choose(game, view, legal)
        seconds += time.process_time() - start
        iterations += agent.last_iterations
    print(iterations, seconds)


def against(baseline: str, configs, sims: int, count: int, rounds: int) -> None:
    here = str(Path(__file__).parents[1] / "src")
    table = Table("game", "players", "baseline sims/s", "this code sims/s", "ratio",
                  title=f"Default ISMCTS, this code against {baseline}, CPU time, {rounds} alternated rounds")
    for game_id, players in configs:
        totals = {"baseline": [0, 0.0], "this": [0, 0.0]}
        for round_ in range(rounds):
            order = [("baseline", baseline), ("this", here)]
            for name, src in order if round_ % 2 == 0 else reversed(order):
                env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, str(Path(__file__).parents[1])])}
                out = subprocess.run([sys.executable, __file__, "--child", game_id, str(players), str(sims), str(count)],
                                     env=env, capture_output=True, text=True, check=True).stdout.split()
                totals[name][0] += int(out[0])
                totals[name][1] += float(out[1])
        rate = {name: n / t for name, (n, t) in totals.items()}
        table.add_row(game_id, str(players), f"{rate['baseline']:,.0f}", f"{rate['this']:,.0f}",
                      f"{rate['this'] / rate['baseline']:.2f}x")
    Console(width=160).print(table)


def main() -> None:
    if len(sys.argv) == 6 and sys.argv[1] == "--child":
        return child(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=300)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--players", type=int, nargs="*", help="only these player counts (default: all)")
    parser.add_argument("--game", nargs="*", help="only these games (default: all)")
    parser.add_argument("--baseline-src", help="compare the whole search with the code under this src folder")
    args = parser.parse_args()
    configs = [(g, n) for g, n in CONFIGS
               if (not args.players or n in args.players) and (not args.game or g in args.game)]
    if args.baseline_src:
        return against(args.baseline_src, configs, args.sims, args.positions, args.rounds)
    table = Table("game", "players", "reference sims/s", "optimised sims/s", "ratio",
                  *(f"{name}/sim" for name in COUNTED), title="ISMCTS against the reference, CPU time")
    for game_id, players in configs:
        game = get_game(game_id)
        states = positions(game, players, args.positions)
        rate = rates(game, states, args.sims, args.rounds)
        before, after = calls(game, states, args.sims, ReferenceAgent), calls(game, states, args.sims, ISMCTSAgent)
        table.add_row(game_id, str(players), f"{rate['reference']:,.0f}", f"{rate['optimised']:,.0f}",
                      f"{rate['optimised'] / rate['reference']:.2f}x",
                      *(f"{before[name]:.1f} -> {after[name]:.1f}" for name in COUNTED))
    Console(width=160).print(table)


if __name__ == "__main__":
    main()

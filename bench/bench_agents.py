"""Bot speed (ISMCTS simulations/s per game) and, with --strength, bot strength by tournaments.

Speed:    python bench/bench_agents.py [--sims 200] [--positions 5] [--game ID ...] [--agent SPEC ...]
          [--clock wall|cpu]
Each position is a state some random actions into a game; the bot decides from the view of the
seat to act (a fresh bot each time, so no subtree is kept from an earlier decision). Each line's
simulations/s is also shown as a share of python-chess's random-play moves/s measured in the same
run (bench/reference.py).

Strength: python bench/bench_agents.py --strength [--games 200] [--ismcts normal] [--game ID ...]
          [--out DIR] [--only LABEL-PART]
The issue's targets, per game, seats rotated: in 2-player games ismcts >= 90% against random and
>= 65% against greedy, greedy >= 80% against random; at the largest player count one ismcts
against all-greedy opponents wins >= 2/P; and ``easy`` between random and greedy. Win rates (ties
share the win) with 95% Wilson intervals. The levels search a fixed number of simulations, so a
run is reproducible; with ``--out`` each matchup's games are stored under DIR/<label> and a
rerun resumes them.

Versus:   python bench/bench_agents.py --versus SPEC_A SPEC_B [--games 100] [--players 2] [--game ID ...]
          [--out DIR] [--jobs 1]
One head-to-head line per game (seats rotated): SPEC_A's win rate with its 95% Wilson interval.
For an equal-CPU comparison of two search settings, give each a ``sims`` budget in proportion to
its measured simulations per second (the speed mode above, ``--clock cpu``).

Ladder:   python bench/bench_agents.py --ladder [--games 200] [--game ID ...] [--out DIR] [--only LABEL-PART]
The levels in 2-player games, each against the one below (seats rotated): easy > random, greedy >
easy, normal > greedy (targets 50%, 50%, 65%) and hard > normal (>= 60%), then each
level's CPU seconds a decision in those games with a 95% interval. The hard-vs-normal lines cost
about 70-120 CPU seconds a game: run them in parts with ``--out`` (each rerun resumes).

Prints tables; nothing here asserts anything (a benchmark, not a test). Measured numbers are kept
in bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from gameshelf.agents import level_definitions, make_agent
from gameshelf.core import Chance
from gameshelf.games import game_ids, get_game
from gameshelf.sim.parallel import default_jobs

sys.path.insert(0, str(Path(__file__).parent))
from reference import CLOCKS, chess_moves_per_second, clock  # noqa: E402
from gameshelf.sim.stats import decision_time, duration_text, summarize
from gameshelf.sim.store import ResultStore
from gameshelf.sim.tournament import make_jobs, run_tournament

GOAL_RATIO = 0.21  # ISMCTS simulations/s as a share of python-chess's random-play moves/s (bench/reference.py)
DEFAULT_AGENTS = ["ismcts:sims={sims}", "ismcts:sims={sims},rollout=random", "ismcts:sims={sims},rollout=none"]


def positions(game, players: int, count: int, seed: int = 3) -> list:
    """``count`` states spread along random games (skipping finished and single-choice ones)."""
    found, chooser, game_seed = [], Chance(seed), seed
    while len(found) < count:
        state = game.setup(players, None, game_seed)
        plies = 0
        while not game.is_over(state):
            legal = game.legal_actions(state)
            if len(legal) > 1 and plies % 17 == 5:
                found.append(game.copy(state))
                if len(found) == count:
                    break
            game.apply(state, chooser.choice(legal))
            plies += 1
        game_seed += 1
    return found


def measure(game, spec: str, states: list, clock=time.perf_counter) -> tuple[float, float]:
    """(simulations per second, seconds per decision) of agent ``spec`` over ``states``."""
    sims, elapsed = 0, 0.0
    for i, state in enumerate(states):
        agent = make_agent(spec, i)
        seat = game.to_act(state)
        view, legal = game.view(state, seat), game.legal_actions(state)
        start = clock()
        agent.choose(game, view, legal)
        elapsed += clock() - start
        sims += getattr(agent, "last_iterations", 1)
    return sims / elapsed, elapsed / len(states)


def matchups(game, ismcts: str) -> list[tuple[list[str], int, float]]:
    """(agents, players, target win rate of the first agent) for the issue's strength targets, and
    the check that ``easy`` sits between random and greedy (it beats the one, loses to the other)."""
    result = []
    if 2 in game.info.player_counts:
        result += [([ismcts, "random"], 2, 0.90), ([ismcts, "greedy"], 2, 0.65), (["greedy", "random"], 2, 0.80),
                   (["easy", "random"], 2, 0.50), (["greedy", "easy"], 2, 0.50)]
    top = max(game.info.player_counts)
    if top > 2:
        result.append(([ismcts, "greedy"], top, 2.0 / top))
    return result


def strength(game_ids_: list[str], games: int, ismcts: str, jobs: int, seed: int, out: Path | None,
             only: str | None) -> None:
    """Run (or, with ``out``, resume) every matchup and print a table of the first agent's results."""
    table = Table("game", "players", "agent", "against", "games", "win rate", "95% CI", "target", "met",
                  title=f"strength: {games} games per line, seats rotated, seed {seed}")
    console = Console(width=150)
    for game_id in game_ids_:
        game = get_game(game_id)
        for agents, players, target in matchups(game, ismcts):
            label = f"{game_id}-{players}p-{agents[0]}-vs-{agents[1]}".replace(":", "_").replace(",", "_")
            if only and only not in label:
                continue
            rows = _play(game_id, agents, games, seed, players, jobs, out / label if out else None)
            first = summarize(rows, agents)["agents"][agents[0]]
            low, high = first["ci95"]
            met = "yes" if low >= target else ("likely" if first["win_rate"] >= target else "no")
            table.add_row(game_id, str(players), agents[0], "all " + agents[1] if players > 2 else agents[1],
                          str(len(rows)), f"{first['win_rate']:.1%}", f"{low:.1%} – {high:.1%}",
                          f">= {target:.0%}", met)
            console.print(f"{game_id} {players}p {agents}: {first['win_rate']:.1%} "
                          f"[{low:.1%}, {high:.1%}] target {target:.0%} ({met})")
    console.print(table)


LEVELS = ("random", "easy", "greedy", "normal", "hard")
LADDER_TARGETS = {"easy": 0.50, "greedy": 0.50, "normal": 0.65, "hard": 0.60}


def ladder(game_ids_: list[str], games: int, jobs: int, seed: int, out: Path | None, only: str | None) -> None:
    """Each level against the one below it in every game (2 players), then the levels' times."""
    table = Table("game", "level", "against", "games", "win rate", "95% CI", "target", "met",
                  title=f"the ladder: {games} games per line, 2 players, seats rotated, seed {seed}")
    times = Table("game", *LEVELS, title="CPU time a decision (95% interval), in the ladder's games")
    console = Console(width=160)
    for game_id in game_ids_:
        if 2 not in get_game(game_id).info.player_counts:
            continue
        played: dict[str, list] = {level: [] for level in LEVELS}
        for lower, upper in zip(LEVELS, LEVELS[1:]):
            label = f"{game_id}-2p-{upper}-vs-{lower}"
            if only and only not in label:
                continue
            rows = _play(game_id, [upper, lower], games, seed, 2, jobs, out / label if out else None)
            played[upper] += rows
            played[lower] += rows
            first = summarize(rows, [upper, lower])["agents"][upper]
            low, high = first["ci95"]
            target = LADDER_TARGETS[upper]
            met = "yes" if low >= target else ("likely" if first["win_rate"] >= target else "no")
            if len(rows) < games:
                met += " (partial)"
            line = (game_id, upper, lower, str(len(rows)), f"{first['win_rate']:.1%}", f"{low:.1%} – {high:.1%}",
                    f">= {target:.0%}", met)
            console.print(" | ".join(line))
            table.add_row(*line)
        times.add_row(game_id, *(_per_decision(played[level], level) for level in LEVELS))
    console.print(table)
    console.print(times)


def versus(game_ids_: list[str], agents: list[str], games: int, players: int, jobs: int, seed: int,
           out: Path | None) -> None:
    """Run (or resume) ``agents[0]`` against ``agents[1]`` in every game and print its win rates."""
    table = Table("game", "players", "agent", "against", "games", "win rate", "95% CI", "s/game (wall)",
                  "CPU time a decision (95% CI)", title=f"head to head, seats rotated, seed {seed}")
    console = Console(width=150)
    for game_id in game_ids_:
        if players not in get_game(game_id).info.player_counts:
            continue
        label = f"{game_id}-{players}p-{agents[0]}-vs-{agents[1]}".replace(":", "_").replace(",", "_")
        rows = _play(game_id, agents, games, seed, players, jobs, out / label if out else None)
        first = summarize(rows, agents)["agents"][agents[0]]
        low, high = first["ci95"]
        seconds = sum(row.seconds for row in rows) / max(1, len(rows))
        line = (game_id, str(players), agents[0], agents[1], str(len(rows)), f"{first['win_rate']:.1%}",
                f"{low:.1%} – {high:.1%}", f"{seconds:.1f}",
                " / ".join(_per_decision(rows, name) for name in dict.fromkeys(agents)))
        console.print(" | ".join(line))
        table.add_row(*line)
    console.print(table)


def _per_decision(rows: list, name: str) -> str:
    """``name``'s CPU seconds a decision in these games, with its 95% interval ("-" if untimed)."""
    timed = decision_time(rows, name)
    if timed is None:
        return "-"
    low, high = timed["ci95"]
    return f"{duration_text(timed['mean'])} [{duration_text(low)}, {duration_text(high)}]"


def _play(game_id: str, agents: list[str], games: int, seed: int, players: int, jobs: int,
          directory: Path | None) -> list[dict]:
    """The matchup's rows; with a directory, stored there and resumed from what it holds."""
    jobs_ = make_jobs(game_id, agents, games, seed, players, [{}])
    if directory is None:
        return list(run_tournament(jobs_, workers=jobs))
    config = {"game": game_id, "game_ref": game_id, "agents": agents, "games": games, "seed": seed,
              "players": players, "option_sets": [get_game(game_id).info.options.resolve({})],
              "levels": level_definitions(agents, get_game(game_id))}
    with ResultStore(directory, config, resume=True) as store:
        rows = list(store.rows)
        done = {row["index"] for row in rows}
        for row in run_tournament([job for job in jobs_ if job.index not in done], workers=jobs):
            store.add(row)
            rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=200, help="ISMCTS simulations per decision")
    parser.add_argument("--positions", type=int, default=5, help="positions per game and player count")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="only these player counts")
    parser.add_argument("--agent", action="append", help="agent specs to time (default: ISMCTS rollouts)")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                        help="time the bots and python-chess's reference by the wall clock, or by this process's "
                             "CPU time (steadier on a busy machine)")
    parser.add_argument("--strength", action="store_true", help="run the strength tournaments instead")
    parser.add_argument("--games", type=int, default=200, help="games per strength matchup")
    parser.add_argument("--ismcts", default="normal", help="the ISMCTS agent of the strength matchups")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes for --strength")
    parser.add_argument("--seed", type=int, default=2026, help="tournament seed for --strength")
    parser.add_argument("--out", type=Path, default=None,
                        help="with --strength, --ladder or --versus: store each line's games under DIR and resume")
    parser.add_argument("--only", default=None, help="with --strength or --ladder: only lines whose label contains this")
    parser.add_argument("--ladder", action="store_true",
                        help="run the levels' ladder (each level against the one below, 2 players) instead")
    parser.add_argument("--versus", nargs=2, metavar=("SPEC_A", "SPEC_B"),
                        help="run SPEC_A against SPEC_B (--games per game, --players, default 2) instead")
    args = parser.parse_args()
    if args.versus:
        versus(args.game or game_ids(), list(args.versus), args.games, (args.players or [2])[0], args.jobs or 1,
               args.seed, args.out)
        return
    if args.ladder:
        ladder(args.game or game_ids(), args.games, args.jobs or default_jobs(), args.seed, args.out, args.only)
        return
    if args.strength:
        strength(args.game or game_ids(), args.games, args.ismcts, args.jobs or default_jobs(), args.seed,
                 args.out, args.only)
        return
    specs = args.agent or [s.format(sims=args.sims) for s in DEFAULT_AGENTS] + ["greedy"]
    timer = clock(args.clock)
    chess_rate = chess_moves_per_second(2.0, timer)
    table = Table("game", "players", "agent", "sims/s", "s/decision", "x python-chess",
                  title=f"bot speed, one core, {args.clock} clock (python-chess random play: {chess_rate:,.0f} moves/s; "
                        f"goal at 2 players, default rollouts: {GOAL_RATIO:g}x)")
    for game_id in args.game or game_ids():
        game = get_game(game_id)
        for players in args.players or [min(game.info.player_counts), max(game.info.player_counts)]:
            if players not in game.info.player_counts:
                continue
            states = positions(game, players, args.positions)
            for spec in specs:
                rate, per_decision = measure(game, spec, states, timer)
                searches = "ismcts" in spec
                table.add_row(game_id, str(players), spec, f"{rate:,.0f}" if searches else "-",
                              f"{per_decision:.3f}", f"{rate / chess_rate:.3f}x" if searches else "-")
    Console().print(table)


if __name__ == "__main__":
    main()

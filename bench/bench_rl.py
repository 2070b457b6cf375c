"""RL adapter speed (issue 14): PettingZoo AEC env steps/s with masks and observations, one core.

    python bench/bench_rl.py --seconds 3

Per game and player count: env steps/s through ``gameshelf.rl.env`` (each step: ``env.last()``,
which builds the acting seat's observation vector and the legal-action mask, then a uniformly
random legal id), and the parts of one step in µs: the engine alone (legal_actions + apply), the
observation as the env builds it (``obs``: ``IncrementalEncoder``, rewriting only the sections that
changed since the seat's previous observation), the whole observation from the state's visible
fields (``encode``: ``Encoder.encode_state``), the mask, and for comparison the older path, the
seat's view plus the encoding of that view.
Goal: 20,000 env steps/s.
Times are CPU time of this process (``time.process_time``), so a machine shared with other work
gives the rate of one core this process had to itself (caches are shared all the same).

Before/after on a busy machine: ``--baseline OLD_SRC`` measures env steps/s only, in alternating
subprocesses (this tree's src, then OLD_SRC, ``--rounds`` times), and prints the best of each (the
round least disturbed by other work) and the median:

    git archive <old commit> src | tar -x -C /tmp/old && python bench/bench_rl.py --baseline /tmp/old/src
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

SRC = Path(__file__).resolve().parent.parent / "src"
if os.environ.get("BENCH_RL_SRC"):          # a --baseline subprocess: import the other tree's code
    SRC = Path(os.environ["BENCH_RL_SRC"])
sys.path.insert(0, str(SRC))

import gameshelf.rl as rl  # noqa: E402
from gameshelf.games import game_ids, get_game  # noqa: E402
from gameshelf.rl.actions import action_space  # noqa: E402
from gameshelf.rl.encode import encoder  # noqa: E402

try:                                          # an older tree (--baseline) may not have it
    from gameshelf.rl.encode.incremental import IncrementalEncoder  # noqa: E402
except ImportError:
    IncrementalEncoder = None

GOAL = 20_000


def env_steps_per_second(game_id: str, players: int, seconds: float) -> float:
    env = rl.env(game_id, players)
    rng = np.random.default_rng(0)
    steps, game, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=game)
        game += 1
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def parts_us(game_id: str, players: int, seconds: float) -> dict[str, float]:
    """µs per step of the engine, the observation as the env builds it (incremental, the seat to
    act), the whole observation from the state, the mask, and the view plus its encoding, over
    random games."""
    game = get_game(game_id)
    enc, space = encoder(game_id, players), action_space(game_id, players)
    incremental = IncrementalEncoder(enc) if IncrementalEncoder else None
    rng = np.random.default_rng(1)
    totals = dict(engine=0.0, obs=0.0, encode=0.0, mask=0.0, view_encode=0.0)
    clock = time.process_time
    steps, g, start = 0, 0, clock()
    while clock() - start < seconds:
        state = game.setup(players, {}, g)
        g += 1
        if incremental:
            incremental.clear()
        while not game.is_over(state):
            seat = game.to_act(state)
            t0 = clock()
            legal = game.legal_actions(state)
            t1 = clock()
            (incremental or enc).encode_state(game, state, seat)    # what the env calls
            t1b = clock()
            enc.encode_state(game, state, seat)
            t2 = clock()
            space.mask(legal)
            t3 = clock()
            enc.encode(game.view(state, seat))
            t4 = clock()
            game.apply(state, legal[int(rng.integers(len(legal)))])
            t5 = clock()
            totals["engine"] += (t1 - t0) + (t5 - t4)
            totals["obs"] += t1b - t1
            totals["encode"] += t2 - t1b
            totals["mask"] += t3 - t2
            totals["view_encode"] += t4 - t3
            steps += 1
    return {k: v / steps * 1e6 for k, v in totals.items()}


def configs(games: str, players: str | None) -> list[tuple[str, int]]:
    wanted = {int(n) for n in players.split(",")} if players else None
    return [(g, n) for g in games.split(",") for n in get_game(g).info.player_counts if not wanted or n in wanted]


def compare(args) -> int:
    """Env steps/s of this tree and of ``--baseline``, in alternating subprocesses; best and median."""
    rates: dict[str, dict[str, list[float]]] = {"after": {}, "before": {}}
    for _ in range(args.rounds):
        for label, src in (("after", str(SRC)), ("before", args.baseline)):
            out = subprocess.run([sys.executable, __file__, "--env-only", "--seconds", str(args.seconds),
                                  "--games", args.games, *(["--players", args.players] if args.players else [])],
                                 env={**os.environ, "BENCH_RL_SRC": src}, capture_output=True, text=True, check=True)
            for key, rate in json.loads(out.stdout).items():
                rates[label].setdefault(key, []).append(rate)
    print(f"| game | players | before steps/s (best of {args.rounds}) | after steps/s (best) | after/before "
          "| before (median) | after (median) |")
    print("|---|---|---|---|---|---|---|")
    for key in rates["after"]:
        before, after = max(rates["before"][key]), max(rates["after"][key])
        game, players = key.split(":")
        print(f"| {game} | {players} | {before:,.0f} | {after:,.0f} | {after / before:.2f}x | "
              f"{statistics.median(rates['before'][key]):,.0f} | {statistics.median(rates['after'][key]):,.0f} |")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default=",".join(sorted(game_ids())))
    parser.add_argument("--players", default=None, help="player counts to run, e.g. 2,4 (default: all)")
    parser.add_argument("--baseline", default=None, help="another tree's src: interleaved before/after steps/s")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--env-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.baseline:
        return compare(args)
    if args.env_only:
        print(json.dumps({f"{g}:{n}": env_steps_per_second(g, n, args.seconds) for g, n in configs(args.games,
                                                                                               args.players)}))
        return 0
    print("| game | players | env steps/s | vs goal | engine µs | obs µs | encode µs | mask µs | view+encode µs "
          "| obs size | ids |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for game_id, players in configs(args.games, args.players):
        rate = env_steps_per_second(game_id, players, args.seconds)
        parts = parts_us(game_id, players, args.seconds)
        size = encoder(game_id, players).size
        print(f"| {game_id} | {players} | {rate:,.0f} | {rate / GOAL:.2f}x | {parts['engine']:.1f} | "
              f"{parts['obs']:.1f}{'' if IncrementalEncoder else ' (whole)'} | {parts['encode']:.1f} | {parts['mask']:.1f} | {parts['view_encode']:.1f} | {size} | "
              f"{action_space(game_id, players).size} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

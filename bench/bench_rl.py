"""RL adapter speed (issue 14): PettingZoo AEC env steps/s with masks and observations, one core.

    python bench/bench_rl.py --seconds 3

Per game and player count: env steps/s through ``gameshelf.rl.env`` (each step: ``env.last()``,
which builds the acting seat's view, its observation vector and the legal-action mask, then a
uniformly random legal id), and the parts of one step in µs: the engine alone (legal_actions +
apply), the view, the observation encoding of that view, and the mask. Goal: 20,000 env steps/s.
Times are CPU time of this process (``time.process_time``), so a machine shared with other work
gives the rate of one core this process had to itself (caches are shared all the same).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import gameshelf.rl as rl  # noqa: E402
from gameshelf.games import get_game  # noqa: E402
from gameshelf.rl.actions import DOMAINS, action_space  # noqa: E402
from gameshelf.rl.encode import encoder  # noqa: E402

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
    """µs per step of the engine, the view, the encoding and the mask, over random games."""
    game = get_game(game_id)
    enc, space = encoder(game_id, players), action_space(game_id, players)
    rng = np.random.default_rng(1)
    totals = dict(engine=0.0, view=0.0, encode=0.0, mask=0.0)
    clock = time.process_time
    steps, g, start = 0, 0, clock()
    while clock() - start < seconds:
        state = game.setup(players, {}, g)
        g += 1
        while not game.is_over(state):
            t0 = clock()
            legal = game.legal_actions(state)
            t1 = clock()
            view = game.view(state, game.to_act(state))
            t2 = clock()
            enc.encode(view)
            t3 = clock()
            space.mask(legal)
            t4 = clock()
            game.apply(state, legal[int(rng.integers(len(legal)))])
            t5 = clock()
            totals["engine"] += (t1 - t0) + (t5 - t4)
            totals["view"] += t2 - t1
            totals["encode"] += t3 - t2
            totals["mask"] += t4 - t3
            steps += 1
    return {k: v / steps * 1e6 for k, v in totals.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default=",".join(sorted(DOMAINS)))
    args = parser.parse_args()
    print("| game | players | env steps/s | vs goal | engine µs | view µs | encode µs | mask µs | obs size | ids |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for game_id in args.games.split(","):
        for players in get_game(game_id).info.player_counts:
            rate = env_steps_per_second(game_id, players, args.seconds)
            parts = parts_us(game_id, players, args.seconds)
            size = encoder(game_id, players).size
            print(f"| {game_id} | {players} | {rate:,.0f} | {rate / GOAL:.2f}x | {parts['engine']:.1f} | "
                  f"{parts['view']:.1f} | {parts['encode']:.1f} | {parts['mask']:.1f} | {size} | "
                  f"{action_space(game_id, players).size} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

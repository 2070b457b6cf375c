"""A learning baseline: maskable PPO (sb3-contrib) on the Gymnasium adapter.

    python -m gameshelf.rl.train --game borealis --players 2 --opponents random \
        --steps 2000000 --minutes 30 --wall-minutes 30 --out out/rl/borealis-2p --eval-games 200
    python -m gameshelf.rl.train --game midnight_zoo --players 1 --imitate greedy --imitate-games 1000 ...

Trains one seat (``--seat random`` by default, so the policy plays first and second) against fixed
gameshelf bots (``--opponents``; none for a solo game) on ``--envs`` copies of the environment
stepped together (one batched forward pass of the network for all of them), within ``--steps`` env
steps, ``--minutes`` of CPU time of the training process and ``--wall-minutes`` of wall time,
whichever ends first (one torch thread). The reward is ``shaped`` by default (the change of the
running score difference after each step, plus the rank reward at the end; see gameshelf.rl.gym).
With ``--imitate AGENT`` the network first learns that bot's moves (gameshelf.rl.imitate), inside the
same budgets. Saves ``<out>.zip`` (the model), ``<out>.json``
(game, players, options, training numbers and the learning curve: mean episode reward and win rate
per rollout) and evaluates the policy against ``--eval`` agents: win rate with a Wilson 95%
interval and the score distribution. The saved policy plays in tournaments as
``policy:path=<out>.zip`` (gameshelf.rl.agent).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from pathlib import Path
from typing import Any, Sequence



def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def make_env(game: str, players: int, options: dict, opponents: Any, seat: Any, reward: str,
             score_scale: float = 50.0):
    from gymnasium.wrappers import RecordEpisodeStatistics
    import gameshelf.rl as rl
    return RecordEpisodeStatistics(rl.gym_env(game, players, options, opponents=opponents, seat=seat,
                                              reward=reward, score_scale=score_scale))


def train(game: str, players: int, *, options: dict | None = None, opponents: Any = "random",
          seat: Any = "random", steps: int = 100_000, minutes: float = 30.0, seed: int = 0,
          out: str | Path = "out/rl/policy", reward: str = "shaped", score_scale: float = 50.0,
          n_steps: int = 256, envs: int = 8, batch_size: int = 256, epochs: int = 4,
          learning_rate: float = 3e-4, wall_minutes: float | None = None, net_arch: Sequence[int] = (64, 64),
          imitate: str | None = None, imitate_games: int = 500, imitate_epochs: int = 40,
          verbose: int = 0) -> dict[str, Any]:
    """Train a MaskablePPO policy; saves ``<out>.zip`` and ``<out>.json``; returns the metadata.

    ``n_steps`` is per environment: a rollout is ``n_steps * envs`` learner steps. With ``imitate``
    (an agent spec, e.g. ``greedy``) the network first learns that bot's moves over
    ``imitate_games`` games (gameshelf.rl.imitate), within the same time budgets."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    if envs < 1 or n_steps < 1 or batch_size < 1 or epochs < 1 or not net_arch or min(net_arch) < 1:
        raise ValueError("envs, n_steps, batch_size, epochs and every layer size must be at least 1")
    net_arch = [int(n) for n in net_arch]
    torch.set_num_threads(1)
    options = dict(options or {})
    learner_seat = seat if players > 1 else 0
    opponents_ = None if players == 1 else opponents
    env = DummyVecEnv([lambda: make_env(game, players, options, opponents_, learner_seat, reward, score_scale)
                       for _ in range(envs)])
    hyper = {"n_steps": n_steps, "envs": envs, "batch_size": batch_size, "n_epochs": epochs,
             "learning_rate": learning_rate, "gamma": 1.0, "gae_lambda": 0.95, "ent_coef": 0.01,
             "net_arch": net_arch, "score_scale": score_scale}
    model = MaskablePPO("MlpPolicy", env, n_steps=n_steps, batch_size=batch_size, n_epochs=epochs,
                        learning_rate=learning_rate, gamma=1.0, gae_lambda=0.95, ent_coef=0.01, seed=seed,
                        verbose=verbose, device="cpu", policy_kwargs={"net_arch": net_arch})
    curve: list[dict[str, float]] = []
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {"game": game, "players": players, "options": options, "opponents": opponents, "reward": reward,
            "seed": seed, "hyperparameters": hyper, "curve": curve}

    def save() -> None:
        """The model and its metadata so far (a checkpoint each rollout: a stopped run keeps its work)."""
        model.save(str(out.with_suffix(".zip")))
        meta.update(steps=int(model.num_timesteps), seconds=round(time.monotonic() - started, 1),
                    cpu_seconds=round(time.process_time() - cpu_started, 1))
        out.with_suffix(".json").write_text(json.dumps(meta, indent=1))
    started, cpu_started = time.monotonic(), time.process_time()
    deadline = cpu_started + minutes * 60
    wall_deadline = started + (wall_minutes if wall_minutes is not None else float("inf")) * 60
    if imitate:
        meta["imitation"] = warm_start(model, make_env(game, players, options, opponents_, learner_seat, reward,
                                                       score_scale), imitate, imitate_games, imitate_epochs, seed)
        meta["imitation"]["cpu_seconds"] = round(time.process_time() - cpu_started, 1)

    class Curve(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.returns: list[float] = []
            self.won: list[float] = []
            self.scores: list[float] = []

        def _on_step(self) -> bool:
            for info, done in zip(self.locals["infos"], self.locals["dones"]):
                if done and "episode" in info:
                    self.returns.append(float(info["episode"]["r"]))
                    ranks = info.get("ranks")
                    if ranks:
                        self.won.append(float(ranks[info["seat"]] == 1))
                        self.scores.append(float(info["scores"][info["seat"]]))
            return time.process_time() < deadline and time.monotonic() < wall_deadline

        def _on_rollout_end(self) -> None:
            if self.returns:
                curve.append({"steps": self.num_timesteps, "episodes": len(self.returns),
                              "reward": statistics.fmean(self.returns[-50:]),
                              "win_rate": statistics.fmean(self.won[-50:]) if self.won else 0.0,
                              "score": statistics.fmean(self.scores[-50:]) if self.scores else 0.0,
                              "cpu_seconds": round(time.process_time() - cpu_started, 1),
                              "seconds": round(time.monotonic() - started, 1)})
            save()

    model.learn(total_timesteps=steps, callback=Curve())
    save()
    return meta


def warm_start(model: Any, env: Any, teacher: str, games: int, epochs: int, seed: int) -> dict[str, Any]:
    """Imitation of ``teacher`` before PPO (gameshelf.rl.imitate); returns what it did."""
    from gameshelf.agents import make_agent
    from gameshelf.rl.imitate import collect, pretrain
    data = collect(env, make_agent(teacher, seed + 1), games)
    history = pretrain(model, data, epochs=epochs, seed=seed, lr=1e-3)
    return {"teacher": teacher, "games": games, "decisions": len(data), "epochs": history}


def evaluate(path: str | Path, opponent: str, games: int, seed: int = 1) -> dict[str, Any]:
    """The policy against ``opponent`` (seats alternating): win rate with 95% CI, scores."""
    from gameshelf.agents import make_agent
    from gameshelf.games import get_game
    from gameshelf.match import run_match
    from gameshelf.rl.agent import load_policy
    _, meta = load_policy(str(Path(path).with_suffix(".zip")))
    game = get_game(meta["game"])
    players = int(meta["players"])
    spec = f"policy:path={Path(path).with_suffix('.zip')}"
    wins, scores, margins = 0.0, [], []
    for g in range(games):
        seat = g % players
        agents = [make_agent(opponent, seed * 7919 + g * 13 + s) for s in range(players)]
        agents[seat] = make_agent(spec, seed + g)
        result = run_match(game, agents, seed=seed * 100_003 + g, options=meta.get("options") or {})
        outcome = result.outcome
        top = outcome.ranks[seat] == 1
        tied = sum(1 for r in outcome.ranks if r == 1)
        wins += (1.0 / tied) if top else 0.0       # a shared first place counts as a share of a win
        scores.append(outcome.scores[seat])
        if players > 1:
            margins.append(outcome.scores[seat] - max(s for i, s in enumerate(outcome.scores) if i != seat))
    low, high = wilson(wins, games)
    return {"opponent": opponent if players > 1 else "solo", "games": games, "win_rate": wins / games,
            "ci95": [round(low, 3), round(high, 3)], "score": _distribution(scores),
            "margin": _distribution(margins) if margins else None}


def evaluate_solo(path: str | Path, bot: str, games: int, seed: int = 1) -> dict[str, Any]:
    """A solo policy against a bot playing the same deals: the policy "wins" a deal when it scores
    more (a tie counts half); with the score distributions and the solo ranks reached (R86)."""
    from gameshelf.agents import make_agent
    from gameshelf.games import get_game
    from gameshelf.match import run_match
    from gameshelf.rl.agent import load_policy
    zip_path = Path(path).with_suffix(".zip")
    _, meta = load_policy(str(zip_path))
    game, options = get_game(meta["game"]), meta.get("options") or {}
    wins, mine, theirs, ranks = 0.0, [], [], {}
    for g in range(games):
        deal = seed * 100_003 + g
        ours = run_match(game, [make_agent(f"policy:path={zip_path}", seed + g)], seed=deal, options=options).outcome
        other = run_match(game, [make_agent(bot, seed * 7919 + g)], seed=deal, options=options).outcome
        mine.append(ours.scores[0])
        theirs.append(other.scores[0])
        wins += 1.0 if mine[-1] > theirs[-1] else 0.5 if mine[-1] == theirs[-1] else 0.0
        rank = ours.details.get("solo_rank", "")
        ranks[rank] = ranks.get(rank, 0) + 1
    low, high = wilson(wins, games)
    return {"opponent": bot, "mode": "solo, same deals", "games": games, "win_rate": wins / games,
            "ci95": [round(low, 3), round(high, 3)], "score": _distribution(mine),
            "opponent_score": _distribution(theirs), "solo_ranks": ranks}


def _distribution(values: Sequence[float]) -> dict[str, float]:
    xs = sorted(values)
    q = lambda f: xs[min(len(xs) - 1, int(f * len(xs)))]   # noqa: E731
    return {"mean": round(statistics.fmean(xs), 2), "sd": round(statistics.pstdev(xs), 2),
            "min": xs[0], "p25": q(0.25), "median": q(0.5), "p75": q(0.75), "max": xs[-1]}


def plot_curves(metas: dict[str, dict[str, Any]], path: str | Path) -> None:
    """Learning curves as a PNG: per rollout, the mean episode return and the learner's mean score
    over its last 50 games, against env steps (the learner's decisions)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for label, meta in metas.items():
        xs = [p["steps"] for p in meta["curve"]]
        left.plot(xs, [p["reward"] for p in meta["curve"]], label=label)
        right.plot(xs, [p["score"] for p in meta["curve"]], label=label)
    left.set_ylabel("mean episode return (last 50)")
    right.set_ylabel("learner's mean score (last 50 games)")
    for ax in (left, right):
        ax.set_xlabel("env steps (learner decisions)")
        ax.grid(alpha=0.3)
        ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def _layers(text: str) -> list[int]:
    """``--net 64,64``: positive layer sizes, or an argparse error."""
    try:
        sizes = [int(n) for n in text.split(",")]
    except ValueError:
        sizes = []
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"expected layer sizes like 64,64, not {text!r}")
    return sizes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gameshelf.rl.train", description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], help="name=value")
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--seat", default="random")
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--wall-minutes", type=float, default=None, help="wall-clock budget (default: none)")
    parser.add_argument("--reward", default="shaped", choices=("rank", "score", "shaped"))
    parser.add_argument("--score-scale", type=float, default=50.0, help="score points per unit of reward")
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together")
    parser.add_argument("--n-steps", type=int, default=256, help="rollout length per environment")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--net", type=_layers, default=[64, 64],
                        help="hidden layer sizes of the policy and value MLPs (64,64: about 4x cheaper a step than "
                             "256,256 and as good per step in bench/RESULTS.md's runs)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--imitate", default=None, metavar="AGENT",
                        help="first learn this bot's moves (e.g. greedy), then PPO (default: none)")
    parser.add_argument("--imitate-games", type=int, default=500, help="games the --imitate bot plays")
    parser.add_argument("--imitate-epochs", type=int, default=40)
    parser.add_argument("--out", default="out/rl/policy")
    parser.add_argument("--eval", default="random,greedy", help="opponents to evaluate against")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--eval-only", action="store_true", help="evaluate the saved <out>.zip, no training")
    parser.add_argument("--report", default=None, help="write the evaluation here (JSON) instead of into <out>.json")
    parser.add_argument("--eval-seed", type=int, default=1)
    parser.add_argument("--plot", default=None, metavar="PNG",
                        help="only draw the learning curves of --curves LABEL=<out>.json,... into PNG")
    parser.add_argument("--curves", default="")
    args = parser.parse_args(argv)
    if args.plot:
        metas = {}
        for item in args.curves.split(","):
            label, _, path = item.rpartition("=")
            try:
                metas[label or Path(path).stem] = json.loads(Path(path).read_text())
            except (OSError, ValueError) as error:
                parser.error(f"--curves: cannot read {path!r} ({error})")
        plot_curves(metas, args.plot)
        return 0
    if not args.game and not args.eval_only:
        parser.error("--game is required (unless --eval-only or --plot)")
    options = dict(o.split("=", 1) for o in args.option)
    seat = args.seat if args.seat == "random" else int(args.seat)
    if args.eval_only:
        meta = json.loads(Path(args.out).with_suffix(".json").read_text())
    else:
        meta = train(args.game, args.players, options=options, opponents=args.opponents, seat=seat, steps=args.steps,
                     minutes=args.minutes, seed=args.seed, out=args.out, reward=args.reward,
                     score_scale=args.score_scale, n_steps=args.n_steps, envs=args.envs, batch_size=args.batch_size,
                     epochs=args.epochs, learning_rate=args.lr, wall_minutes=args.wall_minutes,
                     net_arch=args.net, imitate=args.imitate, imitate_games=args.imitate_games,
                     imitate_epochs=args.imitate_epochs)
    print(json.dumps({k: v for k, v in meta.items() if k != "curve"}))
    results = []
    if args.eval_games:
        for opponent in args.eval.split(","):
            if int(meta["players"]) == 1:
                results.append(evaluate_solo(args.out, opponent, args.eval_games, seed=args.eval_seed))
            else:
                results.append(evaluate(args.out, opponent, args.eval_games, seed=args.eval_seed))
            print(json.dumps(results[-1]), flush=True)
    if args.report:
        Path(args.report).write_text(json.dumps(results, indent=1))
    else:
        meta["evaluation"] = results
        Path(args.out).with_suffix(".json").write_text(json.dumps(meta, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

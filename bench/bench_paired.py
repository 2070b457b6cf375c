"""Duplicate matches: every deal played twice with the seats swapped, for a paired comparison.

python bench/bench_paired.py GAME SPEC_A SPEC_B --pairs 50 --out FILE.jsonl [--seed 7] [--solo]
python bench/bench_paired.py --summary FILE.jsonl [FILE.jsonl ...]

Two players: deal ``k`` (seed derived from ``--seed`` and ``k``) is played with SPEC_A in seat 0,
then in seat 1, so the luck of the deal falls on both sides; the mean score margin per deal and
its standard error are the paired statistic (the win rate with its 95% Wilson interval is printed
too). ``--solo`` (a one-player game): each deal is played once by each spec, the margin is SPEC_A's
score minus SPEC_B's on the same deal and a "win" is a higher score. Each game is one JSON line in
``--out`` and a rerun resumes. Spell the specs out in full
(``ismcts:sims=500,depth=8``, not ``normal``): a level's meaning can change between versions. A
benchmark, not a test: nothing here asserts anything.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from gameshelf.agents import make_agent
from gameshelf.core import derive_seed
from gameshelf.games import get_game
from gameshelf.match import run_match
from gameshelf.sim.stats import wilson


def play(game_id: str, spec_a: str, spec_b: str, pairs: int, seed: int, out: Path, solo: bool = False) -> None:
    game = get_game(game_id)
    done = {json.loads(line)["index"] for line in out.read_text().splitlines()} if out.exists() else set()
    for index in range(pairs if solo else 2 * pairs):
        if index not in done:
            row = (_solo_deal if solo else _duplicate_game)(game, spec_a, spec_b, seed, index)
            with out.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps({"index": index, "game": game_id, "a": spec_a, "b": spec_b, **row}) + "\n")


def _duplicate_game(game, spec_a: str, spec_b: str, seed: int, index: int) -> dict:
    """Game ``index``: deal ``index // 2`` with SPEC_A in seat ``index % 2``."""
    deal, seat_a = derive_seed(seed, "deal", index // 2), index % 2
    specs = (spec_a, spec_b) if seat_a == 0 else (spec_b, spec_a)
    agents = [make_agent(spec, derive_seed(seed, "agent", index, seat)) for seat, spec in enumerate(specs)]
    result = run_match(game, agents, seed=deal, clock=time.process_time)
    ranks, scores = result.outcome.ranks, result.outcome.scores
    win = 1.0 if ranks[seat_a] < ranks[1 - seat_a] else 0.5 if ranks[seat_a] == ranks[1 - seat_a] else 0.0
    return {"seat_a": seat_a, "win": win, "margin": scores[seat_a] - scores[1 - seat_a], "scores": list(scores),
            "decisions": list(result.decisions), "think": [round(t, 4) for t in result.think]}


def _solo_deal(game, spec_a: str, spec_b: str, seed: int, index: int) -> dict:
    """Deal ``index`` played alone by SPEC_A, then by SPEC_B; one row holds both (seat 0 = A)."""
    deal = derive_seed(seed, "deal", index)
    results = [run_match(game, [make_agent(spec, derive_seed(seed, "agent", index, k))], seed=deal,
                         clock=time.process_time) for k, spec in enumerate((spec_a, spec_b))]
    a, b = (r.outcome.scores[0] for r in results)
    return {"solo": True, "seat_a": 0, "win": 1.0 if a > b else 0.5 if a == b else 0.0, "margin": a - b,
            "scores": [a, b], "decisions": [r.decisions[0] for r in results],
            "think": [round(r.think[0], 4) for r in results]}


def summary(paths: list[Path]) -> Table:
    table = Table("file", "A", "B", "games", "A's win rate", "95% CI", "margin a deal (SE)",
                  "CPU a decision A / B", title="duplicate matches (each deal with the seats swapped)")
    for path in paths:
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        if not rows:
            continue
        wins = sum(row["win"] for row in rows)
        low, high = wilson(wins / len(rows), len(rows))
        solo = rows[0].get("solo", False)
        deals: dict[int, list[int]] = {}
        for row in rows:
            deals.setdefault(row["index"] if solo else row["index"] // 2, []).append(row["margin"])
        paired = [sum(m) / len(m) for m in deals.values() if solo or len(m) == 2]
        mean = sum(paired) / len(paired) if paired else math.nan
        se = (math.sqrt(sum((m - mean) ** 2 for m in paired) / (len(paired) - 1) / len(paired))
              if len(paired) > 1 else math.nan)
        per = [sum(row["think"][row["seat_a"] ^ k] / max(1, row["decisions"][row["seat_a"] ^ k])
                   for row in rows) / len(rows) for k in (0, 1)]
        table.add_row(path.name, rows[0]["a"], rows[0]["b"], str(len(rows)), f"{wins / len(rows):.1%}",
                      f"{low:.1%} – {high:.1%}", f"{mean:+.2f} ({se:.2f})",
                      f"{per[0] * 1e3:.0f} / {per[1] * 1e3:.0f} ms")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("spec_a", nargs="?")
    parser.add_argument("spec_b", nargs="?")
    parser.add_argument("--pairs", type=int, default=50, help="deals, each played twice")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, help="the JSON-lines file of the games (resumed)")
    parser.add_argument("--solo", action="store_true", help="a one-player game: each deal played by both specs")
    parser.add_argument("--summary", type=Path, nargs="+", help="print the statistics of these files")
    args = parser.parse_args()
    if args.summary:
        Console(width=160).print(summary(args.summary))
        return
    if not (args.game and args.spec_a and args.spec_b and args.out):
        parser.error("give GAME SPEC_A SPEC_B and --out, or --summary FILE ...")
    play(args.game, args.spec_a, args.spec_b, args.pairs, args.seed, args.out, args.solo)
    Console(width=160).print(summary([args.out]))


if __name__ == "__main__":
    main()

"""Accuracy by playing level: how the analysis scores each level's play, per game.

For each game and level, plays ``--games`` 2-player games of the level against ``normal`` (seats
alternate), analyses every decision of both seats at the default analysis level, and prints each
level's mean game accuracy (and the ``normal`` opponents'), with the flags per 100 decisions; then
issue 32's goals per game: random's smallest margin below its ``normal`` opponent, and each game of
``normal`` against itself (the mean of its seats).

    python bench/bench_accuracy.py --games 2 --levels random,normal --jobs 2 [--cache FILE]

``--cache`` keeps each analysed game's decisions (loss, choices, ply, value, best value) in a JSON
file, so the tables can be printed again (for another accuracy aggregate, say) without searching
again (``--table-only``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from gameshelf.agents import make_agent  # noqa: E402
from gameshelf.analysis import analyse_record  # noqa: E402
from gameshelf.analysis import review, search  # noqa: E402
from gameshelf.analysis.review import DecisionReview, SeatReview, THRESHOLDS, flag_for  # noqa: E402
from gameshelf.core.record import Record  # noqa: E402
from gameshelf.games import game_ids, get_game  # noqa: E402
from gameshelf.match import run_match  # noqa: E402

LEVELS = ("random", "easy", "greedy", "normal", "hard")

# Options for experiments: each sets a module constant of the analysis.
EXPERIMENTS = {"score_weight": (search, "SCORE_WEIGHT"), "depth": (search, "DEPTH"), "rechecks": (review, "RECHECKS"),
               "recheck_from": (review, "RECHECK"), "noise": (review, "NOISE"), "curve_k": (review, "CURVE_K"),
               "floor": (review, "HARMONIC_FLOOR")}

PLURAL = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def play(game_id: str, level: str, index: int) -> Record:
    game = get_game(game_id)
    seed = 1000 + index
    seats = [level, "normal"] if index % 2 == 0 else ["normal", level]
    agents = [make_agent(spec, seed * 10 + seat) for seat, spec in enumerate(seats)]
    return run_match(game, agents, seed=seed, seat_names=seats).record


def analyse(game_id: str, level: str, index: int, record: Record, jobs: int) -> dict:
    started = time.perf_counter()
    analysis = analyse_record(get_game(game_id), record, jobs=jobs)
    return {"game": game_id, "level": level, "index": index, "seats": list(record.seats),
            "seconds": round(time.perf_counter() - started, 1), "record": record.to_json(),
            "count": sum(len(review.decisions) for review in analysis.seats.values()),
            "decisions": {str(seat): [[d.loss, d.choices, d.ply, d.value, d.best_value] for d in review.decisions]
                          for seat, review in analysis.seats.items()}}


def seat_accuracy(decisions: list[list[float]]) -> tuple[float, dict[str, int]]:
    """A seat's accuracy and flag counts from its cached decisions: ``[loss, choices, ply, value,
    best value]`` (an older cache's ``[loss, choices]`` has no win chances: the weighted half of the
    accuracy is then a plain mean)."""
    reviews = []
    for i, decision in enumerate(decisions):
        loss, choices = decision[0], decision[1]
        value, best_value = (decision[3], decision[4]) if len(decision) >= 5 else (0.0, 0.0)
        reviews.append(DecisionReview(i, 0, "", "", value, best_value, loss, flag_for(loss), choices))
    review = SeatReview(0, "", tuple(reviews))
    return review.accuracy, review.counts()


def table(entries: list[dict]) -> None:
    print("| game | level | games | accuracy (level) | accuracy (its normal opponent) | smallest margin | "
          + " | ".join(f"{PLURAL[name]} /100" for name, _ in reversed(THRESHOLDS)) + " | analysis s (decisions) |")
    print("|---|---|---|---|---|---|" + "---|" * len(THRESHOLDS) + "---|")
    keys = sorted({(e["game"], e["level"]) for e in entries}, key=lambda k: (k[0], LEVELS.index(k[1])))
    for game_id, level in keys:
        mine, theirs, flags, decisions = [], [], {}, 0
        chosen = [e for e in entries if (e["game"], e["level"]) == (game_id, level)]
        for entry in chosen:
            seat = entry["seats"].index(level)
            accuracy, counts = seat_accuracy(entry["decisions"][str(seat)])
            mine.append(accuracy)
            theirs.append(seat_accuracy(entry["decisions"][str(1 - seat)])[0])
            decisions += len(entry["decisions"][str(seat)])
            for name, count in counts.items():
                flags[name] = flags.get(name, 0) + count
        per100 = " | ".join(f"{100 * flags.get(name, 0) / max(1, decisions):.1f}" for name, _ in reversed(THRESHOLDS))
        margin = min(t - m for m, t in zip(mine, theirs))
        seconds = statistics.mean(e["seconds"] for e in chosen)
        count = statistics.mean(e.get("count", 0) for e in chosen)
        print(f"| {game_id} | {level} | {len(mine)} | {statistics.mean(mine):.1f} | {statistics.mean(theirs):.1f} "
              f"| {margin:.1f} | {per100} | {seconds:.0f} ({count:.0f}) |")
    goals(entries)


def goals(entries: list[dict]) -> None:
    """Issue 32's goals per game: random at least 25 below its normal opponent in every game, and
    every game of normal against itself at 85 or more (the mean of its seats)."""
    print()
    print("| game | random (its normal opponent) | smallest margin | margins | normal vs normal: smallest "
          "| mean | games (mean of seats) |")
    print("|---|---|---|---|---|---|---|")
    for game_id in sorted({e["game"] for e in entries}):
        randoms = sorted((e for e in entries if e["game"] == game_id and e["level"] == "random"),
                         key=lambda e: e["index"])
        normals = sorted((e for e in entries if e["game"] == game_id and e["level"] == "normal"),
                         key=lambda e: e["index"])
        pairs = [(seat_accuracy(e["decisions"][str(e["seats"].index("random"))])[0],
                  seat_accuracy(e["decisions"][str(1 - e["seats"].index("random"))])[0]) for e in randoms]
        games = [statistics.mean(seat_accuracy(d)[0] for d in e["decisions"].values()) for e in normals]
        margins = [theirs - mine for mine, theirs in pairs]
        random_cells = (f"{statistics.mean(m for m, _ in pairs):.1f} ({statistics.mean(t for _, t in pairs):.1f}) "
                        f"| {min(margins):.1f} | {min(margins):.1f}-{max(margins):.1f}") if pairs else "- | - | -"
        normal_cells = (f"{min(games):.1f} | {statistics.mean(games):.1f} | " + ", ".join(f"{g:.1f}" for g in games)
                        ) if games else "- | - | -"
        print(f"| {game_id} | {random_cells} | {normal_cells} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--first", type=int, default=0,
                        help="the first game's index (seed 1000 + index): --first 10 plays held-out seeds 1010...")
    parser.add_argument("--levels", default="random,normal")
    parser.add_argument("--only", default="", help="comma-separated game ids (default: every game)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=None)
    parser.add_argument("--table-only", action="store_true", help="print the table from --cache, search nothing")
    parser.add_argument("--records", type=Path, default=None,
                        help="a cache of an earlier run: analyse its games again instead of playing new ones")
    parser.add_argument("--score-weight", type=float, default=None, help="the analysis's score weight (experiments)")
    parser.add_argument("--sims", type=int, default=None, help="the analysis's simulations a decision (experiments)")
    parser.add_argument("--depth", type=int, default=None,
                        help="the analysis's greedy rollout steps (-1: to the end; experiments)")
    parser.add_argument("--rechecks", type=int, default=None,
                        help="search each decision that looks costly this many more times, with other seeds, "
                             "and take the means (experiments; review.RECHECKS)")
    parser.add_argument("--recheck-from", type=float, default=None,
                        help="the first search's loss from which a decision is searched again (review.RECHECK)")
    parser.add_argument("--noise", type=float, default=None,
                        help="the curve's noise band, for the tables (experiments; review.NOISE)")
    parser.add_argument("--curve-k", type=float, default=None,
                        help="the curve's steepness a percent of loss (experiments; review.CURVE_K)")
    parser.add_argument("--floor", type=float, default=None,
                        help="a decision's least accuracy in the harmonic mean (experiments; review.HARMONIC_FLOOR)")
    args = parser.parse_args()
    for option, (module, name) in EXPERIMENTS.items():  # the analysis's settings an experiment overrides
        if getattr(args, option) is not None:
            setattr(module, name, getattr(args, option))
    if args.sims is not None:
        search.SIMS["normal"] = args.sims
    earlier = {(e["game"], e["level"], e["index"]): Record.from_json(e["record"])
               for e in (json.loads(args.records.read_text()) if args.records else []) if "record" in e}
    entries = json.loads(args.cache.read_text()) if args.cache and args.cache.exists() else []
    if not args.table_only:
        done = {(e["game"], e["level"], e["index"]) for e in entries}
        for game_id in (args.only.split(",") if args.only else game_ids()):
            for level in args.levels.split(","):
                for index in range(args.first, args.first + args.games):
                    if (game_id, level, index) in done:
                        continue
                    record = earlier.get((game_id, level, index)) or play(game_id, level, index)
                    entry = analyse(game_id, level, index, record, args.jobs)
                    entries.append(entry)
                    print(f"{game_id} {level} #{index}: analysed in {entry['seconds']} s", file=sys.stderr, flush=True)
                    if args.cache:
                        args.cache.write_text(json.dumps(entries))
    table(entries)


if __name__ == "__main__":
    main()

"""Reviewing a finished record decision by decision, from each analysed seat's own view."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Callable, Iterable, Iterator, Sequence

from gameshelf.analysis.search import analysis_agent
from gameshelf.core.chance import derive_seed
from gameshelf.core.errors import BadRecord, BadSeat
from gameshelf.core.game import Action, Game, View
from gameshelf.core.record import Record, record_states
from gameshelf.games import GAME_MODULES, get_game

# The per-decision curve: Lichess's accuracy-from-win-chance curve, with a loss up to NOISE
# counting as none (the search's values move by a few hundredths from seed to seed, so a smaller
# loss is no evidence of a worse move) and steepened from 0.04354 to 0.12 a percent of loss beyond it.
# Chosen on 8 analysed 2-player games (bench/RESULTS.md, session 15). A seat's accuracy aggregates
# the curve's values as Lichess does (game_accuracy); with both, on 80 games (issue 32, seeds
# 1000-1009), random play scores 25+ points below its normal opponent in every game and every game of
# normal against itself 85+. On seeds 1010-1019 (Borealis, Mariposas) every normal game stays 89+,
# but in one Borealis game random play is only 14 below its opponent (21 with the harmonic mean
# alone): there a random seat sometimes loses little by the analysis's estimates, and no noise band,
# steepness or aggregate tried kept both goals in all 20 Borealis games. NOISE is about two standard
# deviations of a decision's loss between analysis seeds (0.01-0.03 by game at the default budget).
CURVE_A, CURVE_K, CURVE_B, NOISE = 103.1668, 0.12, 3.1669, 0.05
# Searching again (experiments: bench/bench_accuracy.py --rechecks): each decision whose first
# search shows a loss of RECHECK or more is searched RECHECKS more times with other seeds, and its
# numbers are the means (:func:`combined`). Off by default: with it, a narrower band (0.02) gave the
# held-out Borealis games a 25.6-point margin, but only with the curve as steep as now, where one
# loss of 0.29 among 60 best moves costs a seat 68 (bench/RESULTS.md, session 22).
RECHECK, RECHECKS = 0.015, 0
HARMONIC_FLOOR = 1.0  # a decision's least accuracy in a seat's harmonic mean (game_accuracy)
# A flag is an accuracy below its bound on that curve (the worst flag first).
FLAG_ACCURACY: tuple[tuple[str, float], ...] = (("blunder", 35.0), ("mistake", 60.0), ("inaccuracy", 80.0))


def accuracy_of(loss: float) -> float:
    """A decision's accuracy in [0, 100] from its loss of expected result in [0, 1]:
    ``103.1668 * exp(-0.12 * max(0, loss - 0.05) * 100) - 3.1669``, clipped: 100 for the best move
    (and any loss within the search's noise), then falling as the loss grows."""
    return max(0.0, min(100.0, CURVE_A * math.exp(-CURVE_K * max(0.0, loss - NOISE) * 100.0) - CURVE_B))


def loss_at(accuracy: float) -> float:
    """The smallest loss at which a decision's accuracy falls to ``accuracy`` (the curve's inverse)."""
    return NOISE + math.log(CURVE_A / (accuracy + CURVE_B)) / (CURVE_K * 100.0)


# The same flags as losses: a loss at least this large falls below the flag's accuracy bound.
THRESHOLDS: tuple[tuple[str, float], ...] = tuple((name, round(loss_at(bound), 4)) for name, bound in FLAG_ACCURACY)


def flag_for(loss: float) -> str | None:
    """The flag of a decision that lost ``loss`` of expected result (None while its accuracy stays at
    80 or above): blunder below 35, mistake below 60, inaccuracy below 80."""
    accuracy = accuracy_of(loss)
    for name, bound in FLAG_ACCURACY:
        if accuracy < bound:
            return name
    return None


def volatility_weights(win_chances: Sequence[float]) -> list[float]:
    """Lichess's weights for a game's accuracy: one a decision, from ``win_chances``, the seat's
    expected result in [0, 1] before each of its n decisions and after its last (n + 1 numbers).

    A window of ``w = n // 10`` points (2 to 8) slides over the win chances; a decision's weight is
    the standard deviation (population, in percent) of the window that ends just after it, the
    first decisions sharing the first window, clipped to [0.5, 12]. So a decision made while the
    game swings weighs up to 24 times one made in a quiet, decided phase."""
    n = len(win_chances) - 1
    if n < 1:
        return []
    points = [100.0 * chance for chance in win_chances]
    size = min(max(2, n // 10), 8)
    windows = [points[:size]] * (min(size, len(points)) - 2) + [points[i:i + size]
                                                                 for i in range(len(points) - size + 1)]
    return [min(12.0, max(0.5, statistics.pstdev(window))) for window in windows[:n]]


def game_accuracy(accuracies: Sequence[float], win_chances: Sequence[float] | None = None) -> float:
    """A seat's accuracy over its decisions, Lichess's game accuracy: the mean of a
    volatility-weighted mean (:func:`volatility_weights` from ``win_chances``; a plain mean without
    them) and the harmonic mean of the decisions' accuracies (each counted as at least
    :data:`HARMONIC_FLOOR`, 1), rounded to 0.1; 100 without decisions. ``win_chances`` are n + 1
    numbers for n decisions.

    The harmonic half makes frequent large losses weigh as they do in a game (random play falls far
    below); the weighted half keeps one or two costly decisions among many good ones from dragging a
    whole seat down, as the harmonic mean alone did: one decision at accuracy 2.6 (a loss of 0.29)
    among 59 best moves left it at 61.8, here 80.1. That harmonic mean put 4 of 40 games of
    ``normal`` against itself under 85 (issue 32, bench/bench_accuracy.py, seeds 1000-1009), while
    a bot's few large losses are largely the search's noise (the costliest of many single searches):
    searched again with another seed, the ``normal`` seats' losses of 0.1 or more fell to about half
    (Borealis 0.128 to 0.070, Iwari 0.126 to 0.061), random play's hardly (0.170 to 0.151, 0.205 to 0.194).
    """
    if not accuracies:
        return 100.0
    if win_chances is None:
        weights = [1.0] * len(accuracies)
    elif len(win_chances) == len(accuracies) + 1:
        weights = volatility_weights(win_chances)
    else:
        raise ValueError(f"{len(accuracies)} decisions need {len(accuracies) + 1} win chances "
                         f"(before each and after the last), not {len(win_chances)}")
    weighted = sum(a * w for a, w in zip(accuracies, weights)) / sum(weights)
    harmonic = len(accuracies) / sum(1.0 / max(HARMONIC_FLOOR, a) for a in accuracies)
    return round((weighted + harmonic) / 2, 1)


@dataclass(frozen=True)
class DecisionReview:
    """One analysed decision: ``ply`` is its 1-based place in the record's actions."""

    ply: int
    seat: int
    action: str
    best: str
    value: float
    best_value: float
    loss: float
    flag: str | None
    choices: int
    top: tuple[tuple[str, float, int], ...] = ()

    @property
    def accuracy(self) -> float:
        return round(accuracy_of(self.loss), 1)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["accuracy"] = self.accuracy
        data["top"] = [{"action": a, "value": v, "visits": n} for a, v, n in self.top]
        return data


@dataclass(frozen=True)
class SeatReview:
    seat: int
    name: str
    decisions: tuple[DecisionReview, ...]

    @property
    def accuracy(self) -> float:
        return game_accuracy([accuracy_of(d.loss) for d in self.decisions], self.win_chances)

    @property
    def win_chances(self) -> list[float]:
        """The seat's expected result before each decision (its best action's value) and after its
        last (the value of the action taken): the series :func:`volatility_weights` reads."""
        if not self.decisions:
            return []
        return [d.best_value for d in self.decisions] + [self.decisions[-1].value]

    @property
    def average_loss(self) -> float:
        return round(sum(d.loss for d in self.decisions) / len(self.decisions), 4) if self.decisions else 0.0

    @property
    def costliest(self) -> tuple[DecisionReview, ...]:
        """The three decisions that lost the most (only those that lost anything), costliest first."""
        ranked = sorted((d for d in self.decisions if d.loss > 0), key=lambda d: (-d.loss, d.ply))
        return tuple(ranked[:3])

    def counts(self) -> dict[str, int]:
        return {name: sum(d.flag == name for d in self.decisions) for name, _ in reversed(THRESHOLDS)}

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "accuracy": self.accuracy, "average_loss": self.average_loss,
                "counts": self.counts(), "costliest": [d.to_json() for d in self.costliest],
                "decisions": [d.to_json() for d in self.decisions]}


@dataclass(frozen=True)
class Analysis:
    game: str
    players: int
    level: str
    sims: int
    seed: int
    seats: dict[int, SeatReview] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "level": self.level, "sims": self.sims,
                "seed": self.seed, "thresholds": {name: value for name, value in reversed(THRESHOLDS)},
                "flag_accuracy": {name: bound for name, bound in reversed(FLAG_ACCURACY)},
                "seats": {str(seat): review.to_json() for seat, review in self.seats.items()}}


@dataclass(frozen=True)
class DecisionJob:
    """One decision to search: everything a worker process needs, the seat's view but no state.

    ``game`` is a registered game's id (a worker looks it up: an assembled game holds modules,
    which do not pickle) or, for a game that is not registered, the game object itself.
    """

    game: Game | str
    ply: int
    seat: int
    view: View
    legal: tuple[Action, ...]
    played: Action
    level: str
    sims: int | None
    seed: int


def analyse_record(game: Game, record: Record, seats: Iterable[int] | None = None, *, level: str = "normal",
                   seed: int = 0, sims: int | None = None, jobs: int = 1,
                   progress: Callable[[int, int], None] | None = None) -> Analysis:
    """Review every decision of ``seats`` (default: all) in the finished ``record``.

    Each decision is searched from the seat's view at that moment with a seed derived from
    ``seed`` and the ply, so the result does not depend on ``jobs`` (worker processes).
    ``progress(done, total)`` is called after each decision.
    """
    agent = analysis_agent(level, 0, sims)  # validates the level and the budget
    work = list(_jobs(game, record, _seats(record, seats), level, seed, sims))
    first: list[DecisionReview] = []
    for review in _run(work, jobs):
        first.append(review)
        if progress:
            progress(len(first), len(work))
    # Searched again: every decision whose first search shows a loss of RECHECK or more.
    again = [replace(job, seed=derive_seed(job.seed, "again", k))
             for job, review in zip(work, first) if review.loss >= RECHECK for k in range(1, RECHECKS + 1)]
    more: dict[int, list[DecisionReview]] = {}
    for done, review in enumerate(_run(again, jobs), len(work) + 1):
        more.setdefault(review.ply, []).append(review)
        if progress:
            progress(done, len(work) + len(again))
    reviews: dict[int, list[DecisionReview]] = {seat: [] for seat in _seats(record, seats)}
    for review in first:
        reviews[review.seat].append(combined([review, *more.get(review.ply, [])]))
    names = record.seats or [f"seat{i}" for i in range(record.players)]
    return Analysis(game.id, record.players, level, agent.sims, seed,
                    {seat: SeatReview(seat, names[seat] if seat < len(names) else f"seat{seat}", tuple(items))
                     for seat, items in reviews.items()})


def combined(searches: Sequence[DecisionReview]) -> DecisionReview:
    """One decision searched several times (the first search first): its value and best value are
    the searches' means, its loss the difference (the mean of their losses), and its best action
    the other action most of them found best (the earliest on a tie), or the action taken when none
    found another; the top actions are the first search's."""
    if len(searches) == 1:
        return searches[0]
    first = searches[0]
    value = round(statistics.fmean(review.value for review in searches), 4)
    best_value = round(statistics.fmean(review.best_value for review in searches), 4)
    loss = round(max(0.0, best_value - value), 4)
    others = Counter(review.best for review in searches if review.best != review.action)
    best = others.most_common(1)[0][0] if loss > 0 and others else first.action
    return replace(first, value=value, best_value=best_value, loss=loss, flag=flag_for(loss), best=best)


def _seats(record: Record, seats: Iterable[int] | None) -> list[int]:
    if seats is None:
        return list(range(record.players))
    chosen = sorted(set(seats))
    for seat in chosen:
        if type(seat) is not int or not 0 <= seat < record.players:
            raise BadSeat(f"{seat!r} is not a seat of this {record.players}-player game "
                          f"(seats are 0 to {record.players - 1})")
    return chosen


def _jobs(game: Game, record: Record, seats: Sequence[int], level: str, seed: int,
          sims: int | None) -> Iterator[DecisionJob]:
    """Replay the record (verified, and finished) and yield the chosen seats' real decisions."""
    ref = game.id if game.id in GAME_MODULES and get_game(game.id) is game else game
    pending = []
    for step in record_states(game, record):  # raises BadRecord naming any action that does not replay
        state = step.state
        if step.ply == len(record.actions):
            continue  # the final state: no decision left, and the hash is checked after it
        seat, legal = game.to_act(state), game.legal_actions(state)
        if seat in seats and len(legal) > 1:
            action = game.parse_action(record.actions[step.ply])
            pending.append(DecisionJob(ref, step.ply + 1, seat, game.view(state, seat), tuple(legal), action, level,
                                       sims, derive_seed(seed, "analysis", step.ply + 1)))
    if not game.is_over(state):
        raise BadRecord(f"the record ends after {len(record.actions)} actions, before the game is over; "
                        "only a finished game can be analysed")
    yield from pending


def _run(work: list[DecisionJob], jobs: int) -> Iterator[DecisionReview]:
    if jobs <= 1 or len(work) <= 1:
        yield from map(review_decision, work)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, len(work))) as pool:
        yield from pool.map(review_decision, work, chunksize=1)


def review_decision(job: DecisionJob) -> DecisionReview:
    """Search one decision from the seat's view; the action taken gets a fifth of the budget at
    least, so its value is as well estimated as the best one's."""
    agent = analysis_agent(job.level, job.seed, job.sims)
    game = get_game(job.game) if isinstance(job.game, str) else job.game
    stats = agent.action_stats(game, job.view, job.legal, focus=job.played, focus_visits=max(10, agent.sims // 5))
    best = stats[0]
    played = next(stat for stat in stats if stat.action == job.played)
    if played.value >= best.value or not played.visits:  # the search never reached it: no verdict
        best = played
    value, best_value = round(played.value, 4), round(best.value, 4)  # the loss is what the numbers show
    loss = round(max(0.0, best_value - value), 4)
    top = tuple((str(s.action), round(s.value, 4), s.visits) for s in stats[:3])
    return DecisionReview(job.ply, job.seat, str(job.played), str(best.action), value, best_value, loss,
                          flag_for(loss), len(job.legal), top)

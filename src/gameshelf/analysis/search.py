"""The analysis search: a level's ISMCTS with the bots' rollouts, and hints from a seat's view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from gameshelf.agents import make_agent
from gameshelf.agents.ismcts import ISMCTSAgent
from gameshelf.core.errors import BadOption
from gameshelf.core.game import Action, Game, View

LEVELS = ("normal", "hard")
# Simulations a decision at each analysis level: the analysis's own, not the playing levels'. A
# value's precision keeps growing with the budget, while a bot's strength stops growing above a
# few hundred simulations (bench/RESULTS.md), so the analysis spends more than the bot it names.
SIMS = {"normal": 200, "hard": 1600}
ROLLOUT = "greedy"  # the bots' own: greedy steps for the game's depth, then the normalised heuristic
SCORE_WEIGHT = 0.1  # a finished rollout's reward: its ranks, blended with this share of the score margin
DEPTH: int | None = None  # greedy rollout steps (None: the game's hint; -1: to the end)


@dataclass(frozen=True)
class Hint:
    """One action a seat could take, with the search's estimate of the seat's expected result."""

    action: Action
    value: float
    visits: int

    def to_json(self) -> dict[str, Any]:
        return {"action": str(self.action), "value": round(self.value, 4), "visits": self.visits}


def analysis_agent(level: str = "normal", seed: int = 0, sims: int | None = None) -> ISMCTSAgent:
    """The level's ISMCTS set up for analysis, on the analysis budget (:data:`SIMS`, or ``sims``):
    the whole budget is run (no early stop) and nothing is kept between decisions."""
    if level not in LEVELS:
        raise BadOption(f"unknown analysis level {level!r}; choose one of {', '.join(LEVELS)}")
    if sims is not None and sims <= 0:
        raise BadOption("the analysis needs a positive number of simulations")
    spec = (f"{level}:early=0,reuse=0,rollout={ROLLOUT},sims={sims or SIMS[level]},per_opponent=off,"
            f"sw={SCORE_WEIGHT}" + (f",depth={DEPTH}" if DEPTH is not None else ""))
    return make_agent(spec, seed)


def hints(game: Game, view: View, legal: Sequence[Action], k: int = 3, level: str = "normal", seed: int = 0,
          sims: int | None = None) -> list[Hint]:
    """The ``k`` best of ``legal`` for the seat whose ``view`` this is, in order of value, best first.

    The ``k`` chosen are the search's most visited (its robust choices: a rarely visited action's
    mean is noise), shown in the order of their estimated values, since a reader compares the
    numbers beside them. The search sees only ``view`` (hidden parts are dealt at random from
    ``seed``), so a hint never leaks what the seat cannot see. Deterministic for a given seed.
    """
    if not legal:
        return []
    stats = analysis_agent(level, seed, sims).action_stats(game, view, legal)
    chosen = sorted(stats[:k], key=lambda stat: (-stat.value, -stat.visits))
    return [Hint(stat.action, stat.value, stat.visits) for stat in chosen]

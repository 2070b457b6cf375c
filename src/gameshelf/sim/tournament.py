"""Tournaments: many seeded games between agents, seats rotated, one result row per game.

The games run on the one batch runner (:mod:`gameshelf.sim.batch`): game ``i`` has the seed
``derive_seed(seed, "game", i)``; the agent in seat ``s`` gets ``derive_seed(game seed, "agent",
s, spec)``. Seats rotate: the lineup is the agents as given, the last one repeated up to the
player count, shifted by ``i % players`` (so agent 0 sits in seat ``i % players``); with ``N`` a
multiple of the player count every agent plays every seat equally. With several option sets (a
balance study over options), block ``i // players`` uses option set ``(i // players) %
len(option_sets)``, so every set gets whole rotations.

Results are the same for the same seed whatever the backend or number of workers, except with
agents on a time budget (``ismcts:seconds=...``), whose moves depend on the machine's speed.
"""

from __future__ import annotations

import itertools
from typing import Iterator, Mapping, Sequence

from gameshelf.core.game import Game
from gameshelf.sim import batch
from gameshelf.sim.batch import Job, ResultRow, lineup, play, resolve_game

TournamentJob = Job

__all__ = ["Job", "ResultRow", "TournamentJob", "lineup", "make_jobs", "option_sets", "play", "resolve_game",
           "run_tournament"]


def option_sets(game: Game, fixed: Mapping[str, str], vary: Mapping[str, Sequence[str]] | None = None,
                ) -> list[dict[str, str]]:
    """Every combination of the varied options' values, each on top of ``fixed``, resolved."""
    vary = dict(vary or {})
    names = sorted(vary)
    sets = []
    for values in itertools.product(*(vary[n] for n in names)):
        sets.append(game.info.options.resolve({**fixed, **dict(zip(names, values))}))
    return sets


def make_jobs(game_ref: str, agents: Sequence[str], games: int, seed: int, players: int,
              options: Sequence[Mapping[str, str]]) -> list[Job]:
    """The jobs of a tournament (seats rotated), in game order."""
    return batch.make_jobs(game_ref, agents, games, seed, players, options, rotate=True)


def run_tournament(jobs: Sequence[Job], *, backend: str = "local", workers: int | None = None,
                   address: str | None = None) -> Iterator[ResultRow]:
    """Result rows as games finish (any order; each row has its ``index``)."""
    return batch.run(jobs, backend=backend, workers=workers, address=address)

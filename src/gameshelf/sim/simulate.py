"""Seeded batches of games (``gameshelf simulate``): a tournament without seat rotation and
without a store, on the one batch runner of :mod:`gameshelf.sim.batch` (the same seeds, the same
rows). Results come in game order, identical for any number of workers and any backend."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Mapping, Sequence

from gameshelf.sim.batch import ResultRow, make_jobs, resolve_game, run


def simulate(game: str, players: int, games: int, seed: int, agents: Sequence[str] = ("random",),
             options: Mapping[str, str] | None = None, workers: int = 1,
             save_dir: str | Path | None = None, *, backend: str = "local",
             address: str | None = None) -> Iterator[ResultRow]:
    """The rows of ``games`` games, in order; each game's record is saved in ``save_dir`` if given."""
    resolved = resolve_game(game).info.options.resolve(options)
    if save_dir is not None:
        Path(save_dir).mkdir(parents=True, exist_ok=True)
    jobs = make_jobs(game, agents, games, seed, players, [resolved], rotate=False, save_dir=save_dir)
    return run(jobs, backend=backend, workers=workers, address=address, ordered=True)

"""Seeded batches of games: game i's seed derives from the batch seed and i, so results are
identical from run to run and for any number of worker processes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence

from gameshelf.agents import make_agent
from gameshelf.core.chance import derive_seed
from gameshelf.games import get_game
from gameshelf.match import run_match
from gameshelf.sim.parallel import map_local


@dataclass(frozen=True)
class GameJob:
    game: str
    players: int
    seed: int
    agents: tuple[str, ...]
    options: tuple[tuple[str, str], ...]
    save_dir: str | None = None
    index: int = 0


def game_seed(batch_seed: int, index: int) -> int:
    return derive_seed(batch_seed, "game", index)


def seat_agents(agent_specs: Sequence[str], players: int) -> tuple[str, ...]:
    """Agents by seat: the list as given, the last one repeated for the remaining seats."""
    specs = list(agent_specs) or ["random"]
    return tuple(specs[min(i, len(specs) - 1)] for i in range(players))


def play_job(job: GameJob) -> dict[str, Any]:
    """Play one game; returns its summary (and saves its record when asked)."""
    game = get_game(job.game)
    agents = [make_agent(spec, derive_seed(job.seed, "agent", seat)) for seat, spec in enumerate(job.agents)]
    result = run_match(game, agents, seed=job.seed, options=dict(job.options), seat_names=list(job.agents))
    if job.save_dir:
        path = Path(job.save_dir) / f"{job.game}-{job.index:05d}-{job.seed}.json"
        result.record.save(path)
    return result.summary()


def simulate(game: str, players: int, games: int, seed: int, agents: Sequence[str] = ("random",),
             options: dict[str, str] | None = None, workers: int = 1,
             save_dir: str | None = None) -> Iterator[dict[str, Any]]:
    """Summaries of ``games`` games, in order."""
    resolved = get_game(game).info.options.resolve(options)
    if save_dir:
        Path(save_dir).mkdir(parents=True, exist_ok=True)
    jobs = [
        GameJob(game, players, game_seed(seed, i), seat_agents(agents, players),
                tuple(sorted(resolved.items())), save_dir, i)
        for i in range(games)
    ]
    return map_local(play_job, jobs, workers)

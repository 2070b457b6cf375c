"""The one batch runner: jobs, typed result rows and one seed derivation for every batch of games.

``simulate`` and ``tournament`` are the same runner: a simulation is a tournament without seat
rotation and without a store. Game ``i`` of a batch with seed ``s`` has the seed
``derive_seed(s, "game", i)``; the agent in seat ``k`` gets ``derive_seed(game seed, "agent", k,
spec)``. Each job carries its own seeds, so the rows are the same for any backend and any number of
workers (agents on a time budget, ``ismcts:seconds=...``, excepted).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field, fields, replace
from importlib import import_module
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from gameshelf.agents import make_agent
from gameshelf.agents.registry import agents_by_seat
from gameshelf.core.chance import derive_seed
from gameshelf.core.errors import BadOption, brief
from gameshelf.core.game import Game
from gameshelf.games import get_game
from gameshelf.match import run_match
from gameshelf.sim.parallel import map_indexed

SUMMARY_KEYS = ("game", "seed", "players", "options", "seats", "scores", "winners", "ranks", "breakdown",
                "actions", "final_hash")
"""The keys of a game's one-line summary (``simulate --json``, ``replay``), in print order."""


@dataclass(frozen=True)
class Job:
    """One game of a batch: which game, its index and seed, the agent spec in each seat, options."""

    game: str
    index: int
    seed: int
    seats: tuple[str, ...]
    options: tuple[tuple[str, str], ...]
    save_dir: str | None = None

    def agent_seed(self, seat: int) -> int:
        return derive_seed(self.seed, "agent", seat, self.seats[seat])


@dataclass(frozen=True)
class ResultRow:
    """The result of one game: what the store keeps, the statistics read and ``--json`` prints."""

    index: int
    seed: int
    game: str
    players: int
    options: dict[str, str]
    seats: list[str]
    scores: list[int]
    ranks: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]]
    details: dict[str, Any]
    actions: int
    final_hash: str | None
    seconds: float = 0.0
    decisions: list[int] = field(default_factory=list)
    """Per seat: the decisions its agent made with more than one legal action."""
    think: list[float] = field(default_factory=list)
    """Per seat: the CPU seconds its agent spent on them (like ``seconds``, not reproducible)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ResultRow:
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})

    def untimed(self) -> ResultRow:
        """The row without what depends on the machine (``seconds`` and ``think``): equal for equal games."""
        return replace(self, seconds=0.0, think=[])

    def summary(self) -> dict[str, Any]:
        """The game's one-line summary: the row without its index, details and wall time."""
        return {key: getattr(self, key) for key in SUMMARY_KEYS}

    def __getitem__(self, key: str) -> Any:
        """Read access by field name, for scripts written against the former dict rows."""
        if key not in _FIELD_NAMES:
            raise KeyError(key)
        return getattr(self, key)


_FIELD_NAMES = frozenset(f.name for f in fields(ResultRow))


def resolve_game(ref: str) -> Game:
    """A registered game id, or ``package.module:NAME`` for a game object outside the registry."""
    if ":" in ref:
        module, _, attr = ref.partition(":")
        try:
            return getattr(import_module(module), attr)
        except (ImportError, AttributeError, ValueError, TypeError):
            raise BadOption(f"cannot import game object {brief(ref)}") from None
    return get_game(ref)


def game_seed(batch_seed: int, index: int) -> int:
    return derive_seed(batch_seed, "game", index)


def lineup(agents: Sequence[str], players: int, index: int, rotate: bool = True) -> tuple[str, ...]:
    """The agent spec in each seat of game ``index``: the agents as given, the last one repeated
    up to the player count, shifted by ``index % players`` when rotating (agent 0 then sits in seat
    ``index % players``)."""
    base = agents_by_seat(agents, players)
    shift = index % players if rotate else 0
    return tuple(base[(seat - shift) % players] for seat in range(players))


def make_jobs(game_ref: str, agents: Sequence[str], games: int, seed: int, players: int,
              options: Sequence[Mapping[str, str]], *, rotate: bool = True,
              save_dir: str | Path | None = None) -> list[Job]:
    """The jobs of a batch, in game order. With several option sets, block ``i // players`` uses
    set ``(i // players) % len(options)``, so every set gets whole rotations."""
    option_list = [tuple(sorted(o.items())) for o in options] or [()]
    folder = str(save_dir) if save_dir is not None else None
    return [Job(game_ref, index, game_seed(seed, index), lineup(agents, players, index, rotate),
                option_list[(index // players) % len(option_list)], folder)
            for index in range(games)]


def play(job: Job) -> ResultRow:
    """Play one game of a batch (saving its record when the job asks)."""
    game = resolve_game(job.game)
    agents = [make_agent(spec, job.agent_seed(seat)) for seat, spec in enumerate(job.seats)]
    start = time.perf_counter()
    result = run_match(game, agents, seed=job.seed, options=dict(job.options), seat_names=list(job.seats),
                       clock=time.process_time)
    seconds = time.perf_counter() - start
    if job.save_dir:
        result.record.save(Path(job.save_dir) / f"{game.id}-{job.index:05d}-{job.seed}.json")
    outcome = result.outcome
    return ResultRow(
        index=job.index, seed=job.seed, game=game.id, players=len(job.seats), options=dict(job.options),
        seats=list(job.seats), scores=list(outcome.scores), ranks=list(outcome.ranks),
        winners=list(outcome.winners), breakdown=[dict(b) for b in outcome.breakdown],
        details=dict(outcome.details), actions=len(result.record.actions), final_hash=result.final_hash,
        seconds=seconds, decisions=result.decisions, think=[round(t, 6) for t in result.think],
    )


def run(jobs: Sequence[Job], *, backend: str = "local", workers: int | None = None,
        address: str | None = None, ordered: bool = False) -> Iterator[ResultRow]:
    """Result rows of ``jobs``: as games finish, or in job order when ``ordered``."""
    finished = map_indexed(play, jobs, backend=backend, workers=workers, address=address)
    if not ordered:
        for _, row in finished:
            yield row
        return
    waiting: dict[int, ResultRow] = {}
    position = 0
    for index, row in finished:
        waiting[index] = row
        while position in waiting:
            yield waiting.pop(position)
            position += 1

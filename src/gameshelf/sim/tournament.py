"""Tournaments: many seeded games between agents, seats rotated, one result row per game.

Game ``i`` has the seed ``derive_seed(seed, "game", i)``; the agent in seat ``s`` gets
``derive_seed(game seed, "agent", s, spec)``. Seats rotate: the lineup is the agents as given,
the last one repeated up to the player count, shifted by ``i % players`` (so agent 0 sits in
seat ``i % players``); with ``N`` a multiple of the player count every agent plays every seat
equally. With several option sets (a balance study over options), block ``i // players`` uses
option set ``(i // players) % len(option_sets)``, so every set gets whole rotations.

Results are the same for the same seed whatever the backend or number of workers, except with
agents on a time budget (``ismcts:seconds=...``), whose moves depend on
the machine's speed.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Iterator, Mapping, Sequence

from gameshelf.agents import make_agent
from gameshelf.core.chance import derive_seed
from gameshelf.core.errors import BadOption
from gameshelf.core.game import Game
from gameshelf.games import get_game
from gameshelf.match import run_match
from gameshelf.sim.parallel import map_indexed


@dataclass(frozen=True)
class TournamentJob:
    game: str
    index: int
    seed: int
    seats: tuple[str, ...]
    options: tuple[tuple[str, str], ...]


def resolve_game(ref: str) -> Game:
    """A registered game id, or ``package.module:NAME`` for a game object outside the registry."""
    if ":" in ref:
        module, _, attr = ref.partition(":")
        try:
            return getattr(import_module(module), attr)
        except (ImportError, AttributeError):
            raise BadOption(f"cannot import game object {ref!r}") from None
    return get_game(ref)


def lineup(agents: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The agent spec in each seat for game ``index`` (rotated by ``index % players``)."""
    if not agents:
        raise BadOption("a tournament needs at least one agent")
    if len(agents) > players:
        raise BadOption(f"{len(agents)} agents cannot sit at a {players}-player game")
    base = [agents[min(i, len(agents) - 1)] for i in range(players)]
    shift = index % players
    return tuple(base[(seat - shift) % players] for seat in range(players))


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
              options: Sequence[Mapping[str, str]]) -> list[TournamentJob]:
    """The jobs of a tournament, in game order."""
    option_list = [tuple(sorted(o.items())) for o in options] or [()]
    jobs = []
    for index in range(games):
        chosen = option_list[(index // players) % len(option_list)]
        jobs.append(TournamentJob(game_ref, index, derive_seed(seed, "game", index),
                                  lineup(agents, players, index), chosen))
    return jobs


def play(job: TournamentJob) -> dict[str, Any]:
    """Play one tournament game; returns its result row (JSON-ready)."""
    game = resolve_game(job.game)
    agents = [make_agent(spec, derive_seed(job.seed, "agent", seat, spec)) for seat, spec in enumerate(job.seats)]
    start = time.perf_counter()
    result = run_match(game, agents, seed=job.seed, options=dict(job.options), seat_names=list(job.seats))
    outcome = result.outcome
    return {
        "index": job.index,
        "seed": job.seed,
        "game": game.id,
        "players": len(job.seats),
        "options": dict(job.options),
        "seats": list(job.seats),
        "scores": list(outcome.scores),
        "ranks": list(outcome.ranks),
        "winners": list(outcome.winners),
        "breakdown": [dict(b) for b in outcome.breakdown],
        "details": dict(outcome.details),
        "actions": len(result.record.actions),
        "final_hash": result.final_hash,
        "seconds": time.perf_counter() - start,
    }


def run_tournament(jobs: Sequence[TournamentJob], *, backend: str = "local", workers: int | None = None,
                   address: str | None = None) -> Iterator[dict[str, Any]]:
    """Result rows as games finish (any order; each row has its ``index``)."""
    for _, row in map_indexed(play, jobs, backend=backend, workers=workers, address=address):
        yield row

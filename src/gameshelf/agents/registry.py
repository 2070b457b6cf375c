"""Agent specs (``NAME[:key=value,...]``) and the factory that builds agents from them.

Agents: ``random``; ``greedy`` (samples, noise, epsilon, chain); ``ismcts`` (sims, seconds, c,
rollout, depth, width, sw, early, reuse, bias, tree, split, per_opponent, level); and the levels for
players: ``easy`` (greedy with noise), ``normal`` and ``hard`` (ismcts on a fixed simulation budget
for each other seat, which each game declares in its search hints: 125 and 1,000 unless it says
otherwise, Midnight Zoo's ``normal`` 40). The budgets sit where the search still gains strength: at
2 players it stopped growing above a few hundred simulations (4,000 against 500 won 47-57% in
three of the four games), while 1,000 against 125 wins clearly, and in Midnight Zoo, where 125
already plays like 1,000, against 40. With more players each simulation says less (more of its
moves are the other seats', played by the rollout policy), so the budget grows with them (issue
15, bench/RESULTS.md). ``hard`` splits its later decisions by what it will know then where the
game's hints say it pays, ``normal`` never, its budget being too small to fill the branches. A
fixed budget keeps a level as strong on a slow or busy machine as on a fast one and makes its games
reproducible from the seed (a tournament gives the same results on any backend); ``seconds=``
gives a level a time budget instead. A level takes the same parameters as the agent it is built
on (its ``sims=`` then counts for each other seat too; ``per_opponent=off`` makes it the whole
budget).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from gameshelf.agents.greedy import GreedyAgent
from gameshelf.agents.ismcts import LEVEL_BUDGETS, ROLLOUTS, TREES, ISMCTSAgent
from gameshelf.agents.random_agent import RandomAgent
from gameshelf.core.errors import BadNotation, BadOption, brief
from gameshelf.core.notation import parse_int


@dataclass(frozen=True)
class AgentSpec:
    name: str
    params: dict[str, str] = field(default_factory=dict)
    text: str = ""


def _random(seed: int, params: dict[str, str]) -> Any:
    _no_params("random", params, set())
    return RandomAgent(seed)


def _no_params(name: str, params: dict[str, str], allowed: set[str]) -> None:
    unknown = set(params) - allowed
    if unknown:
        raise BadOption(f"agent {name!r} has no parameter(s) {', '.join(brief(k) for k in sorted(unknown))}")


def _typed(name: str, params: dict[str, str], types: dict[str, Callable[[str], Any]]) -> dict[str, Any]:
    """Convert ``params`` by ``types`` (a name -> converter map), naming any bad one."""
    _no_params(name, params, set(types))
    values = {}
    for key, text in params.items():
        try:
            values[key] = types[key](text)
        except (ValueError, BadNotation) as exc:
            expected = exc.message if isinstance(exc, BadNotation) else f"expected {exc}"
            raise BadOption(f"agent {name!r}: bad value {brief(text)} for {key!r}: {expected}") from None
    return values


def _whole(lo: int, hi: int) -> Callable[[str], int]:
    """A whole number in ASCII digits from ``lo`` to ``hi``."""
    return lambda text: parse_int(text, what="the value", lo=lo, hi=hi)


def _real(lo: float, hi: float, *, open_low: bool = False) -> Callable[[str], float]:
    """A finite decimal number (ASCII) from ``lo`` to ``hi`` (above ``lo`` when ``open_low``)."""
    def convert(text: str) -> float:
        if len(text) > 24 or not _REAL.fullmatch(text):
            raise ValueError("a decimal number such as 0.5")
        value = float(text)
        if not (lo < value if open_low else lo <= value) or value > hi or not math.isfinite(value):
            raise ValueError(f"above {lo} and at most {hi}" if open_low else f"between {lo} and {hi}")
        return value

    return convert


_REAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,3})?", re.ASCII)


def _flag(text: str) -> bool:
    if text.lower() not in ("0", "1", "true", "false", "on", "off", "yes", "no"):
        raise ValueError("on or off")
    return text.lower() in ("1", "true", "on", "yes")


def _tree(text: str) -> str:
    if text not in TREES:
        raise ValueError(f"one of {', '.join(TREES)}")
    return text


def _level_budget(text: str) -> str:
    if text not in LEVEL_BUDGETS:
        raise ValueError(f"one of {', '.join(LEVEL_BUDGETS)}")
    return text


def _rollout(text: str) -> str:
    if text not in ROLLOUTS:
        raise ValueError(f"one of {', '.join(ROLLOUTS)}")
    return text


GREEDY_PARAMS = {"samples": _whole(1, 10_000), "noise": _real(0, 100), "epsilon": _real(0, 1),
                 "chain": _whole(0, 100)}
ISMCTS_PARAMS = {"sims": _whole(1, 100_000_000), "seconds": _real(0, 86_400, open_low=True), "c": _real(0, 100),
                 "rollout": _rollout, "depth": _whole(-1, 10_000), "width": _whole(1, 10_000),
                 "sw": _real(0, 100), "early": _flag, "reuse": _flag, "bias": _real(0, 1_000), "tree": _tree, "split": _flag,
                 "per_opponent": _flag, "level": _level_budget}
LEVELS = {
    "easy": ("greedy", {"noise": "0.5", "epsilon": "0.15"}),
    "normal": ("ismcts", {"level": "normal", "per_opponent": "on", "split": "off"}),
    "hard": ("ismcts", {"level": "hard", "per_opponent": "on"}),
}


def _greedy(seed: int, params: dict[str, str], name: str = "greedy") -> Any:
    return GreedyAgent(seed, **_typed(name, params, GREEDY_PARAMS))


def _ismcts(seed: int, params: dict[str, str], name: str = "ismcts") -> Any:
    values = _typed(name, params, ISMCTS_PARAMS)
    if "sw" in values:
        values["score_weight"] = values.pop("sw")
    return ISMCTSAgent(seed, **values)


def _level(level: str) -> Callable[[int, dict[str, str]], Any]:
    base, defaults = LEVELS[level]

    def factory(seed: int, params: dict[str, str]) -> Any:
        merged = dict(defaults)
        merged.update(params)
        return (_greedy if base == "greedy" else _ismcts)(seed, merged, level)

    return factory


def _policy(seed: int, params: dict[str, str]) -> Any:
    """A trained policy (``policy:path=model.zip``); needs the ``rl`` extra (gameshelf.rl.agent)."""
    from gameshelf.rl.agent import make_policy_agent
    return make_policy_agent(seed, params)


FACTORIES: dict[str, Callable[[int, dict[str, str]], Any]] = {
    "random": _random,
    "greedy": _greedy,
    "ismcts": _ismcts,
    **{level: _level(level) for level in LEVELS},
    "policy": _policy,
}
AGENT_NAMES = FACTORIES.keys()


def parse_agent_spec(text: str) -> AgentSpec:
    """``"ismcts:sims=200,c=1.4"`` -> AgentSpec('ismcts', {'sims': '200', 'c': '1.4'})."""
    name, _, rest = text.strip().partition(":")
    if name not in FACTORIES:
        raise BadOption(f"unknown agent {brief(name)}; known agents: {', '.join(FACTORIES)}")
    params: dict[str, str] = {}
    for pair in filter(None, rest.split(",")):
        key, sep, value = pair.partition("=")
        if not sep:
            raise BadOption(f"agent parameter {brief(pair)} in {brief(text)} is not key=value")
        params[key.strip()] = value.strip()
    return AgentSpec(name, params, text.strip())


def make_agent(spec: str | AgentSpec, seed: int) -> Any:
    if isinstance(spec, str):
        spec = parse_agent_spec(spec)
    return FACTORIES[spec.name](seed, dict(spec.params))


def level_definitions(specs: Sequence[str], game: Any) -> dict[str, list]:
    """What each level named in ``specs`` is built of in ``game`` (agent, parameters and, for a
    search, the game's search hints with the level budgets), for a stored tournament's
    configuration: games played by ``normal`` must not be resumed after the level was redefined."""
    names = sorted({parse_agent_spec(spec).name for spec in specs} & set(LEVELS))
    definitions = {}
    for name in names:
        base, params = LEVELS[name]
        definitions[name] = [base, dict(sorted(params.items()))]
        if base == "ismcts":
            definitions[name].append(game.info.search.to_json())
    return definitions


def split_agent_list(text: str) -> list[str]:
    """``"ismcts:sims=200,c=1.4,random"`` -> ``["ismcts:sims=200,c=1.4", "random"]``.

    A comma-separated piece that is a bare ``key=value`` belongs to the agent before it. Every
    spec is checked (name and parameter values); a list naming no agent is refused.
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    if not specs:
        raise BadOption(f"no agent named in {brief(text)}; known agents: {', '.join(FACTORIES)}")
    for spec in specs:
        make_agent(spec, 0)
    return specs


def agents_by_seat(specs: Sequence[str], seats: int, what: str = "agents") -> tuple[str, ...]:
    """Agents for ``seats`` seats: the list as given, the last one repeated for the remaining
    seats; more agents than seats is refused."""
    if not specs:
        raise BadOption(f"no {what} given")
    if len(specs) > seats:
        raise BadOption(f"{len(specs)} {what} cannot fill {seats} seat(s)")
    return tuple(specs[min(i, len(specs) - 1)] for i in range(seats))

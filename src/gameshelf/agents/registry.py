"""Agent specs (``NAME[:key=value,...]``) and the factory that builds agents from them.

Agents: ``random``; ``greedy`` (samples, noise, epsilon, chain); ``ismcts`` (sims, seconds, c,
rollout, depth, width, sw, early, reuse, bias); and the levels for players: ``easy`` (greedy with
noise), ``normal`` and ``hard`` (ismcts on a fixed simulation budget sized for about 0.3 s and 2 s
a decision on a 2-core machine: see ``bench/bench_agents.py``). A fixed budget keeps a level as
strong on a slow or busy machine as on a fast one and makes its games reproducible from the seed
(a tournament gives the same results on any backend); ``seconds=`` gives a level a time budget
instead. A level takes the same parameters as the agent it is built on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from gameshelf.agents.greedy import GreedyAgent
from gameshelf.agents.ismcts import ROLLOUTS, TREES, ISMCTSAgent
from gameshelf.agents.random_agent import RandomAgent
from gameshelf.core.errors import BadOption


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
        raise BadOption(f"agent {name!r} has no parameter(s) {sorted(unknown)}")


def _typed(name: str, params: dict[str, str], types: dict[str, Callable[[str], Any]]) -> dict[str, Any]:
    """Convert ``params`` by ``types`` (a name -> converter map), naming any bad one."""
    _no_params(name, params, set(types))
    values = {}
    for key, text in params.items():
        try:
            values[key] = types[key](text)
        except ValueError:
            raise BadOption(f"agent {name!r}: bad value {text!r} for {key!r}") from None
    return values


def _flag(text: str) -> bool:
    if text.lower() not in ("0", "1", "true", "false", "on", "off", "yes", "no"):
        raise ValueError(text)
    return text.lower() in ("1", "true", "on", "yes")


def _tree(text: str) -> str:
    if text not in TREES:
        raise ValueError(text)
    return text


def _rollout(text: str) -> str:
    if text not in ROLLOUTS:
        raise ValueError(text)
    return text


GREEDY_PARAMS = {"samples": int, "noise": float, "epsilon": float, "chain": int}
ISMCTS_PARAMS = {"sims": int, "seconds": float, "c": float, "rollout": _rollout, "depth": int,
                 "width": int, "sw": float, "early": _flag,
                 "reuse": _flag, "bias": float,
                 "tree": _tree}
LEVELS = {
    "easy": ("greedy", {"noise": "0.5", "epsilon": "0.15"}),
    "normal": ("ismcts", {"sims": "500"}),
    "hard": ("ismcts", {"sims": "4000"}),
}


def _greedy(seed: int, params: dict[str, str], name: str = "greedy") -> Any:
    return GreedyAgent(seed, **_typed(name, params, GREEDY_PARAMS))


def _ismcts(seed: int, params: dict[str, str], name: str = "ismcts") -> Any:
    values = _typed(name, params, ISMCTS_PARAMS)
    if "sw" in values:
        values["score_weight"] = values.pop("sw")
    for key in ("sims", "seconds"):
        if key in values and values[key] <= 0:
            raise BadOption(f"agent {name!r}: {key} must be positive")
    return ISMCTSAgent(seed, **values)


def _level(level: str) -> Callable[[int, dict[str, str]], Any]:
    base, defaults = LEVELS[level]

    def factory(seed: int, params: dict[str, str]) -> Any:
        merged = dict(defaults)
        if "seconds" in params and "sims" not in params:
            merged.pop("sims", None)
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
        raise BadOption(f"unknown agent {name!r}; known agents: {', '.join(FACTORIES)}")
    params: dict[str, str] = {}
    for pair in filter(None, rest.split(",")):
        key, sep, value = pair.partition("=")
        if not sep:
            raise BadOption(f"agent parameter {pair!r} in {text!r} is not key=value")
        params[key.strip()] = value.strip()
    return AgentSpec(name, params, text.strip())


def make_agent(spec: str | AgentSpec, seed: int) -> Any:
    if isinstance(spec, str):
        spec = parse_agent_spec(spec)
    return FACTORIES[spec.name](seed, dict(spec.params))


def split_agent_list(text: str) -> list[str]:
    """``"ismcts:sims=200,c=1.4,random"`` -> ``["ismcts:sims=200,c=1.4", "random"]``.

    A comma-separated piece that is a bare ``key=value`` belongs to the agent before it.
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    for spec in specs:
        parse_agent_spec(spec)
    return specs

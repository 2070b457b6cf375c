"""Agent specs (``NAME[:key=value,...]``) and the factory that builds agents from them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

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


FACTORIES: dict[str, Callable[[int, dict[str, str]], Any]] = {
    "random": _random,
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

"""Game options: a schema of named choices with defaults, validated in one place."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from gameshelf.core.errors import BadOption


@dataclass(frozen=True)
class Option:
    """One option: its name, its allowed values (strings), its default and a short help text."""

    name: str
    choices: tuple[str, ...]
    default: str
    help: str = ""
    rule: str | None = None

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} not among choices")


@dataclass(frozen=True)
class OptionSchema:
    options: tuple[Option, ...] = field(default_factory=tuple)

    def __iter__(self):
        return iter(self.options)

    def names(self) -> list[str]:
        return [o.name for o in self.options]

    def defaults(self) -> dict[str, str]:
        return {o.name: o.default for o in self.options}

    def resolve(self, given: Mapping[str, object] | None = None) -> dict[str, str]:
        """All options with defaults filled in; raises BadOption on an unknown name or value."""
        by_name = {o.name: o for o in self.options}
        resolved = self.defaults()
        for name, raw in (given or {}).items():
            option = by_name.get(name)
            if option is None:
                known = ", ".join(sorted(by_name)) or "none"
                raise BadOption(f"unknown option {name!r}; this game's options: {known}")
            value = _as_text(raw)
            if value not in option.choices:
                raise BadOption(
                    f"option {name!r} cannot be {value!r}; choose one of {', '.join(option.choices)}",
                    rule=option.rule,
                )
            resolved[name] = value
        return resolved


def _as_text(raw: object) -> str:
    if isinstance(raw, bool):
        return "on" if raw else "off"
    return str(raw)


def parse_assignments(pairs: Iterable[str]) -> dict[str, str]:
    """``["a=1", "b=x"]`` as a dict; raises BadOption on text without '='."""
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise BadOption(f"expected NAME=VALUE, got {pair!r}")
        result[name.strip()] = value.strip()
    return result

"""Game options: a schema of named choices with defaults, validated in one place."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from gameshelf.core.errors import BadNotation, BadOption, brief
from gameshelf.core.notation import parse_int


_ON, _OFF = {"on", "true", "yes", "1"}, {"off", "false", "no", "0"}
_NONE = {"none", "null"}


@dataclass(frozen=True)
class Option:
    """One option: its name, its allowed values (strings), its default and a short help text.

    ``integers`` optionally admits any whole number in an inclusive range besides the choices
    (which then list the usual values). On/off and true/false options read either spelling (and
    yes/no, 1/0), and an option
    with a ``none`` choice also reads null.
    """

    name: str
    choices: tuple[str, ...]
    default: str
    help: str = ""
    rule: str | None = None
    integers: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} not among choices")

    def normalize(self, raw: object) -> str:
        """The canonical value for ``raw``; raises BadOption if it is not allowed."""
        text = _as_text(self.name, raw).strip()
        if text in self.choices:
            return text
        lowered = text.lower()
        for yes, no in (("on", "off"), ("true", "false")):
            if yes in self.choices and no in self.choices and lowered in _ON | _OFF:
                return yes if lowered in _ON else no
        if "none" in self.choices and (raw is None or lowered in _NONE):
            return "none"
        if self.integers:
            try:
                return str(parse_int(text, what=self.name, lo=self.integers[0], hi=self.integers[1]))
            except BadNotation:
                pass
        allowed = ", ".join(self.choices)
        if self.integers:
            allowed += f", or a whole number {self.integers[0]}..{self.integers[1]}"
        raise BadOption(f"option {self.name!r} cannot be {brief(text)}; choose one of {allowed}", rule=self.rule)


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
                raise BadOption(f"unknown option {brief(name)}; this game's options: {known}")
            resolved[name] = option.normalize(raw)
        return resolved


def _as_text(name: str, raw: object) -> str:
    if isinstance(raw, bool):
        return "on" if raw else "off"
    if raw is None:
        return "none"
    if isinstance(raw, int):
        return str(raw) if raw.bit_length() <= 64 else "a number too large"
    if not isinstance(raw, str):
        raise BadOption(f"option {name!r} takes text or a whole number, not {type(raw).__name__}")
    return raw


def parse_assignments(pairs: Iterable[str]) -> dict[str, str]:
    """``["a=1", "b=x"]`` as a dict; raises BadOption on text without '='."""
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise BadOption(f"expected NAME=VALUE, got {brief(pair)}")
        result[name.strip()] = value.strip()
    return result

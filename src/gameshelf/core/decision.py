"""The decision model: who decides now, what kind of decision it is, and what each choice targets.

A client draws any decision of any game from a :class:`Decision` alone: the prompt (a message key
and its arguments, rendered in en/ja by the game), and for each legal action (by its notation) the
ids of the view elements it targets, so the board can highlight what may be clicked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True)
class Prompt:
    """A sentence to show the deciding seat: a key into the game's messages and its arguments."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "args": dict(self.args)}


@dataclass(frozen=True)
class Decision:
    """The pending decision: its seat, a stable ``kind`` (``<game>.<name>``), the prompt, and per
    legal action (notation) the view element ids it targets (empty when it targets nothing)."""

    seat: int
    kind: str
    prompt: Prompt
    targets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt.to_json(),
            "targets": {notation: list(ids) for notation, ids in self.targets.items()},
        }

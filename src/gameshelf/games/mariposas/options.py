"""Mariposas options: the reference names none (2-5 players is the player count, not an option)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from gameshelf.core.options import OptionSchema

SCHEMA = OptionSchema(())


@dataclass(frozen=True)
class Config:
    """The resolved options as one frozen value (Mariposas has none, so it is empty)."""

    @classmethod
    def from_options(cls, resolved: Mapping[str, str]) -> Config:
        return cls()


# (players, options) pairs the conformance suite plays: every player count.
CONFORMANCE: tuple[tuple[int, dict[str, str]], ...] = tuple((players, {}) for players in (2, 3, 4, 5))

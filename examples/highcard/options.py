"""High Card's options: one, to show the pattern (schema -> one frozen Config)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from gameshelf.core.options import Option, OptionSchema

SCHEMA = OptionSchema((
    Option("tie_scores", ("off", "on"), "off", "a card equal to the last one also scores", "H2"),
))


@dataclass(frozen=True)
class Config:
    tie_scores: bool

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> Config:
        return cls(tie_scores=options["tie_scores"] == "on")


CONFORMANCE = [(2, {}), (3, {}), (2, {"tie_scores": "on"})]

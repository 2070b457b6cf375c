"""High Card's options: one, to show the pattern (schema -> one frozen Config)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from gameshelf.core.options import Option, OptionSchema

SCHEMA = OptionSchema((
    Option("lower_scores", ("off", "on"), "off", "a card scores when LOWER than the last one", "H2"),
))


@dataclass(frozen=True)
class Config:
    lower_scores: bool

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> Config:
        return cls(lower_scores=options["lower_scores"] == "on")


CONFORMANCE = [(2, {}), (3, {}), (2, {"lower_scores": "on"})]

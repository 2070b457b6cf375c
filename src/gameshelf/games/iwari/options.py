"""Iwari options (reference 2.6; ruling A9, revised 2026-12-01, as ``third_tribe_ends_game``).

Help texts, en and ja, live in data/options.yaml (``HELP``); the schema carries the en text.
``Config.from_options`` turns resolved options into the one frozen value the rules read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from gameshelf.core.data import load_yaml
from gameshelf.core.options import Option, OptionSchema
from gameshelf.games.iwari.catalog import DATA

HELP = load_yaml(DATA / "options.yaml")

SCHEMA = OptionSchema((
    Option("map", ("A", "B", "floating_continent", "ice_land", "long_road"), "A", HELP["map"]["en"], "R65"),
    Option("initial_hand", ("random", "guaranteed_wild", "draft"), "random", HELP["initial_hand"]["en"], "R69"),
    Option("feats", ("on", "off"), "on", HELP["feats"]["en"], "R47"),
    Option("expeditions", ("on", "off"), "off", HELP["expeditions"]["en"], "R60"),
    Option("third_tribe_ends_game", ("on", "off"), "off", HELP["third_tribe_ends_game"]["en"], "R38"),
))


@dataclass(frozen=True)
class Config:
    """The resolved options as the rules read them (one frozen value, shared by copies)."""

    map: str
    initial_hand: str
    feats: bool
    expeditions: bool
    third_tribe_ends_game: bool

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> Config:
        return cls(options["map"], options["initial_hand"], options["feats"] == "on",
                   options["expeditions"] == "on", options["third_tribe_ends_game"] == "on")

    def to_options(self) -> dict[str, str]:
        """The option strings back (for views, positions and records)."""
        on = {True: "on", False: "off"}
        return {"map": self.map, "initial_hand": self.initial_hand, "feats": on[self.feats],
                "expeditions": on[self.expeditions], "third_tribe_ends_game": on[self.third_tribe_ends_game]}


CONFORMANCE = [
    (2, {}), (3, {}), (4, {}), (5, {}),
    (3, {"map": "B"}), (5, {"map": "B"}),
    (2, {"map": "floating_continent"}), (4, {"map": "floating_continent"}),
    (3, {"map": "ice_land"}), (5, {"map": "ice_land"}),
    (2, {"map": "long_road"}), (4, {"map": "long_road"}),
    (3, {"initial_hand": "guaranteed_wild"}), (2, {"initial_hand": "draft"}),
    (5, {"initial_hand": "draft"}),
    (4, {"feats": "off"}), (2, {"feats": "off"}),
    (3, {"expeditions": "on"}), (2, {"expeditions": "on", "map": "B"}),
    (2, {"third_tribe_ends_game": "on"}),
]

"""Iwari options (reference 2.6; ruling A9, revised 2026-12-01, as ``third_tribe_ends_game``).

Help texts, en and ja, live in data/options.yaml (``HELP``); the schema carries the en text.
"""

from __future__ import annotations

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

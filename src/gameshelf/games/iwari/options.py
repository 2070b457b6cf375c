"""Iwari options (reference 2.6; ruling A9 as ``third_tribe_ends_game``)."""

from __future__ import annotations

from gameshelf.core.options import Option, OptionSchema

SCHEMA = OptionSchema((
    Option("map", ("A", "B", "floating_continent", "ice_land", "long_road"), "A",
           "board: A New Horizons, B The Vast Lands, or a special board (R65-R68)", "R65"),
    Option("initial_hand", ("random", "guaranteed_wild", "draft"), "random",
           "how starting hands are formed (R69-R71)", "R69"),
    Option("feats", ("on", "off"), "on", "feat tokens unity/discovery/honor/awe (R47-R59)", "R47"),
    Option("expeditions", ("on", "off"), "off", "three face-up expedition cards (R60-R64)", "R60"),
    Option("third_tribe_ends_game", ("on", "off"), "on",
           "2 players: the third tribe's 20th tent ends the game (A9, R38)", "R38"),
))

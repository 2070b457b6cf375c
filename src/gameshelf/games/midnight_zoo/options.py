"""Midnight Zoo options: the variability module (R87-R93) and the rulings the reference makes
configurable (A7, A9, A11, A16), with the reference's names and values, resolved into one frozen
:class:`Config`. Help texts en/ja live in data/labels.yaml (``options``); the schema carries the
English one."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

from gameshelf.core.data import load_yaml
from gameshelf.core.options import Option, OptionSchema

from .catalog import DATA

OPTION_HELP = load_yaml(DATA / "labels.yaml")["options"]


def _help(name: str) -> str:
    return OPTION_HELP[name]["en"]


def option_help(name: str, lang: str = "en") -> str:
    """An option's help text in ``lang`` (en/ja)."""
    texts = OPTION_HELP[name]
    return texts.get(lang, texts["en"])


SCHEMA = OptionSchema((
    Option("variability_cards", ("off", "on"), "off",  # the core also reads true/false
           _help("variability_cards"), rule="R87"),
    Option("snake_turn", ("quarter_turn", "any_direction_one_move"), "quarter_turn",
           _help("snake_turn"), rule="A11"),
    Option("dark_pair_mode", ("three_pairs", "single_pair_choose_reward"), "three_pairs",
           _help("dark_pair_mode"), rule="A7"),
    # "false"/"true" are the reference's values; the core also reads on/off and Python bools.
    # A9 revised 2026-12-01: compulsory per animal by default.
    Option("forced_group_moves", ("false", "true"), "true", _help("forced_group_moves"), rule="A9"),
    Option("butterfly_zero_pollen_vp", ("0", "1", "5"), "0",
           _help("butterfly_zero_pollen_vp"), rule="A16", integers=(0, 11)),
))


@dataclass(frozen=True)
class Config:
    """The resolved options as flags (shared by every copy of a state, never copied)."""

    variability: bool
    snake_any: bool
    single_pair: bool
    forced: bool
    zero_pollen_vp: int
    options: tuple[tuple[str, str], ...]

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> Config:
        """From resolved options (every name present, canonical values); one object per set."""
        return _config(tuple((name, options[name]) for name in SCHEMA.names()))


@lru_cache(maxsize=64)
def _config(items: tuple[tuple[str, str], ...]) -> Config:
    options = dict(items)
    return Config(options["variability_cards"] == "on", options["snake_turn"] == "any_direction_one_move",
                  options["dark_pair_mode"] == "single_pair_choose_reward",
                  options["forced_group_moves"] == "true", int(options["butterfly_zero_pollen_vp"]), items)


CONFORMANCE = [(players, options) for players in (1, 2, 3, 4) for options in ({}, {"variability_cards": "on"})] + [
    (2, {"snake_turn": "any_direction_one_move"}),
    (2, {"dark_pair_mode": "single_pair_choose_reward"}),
    (3, {"dark_pair_mode": "single_pair_choose_reward", "variability_cards": "on"}),
    (2, {"forced_group_moves": "false"}),
    (1, {"forced_group_moves": "false", "butterfly_zero_pollen_vp": "1"}),
    (4, {"snake_turn": "any_direction_one_move", "variability_cards": "on",
         "forced_group_moves": "false", "butterfly_zero_pollen_vp": "5"}),
]

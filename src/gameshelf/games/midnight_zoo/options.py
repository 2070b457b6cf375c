"""Midnight Zoo options: the variability module (R87-R93) and the rulings the reference makes
configurable (A7, A9, A11, A16), with the reference's names and values."""

from __future__ import annotations

from gameshelf.core.options import Option, OptionSchema

SCHEMA = OptionSchema((
    Option("variability_cards", ("off", "on"), "off",  # the core also reads true/false
           "cover the dark pairs with your colour's variability cards", rule="R87"),
    Option("snake_turn", ("quarter_turn", "any_direction_one_move"), "quarter_turn",
           "a snake's turn: 90 degrees per move, or any facing for one move", rule="A11"),
    Option("dark_pair_mode", ("three_pairs", "single_pair_choose_reward"), "three_pairs",
           "three printed dark pairs with fixed rewards, or one pair with a chosen reward", rule="A7"),
    # "false"/"true" are the reference's values; the core also reads on/off and Python bools.
    Option("forced_group_moves", ("false", "true"), "false",
           "must every eligible animal move in special and end-of-round moves", rule="A9"),
    Option("butterfly_zero_pollen_vp", ("0", "1", "5"), "0",
           "VP of a butterfly with no pollen in the zoo", rule="A16", integers=(0, 11)),
))


"""Option schemas and tie-aware ranking."""

import pytest

from gameshelf.core import BadOption, Option, OptionSchema, rank_players
from gameshelf.core.options import parse_assignments

SCHEMA = OptionSchema((Option("side", ("I", "II"), "I"), Option("feats", ("on", "off"), "on")))


def test_defaults_are_filled_in():
    assert SCHEMA.resolve({"side": "II"}) == {"side": "II", "feats": "on"}


def test_booleans_read_as_on_off():
    assert SCHEMA.resolve({"feats": False})["feats"] == "off"


def test_unknown_option_names_the_known_ones():
    with pytest.raises(BadOption, match="side"):
        SCHEMA.resolve({"sides": "I"})


def test_bad_value_lists_the_choices():
    with pytest.raises(BadOption, match="I, II"):
        SCHEMA.resolve({"side": "III"})


def test_default_must_be_a_choice():
    with pytest.raises(ValueError):
        Option("x", ("a",), "b")


def test_parse_assignments():
    assert parse_assignments(["a=1", " b = x "]) == {"a": "1", "b": "x"}
    with pytest.raises(BadOption):
        parse_assignments(["novalue"])


def test_ranks_share_ties_and_skip_places():
    assert rank_players([(10,), (12,), (10,), (3,)]) == (2, 1, 2, 4)


def test_ranks_use_tie_breaker_keys_in_order():
    assert rank_players([(10, 1), (10, 2), (9, 9)]) == (2, 1, 3)


def test_on_off_options_read_true_false_yes_no():
    assert SCHEMA.resolve({"feats": "TRUE"})["feats"] == "on"
    assert SCHEMA.resolve({"feats": "no"})["feats"] == "off"
    with pytest.raises(BadOption):
        SCHEMA.resolve({"side": "true"})


def test_integer_options_take_any_whole_number_in_range_and_none():
    cap = OptionSchema((Option("cap", ("10", "100", "none"), "100", integers=(1, 500)),))
    assert cap.resolve({"cap": "007"}) == {"cap": "7"}
    assert cap.resolve({"cap": None}) == {"cap": "none"}
    assert cap.resolve({"cap": "null"}) == {"cap": "none"}
    with pytest.raises(BadOption, match="1..500"):
        cap.resolve({"cap": "501"})


def test_true_false_options_read_on_off_and_bools():
    flag = OptionSchema((Option("forced", ("false", "true"), "false"),))
    assert flag.resolve({"forced": True}) == {"forced": "true"}
    assert flag.resolve({"forced": "off"}) == {"forced": "false"}

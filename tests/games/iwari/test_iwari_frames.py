"""Iwari's decision frames (decisions.py) and the one rules table that maps each to its legal
actions, how each action applies and why it is illegal (rules.py)."""

import ast
from pathlib import Path

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.iwari import GAME, decisions, rules
from gameshelf.games.iwari.actions import Decline, Done, Draw, Exchange, PlaceFeat, Target, Tent, Totem
from iwari_helpers import P1, new, play, turn


def test_every_frame_has_one_entry_in_the_rules_table():
    assert set(rules.RULES) == set(decisions.FRAMES) == set(decisions.KINDS.values())
    for frame, phase in rules.RULES.items():
        assert set(phase.apply) == set(phase.why), frame.kind  # an action it applies, it can refuse


def test_every_action_type_is_taken_by_some_frame():
    taken = {action for phase in rules.RULES.values() for action in phase.apply}
    assert taken == {Exchange, Target, Tent, Totem, Done, Draw, PlaceFeat, Decline} == set(rules.ACTION_TYPES)


def test_each_frame_names_its_kind_and_rule():
    for frame in decisions.FRAMES:
        assert frame.kind.startswith("iwari.") and frame.rule[0] == "R", frame


def test_decisions_import_nothing_from_the_rules():
    """The decision is built generically (core.frames.decision_of): decisions.py is data and
    display only, so rules -> decisions is the one direction."""
    tree = ast.parse(Path(decisions.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(name and name.startswith("gameshelf.games.iwari.rules") for name in imported)
    assert not hasattr(decisions, "decision")


@pytest.mark.parametrize("text,kind,rule", [("done", "iwari.choose_action", "R11"),
                                            ("exchange t", "iwari.place_pieces", "R16"),
                                            ("place N02", "iwari.draw", "R29")])
def test_an_action_the_frame_does_not_take_names_the_frames_rule(text, kind, rule):
    state = turn(new(3), P1, "ttc")
    if kind != "iwari.choose_action":
        play(state, "place N01")
    if kind == "iwari.draw":
        play(state, "tent n01 t", "done")
    assert state.pending[-1].kind == kind
    with pytest.raises(IllegalAction) as refused:
        GAME.checked_apply(state, text)
    assert refused.value.rule == rule and kind in refused.value.message

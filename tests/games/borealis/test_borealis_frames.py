"""Borealis decision frames (reference 4.10) and the rules' one dispatch table: every kind of
decision has its legal actions, its apply and its refusal, and the frames know nothing of the rules."""

import ast
from pathlib import Path

import pytest

from borealis_helpers import edit, ready
from gameshelf.core.frames import Frame, frame_from_json, frame_to_json
from gameshelf.games.borealis import GAME, decisions
from gameshelf.games.borealis.decisions import KINDS, Mulligan, RegroupDiscard, mulligan, stack_of
from gameshelf.games.borealis.rules import PHASES


def test_every_decision_kind_has_one_phase_in_the_dispatch_table():
    assert set(PHASES) == set(KINDS.values())
    assert all(issubclass(cls, Frame) and cls.rule for cls in KINDS.values())


def test_the_decision_frames_import_nothing_from_the_rules():
    tree = ast.parse(Path(decisions.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not [name for name in imported if name and "rules" in name]


def test_frames_are_interned_and_read_back_from_json():
    """The rules share one-element stacks; a frame read from JSON finds the same stack."""
    assert mulligan(1, 2) is mulligan(1, 2)
    for frame in (Mulligan(1, 2), RegroupDiscard(0, 1), *(cls(0) for cls in KINDS.values())):
        again = frame_from_json(frame_to_json(frame), KINDS)
        assert again == frame and stack_of(again) == (frame,)
    assert stack_of(Mulligan(0, 2)) is mulligan(0, 2)


@pytest.mark.parametrize("frame, action, words, rule", [
    ({"kind": "borealis.choose_action"}, "done", "now is play CARD L|C|R or regroup, not done", "R3"),
    ({"kind": "borealis.mulligan", "discarded": 0}, "regroup", "now is a mulligan discard or done, not regroup",
     "A19"),
    ({"kind": "borealis.regroup_discard", "discarded": 0}, "to C", "finish the regroup discards first (done)", "R21"),
    ({"kind": "borealis.regroup_location"}, "deck", "now is to L|C|R, not deck", "R24"),
])
def test_an_action_of_another_decision_is_refused_naming_the_decision(frame, action, words, rule):
    """Each decision's entry in the table says what it asks for (R3, A19, R21, R24)."""
    def change(data):
        data["pending"] = [{**frame, "seat": 0}]
        data["seats"][0]["camps"]["LEFT_CAMP"] = ["YELLOW"]   # a regroup location needs a camp scientist (R25)
        data["seats"][0]["locations"]["LEFT"]["scientists"].remove("YELLOW")
    s = edit(ready(2), change)
    error = GAME.why_illegal(s, GAME.parse_action(action))
    assert (error.message, error.rule) == (words, rule)

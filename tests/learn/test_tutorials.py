"""Issue 33, tutorials: every step of every game's tutorial is played through the engine; the
texts exist in en and ja and cite a rule of the game's reference; a move is judged as the brief
says (the intended one goes on, another legal one gets the step's why, an illegal one the engine's
reason); and nothing but the learner's view leaves a step."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gameshelf.core.errors import BadData, BadOption
from gameshelf.games import game_ids, get_game
from gameshelf.learn import tutorial as tut
from gameshelf.learn.api import step_json

DOCS = Path(__file__).parents[2] / "docs" / "rules"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_step_is_played_through_the_engine(game_id):
    """Positions valid, the learner decides at every step, intended moves and replies legal."""
    tutorial = tut.load_tutorial(game_id)
    game = get_game(game_id)
    assert tut.MIN_STEPS <= len(tutorial.steps) <= tut.MAX_STEPS
    states = tut.walk(tutorial)
    assert len(states) == len(tutorial.steps)
    for index, (step, state) in enumerate(zip(tutorial.steps, states)):
        game.check_invariants(state)
        assert game.to_act(state) == tutorial.seat
        if step.any:
            assert index == len(tutorial.steps) - 1 or tutorial.steps[index + 1].position is not None
            for action in game.legal_actions(state)[:3]:
                assert tut.judge(tutorial, index, str(action)).ok
        else:
            assert game.parse_action(step.move) in game.legal_actions(state)
            verdict = tut.judge(tutorial, index, step.move)
            assert verdict.ok and verdict.kind == "intended"


@pytest.mark.parametrize("game_id", game_ids())
def test_texts_in_both_languages_cite_a_rule_of_the_reference(game_id):
    tutorial = tut.load_tutorial(game_id)
    reference = (DOCS / f"{game_id}.md").read_text(encoding="utf-8")
    for lang in ("en", "ja"):
        assert tutorial.intro[lang] and tutorial.outro[lang]
    for step in tutorial.steps:
        assert re.fullmatch(r"[RA]\d+", step.rule), step.rule
        assert re.search(rf"\b{step.rule}\b", reference), f"{step.rule} is not in docs/rules/{game_id}.md"
        for lang in ("en", "ja"):
            assert step.text[lang].strip()
            if not step.any:
                assert step.why[lang].strip()
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", step.text["ja"]), "the ja text is Japanese"


def _other_legal(tutorial, index):
    game = get_game(tutorial.game)
    step = tutorial.steps[index]
    return next((str(a) for a in game.legal_actions(tut.state_at(tutorial, index)) if str(a) != step.move), None)


@pytest.mark.parametrize("game_id", game_ids())
def test_another_legal_move_is_answered_with_the_steps_why(game_id):
    tutorial = tut.load_tutorial(game_id)
    index = next(i for i, s in enumerate(tutorial.steps) if not s.any and _other_legal(tutorial, i))
    for lang in ("en", "ja"):
        verdict = tut.judge(tutorial, index, _other_legal(tutorial, index), lang)
        assert not verdict.ok and verdict.kind == "other"
        assert verdict.message == tutorial.steps[index].why[lang]


def test_an_illegal_move_gets_the_engines_reason_and_bad_notation_a_clear_answer():
    tutorial = tut.load_tutorial("midnight_zoo")
    illegal = tut.judge(tutorial, 1, "take 1")  # step 2 places the drafted tile: drafting again is illegal
    assert not illegal.ok and illegal.kind == "illegal" and "not allowed" in illegal.message
    for text in ("", "   ", "fly to the moon", 42, None):
        verdict = tut.judge(tutorial, 0, text, "ja")
        assert not verdict.ok and verdict.kind == "notation" and verdict.message


def test_a_step_number_out_of_range_is_a_clear_error():
    tutorial = tut.load_tutorial("iwari")
    for bad in (-1, len(tutorial.steps), "1", True):
        with pytest.raises(BadOption, match="steps 1 to"):
            tut.state_at(tutorial, bad)


def test_the_shape_of_a_tutorial_is_checked():
    good = tut.load_tutorial("iwari")
    steps = [{"rule": s.rule, "text": dict(s.text), "move": s.move, "why": dict(s.why) if s.why else None,
              "any": s.any} for s in good.steps]
    steps = [{k: v for k, v in s.items() if v is not None} for s in steps]
    steps[0]["position"] = dict(good.steps[0].position)
    base = {"seat": 0, "intro": dict(good.intro), "outro": dict(good.outro)}
    assert len(tut.parse_tutorial("iwari", {**base, "steps": steps}).steps) == len(steps)
    no_ja = [dict(steps[0], text={"en": "only English"}), *steps[1:]]
    with pytest.raises(BadData, match="both en and ja"):
        tut.parse_tutorial("iwari", {**base, "steps": no_ja})
    loose_any = [steps[0], {k: v for k, v in steps[1].items() if k != "move"} | {"any": True}, *steps[2:]]
    with pytest.raises(BadData, match="any move"):
        tut.parse_tutorial("iwari", {**base, "steps": loose_any})
    with pytest.raises(BadData, match="10 to 25"):
        tut.parse_tutorial("iwari", {**base, "steps": steps[:3]})


def test_a_wrong_move_in_the_data_is_caught_naming_the_step():
    good = tut.load_tutorial("iwari")
    broken = tut.Tutorial(good.game, good.seat,
                          (good.steps[0], tut.Step(good.steps[1].text, "R19", "tent n01 t", good.steps[1].why),
                           *good.steps[2:]), good.intro, good.outro)
    with pytest.raises(BadData, match="step 2"):
        tut.walk(broken)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_step_sends_the_learners_view_only(game_id):
    """Hidden information stays on the server: the other seat's hand, the deck, the chance stream."""
    tutorial = tut.load_tutorial(game_id)
    game = get_game(game_id)
    body = step_json(tutorial, 0, "en")
    state = tut.state_at(tutorial, 0)
    assert body["view"] == game.view(state, tutorial.seat)
    assert "position" not in body and "chance" not in body and "seed" not in body
    assert body["legal"] and all(a["label"] for a in body["legal"])

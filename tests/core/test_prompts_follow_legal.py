"""Prompts follow the legal actions: a decision with one legal action names that action, in en and ja."""

from __future__ import annotations

import random

import pytest

from gameshelf.games import get_game, game_ids


def _single_choice_states(game_id: str, seed: int):
    game = get_game(game_id)
    state, rnd = game.setup(2, {"max_rounds": "10"} if game_id == "borealis" else {}, seed), random.Random(seed)
    while not game.is_over(state):
        legal = game.legal_actions(state)
        if len(legal) == 1:
            yield game, game.copy(state), legal[0]
        game.apply(state, rnd.choice(legal))


def test_iwari_does_not_offer_placing_a_piece_when_only_ending_the_placement_is_legal():
    """Defect: "place a piece of Ann in Kansas City, or end the placement" with only End legal."""
    game, state, only = next(_single_choice_states("iwari", 0))
    names = ["Ann", "Bob"]
    en = game.prompt_text(game.decision(state), names, "en")
    ja = game.prompt_text(game.decision(state), names, "ja")
    assert "place a piece" not in en and game.action_label(only, "en") in en
    assert "置くか" not in ja and game.action_label(only, "ja") in ja


@pytest.mark.parametrize("game_id", game_ids())
def test_a_single_legal_action_is_what_the_prompt_names(game_id):
    names = ["Ann", "Bob"]
    seen = 0
    for seed in range(2):
        for game, state, only in _single_choice_states(game_id, seed):
            for lang in ("en", "ja"):
                assert game.action_label(only, lang) in game.prompt_text(game.decision(state), names, lang)
            seen += 1
    assert seen, f"no single-choice decision in two {game_id} games"


def test_a_decision_with_several_choices_keeps_the_games_prompt():
    game = get_game("iwari")
    state = game.setup(2, {}, 1)
    assert game.decision(state).prompt.key == "decision.choose_action"


@pytest.mark.parametrize("lang,words", [("en", "row 12, column 2"), ("ja", "12行2列")])
def test_mariposas_spaces_read_by_the_maps_row_and_column_not_the_notation(lang, words):
    """Nothing raw: "Step to r12c02" and "lands on r12c02" read "row 12, column 2" (the numbers the
    map prints by its rows and columns), in the menu and in the log."""
    from gameshelf.core.game import Event
    from gameshelf.games.mariposas.actions import Step
    from gameshelf.games.mariposas.catalog import CAT

    game = get_game("mariposas")
    label = game.action_label(Step(CAT.space_ids.index("r12c02")), lang)
    log = game.describe(Event("land", {"player": 0, "gen": 1, "space": "r12c02"}), ["Ann", "Bob"], lang)
    assert words in label and words in log and "r12c02" not in label + log


@pytest.mark.parametrize("lang,words", [("en", "row 1, column 4"), ("ja", "1行4列")])
def test_midnight_zoo_district_spaces_read_as_rows_and_columns(lang, words):
    """Nothing raw: "Space 0,3" and "places G25 on 0,3" read as a row and a column counted from 1."""
    from gameshelf.core.game import Event

    game = get_game("midnight_zoo")
    label = game.action_label(game.parse_action("at 0,3"), lang)
    log = game.describe(Event("placed", {"seat": 0, "tile": "G25", "cell": "0,3"}), ["Ann", "Bob"], lang)
    assert words in label and words in log and "0,3" not in label + log

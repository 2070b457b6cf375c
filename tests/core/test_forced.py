"""Forced choices: one legal action that reveals nothing new is played for a person; one that draws is not."""

from __future__ import annotations

import random

from gameshelf.core.forced import forced_action
from gameshelf.games import get_game


def _single_choice_states(game_id: str, seed: int, options=None):
    """Each state of a random game where the seat to act has exactly one legal action."""
    game = get_game(game_id)
    state, rnd = game.setup(2, options or {}, seed), random.Random(seed)
    while not game.is_over(state):
        legal = game.legal_actions(state)
        if len(legal) == 1:
            yield game, game.copy(state)
        game.apply(state, rnd.choice(legal))


def test_ending_the_iwari_placement_when_it_is_the_only_choice_is_forced():
    game, state = next(_single_choice_states("iwari", 0))
    assert forced_action(game, state) == game.legal_actions(state)[0]
    assert str(forced_action(game, state)) == "done"


def test_a_single_choice_that_draws_cards_is_not_played_for_the_person():
    """Borealis: ending the regroup's discard draws new cards (an event only the drawer may read):
    the person sees that moment themselves, so it is not forced; the other single choices are."""
    drawing, quiet = [], []
    for game, state in _single_choice_states("borealis", 0, {"max_rounds": "10"}):
        events = game.apply(game.copy(state), game.legal_actions(state)[0])
        reveals = any(e.audience is not None or e.hidden_from for e in events)
        (drawing if reveals else quiet).append(forced_action(game, state))
    assert drawing and all(action is None for action in drawing)
    assert quiet and all(action is not None for action in quiet)


def test_a_decision_with_several_choices_is_never_forced():
    game = get_game("iwari")
    state = game.setup(2, {}, 1)
    assert len(game.legal_actions(state)) > 1 and forced_action(game, state) is None

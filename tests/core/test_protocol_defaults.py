"""The protocol's defaults: the undo rule (no chance drawn, nothing private revealed) and the decision prompt."""

from gameshelf.core import Event
from tests.core.toygame import GAME


def test_an_action_that_draws_a_card_cannot_be_undone():
    state = GAME.setup(2, None, 5)
    before = GAME.copy(state)
    events = GAME.apply(state, GAME.legal_actions(state)[0])
    assert not GAME.can_undo(before, state, events)


def test_an_action_without_chance_or_private_events_can_be_undone():
    state = GAME.setup(2, None, 5)
    before = GAME.copy(state)
    assert GAME.can_undo(before, GAME.copy(state), [Event("play", {"seat": 0, "card": 3})])


def test_a_private_event_blocks_undo_even_without_chance():
    state = GAME.setup(2, None, 5)
    private = Event("draw", {"seat": 0, "card": 3}, audience=frozenset({0}))
    assert not GAME.can_undo(state, GAME.copy(state), [private])


def test_the_default_decision_prompt_names_the_seat_in_both_languages():
    state = GAME.setup(2, None, 5)
    decision = GAME.decision(state)
    assert decision.kind == "toy.turn" and decision.seat == 0
    assert GAME.prompt_text(decision, ["Ann", "Bo"], "en") == "Ann: choose an action."
    assert GAME.prompt_text(decision, ["Ann", "Bo"], "ja").startswith("Ann")

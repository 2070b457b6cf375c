"""Verbs own their notation: each declares its arguments' domains and prints its actions, so one
place formats and one parses. For every verb of every game (the four built-in ones and High Card),
every token combination of its domains parses to an action that prints back as the same text, and
every action random play produces is printed by its verb and listed by the grammar."""

from __future__ import annotations

import random

import pytest

from highcard import GAME as HIGHCARD
from gameshelf.core.errors import BadOption
from gameshelf.core.notation import Grammar, Verb
from gameshelf.games import all_games

GAMES = [*all_games(), HIGHCARD]
GAME_IDS = [game.id for game in GAMES]


def resolved_configs(game):
    return [(players, dict(game.info.options.resolve(game.setup_options(players, options))))
            for players, options in game.conformance_configs()]


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_every_verb_of_every_game_round_trips_over_its_domains(game):
    grammar = game.grammar
    assert grammar is not None and game.parse_action == grammar.parse
    for players, options in resolved_configs(game):
        for verb in grammar.verbs.values():
            tokens = verb.tokens(players, options)
            assert len(tokens) == len(verb.args) and all(tokens), (verb.word, players, options)
            texts = list(verb.notations(players, options))
            assert len(texts) == len(set(texts)) > 0
            for text in texts:
                action = grammar.parse(text)
                assert str(action) == text, (text, str(action))
                assert str(action).split()[0] == verb.word
        every = grammar.notations(players, options)
        assert len(every) == len(set(every)) == sum(len(list(v.notations(players, options)))
                                                    for v in grammar.verbs.values())


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_every_example_round_trips(game):
    for verb in game.grammar.verbs.values():
        assert str(game.grammar.parse(verb.example)) == verb.example


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_every_action_of_random_play_is_listed_by_the_grammar(game):
    rng = random.Random(3)
    for players, options in resolved_configs(game)[:4]:
        listed = set(game.grammar.notations(players, options))
        state = game.setup(players, options, 11)
        moves = 0
        while not game.is_over(state) and moves < 400:
            legal = game.legal_actions(state)
            for action in legal:
                text = str(action)
                assert text in listed, (players, options, text)
                assert game.parse_action(text) == action
            game.apply(state, rng.choice(legal))
            moves += 1


def test_a_verb_prints_its_word_and_arguments():
    verb = Verb("move", ("from", "to"), lambda a, b: (a, b), "move 1 2", domains=(("1", "2"), ("1", "2")))
    assert verb.format(1, 2) == "move 1 2" and verb.usage == "move <from> <to>"
    assert list(verb.notations(2, {})) == ["move 1 1", "move 1 2", "move 2 1", "move 2 2"]
    assert Verb("pass", (), lambda: None, "pass").format() == "pass"


def test_a_domain_may_depend_on_the_players_and_options():
    verb = Verb("give", ("seat",), int, "give 0",
                domains=(lambda players, options: tuple(map(str, range(players))),))
    assert list(verb.notations(3, {})) == ["give 0", "give 1", "give 2"]


def test_a_verb_needs_one_domain_per_argument():
    with pytest.raises(ValueError, match="declares 2 argument"):
        Verb("move", ("from", "to"), lambda a, b: (a, b), "move 1 2", domains=(("1",),))


def test_notations_listed_twice_are_refused():
    grammar = Grammar("Toy", [Verb("say", ("word",), str, "say a", domains=(("a", "b", "a"),))])
    with pytest.raises(ValueError, match="listed twice.*say a"):
        grammar.notations(2, {})


def test_max_game_length_is_per_configuration():
    """Borealis' bound grows with the players and max_rounds; max_rounds=none has none (A32)."""
    from gameshelf.games import get_game
    borealis = get_game("borealis")
    assert borealis.max_game_length(2, {"max_rounds": "10"}) < borealis.max_game_length(4, {"max_rounds": "10"})
    assert borealis.max_game_length(2, {"max_rounds": "10"}) < borealis.max_game_length(2, {"max_rounds": "20"})
    assert borealis.max_game_length(3, {"max_rounds": "none"}) is None
    assert borealis.max_game_length(2, {"player_count": "2"}) == borealis.max_game_length(2)
    assert HIGHCARD.max_game_length(3, {"lower_scores": "on"}) == 12
    with pytest.raises(BadOption, match="borealis is for 2, 3, 4 players, not 5"):
        borealis.max_game_length(5)
    with pytest.raises(BadOption):
        borealis.max_game_length(2, {"max_rounds": "eleven"})


def test_a_game_without_a_declared_bound_has_none():
    from tests.core.toygame import GAME as TOY
    assert TOY.info.traits.max_game_length is None and TOY.max_game_length(TOY.info.player_counts[0]) is None

"""A game's determinize may build what a view fixes once and copy it (issue 15's speed work); the
states it deals must equal those of the plain version, for every seat's view along random games,
with the random stream left at the same point, and a new view must never reuse an old template."""

from __future__ import annotations

import pytest

from gameshelf.core.chance import Chance
from gameshelf.games import get_game
from tests.agents.determinize_reference import REFERENCES


OPTIONS = {"midnight_zoo": [{}, {"variability_cards": "on"},
                             {"variability_cards": "on", "dark_pair_mode": "single_pair_choose_reward"}]}


def views_along_games(game, players: int, options=None, seeds=(1, 2), every: int = 7):
    chooser = Chance(players)
    for seed in seeds:
        state = game.setup(players, options, seed)
        ply = 0
        while not game.is_over(state):
            if ply % every == 0 or ply < 6:  # the first plies: variability cards still hidden
                for seat in range(players):
                    yield game.view(state, seat)
            game.apply(state, chooser.choice(game.legal_actions(state)))
            ply += 1


@pytest.mark.parametrize("game_id,players,options", [
    (g, n, o) for g in sorted(REFERENCES) for n in (1, 2, 4) if n in get_game(g).info.player_counts
    for o in OPTIONS.get(g, [{}])], ids=str)
def test_the_same_states_and_draws_as_the_plain_version(game_id, players, options):
    game, reference = get_game(game_id), REFERENCES[game_id]
    checked = 0
    for view in views_along_games(game, players, options):
        for k in range(3):  # the same view again: the template is reused
            fast, plain = Chance(100 + k), Chance(100 + k)
            ours, theirs = game.determinize(view, fast), reference(view, plain)
            assert game.position(ours) == game.position(theirs)
            assert fast.position == plain.position
            game.check_invariants(ours)
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("game_id", sorted(REFERENCES))
def test_a_dealt_state_is_independent_of_the_template(game_id):
    """Playing on one determinization never changes the next one dealt from the same view."""
    game = get_game(game_id)
    state = game.setup(2, None, 3)
    view = game.view(state, 0)
    first = game.determinize(view, Chance(5))
    expected = game.position(game.determinize(view, Chance(6)))
    chooser = Chance(1)
    while not game.is_over(first):
        game.apply(first, chooser.choice(game.legal_actions(first)))
    assert game.position(game.determinize(view, Chance(6))) == expected

"""Shared check for the games' optimised bot heuristics: equal to a plain reference version."""

from gameshelf.core.chance import Chance


def assert_heuristic_matches_reference(game, reference, players, options, seeds=(1, 2, 3, 4)):
    """Over random games, ``game.heuristic`` equals ``reference`` for every seat at every step."""
    chooser = Chance(players * 7 + len(options))
    for seed in seeds:
        state = game.setup(players, options, seed)
        while True:
            for seat in range(players):
                assert game.heuristic(state, seat) == reference(state, seat), (seed, seat)
            if game.is_over(state):
                break
            game.apply(state, chooser.choice(game.legal_actions(state)))

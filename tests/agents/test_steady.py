"""A game's ``heuristic.steady(state)`` (optional) lets the search's greedy rollout step skip applying
its candidates when they would all tie (issue 32: the same choices, fewer copies). It must never
claim a position where some legal action changes some seat's heuristic."""

from __future__ import annotations

import pytest

from gameshelf.core import Chance
from gameshelf.games import game_ids, get_game

STEADY_GAMES = [game_id for game_id in game_ids() if hasattr(get_game(game_id).heuristic, "steady")]


def test_iwari_declares_steady_positions() -> None:
    assert "iwari" in STEADY_GAMES


@pytest.mark.parametrize("game_id", STEADY_GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_steady_positions_keep_every_heuristic(game_id: str, players: int) -> None:
    game = get_game(game_id)
    if players not in game.info.player_counts:
        pytest.skip(f"{game_id} has no {players}-player game")
    steady, checked, moved = game.heuristic.steady, 0, 0
    for seed in range(4):
        state, chooser = game.setup(players, None, seed), Chance(seed)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            seats = range(game.num_players(state))
            before = [game.heuristic(state, seat) for seat in seats]
            changed = []
            for action in legal:
                after = game.copy(state)
                game.apply(after, action)
                changed.append([game.heuristic(after, seat) for seat in seats] != before)
            if steady(state):
                checked += 1
                assert not any(changed), f"seed {seed} ply {state.ply}: a 'steady' position's action moved the heuristic"
            moved += any(changed)
            game.apply(state, chooser.choice(legal))
    assert checked > 100 and moved > 100  # both kinds of position were met

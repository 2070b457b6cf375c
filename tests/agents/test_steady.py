"""A game's ``heuristic.steady(state)`` and ``heuristic.twins(state, actions)`` (both optional) let
the search's greedy rollout step skip applying candidates whose heuristic values it knows (issue 32:
the same choices, fewer copies). ``steady`` must never claim a position where some legal action
changes some seat's heuristic, nor ``twins`` give one key to actions after which some seat's
heuristic differs."""

from __future__ import annotations

import pytest

from gameshelf.core import Chance
from gameshelf.games import game_ids, get_game

STEADY_GAMES = [game_id for game_id in game_ids()
                if hasattr(get_game(game_id).heuristic, "steady") or hasattr(get_game(game_id).heuristic, "twins")]


def test_games_declare_steady_positions_and_twins() -> None:
    assert "iwari" in STEADY_GAMES


@pytest.mark.parametrize("game_id", STEADY_GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_steady_positions_keep_every_heuristic(game_id: str, players: int) -> None:
    game = get_game(game_id)
    if players not in game.info.player_counts:
        pytest.skip(f"{game_id} has no {players}-player game")
    steady = getattr(game.heuristic, "steady", lambda state: False)
    twins = getattr(game.heuristic, "twins", lambda state, actions: None)
    checked, moved, paired = 0, 0, 0
    for seed in range(4):
        state, chooser = game.setup(players, None, seed), Chance(seed)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            seats = range(game.num_players(state))
            before = [game.heuristic(state, seat) for seat in seats]
            changed, values = [], []
            for action in legal:
                after = game.copy(state)
                game.apply(after, action)
                values.append([game.heuristic(after, seat) for seat in seats])
                changed.append(values[-1] != before)
            keys = twins(state, legal)
            if keys is not None:
                seen: dict = {}
                for action, key, value in zip(legal, keys, values):
                    if key is not None:
                        paired += key in seen
                        assert seen.setdefault(key, value) == value, f"seed {seed} ply {state.ply}: {action} is no twin"
            if steady(state):
                checked += 1
                assert not any(changed), f"seed {seed} ply {state.ply}: a 'steady' position's action moved the heuristic"
            moved += any(changed)
            game.apply(state, chooser.choice(legal))
    assert moved > 100 and paired > 100  # each kind of position was met
    assert checked > 100 or not hasattr(game.heuristic, "steady")

"""The RL tests need the ``rl`` extra; without it they skip (CI installs it and runs them)."""

import pytest

pytest.importorskip("numpy")

from gameshelf.games import game_ids  # noqa: E402
from gameshelf.rl.encode import own_encoder  # noqa: E402

RL_GAMES = [g for g in game_ids() if own_encoder(g) is not None]     # the games with a tuned encoder


def configs(games=None):
    """(game, players) for every game with a tuned encoder and every player count."""
    from gameshelf.games import get_game
    return [(g, n) for g in (games or RL_GAMES) for n in get_game(g).info.player_counts]

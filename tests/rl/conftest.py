"""The RL tests need the ``rl`` extra; without it they skip (CI installs it and runs them)."""

import pytest

pytest.importorskip("numpy")

from gameshelf.rl.actions import DOMAINS  # noqa: E402

RL_GAMES = sorted(DOMAINS)


def configs(games=None):
    """(game, players) for every game with an enumeration and every player count."""
    from gameshelf.games import get_game
    return [(g, n) for g in (games or RL_GAMES) for n in get_game(g).info.player_counts]

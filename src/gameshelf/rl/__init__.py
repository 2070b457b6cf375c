"""Reinforcement-learning adapters, installed by the ``rl`` extra.

``gameshelf.rl`` sits at the edge: core and the games never import it. It gives every game (by id,
or any Game object) a fixed action enumeration from its notation's verbs
(:mod:`gameshelf.rl.actions`), a per-seat observation vector (:mod:`gameshelf.rl.encode`: the
game's tuned encoder, else the generic one over the view), and adapters for PettingZoo (:func:`env`), Gymnasium
(:func:`gym_env`) and OpenSpiel (import :mod:`gameshelf.rl.openspiel`), plus a maskable-PPO
baseline (:mod:`gameshelf.rl.train`) whose policies play as the ``policy:path=…`` agent.
"""

from __future__ import annotations

from typing import Any, Mapping


def env(game: Any, players: int, options: Mapping[str, object] | None = None, render_mode: str | None = None,
        **kwargs: Any):
    """A PettingZoo AEC environment for ``game`` (see :mod:`gameshelf.rl.pettingzoo`)."""
    from gameshelf.rl.pettingzoo import GameshelfAEC
    return GameshelfAEC(game, players, options, render_mode=render_mode, **kwargs)


def gym_env(game: Any, players: int, options: Mapping[str, object] | None = None, opponents: Any = None,
            **kwargs: Any):
    """A Gymnasium single-agent environment (see :mod:`gameshelf.rl.gym`)."""
    from gameshelf.rl.gym import GameshelfGym
    return GameshelfGym(game, players, options, opponents=opponents, **kwargs)


__all__ = ["env", "gym_env"]

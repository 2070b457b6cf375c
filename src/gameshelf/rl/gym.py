"""Gymnasium single-agent environment: one seat learns, fixed gameshelf bots play the others.

``gym_env(game, players, options=None, opponents=None, seat=0, reward="rank", illegal="lose")``.
``opponents`` is one agent spec (``"random"``, ``"greedy"``, ``"normal"``…), a list of one per
other seat, or agent objects with ``choose(game, view, legal)``; default ``random``. A solo game
(Midnight Zoo with 1 player, against Leo) has no opponents. ``seat="random"`` draws the learner's
seat at each reset. ``game`` is a game id or the Game object itself.

The observation is the learner's view encoded by gameshelf.rl.encode (a float32 Box, built
incrementally as in the PettingZoo env); the legal
actions are ``info["action_mask"]`` and ``env.action_masks()`` (sb3-contrib's MaskablePPO reads
it). Rewards are terminal, as in the PettingZoo env (``rank`` or ``score``), or ``shaped``: after
each of the learner's steps (its action and the bots' replies), the change of the score difference
``score_now(own) - mean score_now(others)`` (solo: the own score) divided by ``score_scale``, plus
the rank reward at the end (multi-player). The steps telescope, so an episode returns the rank reward
plus the final score difference / ``score_scale`` (solo: the final score / ``score_scale``): the
same goal as ``score``, with the credit given when the points are made. An illegal action id
ends the episode with reward -1 and ``info["illegal"] = True`` (``illegal="raise"`` raises instead).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from gameshelf.agents import make_agent
from gameshelf.core.game import Game
from gameshelf.games import get_game
from gameshelf.rl.actions import action_space
from gameshelf.rl.encode import encoder
from gameshelf.rl.encode.incremental import IncrementalEncoder
from gameshelf.rl.pettingzoo import OBS_BOUND, REWARDS, final_rewards, render_text

GYM_REWARDS = (*REWARDS, "shaped")


class GameshelfGym(gymnasium.Env):
    """One seat of a gameshelf game against fixed bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str | Game, players: int, options: Mapping[str, object] | None = None,
                 opponents: Any = None, seat: int | str = 0, reward: str = "rank", score_scale: float = 1.0,
                 illegal: str = "lose", render_mode: str | None = None) -> None:
        if reward not in GYM_REWARDS:
            raise ValueError(f"reward must be one of {GYM_REWARDS}, not {reward!r}")
        if not score_scale > 0:
            raise ValueError(f"score_scale must be positive, not {score_scale!r}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.game = get_game(game) if isinstance(game, str) else game
        self.players = players
        self.options = dict(options or {})
        self.game.setup(players, self.options, 0)          # validates now
        self.seat_choice = seat
        self.specs = self._specs(opponents)
        self.space = action_space(self.game, players, self.options)
        self.encoder = encoder(self.game, players, self.options)
        self._observer = IncrementalEncoder(self.encoder)
        self.reward_mode, self.score_scale, self.illegal = reward, score_scale, illegal
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-OBS_BOUND, OBS_BOUND, self.encoder.shape, np.float32)
        self.action_space = spaces.Discrete(self.space.size)
        self.state = None
        self.seat = 0
        self.opponents: dict[int, Any] = {}
        self._legal: list = []
        self._mask = np.zeros(self.space.size, np.int8)     # the legal ids of the learner's decision
        self._potential = 0.0

    def _specs(self, opponents: Any) -> list[Any]:
        others = self.players - 1
        if opponents is None:
            opponents = "random"
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            opponents = [opponents] * others
        if len(opponents) != others:
            raise ValueError(f"{others} opponent(s) needed, got {len(opponents)}")
        return list(opponents)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63))
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(self.players))
        else:
            self.seat = int(self.seat_choice)
        others = [s for s in range(self.players) if s != self.seat]
        self.opponents = {s: make_agent(spec, int(self.np_random.integers(2**63))) if isinstance(spec, str) else spec
                          for s, spec in zip(others, self.specs)}
        self.state = self.game.setup(self.players, self.options, game_seed)
        self._observer.clear()
        self._play_opponents()
        self._potential = self._score_difference() if self.reward_mode == "shaped" else 0.0
        return self._obs(), self._info()

    def _score_difference(self) -> float:
        """The learner's running score minus the others' mean (solo: its score), / score_scale."""
        scores = self.game.score_now(self.state).scores
        own = scores[self.seat]
        if len(scores) == 1:
            return own / self.score_scale
        return (own - (sum(scores) - own) / (len(scores) - 1)) / self.score_scale

    def _play_opponents(self) -> None:
        game, state = self.game, self.state
        while not game.is_over(state):
            seat = game.to_act(state)
            legal = game.legal_actions(state)
            if seat == self.seat:
                self._legal = legal
                self._mask = self.space.mask(legal)
                return
            action = legal[0] if len(legal) == 1 else self.opponents[seat].choose(game, game.view(state, seat), legal)
            game.apply(state, action)
        self._legal = []
        self._mask = np.zeros(self.space.size, np.int8)

    def step(self, action):
        chosen = self.space.actions[int(action)]
        if chosen not in self._legal:
            if self.illegal == "raise":
                raise ValueError(f"action {int(action)} ({chosen}) is not legal now")
            return self._obs(), -1.0, True, False, {**self._info(), "illegal": True}
        self.game.apply(self.state, chosen)
        self._play_opponents()
        over = self.game.is_over(self.state)
        reward = 0.0
        info = self._info()
        if self.reward_mode == "shaped":
            potential = self._score_difference()
            reward, self._potential = potential - self._potential, potential
        if over:
            outcome = self.game.outcome(self.state)
            if self.reward_mode == "shaped":
                reward += final_rewards(outcome, "rank")[self.seat] if self.players > 1 else 0.0
            else:
                reward = final_rewards(outcome, self.reward_mode, self.score_scale)[self.seat]
            info.update(scores=list(outcome.scores), ranks=list(outcome.ranks))
        return self._obs(), reward, over, False, info

    def _obs(self) -> np.ndarray:
        return self._observer.encode_state(self.game, self.state, self.seat)

    def action_masks(self) -> np.ndarray:
        """The legal-action mask as booleans (sb3-contrib's MaskablePPO calls this)."""
        if not self._legal:
            mask = np.zeros(self.space.size, dtype=bool)
            mask[0] = True          # a finished game: any id, never used
            return mask
        return self._mask.astype(bool)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), "seat": self.seat}

    def render(self):
        if self.render_mode == "ansi":
            return render_text(self.game, self.state, [f"player_{i}" for i in range(self.players)])
        return None

"""PettingZoo AEC environment for any gameshelf game (by id, or the Game object itself).

Agents are ``player_0`` … ``player_<n-1>`` (seat order). Each observation is a dict
``{"observation": float32 vector (gameshelf.rl.encode, the seat's view only), "action_mask": int8
vector over gameshelf.rl.actions ids}``; ``action_space(agent)`` is ``Discrete(ids)``.

Rewards arrive only when the game ends:

* ``reward="rank"`` (default): ``2 * share - 1``, where ``share`` is the fraction of the other
  places the seat finished above, ties counting half (agents.rewards.rank_rewards): +1 for a sole
  winner, -1 for last; in 2 players +1 / -1, a tie 0. A solo game (Midnight Zoo against Leo) has
  no rank to earn (its outcome grades the score, R86): the reward is the score / 100.
* ``reward="score"``: the seat's score minus the mean score of the other seats (solo: the score),
  divided by ``score_scale`` (default 1).

Observations are built lazily: ``observe(agent)`` encodes only when asked (``last()`` asks for the
agent to act), once per state and agent (a second call returns the same arrays), and the mask
from the legal-action ids kept at each step. The vector is built incrementally
(:class:`~gameshelf.rl.encode.incremental.IncrementalEncoder`: only the parts that changed since
the agent's previous observation are rewritten), bit for bit the vector of a fresh encoding.

``reset(seed=…)`` seeds the game (the seed of ``game.setup``); without a seed the next seed comes
from the environment's own generator. ``render_mode="ansi"`` returns the terminal renderer's
drawing of the spectator's view, as text.
"""

from __future__ import annotations

import io
from typing import Mapping

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from gameshelf.agents.rewards import rank_rewards
from gameshelf.core.game import Game
from gameshelf.games import get_game
from gameshelf.rl.actions import action_space
from gameshelf.rl.encode import OBS_BOUND, encoder
from gameshelf.rl.encode.incremental import IncrementalEncoder

REWARDS = ("rank", "score")


def final_rewards(outcome, mode: str = "rank", score_scale: float = 1.0) -> list[float]:
    """Per seat, the terminal reward of ``outcome`` under ``mode`` (see the module docstring)."""
    scores = outcome.scores
    if mode == "score":
        if len(scores) == 1:
            return [scores[0] / score_scale]
        return [(s - (sum(scores) - s) / (len(scores) - 1)) / score_scale for s in scores]
    if len(scores) == 1:
        return [scores[0] / 100.0]
    return [2.0 * r - 1.0 for r in rank_rewards(outcome.ranks)]


def render_text(game, state, names, width: int = 110) -> str:
    """The terminal renderer's drawing of the spectator view, as plain text."""
    from rich.console import Console
    from gameshelf.cli.render import render_view
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, force_terminal=False)
    console.print(render_view(game, game.view(state, None), names))
    return buffer.getvalue()


class GameshelfAEC(AECEnv):
    """One gameshelf game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "gameshelf_v0", "is_parallelizable": False}

    def __init__(self, game: str | Game, players: int, options: Mapping[str, object] | None = None,
                 render_mode: str | None = None, reward: str = "rank", score_scale: float = 1.0) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = get_game(game) if isinstance(game, str) else game
        self.players = players
        self.options = dict(options or {})
        self.game.setup(players, self.options, 0)          # validates players and options now
        self.space = action_space(self.game, players, self.options)
        self.encoder = encoder(self.game, players, self.options)
        self._observer = IncrementalEncoder(self.encoder)
        self.reward_mode, self.score_scale = reward, score_scale
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"gameshelf_{self.game.id}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agent_seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs = spaces.Box(-OBS_BOUND, OBS_BOUND, self.encoder.shape, np.float32)
        mask = spaces.Box(0, 1, (self.space.size,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": obs, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self.state = None
        self._version = 0                  # counts the states: observations are cached per version
        self._observed: dict[str, tuple[int, dict]] = {}
        self._np_random = None
        self._seed_rng = np.random.default_rng()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ---- the AEC loop -----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seed_rng.integers(2**63))
        self.game_seed = game_seed
        self.state = self.game.setup(self.players, self.options, game_seed)
        self._observer.clear()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._set_legal(self.game.legal_actions(self.state))
        self._select()

    def _set_legal(self, legal: list) -> None:
        self._version += 1
        self._legal = legal
        self._legal_ids = self.space.ids(legal)
        self._legal_set = set(self._legal_ids)

    def _select(self) -> None:
        seat = self.game.to_act(self.state)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = int(action)
        if action not in self._legal_set:
            if not 0 <= action < self.space.size:
                raise ValueError(f"action id {action} is outside 0..{self.space.size - 1}")
            chosen = self.space.actions[action]
            raise ValueError(f"action {action} ({chosen}) is not legal now: {self.game.why_illegal(self.state, chosen)}")
        chosen = self.space.actions[action]
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self.state, chosen)
        self._clear_rewards()
        if self.game.is_over(self.state):
            self._set_legal([])
            rewards = final_rewards(self.game.outcome(self.state), self.reward_mode, self.score_scale)
            for a, r in zip(self.possible_agents, rewards):
                self.rewards[a] = r
                self.terminations[a] = True
            self._accumulate_rewards()
            # every agent is now done: each is stepped with None once (PettingZoo's dead step)
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]
        else:
            self._set_legal(self.game.legal_actions(self.state))
            self._select()

    def observe(self, agent):
        cached = self._observed.get(agent)
        if cached is not None and cached[0] == self._version:
            return cached[1]
        seat = self.agent_seat[agent]
        obs = self._observer.encode_state(self.game, self.state, seat)
        mask = np.zeros(self.space.size, dtype=np.int8)
        if self._legal_ids and agent == self.agent_selection:
            mask.put(self._legal_ids, 1)
        observation = {"observation": obs, "action_mask": mask}
        self._observed[agent] = (self._version, observation)
        return observation

    def legal_action_ids(self) -> list[int]:
        return list(self._legal_ids)

    def render(self):
        if self.render_mode is None:
            import gymnasium
            gymnasium.logger.warn("render() called without render_mode; pass render_mode='ansi'")
            return None
        return render_text(self.game, self.state, [a for a in self.possible_agents])

    def close(self) -> None:
        pass

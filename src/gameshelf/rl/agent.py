"""The trained policy as a gameshelf agent: ``policy:path=out/rl/borealis.zip`` in any tournament.

The agent sees what every bot sees (its seat's view and the legal actions), encodes the view with
gameshelf.rl.encode, masks the illegal ids and plays the policy's most likely action
(``sample=1``: samples from the masked distribution with the agent's own seeded generator).
The model file is a sb3-contrib MaskablePPO zip saved by gameshelf.rl.train, with its
``<path>.json`` beside it naming the game, player count and options it was trained for.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from gameshelf.core.errors import BadOption
from gameshelf.rl.actions import action_space
from gameshelf.rl.encode import encoder


@lru_cache(maxsize=8)
def load_policy(path: str) -> tuple[Any, dict[str, Any]]:
    """The model and its metadata (cached: a tournament loads each file once per process)."""
    from sb3_contrib import MaskablePPO
    model_path = Path(path)
    meta_path = model_path.with_suffix(".json")
    if not model_path.exists() or not meta_path.exists():
        raise BadOption(f"policy: no model {model_path} with its {meta_path.name} beside it")
    meta = json.loads(meta_path.read_text())
    return MaskablePPO.load(str(model_path), device="cpu"), meta


class PolicyAgent:
    name = "policy"

    def __init__(self, seed: int = 0, path: str = "", sample: bool = False) -> None:
        if not path:
            raise BadOption("agent 'policy' needs path=<model.zip>")
        self.model, self.meta = load_policy(str(path))
        self.players = int(self.meta["players"])
        options = self.meta.get("options", {})
        self.space = action_space(self.meta["game"], self.players, options)
        self.encoder = encoder(self.meta["game"], self.players, options)
        self.sample = sample
        self.rng = np.random.default_rng(seed)

    def choose(self, game, view, legal: Sequence[Any]) -> Any:
        players = view["players"] if isinstance(view["players"], int) else len(view["players"])
        if game.id != self.meta["game"] or players != self.players:
            raise BadOption(f"policy trained for {self.meta['game']} with {self.players} players, "
                            f"not {game.id} with {players}")
        if len(legal) == 1:
            return legal[0]
        obs = self.encoder.encode(view)
        mask = self.space.mask(legal).astype(bool)
        if not self.sample:
            action, _ = self.model.predict(obs, action_masks=mask, deterministic=True)
            return self.space.actions[int(action)]
        import torch
        with torch.no_grad():
            tensor = self.model.policy.obs_to_tensor(obs)[0]
            dist = self.model.policy.get_distribution(tensor, action_masks=mask)
            probs = dist.distribution.probs.numpy()[0].astype(np.float64)
        probs = probs * mask
        return self.space.actions[int(self.rng.choice(len(probs), p=probs / probs.sum()))]


def make_policy_agent(seed: int, params: dict[str, str]) -> PolicyAgent:
    """The registry's factory for ``policy:path=…[,sample=1]``."""
    unknown = set(params) - {"path", "sample"}
    if unknown:
        raise BadOption(f"agent 'policy' has no parameter(s) {sorted(unknown)}")
    sample = params.get("sample", "0").lower() in ("1", "true", "yes", "on")
    return PolicyAgent(seed, params.get("path", ""), sample)

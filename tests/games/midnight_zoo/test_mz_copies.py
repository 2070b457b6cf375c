"""Copies are independent (issue 32): a state and its copy share their chance stream, copy-on-write
(state.py), so a change to either must never show in the other. Random play
through whole games, every configuration: at each ply a copy plays a few random moves of its own
(and draws from the shared stream at a solo reshuffle, R82), then the original must serialize and
hash exactly as before; the original's own move must leave a copy taken before it unchanged."""

from __future__ import annotations

import json

import pytest

from gameshelf.core.chance import Chance
from gameshelf.games.midnight_zoo import GAME


def snapshot(state: object) -> tuple[str, str]:
    return json.dumps(GAME.position(state), sort_keys=True), GAME.state_hash(state)


@pytest.mark.parametrize("players, options", GAME.conformance_configs())
def test_changing_a_copy_never_changes_its_original(players: int, options: dict[str, str]) -> None:
    for seed in (1, 2):
        picks = Chance(seed * 31 + players)
        state = GAME.setup(players, options, seed)
        while not GAME.is_over(state):
            before = snapshot(state)
            twin = GAME.copy(state)
            for _ in range(3):  # the copy plays on: its changes must stay its own
                if GAME.is_over(twin):
                    break
                GAME.apply(twin, picks.choice(GAME.legal_actions(twin)))
            assert snapshot(state) == before, f"a copy's move changed its original ({players}p {options})"
            kept = GAME.copy(state)
            kept_before = snapshot(kept)
            GAME.apply(state, picks.choice(GAME.legal_actions(state)))
            assert snapshot(kept) == kept_before, f"the original's move changed a copy ({players}p {options})"

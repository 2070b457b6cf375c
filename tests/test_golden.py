"""Golden playthroughs: one seeded random game per game, written out action by action with its log.

Each step also shows (OpenSpiel style) the seat to act, the decision kind, the number of legal
actions and a short hash of each seat's view and of the spectator's view.

A change in behaviour shows up as a readable diff of tests/golden/<game>.txt. After an intended
change, regenerate with ``GAMESHELF_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from gameshelf.core import Chance
from gameshelf.games import game_ids, get_game

GOLDEN = Path(__file__).parent / "golden"
SEED = 2026


def playthrough(game_id: str) -> str:
    game = get_game(game_id)
    players = game.info.player_counts[min(1, len(game.info.player_counts) - 1)]
    names = [f"P{seat}" for seat in range(players)]
    state = game.setup(players, None, SEED)
    chooser = Chance(SEED)
    lines = [f"# {game_id}, {players} players, default options, seed {SEED}, rules {game.info.rules_version}"]
    ply = 0
    while not game.is_over(state):
        seat = game.to_act(state)
        legal = game.legal_actions(state)
        action = chooser.choice(legal)
        ply += 1
        views = " ".join(short_hash(game.view(state, s)) for s in [*range(players), None])
        lines.append(f"{ply}. P{seat}: {action}  [{game.decision(state).kind}, {len(legal)} legal, views {views}]")
        lines += [f"    {game.describe(event, names)}" for event in game.apply(state, action)]
    lines.append("outcome: " + json.dumps(game.outcome(state).to_json(), sort_keys=True, ensure_ascii=False))
    lines.append(f"hash: {game.state_hash(state)}")
    return "\n".join(lines) + "\n"


def short_hash(view) -> str:
    """Six hex digits of a view's canonical JSON: a leak or a renamed key shows up as a diff."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:6]


@pytest.mark.parametrize("game_id", game_ids())
def test_golden_playthrough(game_id):
    path = GOLDEN / f"{game_id}.txt"
    text = playthrough(game_id)
    if os.environ.get("GAMESHELF_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file; run with GAMESHELF_UPDATE_GOLDEN=1 to write {path}"
    assert text == path.read_text(encoding="utf-8"), f"{game_id} plays differently from {path}"

"""The optimised ISMCTS makes the same choices as the reference (the agent before the speed work).

The bots' strength table rests on these choices: for the same seed and view, every variant must
choose the same action and grow the same root statistics, decision after decision (kept subtrees
included). A change that alters choices must replace the reference, justified by measured strength.
"""

from __future__ import annotations

import pytest

from gameshelf.agents.ismcts import ISMCTSAgent
from gameshelf.core import Chance
from gameshelf.games import game_ids, get_game
from tests.agents import ismcts_reference
from tests.agents.testgames import GAME as NIM
from tests.agents.testgames import SCORED_TOY

VARIANTS = [{}, {"tree": "all"}, {"rollout": "mixed", "depth": 3}, {"rollout": "random"},
            {"rollout": "none"}, {"bias": 1.0, "width": 2}, {"early": False}, {"width": 2, "depth": 4}]


def _root(node):
    return {str(action): (child.visits, child.total, child.avail) for action, child in node.children.items()}


def _play_along(game, players, seed, params, sims, decisions=4):
    """Both agents decide for seat 0 along one random game; their choices and roots must agree.
    The reference knows no search hints, so it is given the game's (``GameInfo.search``) unless
    ``params`` sets them; nor does it split, so ours does not either (split has tests of its own)."""
    hints = game.info.search
    reference = {"width": hints.rollout_width, "depth": hints.rollout_depth, **params}
    new = ISMCTSAgent(seed, sims=sims, **{"split": False, **params})
    old = ismcts_reference.ISMCTSAgent(seed, sims=sims, **reference)
    state, chooser, seen = game.setup(players, None, seed), Chance(seed), 0
    while not game.is_over(state) and seen < decisions:
        legal = game.legal_actions(state)
        if game.to_act(state) == 0:
            view = game.view(state, 0)
            ours = new.choose(game, view, legal)
            assert ours == old.choose(game, view, legal), (seen, params)
            assert new.last_iterations == old.last_iterations
            if len(legal) > 1:
                assert _root(new.last_root) == _root(old.last_root)
            seen += 1
            game.apply(state, ours)
        else:
            game.apply(state, chooser.choice(legal))
    assert seen


@pytest.mark.parametrize("params", VARIANTS, ids=str)
def test_every_variant_chooses_as_the_reference_on_the_toy_games(params):
    _play_along(SCORED_TOY, 3, 5, params, 40, decisions=3)
    _play_along(NIM, 2, 1, params, 40, decisions=3)


@pytest.mark.parametrize("game_id", sorted(game_ids()))
def test_the_default_agent_chooses_as_the_reference_in_every_game(game_id):
    game = get_game(game_id)
    players = 2 if 2 in game.info.player_counts else min(game.info.player_counts)
    _play_along(game, players, 7, {}, 30, decisions=3)


@pytest.mark.parametrize("params", [{"tree": "all", "width": 2}, {"rollout": "mixed", "depth": 2, "bias": 0.5},
                                    {"width": 2, "depth": 4}], ids=str)
def test_variants_choose_as_the_reference_in_a_real_game(params):
    """Iwari's menus are wider than ``width``, so the greedy step samples its candidates."""
    _play_along(get_game("iwari"), 2, 3, params, 20, decisions=2)


def test_analysis_statistics_leave_choose_unchanged():
    """``action_stats`` runs its own searches; ``choose`` of a fresh agent with the same seed
    still returns the reference's action, and the stats' first action is that choice."""
    state = SCORED_TOY.setup(2, {}, 3)
    view, legal = SCORED_TOY.view(state, 0), SCORED_TOY.legal_actions(state)
    stats = ISMCTSAgent(4, sims=60, early=False).action_stats(SCORED_TOY, view, legal)
    choice = ISMCTSAgent(4, sims=60, early=False).choose(SCORED_TOY, view, legal)
    assert stats[0].action == choice == ismcts_reference.ISMCTSAgent(4, sims=60, early=False).choose(
        SCORED_TOY, view, legal)
    assert sum(stat.visits for stat in stats) == 60


def test_a_focus_action_gets_its_visits_without_moving_up_the_order():
    state = SCORED_TOY.setup(3, {}, 2)
    view, legal = SCORED_TOY.view(state, 0), SCORED_TOY.legal_actions(state)
    plain = ISMCTSAgent(5, sims=40, early=False).action_stats(SCORED_TOY, view, legal)
    last = plain[-1].action
    focused = ISMCTSAgent(5, sims=40, early=False).action_stats(SCORED_TOY, view, legal, focus=last, focus_visits=60)
    assert [s.action for s in focused] == [s.action for s in plain]
    assert focused[-1].visits == 60 and focused[:-1] == plain[:-1]

"""Borealis: Arctic Expeditions (game id ``borealis``), rules reference docs/rules/borealis.md.

The package follows the module convention of gameshelf.core.assembly: options, state, rules
(+ rules_observe, rules_draw, rules_regroup, rules_end), decisions, scoring, view, position,
actions, labels, heuristics, invariants, catalog and data/. Section 2.10 lists ``player_count``
among the options: ``options.setup_options`` accepts it when it agrees with the player count (R1).
"""

from __future__ import annotations

from typing import Mapping

from gameshelf.core.assembly import AssembledGame
from gameshelf.core.game import GameInfo, SearchHints, Traits
from gameshelf.games.borealis.options import SCHEMA

MAX_ACTIONS_PER_TURN = 7
MULLIGAN_ACTIONS = 5


def max_game_length(players: int, options: Mapping[str, str]) -> int | None:
    """The longest game: every round at most 7 actions per player (regroup, 4 discards as a hand
    holds at most 4 cards (R29), done, a location; an observe turn is at most play, refresh, take),
    for at most ``max_rounds`` rounds (A32), after at most 5 mulligan actions per player (A19).
    With ``max_rounds=none`` a game may run as long as the players keep regrouping (R25): no bound."""
    if options["max_rounds"] == "none":
        return None
    return players * (MULLIGAN_ACTIONS + MAX_ACTIONS_PER_TURN * int(options["max_rounds"]))


GAME = AssembledGame(__name__, GameInfo(
    id="borealis",
    titles={"en": "Borealis: Arctic Expeditions", "ja": "ボレアリス：北極探検"},
    player_counts=(2, 3, 4),
    options=SCHEMA,
    rules_version="2",
    summary={"en": "Observe arctic animals with your scientists, advance flags, score sets.",
             "ja": "科学者を動かして北極の動物を観察し、旗を進め、セットで得点する。"},
    traits=Traits(chance=True, hidden_information=True, solo_mode=False, max_game_length=max_game_length),
    # Light rollouts (2 candidates, 4 actions): 1.9x the simulations a second of the common 4 and 8,
    # and as strong at equal CPU time (80 paired games: 47.5% [36.9, 58.3], a margin of +1.07 (1.54)
    # a deal), so the levels search 1.6x the common budgets (up to the analysis's 200 and 1,600) in
    # less time than before; the analysis, which rolls out as the bots do, tells a random seat from
    # `normal` better with them (bench/RESULTS.md, session 30).
    search=SearchHints(rollout_width=2, rollout_depth=4, normal_sims=200, hard_sims=1600),
))
# for search: the quiet apply (rules.advance: no events built, found by agents.ismcts.quiet_apply),
# the quiet outcome (scoring.quiet_outcome: scores and ranks only, found by agents.ismcts.search_outcome)
# and the state's own generated copy bound straight on (the same copy, one call layer less)
from gameshelf.games.borealis.rules import advance  # noqa: E402  (the modules load with GAME above)
from gameshelf.games.borealis.scoring import quiet_outcome  # noqa: E402
from gameshelf.games.borealis.state import State  # noqa: E402

setattr(GAME, "advance", advance)
setattr(GAME, "quiet_outcome", quiet_outcome)
setattr(GAME, "copy", State.copy)

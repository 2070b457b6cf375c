"""Mariposas (Elizabeth Hargrave, AEG 2020): the rules engine on the gameshelf protocol.

Assembled from its modules by convention (gameshelf.core.assembly): options, state, rules
(+ rules_turn, rules_land, rules_season), decisions, scoring, view, position, actions, labels,
heuristics, invariants, catalog.
"""

from __future__ import annotations

from typing import Mapping

from gameshelf.core.assembly import AssembledGame
from gameshelf.core.game import GameInfo, SearchHints, Traits
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.options import SCHEMA
from gameshelf.games.mariposas.rules import MAX_GAME_LENGTH


def max_game_length(players: int, options: Mapping[str, str]) -> int:
    """rules.MAX_GAME_LENGTH bounds a game of the most seats, a sum of the same bound per seat
    (every turn, the setup question and the free hatches): that per-seat bound times ``players``."""
    return players * (MAX_GAME_LENGTH // CAT.max_players)


GAME = AssembledGame(__name__, GameInfo(
    id="mariposas",
    titles={"en": "Mariposas", "ja": "マリポーサ"},
    player_counts=(2, 3, 4, 5),
    options=SCHEMA,
    rules_version="2",
    summary={"en": "Guide four generations of monarch butterflies from Michoacán and back.",
             "ja": "4世代のオオカバマダラをミチョアカンから北へ導き、また戻す。"},
    # Chance: the flower die (R44) and reshuffles (R72); hidden: hands, the draw pile, face-down
    # waystation markers and goal cards (R51).
    traits=Traits(chance=True, hidden_information=True, solo_mode=False, max_game_length=max_game_length),
    # The heuristic changes only when a butterfly lands, hatches or scores, so greedy rollout steps
    # inside a flight are close to random: rollouts of 2 actions beat 8 at equal simulations (60% of 40
    # paired games) for half the CPU time. A flower die or a draw changes the actions of a later
    # turn, with about 3 sets per decision, so a large search splits them (issue 15, bench/RESULTS.md).
    search=SearchHints(rollout_depth=2, split=True),
))

"""Iwari (ThunderGryph Games, 2020; Michael Schacht): rules engine for 2-5 players.

Reference: docs/rules/iwari.md (R1-R80, rulings A1-A33). The modules follow the convention of
core.assembly (options, state, rules + rules_place/rules_feats/rules_draw, decisions, scoring,
view, position, actions, labels, heuristics, invariants, catalog).
"""

from typing import Mapping

from gameshelf.core.assembly import AssembledGame
from gameshelf.core.game import GameInfo, Traits
from gameshelf.games.iwari.labels import TERMS
from gameshelf.games.iwari.options import SCHEMA

DECK_CARDS = 57
MAX_ACTIONS_PER_TURN = 15
DRAFT_PICKS = 3


def max_game_length(players: int, options: Mapping[str, str]) -> int:
    """Every turn takes at least one card off the deck (a draw, or the display refill after a
    display card was taken: R29-R31), and the deck holds at most all 57 cards (2.2) the first time
    and the discard pile the second; the second exhaustion ends the game (R34). So at most
    2 * 57 turns, each of at most 15 actions (the action or target 1, two pieces and done 3, four
    feat tokens 4, the third tribe's target, pieces and done 4, three draws 3), plus the draft's
    3 picks per player (R71) when the hands are drafted."""
    draft = players * DRAFT_PICKS if options["initial_hand"] == "draft" else 0
    return 2 * DECK_CARDS * MAX_ACTIONS_PER_TURN + draft


# terms: iwari names every territory of every map from its biome (labels.TERMS), beyond terms.yaml.
GAME = AssembledGame(__name__, GameInfo(
    id="iwari",
    titles={"en": "Iwari", "ja": "イワリ"},
    player_counts=(2, 3, 4, 5),
    options=SCHEMA,
    rules_version="3",
    summary={"en": "Place tents and totems on a map of biomes; win majorities, settlements and alliances.",
             "ja": "バイオームの地図にテントとトーテムを置き、過半数・集落・同盟で得点する。"},
    traits=Traits(chance=True, hidden_information=True, solo_mode=False, max_game_length=max_game_length),
), terms=TERMS)

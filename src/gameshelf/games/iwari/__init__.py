"""Iwari (ThunderGryph Games, 2020; Michael Schacht): rules engine for 2-5 players.

Reference: shared/rules/iwari.md (R1-R80, rulings A1-A33). The modules follow the convention of
core.assembly (options, state, rules + rules_place/rules_feats/rules_draw, decisions, scoring,
view, position, actions, labels, heuristics, invariants, catalog).
"""

from gameshelf.core.assembly import AssembledGame
from gameshelf.core.game import GameInfo, Traits
from gameshelf.games.iwari.labels import TERMS
from gameshelf.games.iwari.options import SCHEMA
from gameshelf.games.iwari.rules import MAX_GAME_LENGTH

# terms: iwari names every territory of every map from its biome (labels.TERMS), beyond terms.yaml.
GAME = AssembledGame(__name__, GameInfo(
    id="iwari",
    titles={"en": "Iwari", "ja": "イワリ"},
    player_counts=(2, 3, 4, 5),
    options=SCHEMA,
    rules_version="3",
    summary={"en": "Place tents and totems on a map of biomes; win majorities, settlements and alliances.",
             "ja": "バイオームの地図にテントとトーテムを置き、過半数・集落・同盟で得点する。"},
    traits=Traits(chance=True, hidden_information=True, solo_mode=False, max_game_length=MAX_GAME_LENGTH),
), terms=TERMS)

"""High Card: the small complete game of docs/adding-a-game.md.

Cards 1..12 are shuffled; each player holds two. On a turn a player plays a card (H1): it scores
its value if it is higher than the last card played (H2); then they draw one, unseen by the others
(H3). The game ends when every card has been played (H4); the most points wins, ties share (H5).
"""

from gameshelf.core.assembly import AssembledGame
from gameshelf.core.game import GameInfo, Traits
from highcard.catalog import CARDS
from highcard.options import SCHEMA

GAME = AssembledGame(__name__, GameInfo(
    id="highcard",
    titles={"en": "High Card", "ja": "ハイカード"},
    player_counts=(2, 3),
    options=SCHEMA,
    rules_version="1",
    summary={"en": "Play higher than the last card to score it.", "ja": "直前より大きいカードを出して得点する。"},
    # every action plays one of the twelve cards (H1, H4), whatever the players and options
    traits=Traits(chance=True, hidden_information=True, solo_mode=False,
                  max_game_length=lambda players, options: len(CARDS)),
))

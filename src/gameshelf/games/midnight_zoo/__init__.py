"""Midnight Zoo (Albi): draft tiles, build your district, lead escaped animals to the zoo."""

from __future__ import annotations

from typing import Mapping

from gameshelf.core.assembly import AssembledGame
from gameshelf.core.game import GameInfo, SearchHints, Traits

from .invariants import check_invariants
from .options import SCHEMA

# A bound on the actions of any game, per seat: 15 draft picks and 15 "done"; at most 24
# placements (one per space), each a use, a cell, at most 2 effect choices and what they start
# (two double moves, 2 x 4, being the most): 24 x 12; at most 3 bonus tiles gained per placement,
# so at most 15 + 72 tiles held, each stored at most once and discarded at most once, a discard
# costing at most 1 + 9 animals x 3 (pick, step, cheetah step) + 1 stop: 87 x (1 + 29); 3
# end-of-round moves of 9 animals x 2 + 1 stop; 1 variability choice. 2,986 per seat.
MAX_ACTIONS_PER_SEAT = 2_986


def max_game_length(players: int, options: Mapping[str, str]) -> int:
    """The bound above, per seat (a solo game has one seat)."""
    return players * MAX_ACTIONS_PER_SEAT


GAME = AssembledGame(__name__, GameInfo(
    id="midnight_zoo",
    titles={"en": "Midnight Zoo", "ja": "真夜中の動物園"},
    player_counts=(1, 2, 3, 4),
    options=SCHEMA,
    rules_version="reference-3",  # reference-2: A9 revised; reference-3: the core notation
    summary={"en": "Draft tiles into your district and guide escaped animals to the zoo.",
             "ja": "タイルをドラフトして地区を作り、逃げた動物を動物園へ導く。"},
    traits=Traits(chance=True, hidden_information=True, solo_mode=True, max_game_length=max_game_length),
    # Short rollouts: the search's strength stops growing early in this game. ``normal`` searches
    # the common 125 simulations (at 40 its tile placements were guesses: accuracy 37 against
    # itself); ``hard`` still beats it 70.8% over 200 games (bench/RESULTS.md).
    search=SearchHints(rollout_depth=2),
))

__all__ = ["GAME", "check_invariants"]

"""Midnight Zoo (Albi): draft tiles, build your district, lead escaped animals to the zoo."""

from __future__ import annotations

from gameshelf.core.assembly import AssembledGame
from gameshelf.core.game import GameInfo, Traits

from .invariants import check_invariants
from .options import SCHEMA

# A bound on the actions of any game, per seat: 15 draft picks and 15 "done"; at most 24
# placements, each with a use, a cell and at most 3 effect choices plus at most 2 move points
# (4 actions) or 2 bonus tiles (2 + their use) or a discover: <= 24 * 12; every tile held (15
# drafted + at most 3 bonus tiles per placement = 87) is stored at most once and discarded at
# most once, a discard costing at most 1 + 9 animals * 3 (pick, move, cheetah step): 87 * 29;
# 3 end-of-round moves of 9 animals * 2; 1 variability choice. About 2,900 per seat; x4 seats,
# rounded up.
MAX_GAME_LENGTH = 12_000

GAME = AssembledGame(__name__, GameInfo(
    id="midnight_zoo",
    titles={"en": "Midnight Zoo", "ja": "真夜中の動物園"},
    player_counts=(1, 2, 3, 4),
    options=SCHEMA,
    rules_version="reference-3",  # reference-2: A9 revised (issue 18); reference-3: core notation (issue 11)
    summary={"en": "Draft tiles into your district and guide escaped animals to the zoo.",
             "ja": "タイルをドラフトして地区を作り、逃げた動物を動物園へ導く。"},
    traits=Traits(chance=True, hidden_information=True, solo_mode=True, max_game_length=MAX_GAME_LENGTH),
))

__all__ = ["GAME", "check_invariants"]

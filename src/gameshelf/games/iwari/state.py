"""Iwari mutable state: flat lists of ints, cheap to copy (no rule logic here).

Indices: tribes 0..players-1 are the seats, tribe ``players`` is the 2-player third tribe (R39).
Cards are biome indices (cards of one biome are identical, 2.2): hands, display and discard pile
are counts per biome; the deck is an ordered list whose END is the top card.
"""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.games.iwari.catalog import MapData

ACTION, PLACE, THIRD, FEAT, DRAW, OVER = range(6)
PHASES = ("action", "place", "third", "feat", "draw", "over")


class State:
    """One game of Iwari (see module docstring for the index conventions)."""

    __slots__ = (
        # fixed for the game (shared by copies)
        "map", "players", "ntribes", "options", "feats_on", "exp_on", "third_ends", "adj",
        "blocked", "expeditions", "start",
        # cards
        "chance", "deck", "discard", "display", "hands", "exhaustions",
        # board (tents/totems are flat: tribe * n_territories + territory)
        "owner", "tents", "totems", "filled", "ktot", "supply_tents", "supply_totems",
        "terr_feats", "line_feats", "feat_earned", "exp_scored",
        # balance bookkeeping (tuples, replaced never mutated): placed feat tokens as
        # (feat, territory-or-line index) in placement order, and per feat the interim bonus
        # each tribe got from that feat's tokens (flat: feat * ntribes + tribe)
        "feat_log", "feat_interim",
        # scores
        "score", "interim", "exp_points", "final",
        # turn and pending sub-decision
        "current", "ply", "phase", "p_tribe", "p_terr", "p_pieces", "p_cards", "p_unexplored",
        "p_filled", "own_cards", "feat_queue", "drafting", "draft_left", "end_reason",
    )

    map: MapData
    chance: Chance

    def copy(self) -> State:
        c = State.__new__(State)
        for name in _SHARED:
            setattr(c, name, getattr(self, name))
        for name in _LISTS:
            setattr(c, name, getattr(self, name)[:])
        c.chance = self.chance.copy()
        return c


_LISTS = ("deck", "discard", "display", "hands", "owner", "tents", "totems", "filled", "ktot",
          "supply_tents", "supply_totems", "terr_feats", "line_feats", "feat_earned", "exp_scored",
          "score", "interim", "exp_points")
_SHARED = tuple(n for n in State.__slots__ if n not in _LISTS and n != "chance")

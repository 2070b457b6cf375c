"""Iwari mutable state: flat lists of ints, cheap to copy (no rule logic here).

``__slots__`` is the declaration of the fields; ``SHARED`` names those fixed for the game (map,
config, mountains, ...), which copies share. ``copy`` copies every other list; ints, tuples and
the frozen decision values on ``pending`` are immutable and shared.

Indices: tribes 0..players-1 are the seats, tribe ``players`` is the 2-player third tribe (R39).
Cards are biome indices (cards of one biome are identical, 2.2): hands, display and discard pile
are counts per biome; the deck is an ordered list whose END is the top card. Board counts are flat:
``tents[tribe * T + t]`` for T territories (derived from ``owner`` and kept in step by the rules).
"""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.games.iwari.catalog import MapData


class State:
    """One game of Iwari (see the module docstring for the index conventions)."""

    __slots__ = (
        # fixed for the game (SHARED)
        "map", "players", "ntribes", "config", "adj", "blocked", "expeditions", "start",
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
        "score", "interim", "exp_points", "final", "end_reason",
        # turn: the seat whose turn it is, actions applied, the decision stack (decisions.py)
        "current", "ply", "pending",
    )
    SHARED = frozenset({"map", "players", "ntribes", "config", "adj", "blocked", "expeditions", "start"})

    map: MapData
    chance: Chance

    def copy(self) -> State:
        """Lists are copied, everything else (ints, tuples, frozen values, game data) is shared."""
        c = State.__new__(State)
        (c.map, c.players, c.ntribes, c.config, c.adj, c.blocked, c.expeditions, c.start) = (
            self.map, self.players, self.ntribes, self.config, self.adj, self.blocked, self.expeditions,
            self.start)
        (c.exhaustions, c.feat_log, c.feat_interim, c.final, c.end_reason, c.current, c.ply) = (
            self.exhaustions, self.feat_log, self.feat_interim, self.final, self.end_reason, self.current,
            self.ply)
        (c.deck, c.discard, c.display, c.hands, c.owner, c.tents, c.pending) = (
            self.deck[:], self.discard[:], self.display[:], self.hands[:], self.owner[:], self.tents[:],
            self.pending[:])
        (c.totems, c.filled, c.ktot, c.supply_tents, c.supply_totems, c.terr_feats) = (
            self.totems[:], self.filled[:], self.ktot[:], self.supply_tents[:], self.supply_totems[:],
            self.terr_feats[:])
        (c.line_feats, c.feat_earned, c.exp_scored, c.score, c.interim, c.exp_points) = (
            self.line_feats[:], self.feat_earned[:], self.exp_scored[:], self.score[:], self.interim[:],
            self.exp_points[:])
        c.chance = self.chance.copy()
        return c

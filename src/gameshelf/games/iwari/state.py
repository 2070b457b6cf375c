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
        """Lists are copied, everything else (ints, tuples, shared game data) is shared."""
        c = State.__new__(State)
        (c.map, c.players, c.ntribes, c.options, c.feats_on, c.exp_on) = (
            self.map, self.players, self.ntribes, self.options, self.feats_on, self.exp_on)
        (c.third_ends, c.adj, c.blocked, c.expeditions, c.start, c.exhaustions) = (
            self.third_ends, self.adj, self.blocked, self.expeditions, self.start, self.exhaustions)
        (c.feat_log, c.feat_interim, c.final, c.current, c.ply, c.phase) = (
            self.feat_log, self.feat_interim, self.final, self.current, self.ply, self.phase)
        (c.p_tribe, c.p_terr, c.p_pieces, c.p_cards, c.p_unexplored, c.p_filled) = (
            self.p_tribe, self.p_terr, self.p_pieces, self.p_cards, self.p_unexplored, self.p_filled)
        (c.own_cards, c.feat_queue, c.drafting, c.draft_left, c.end_reason) = (
            self.own_cards, self.feat_queue, self.drafting, self.draft_left, self.end_reason)
        (c.deck, c.discard, c.display, c.hands, c.owner, c.tents) = (
            self.deck[:], self.discard[:], self.display[:], self.hands[:], self.owner[:], self.tents[:])
        (c.totems, c.filled, c.ktot, c.supply_tents, c.supply_totems, c.terr_feats) = (
            self.totems[:], self.filled[:], self.ktot[:], self.supply_tents[:], self.supply_totems[:], self.terr_feats[:])
        (c.line_feats, c.feat_earned, c.exp_scored, c.score, c.interim, c.exp_points) = (
            self.line_feats[:], self.feat_earned[:], self.exp_scored[:], self.score[:], self.interim[:], self.exp_points[:])
        c.chance = self.chance.copy()
        return c


"""Iwari invariants (reference section 9): cards conserved, pieces conserved, R3, R23, feat slots."""

from __future__ import annotations

from gameshelf.games.iwari.catalog import DISPLAY, FEATS, NB, TENTS, TOTEMS, deck_counts
from gameshelf.games.iwari.scoring import assert_breakdown
from gameshelf.games.iwari.decisions import ChooseAction, PlacePieces
from gameshelf.games.iwari.state import State


def check_invariants(s: State) -> None:
    m = s.map
    T = len(m.territories)
    counts = [s.discard[b] + s.display[b] + sum(s.hands[b::NB]) for b in range(NB)]
    for b in s.deck:
        counts[b] += 1
    assert counts == deck_counts(s.players), "cards must be conserved"
    assert all(v >= 0 for v in s.hands + s.display + s.discard), "negative card count"
    top = s.pending[-1] if s.pending else None
    if isinstance(top, ChooseAction):
        assert all(sum(s.hands[p * NB:(p + 1) * NB]) == 3 for p in range(s.players)), "R28"
        assert sum(s.display) == DISPLAY, "R31: display holds 4 at the start of a turn"
        assert s.deck, "R33: the deck is never empty at the start of a turn"
    for p in range(s.ntribes):
        on_board = sum(1 for o in s.owner if o == p)
        assert on_board == sum(s.tents[p * T:(p + 1) * T]), "tent counts match the spaces"
        assert on_board + s.supply_tents[p] == TENTS, "tents conserved"
        assert sum(s.totems[p * T:(p + 1) * T]) + s.supply_totems[p] == TOTEMS, "totems conserved"
    for t, terr in enumerate(m.territories):
        assert s.filled[t] == sum(s.tents[t::T]) <= len(terr.spaces), "R3"
        assert s.ktot[t] == sum(s.totems[t::T]), "totem stack"
        mid_action = isinstance(top, PlacePieces) and t == top.terr and top.pieces == 1  # R24: tent to follow
        assert s.ktot[t] <= max(s.tents[t::T]) + mid_action, "R23: K(T) <= M(T)"
        assert terr.totem_space or s.ktot[t] == 0, "R21"
    for f in FEATS:
        earned = s.feat_earned[f.index]
        assert len(earned) <= f.tokens and len(set(earned)) == len(earned), "R48"
        assert all(p < s.players for p in earned), "R45"
    assert sum(s.terr_feats) + sum(s.line_feats) <= sum(len(e) for e in s.feat_earned)
    for ln in m.lines:
        assert not (s.blocked[ln.index] and s.line_feats[ln.index]), "no feat on a blocked line"
    assert s.pending or s.final is not None, "the game ends with a final scoring"
    assert all(d.seat == s.current for d in s.pending), "every pending decision is the current seat's"
    assert_breakdown(s)

"""Iwari invariants (reference section 9): cards conserved, pieces conserved, R3, R23, feat slots."""

from __future__ import annotations

from gameshelf.games.iwari.catalog import DISPLAY, FEATS, NB, TENTS, TOTEMS, deck_counts
from gameshelf.games.iwari.scoring import assert_breakdown, has_settlement
from gameshelf.games.iwari.decisions import ChooseAction, PlacePieces
from gameshelf.games.iwari.state import State


def check_invariants(state: State) -> None:
    board = state.map
    territories = len(board.territories)
    counts = [state.discard[biome] + state.display[biome] + sum(state.hands[biome::NB]) for biome in range(NB)]
    for biome in state.deck:
        counts[biome] += 1
    assert counts == deck_counts(state.players), "cards must be conserved"
    assert all(v >= 0 for v in state.hands + state.display + state.discard), "negative card count"
    frame = state.pending[-1] if state.pending else None
    if isinstance(frame, ChooseAction):
        assert all(sum(state.hands[tribe * NB:(tribe + 1) * NB]) == 3 for tribe in range(state.players)), "R28"
        assert sum(state.display) == DISPLAY, "R31: display holds 4 at the start of a turn"
        assert state.deck, "R33: the deck is never empty at the start of a turn"
    for tribe in range(state.tribes):
        on_board = sum(1 for o in state.owner if o == tribe)
        assert on_board == sum(state.tents[tribe * territories:(tribe + 1) * territories]), "tent counts match the spaces"
        assert on_board + state.supply_tents[tribe] == TENTS, "tents conserved"
        assert sum(state.totems[tribe * territories:(tribe + 1) * territories]) + state.supply_totems[tribe] == TOTEMS, "totems conserved"
    for territory, place in enumerate(board.territories):
        assert state.filled[territory] == sum(state.tents[territory::territories]) <= len(place.spaces), "R3"
        assert state.totem_stacks[territory] == sum(state.totems[territory::territories]), "totem stack"
        mid_action = isinstance(frame, PlacePieces) and territory == frame.territory and frame.pieces == 1  # R24: tent to follow
        assert state.totem_stacks[territory] <= max(state.tents[territory::territories]) + mid_action, "R23: K(T) <= M(T)"
        assert place.totem_space or state.totem_stacks[territory] == 0, "R21"
    for feat in FEATS:
        earned = state.feats_earned[feat.index]
        assert len(earned) <= feat.tokens and len(set(earned)) == len(earned), "R48"
        assert all(tribe < state.players for tribe in earned), "R45"
    assert sum(state.territory_feats) + sum(state.line_feats) <= sum(len(e) for e in state.feats_earned)
    for line in board.lines:
        assert not (state.blocked[line.index] and state.line_feats[line.index]), "no feat on a blocked line"
    assert state.pending or state.final is not None, "the game ends with a final scoring"
    assert all(frame.seat == state.current for frame in state.pending), "every pending decision is the current seat's"
    assert state.settled == tuple(has_settlement(state, tribe) for tribe in range(state.tribes)), "R49: settled"
    assert_breakdown(state)

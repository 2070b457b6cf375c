"""Derived values the engine keeps or shortcuts for speed equal their plain recomputation, over
random play: the heuristic's terms and values kept on the state (state.py, shared by copies and
kept in step by the rules), the Place targets (R15, R26: can_place_in for every territory), a
settlement's existence (R49), and whether a feat can be earned (R48-R53: its target list is not
empty)."""

import pytest

from gameshelf.core.chance import Chance
from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.catalog import FEATS, NB
from gameshelf.games.iwari.heuristics import area_terms, line_gains, margins
from gameshelf.games.iwari.rules_feats import feat_targets, has_feat_target
from gameshelf.games.iwari.rules_place import can_place_in, target_choices
from gameshelf.games.iwari.scoring import has_settlement, settlements
from test_iwari_heuristic_speed import reference_heuristic

CONFIGS = [(2, {}), (3, {}), (4, {"map": "long_road"}), (5, {"map": "ice_land"}),
           (3, {"map": "B", "expeditions": "on"}), (2, {"feats": "off", "initial_hand": "draft"})]


def plain_terms(state):
    """The state's heuristic terms as computed from scratch (nothing kept)."""
    fresh = GAME.copy(state)
    fresh.area_terms = fresh.line_terms = fresh.margins = None
    lines = line_gains(state.map.id, tuple(state.totems), tuple(state.totem_stacks), tuple(state.blocked),
                       tuple(state.line_feats), state.tribes)
    return area_terms(fresh), lines, margins(fresh)


def assert_kept_values_are_current(state):
    area, lines, values = plain_terms(state)
    if state.area_terms is not None:
        assert state.area_terms == area
    if state.line_terms is not None:
        assert state.line_terms == lines
    if state.margins is not None:
        assert state.margins == values


def plain_targets(state, tribe, seat):
    hand = state.hands[seat * NB:(seat + 1) * NB]
    return [territory.id for territory in state.map.territories
            if can_place_in(state, tribe, territory.index, hand)]


@pytest.mark.parametrize("players,options", CONFIGS)
def test_kept_heuristic_values_equal_their_recomputation_over_random_play(players, options):
    """Values computed on a state and shared by its copies stay right in the copy after any
    action (a tent, a totem, a feat token, an interim scoring, the end) and in the original."""
    chooser = Chance(players * 11 + len(options))
    for seed in (1, 2, 3):
        state = GAME.setup(players, options, seed)
        while not GAME.is_over(state):
            for seat in range(players):  # fill the kept values on the original
                assert GAME.heuristic(state, seat) == reference_heuristic(state, seat)
            legal = GAME.legal_actions(state)
            for action in chooser.sample(legal, min(3, len(legal))):  # copies share, then diverge
                twin = GAME.copy(state)
                GAME.apply(twin, action)
                assert_kept_values_are_current(twin)
                for seat in range(players):
                    assert GAME.heuristic(twin, seat) == reference_heuristic(twin, seat)
            assert_kept_values_are_current(state)
            GAME.apply(state, chooser.choice(legal))
            assert_kept_values_are_current(state)


@pytest.mark.parametrize("players,options", CONFIGS)
def test_shortcut_rule_checks_equal_the_plain_ones_over_random_play(players, options):
    """R15/R26 targets for every tribe and hand, R48-R53 earnable feats for every seat and filled
    territory, and R49 settlements: the fast checks agree with listing everything."""
    chooser = Chance(players * 13 + len(options))
    for seed in (1, 2):
        state = GAME.setup(players, options, seed)
        while not GAME.is_over(state):
            for seat in range(players):
                for tribe in range(state.tribes):
                    ids = [action.territory for action in target_choices(state, tribe, seat)]
                    assert ids == plain_targets(state, tribe, seat)
                for feat in FEATS:
                    for filled in (-1, 0, len(state.map.territories) - 1):
                        expected = bool(feat_targets(state, seat, feat.index, filled))
                        assert has_feat_target(state, seat, feat.index, filled) == expected
            for tribe in range(state.tribes):
                assert has_settlement(state, tribe) == bool(settlements(state, tribe))
            GAME.apply(state, chooser.choice(GAME.legal_actions(state)))


def test_r32_copies_share_the_chance_stream_yet_reshuffle_alike():
    """Copies share the chance stream copy-on-write (state.py): the same actions on a state and
    its copy reshuffle the discard pile (R32) into the same deck, whichever runs first."""
    state = GAME.setup(3, {}, 5)
    twin = GAME.copy(state)
    chooser = Chance(9)
    actions = []
    while state.exhaustions == 0:
        actions.append(chooser.choice(GAME.legal_actions(state)))
        GAME.apply(state, actions[-1])
    for action in actions:
        GAME.apply(twin, action)
    assert twin.exhaustions == 1 and twin.deck == state.deck
    assert GAME.position(twin) == GAME.position(state)
    later = GAME.copy(state)  # and a copy taken after: its next reshuffle is the original's
    for game_state in (state, later):
        follow = Chance(4)
        while game_state.exhaustions == 1 and not GAME.is_over(game_state):
            GAME.apply(game_state, follow.choice(GAME.legal_actions(game_state)))
    assert GAME.position(later) == GAME.position(state)

"""Setup: section 3, R1, R9, R69-R71, A24, A25, A29, A30; worked examples W1, W2."""

from collections import Counter

import pytest

from gameshelf.core.errors import BadOption
from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.catalog import NB
from iwari_helpers import phase, ACTION, DRAFT
from iwari_helpers import hand, legal, play

DECKS = {5: [13, 12, 11, 11, 10], 4: [12, 11, 10, 10, 9], 3: [11, 10, 9, 9, 8], 2: [11, 10, 9, 9, 8]}
AFTER_SETUP = {5: 38, 4: 36, 3: 34, 2: 37}


def all_cards(s):
    counts = [s.discard[b] + s.display[b] + sum(s.hands[b::NB]) for b in range(NB)]
    for b in s.deck:
        counts[b] += 1
    return counts


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_w1_deck_per_player_count(players):
    s = GAME.setup(players, {}, 1)
    assert all_cards(s) == DECKS[players]
    assert len(s.deck) == AFTER_SETUP[players]
    assert sum(s.display) == 4 and all(len(hand(s, p)) == 3 for p in range(players))


def blocked_sets(players, seeds=60):
    out = Counter()
    for seed in range(seeds):
        s = GAME.setup(players, {}, seed)
        out[frozenset(ln.n for ln in s.map.lines if s.blocked[ln.index])] += 1
    return out


def test_w2_r9_four_players_two_mountains():
    """R9: four players two mountains."""
    sets = blocked_sets(4)
    assert set(sets) == {frozenset(x) for x in ({1, 3}, {1, 12}, {8, 3}, {8, 12})}


def test_w2_five_players_one_mountain():
    assert set(blocked_sets(5, 30)) == {frozenset({1}), frozenset({8})}


def test_w2_two_players_four_mountains():
    sets = blocked_sets(2, 80)
    for blocked in sets:
        assert len(blocked) == 4
        assert all(len(blocked & pair) == 1 for pair in ({1, 8}, {3, 12}, {5, 13}, {9, 14}))
    assert len(sets) > 8


def test_r1_third_tribe_only_with_two_players():
    assert [GAME.setup(n, {}, 0).tribes for n in (2, 3, 4, 5)] == [3, 3, 4, 5]


def test_a30_start_player_is_random():
    assert {GAME.setup(3, {}, seed).first_player for seed in range(30)} == {0, 1, 2}


def test_options_are_validated():
    with pytest.raises(BadOption):
        GAME.setup(3, {"map": "C"}, 0)
    with pytest.raises(BadOption):
        GAME.setup(6, {}, 0)
    assert GAME.info.options.defaults() == {"map": "A", "initial_hand": "random", "feats": "on",
                                           "expeditions": "off", "third_tribe_ends_game": "off"}


def test_r69_random_hands_then_display():
    s = GAME.setup(3, {"initial_hand": "random"}, 5)
    assert phase(s) == ACTION and phase(s) != DRAFT and s.current == s.first_player


def test_r70_a25_guaranteed_wild_every_hand_has_a_pair():
    for seed in range(40):
        s = GAME.setup(5, {"initial_hand": "guaranteed_wild"}, seed)
        for p in range(5):
            assert max(s.hands[p * NB:(p + 1) * NB]) >= 2
        assert all_cards(s) == DECKS[5]


def test_r71_a24_draft_last_player_first_then_refill_after_three():
    s = GAME.setup(3, {"initial_hand": "draft"}, 4)
    assert phase(s) == DRAFT and sum(s.display) == 4 and sum(s.hands) == 0
    order = []
    for _ in range(3):
        order.append(s.current)
        takes = [a for a in sorted(legal(s)) if a != "draw deck"]
        play(s, takes[0], "draw deck")
        assert sum(s.display) == 3  # not refilled during the three picks
        play(s, "draw deck")
        assert sum(s.display) == 4 and len(hand(s, order[-1])) == 3
    start = s.first_player
    assert order == [(start - 1) % 3, (start - 2) % 3, start]
    assert phase(s) == ACTION and phase(s) != DRAFT and s.current == start


def test_r60_expeditions_three_face_up_only_when_on():
    assert GAME.setup(3, {}, 1).expeditions == ()
    s = GAME.setup(3, {"expeditions": "on"}, 1)
    assert len(s.expeditions) == 3 and len(set(s.expeditions)) == 3

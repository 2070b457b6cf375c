"""Taking a card after an observe: R17-R20, R26-R30, A7, A8, A17, A22, A31; test vector T10."""

import pytest

from borealis_helpers import (
    cards, decision_kind, play, pos, ready, scientists, set_hand, set_piles, set_pool, set_scientists, set_tokens,
)
from gameshelf.core.errors import IllegalAction
from gameshelf.games.borealis import GAME
from gameshelf.games.borealis.actions import DECK, REFRESH, TAKE

FULL = "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]"


def after_observe(players=2, **options):
    """Seat 0 has just observed card 12 at CENTER (hand 3) and must take a card."""
    s = ready(players, **options)
    set_scientists(s, 0, FULL)
    set_hand(s, 0, [12, 13, 14, 15])
    play(s, "play 12 C")
    assert decision_kind(s) == "take_card"
    return s


def test_r17_three_draw_options():
    s = after_observe()
    legal = GAME.legal_actions(s)
    assert set(legal) == {TAKE[c] for c in s.pool} | {DECK, REFRESH}


def test_r17a_r20_take_from_the_pool_and_refill():
    s = after_observe()
    pick, top = s.pool[1], s.deck[-1]
    play(s, f"take {pick}")
    assert pick in s.hands[0] and len(s.hands[0]) == 4
    assert len(s.pool) == 4 and s.pool[-1] == top and pick not in s.pool


def test_r17b_take_the_deck_top_leaves_the_pool():
    s = after_observe()
    pool, top = list(s.pool), s.deck[-1]
    play(s, "deck")
    assert s.hands[0][-1] == top and s.pool == pool


def test_t10_refresh_reshuffle_and_empty_regroup():
    """T10 (R17-R20, R25, R27, A7, A17)."""
    s = after_observe(players=2)
    set_tokens(s, 0, 2)
    set_pool(s, [40, 41, 42, 43])
    spare = set_piles(s, deck=[50, 51], discard=[60, 61, 62, 63, 64])
    play(s, "refresh")
    assert s.tokens[0] == 1 and decision_kind(s) == "take_after_refresh"
    assert len(s.pool) == 4 and len(s.deck) == 7 and s.discard == []
    assert set(s.pool) >= {50, 51}
    with pytest.raises(IllegalAction) as err:           # second refresh this turn
        GAME.checked_apply(s, "refresh")
    assert err.value.rule == "R18"
    pick = s.pool[0]
    play(s, f"take {pick}")
    assert len(s.hands[0]) == 4 and len(s.pool) == 4 and len(s.deck) == 6 and s.discard == []
    assert len(s.deck) + len(s.discard) + len(s.pool) + 1 == 2 + 5 + 4
    # next player Y: regroup with no discards and empty camps, legal and changes nothing
    assert GAME.to_act(s) == 1
    s.discard.extend(spare)              # the cards set aside come back, so the position is whole
    set_scientists(s, 1, FULL)
    before = (list(s.hands[1]), s.tokens[1], scientists(s, 1))
    play(s, "regroup", "done")
    assert (s.hands[1], s.tokens[1], scientists(s, 1)) == before


def test_r18_a22_refresh_needs_a_token():
    s = after_observe()
    set_tokens(s, 0, 0)
    assert REFRESH not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        GAME.checked_apply(s, "refresh")
    assert err.value.rule == "R18"


def test_a7_refresh_limit_per_turn_resets_each_turn():
    s = after_observe(refresh_limit="per_turn")
    play(s, "refresh")
    play(s, f"take {s.pool[0]}")
    set_scientists(s, 1, FULL)
    set_hand(s, 1, [16, 17, 18, 19])
    play(s, "play 16 C")
    assert REFRESH in GAME.legal_actions(s)          # player 1 may refresh in the same round


def test_a7_refresh_limit_global_per_round():
    s = after_observe(refresh_limit="global_per_round")
    play(s, "refresh")
    play(s, f"take {s.pool[0]}")
    set_scientists(s, 1, FULL)
    set_hand(s, 1, [16, 17, 18, 19])
    play(s, "play 16 C")
    assert REFRESH not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        GAME.checked_apply(s, "refresh")
    assert err.value.rule == "A7"
    play(s, "deck")                                   # round 1 ends; round 2 allows it again
    assert pos(s)["round"] == 2 and not pos(s)["refresh_used_this_round"]
    set_scientists(s, 0, FULL)
    set_hand(s, 0, [20, 21, 22, 23])
    play(s, "play 20 C")
    assert REFRESH in GAME.legal_actions(s)


def test_r19_a8_after_refresh_the_card_comes_from_the_new_pool():
    s = after_observe()
    play(s, "refresh")
    assert DECK not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        GAME.checked_apply(s, "deck")
    assert err.value.rule == "R19"


def test_a8_option_allows_the_deck_after_a_refresh():
    s = after_observe(refresh_then_deck_allowed="on")
    play(s, "refresh")
    assert DECK in GAME.legal_actions(s)
    top = s.deck[-1]
    play(s, "deck")
    assert s.hands[0][-1] == top


def test_r19_empty_pool_after_refresh_gains_nothing():
    """R19, R28, A31: a refresh can only leave an empty pool if the pool, deck and discard pile
    were all empty already; then nothing can be gained and the refresh is not offered (it would
    cost 1 star for nothing; see test_borealis_audit for the turn ending by itself)."""
    s = after_observe()
    set_pool(s, [])
    set_piles(s, deck=[], discard=[])
    assert REFRESH not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        GAME.checked_apply(s, "refresh")
    assert err.value.rule == "R28" and s.tokens[0] == 2


def test_r20_pool_refills_only_while_cards_are_available():
    s = after_observe()
    set_pool(s, [40, 41, 42, 43])
    set_piles(s, deck=[], discard=[])
    play(s, "take 41")
    assert s.pool == [40, 42, 43]


def test_r26_discarded_pool_cards_go_face_up_to_the_discard_pile():
    s = after_observe()
    set_pool(s, [40, 41, 42, 43])
    set_piles(s, deck=[50, 51, 52, 53, 54], discard=[])
    play(s, "refresh")
    assert s.discard == [40, 41, 42, 43]
    assert GAME.view(s, 1)["discard"] == cards([40, 41, 42, 43])    # A30: public


def test_r27_a17_reshuffle_on_demand_mid_deal():
    s = after_observe()
    set_pool(s, [40, 41, 42, 43])
    set_piles(s, deck=[50], discard=[60, 61])
    events = play(s, "refresh")
    assert s.pool[0] == 50 and set(s.pool[1:]) <= {40, 41, 42, 43, 60, 61} and any(e.key == "reshuffle" for e in events)
    assert len(s.pool) == 4 and len(s.deck) + len(s.discard) == 3


def test_r28_a31_nothing_left_means_no_draw():
    # no option at all: the turn ends by itself when the observe resolves
    s2 = ready()
    set_scientists(s2, 0, FULL)
    set_hand(s2, 0, [12])
    set_pool(s2, [])
    set_tokens(s2, 0, 0)
    set_piles(s2, deck=[], discard=[])
    events = play(s2, "play 12 C")
    assert GAME.to_act(s2) == 1 and s2.hands[0] == [] and any(e.key == "no_card" for e in events)


def test_a31_short_pool_any_remaining_card():
    s = after_observe()
    set_pool(s, [40, 41])
    set_piles(s, deck=[], discard=[])
    assert set(GAME.legal_actions(s)) == {TAKE[40], TAKE[41], REFRESH}


def test_r29_hand_stays_at_four():
    s = after_observe()
    play(s, "deck")
    assert len(s.hands[0]) == 4


def test_r30_token_total_never_negative():
    s = after_observe()
    set_tokens(s, 0, 1)
    play(s, "refresh")
    assert s.tokens[0] == 0
    GAME.check_invariants(s)


def test_private_deck_draw_events():
    """The drawer sees the card; others see 'draws a card from the deck'."""
    s = after_observe(players=3)
    top = s.deck[-1]
    events = play(s, "deck")
    mine = [e for e in events if e.visible_to(0)]
    theirs = [e for e in events if e.visible_to(1)]
    assert any(e.key == "draw_private" and e.args["ids"] == [top] for e in mine)
    assert all(e.key != "draw_private" for e in theirs)
    hidden = [e for e in theirs if e.key == "draw_hidden_one"]
    assert hidden and GAME.describe(hidden[0], ["A", "B", "C"]) == "A draws a card from the deck"
    assert all(not e.visible_to(0) and e.visible_to(2) and e.visible_to(None) for e in hidden)
    assert not any(e.visible_to(None) and e.key == "draw_private" for e in events)

"""Turn flow, exchange, draw step, deck exhaustion and game end: R10-R14, R27-R38, A1, A6-A8;
test vectors V6, V10."""

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.games.iwari import GAME
from iwari_helpers import phase, ACTION, DRAW, OVER, PLACE
from iwari_helpers import P1, P2, P3, change, hand, legal, move_cards, new, play, tents, turn, supply


def cards_total(s):
    return len(s.deck) + sum(s.discard) + sum(s.display) + sum(s.hands)


def test_r10_turns_go_clockwise_from_the_start_player():
    s = new(4)
    seen = []
    for _ in range(5):
        seen.append(GAME.to_act(s))
        play(s, f"exchange {hand(s, s.current)[0]}", "draw deck")
    assert seen == [0, 1, 2, 3, 0]


def test_r11_action_menu_is_exchange_or_place_no_pass():
    s = turn(new(3), P1, "tfc")
    kinds = {a.split(" ")[0] for a in legal(s)}
    assert kinds == {"exchange", "place"}
    assert {"exchange t", "exchange f", "exchange c"} <= legal(s)


def test_r12_place_then_draw_then_refill_then_next_turn():
    s = new(3)
    tents(s, P2, "n06")
    turn(s, P1, "ttf")
    play(s, "place N01", "tent n01 t", "tent n02 t", "done")
    assert phase(s) == DRAW and s.current == P1
    play(s, "draw deck")
    assert phase(s) == DRAW
    display_before = sum(s.display)
    take = next(a for a in legal(s) if a != "draw deck")
    play(s, take)
    assert sum(s.display) == 4 == display_before  # refilled after the draws
    assert phase(s) == ACTION and s.current == P2


def test_r13_a1_exchange_discards_one_then_takes_one():
    s = turn(new(3), P1, "tfc")
    discard = sum(s.discard)
    play(s, "exchange t")
    assert s.discard[0] == 1 and sum(s.discard) == discard + 1
    assert phase(s) == DRAW and hand(s, P1) == "fc"
    play(s, "draw deck")
    assert len(hand(s, P1)) == 3 and s.current == P2


def test_r14_exchange_from_display_then_refill():
    s = turn(new(3), P1, "tfc")
    play(s, "exchange t")
    b = next(a for a in legal(s) if a != "draw deck")
    deck = len(s.deck)
    play(s, b)
    assert sum(s.display) == 4 and len(s.deck) == deck - 1


def test_r27_view_hides_other_hands_and_the_deck_order():
    s = new(3)
    v = GAME.view(s, P2)
    assert v["hand"] == sorted(v["hand"], key="tundra forest glacier coast desert".split().index)
    assert "hands" not in v and "deck" not in v and "chance" not in v
    assert v["hand_sizes"] == [3, 3, 3] and v["deck_size"] == len(s.deck)
    spectator = GAME.view(s, None)
    assert spectator["hand"] is None


def test_r27_determinize_keeps_the_view():
    s = new(4, seed=9)
    for p in (None, 0, 1, 2, 3):
        v = GAME.view(s, p)
        assert GAME.view(GAME.determinize(v, Chance(3)), p) == v


def test_r28_r31_three_cards_and_four_display_at_every_turn_start():
    """R31: three cards and four display at every turn start."""
    s = new(5, seed=4)
    r = Chance(1)
    while not GAME.is_over(s):
        if phase(s) == ACTION:
            assert all(len(hand(s, p)) == 3 for p in range(5)) and sum(s.display) == 4
        actions = GAME.legal_actions(s)
        GAME.apply(s, actions[r.below(len(actions))])


def test_r29_r30_display_not_refilled_between_draws():
    """R30: display not refilled between draws."""
    s = new(3)
    tents(s, P2, "n06")
    turn(s, P1, "ttt")
    play(s, "place N01", "tent n01 t", "totem tt", "done")
    first = next(a for a in legal(s) if a != "draw deck")
    play(s, first)
    assert sum(s.display) == 3
    second = next(a for a in legal(s) if a != "draw deck")
    play(s, second)
    assert sum(s.display) == 2  # still drawing: one more card to take
    play(s, "draw deck")
    assert sum(s.display) == 4


def v6(exhaustions=0):
    """3 players before P2's turn: deck 1, display 4, hands 3+3+3, discard 33."""
    s = new(3, seed=5)
    tents(s, P1, "n22")
    turn(s, P2, "ccd")
    move_cards(s, 1)
    change(s, exhaustions=exhaustions)
    assert len(s.deck) == 1 and sum(s.discard) == 33 and cards_total(s) == 47
    return s


def test_v6_r33_interim_scoring_during_a_draw_then_reshuffle():
    """R33: interim scoring during a draw then reshuffle."""
    s = v6()
    play(s, "place N05", "tent n23 c", "tent n24 c", "done")
    assert sum(s.discard) == 35
    events = play(s, "draw deck")
    keys = [e.key for e in events]
    assert keys.index("deck_exhausted") < keys.index("interim_score") < keys.index("reshuffle")
    assert s.exhaustions == 1 and s.interim[:3] == [2, 3, 0]  # N05: P2 2 tents, P1 1
    assert len(s.deck) == 35 and sum(s.discard) == 0 and len(hand(s, P2)) == 2
    play(s, "draw deck")
    assert len(s.deck) == 34 and sum(s.display) == 4 and s.current == P3


def test_v6_variant_exhaustion_during_the_refill():
    s = v6()
    play(s, "place N05", "tent n23 c", "tent n24 c", "done")
    for _ in range(2):
        play(s, next(a for a in legal(s) if a != "draw deck"))
    assert s.exhaustions == 1 and sum(s.display) == 4
    assert len(s.deck) == 35 - 1 and s.current == P3


def test_v6_r34_second_exhaustion_ends_at_once():
    """R34: second exhaustion ends at once."""
    s = v6(exhaustions=1)
    play(s, "place N05", "tent n23 c", "tent n24 c", "done")
    play(s, "draw deck")
    assert phase(s) == OVER and s.end_reason == "deck"
    assert len(hand(s, P2)) == 2 and GAME.to_act(s) is None and GAME.legal_actions(s) == []
    assert s.interim == [0, 0, 0] and s.scores[P2] == 3 + 0  # final tents only: N05 P2 2 of 3 tents


def test_r35_empty_discard_pile_ends_the_game():
    s = turn(new(3), P1, None)
    move_cards(s, 1)
    play(s, f"exchange {hand(s, P1)[0]}")
    s.discard = [0] * 5  # impossible with real counts: a synthetic check of the safety rule
    play(s, "draw deck")
    assert phase(s) == OVER and s.end_reason == "deck" and s.exhaustions == 1


def test_r36_a8_no_finish_the_round():
    s = v6(exhaustions=1)
    play(s, "exchange d", "draw deck")
    assert phase(s) == OVER
    with pytest.raises(IllegalAction):
        GAME.checked_apply(s, "draw deck")


def v10(players=3):
    s = new(players)
    own = [f"n{i:02d}" for i in range(1, 20)]  # 19 P1 tents on N01-N04
    tents(s, P1, *own)
    tents(s, P2, "n36")
    return turn(s, P1, "ccd")


def test_v10_r38_twentieth_tent_ends_the_game_after_the_action():
    """R38: twentieth tent ends the game after the action."""
    s = v10()
    play(s, "place N08", "tent n37 c")
    assert not any(a.startswith("tent") for a in legal(s))  # R22: only one tent left
    play(s, "totem c", "done")
    assert phase(s) == OVER and s.end_reason == "all_tents"
    assert len(hand(s, P1)) == 1  # no draw


def test_v10_r37_r38_two_players_no_third_step_after_the_end():
    """R37, R38: two players no third step after the end."""
    s = v10(players=2)
    play(s, "place N08", "tent n37 c", "done")
    assert phase(s) == OVER  # one card used, but the game already ended


def test_r38_game_continues_with_tents_left():
    s = v10()
    supply(s, P1, tents=2)  # one tent more than the 19 on the board leave
    play(s, "place N08", "tent n37 c", "done")
    assert phase(s) == DRAW


def test_r32_deck_exhausted_by_the_display_refill_only():
    s = new(3, seed=2)
    tents(s, P2, "n06")
    turn(s, P1, "ttt")
    move_cards(s, 2)
    play(s, "place N01", "tent n01 t", "tent n02 t", "done")
    play(s, next(a for a in legal(s) if a != "draw deck"))
    play(s, next(a for a in legal(s) if a != "draw deck"))
    assert s.exhaustions == 1 and sum(s.display) == 4 and phase(s) == ACTION


def test_place_phase_is_public_in_the_view():
    s = turn(new(3), P1, "ttt")
    play(s, "place N01")
    view = GAME.view(s, P2)
    assert phase(s) == PLACE and view["decision"] == view["pending"][-1]
    assert s.map.territories[view["decision"]["territory"]].id == "N01"


def test_r11_r29_actions_out_of_phase_name_the_rule():
    """R29: actions out of phase name the rule."""
    s = turn(new(3), P1, "ttt")
    with pytest.raises(IllegalAction) as info:
        GAME.checked_apply(s, "draw deck")
    assert info.value.rule == "R11"
    play(s, "exchange t")
    with pytest.raises(IllegalAction) as info:
        GAME.checked_apply(s, "place N01")
    assert info.value.rule == "R29"


def test_r12_wrong_seat_is_refused():
    from gameshelf.core.errors import NotYourTurn
    s = turn(new(3), P1, "ttt")
    with pytest.raises(NotYourTurn):
        GAME.checked_apply(s, "exchange t", seat=P2)


def test_action_labels_in_english_and_japanese():
    from gameshelf.games.iwari.actions import parse_action
    assert GAME.action_label(parse_action("tent n22 ff"), "en") == "Tent on n22, paying forest + forest"
    assert GAME.action_label(parse_action("place N05"), "ja") == "N05 (海岸)に配置する"
    assert GAME.action_label(parse_action("honor 4"), "en") == "Put the Honor token on alliance line 4"
    assert "山札" in GAME.action_label(parse_action("draw deck"), "ja")

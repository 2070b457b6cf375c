"""End of the game: R36-R39, A21, A32 (stalemate and max_rounds); test vectors T8 and T11."""

import pytest

from borealis_helpers import (
    achieved, pass_turn, play, pos, ready, set_column, set_flags, set_hand, set_objectives, set_piles, set_pool,
    set_round, set_scientists,
)
from gameshelf.games.borealis import GAME
from gameshelf.games.borealis.catalog import CARD_IDS, set_points
from gameshelf.games.borealis.rules_end import is_stalemate
from gameshelf.games.borealis.rules_observe import observe_actions


def turns(s):
    return [p["turns"] for p in pos(s)["seats"]]

FULL = "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]"


def seventh_card(s, seat):
    """``seat`` (to act) plays a 7th card into CENTER and takes the deck top."""
    assert GAME.to_act(s) == seat
    set_scientists(s, seat, FULL)
    set_column(s, seat, "C", [2, 3, 4, 5, 6, 7])
    set_hand(s, seat, [12])
    return play(s, "play 12 C", "deck")


def test_t8_the_round_is_completed_r36_r37():
    s = ready(4)
    set_round(s, 9, turns=[8, 8, 8, 8])
    pass_turn(s)
    seventh_card(s, 1)
    assert pos(s)["end_triggered"] and not GAME.is_over(s) and GAME.to_act(s) == 2
    pass_turn(s)
    pass_turn(s)
    assert GAME.is_over(s) and GAME.to_act(s) is None
    assert turns(s) == [9, 9, 9, 9] and pos(s)["round"] == 9
    assert GAME.outcome(s).details["end_reason"] == "seven_cards"


def test_t8_variant_last_seat_triggers_and_the_game_ends_at_once():
    s = ready(4)
    for _ in range(3):
        pass_turn(s)
    seventh_card(s, 3)
    assert GAME.is_over(s) and turns(s) == [1, 1, 1, 1]


def test_r36_nothing_but_a_seventh_card_triggers():
    s = ready(2)
    set_scientists(s, 0, FULL)
    set_column(s, 0, "C", [2, 3, 4, 5, 6])
    set_hand(s, 0, [12])
    play(s, "play 12 C", "deck")           # 6 cards
    assert not pos(s)["end_triggered"]
    for _ in range(6):
        pass_turn(s)
    assert not pos(s)["end_triggered"] and not GAME.is_over(s)


def test_r38_final_round_is_normal_and_another_seven_changes_nothing():
    s = ready(3)
    seventh_card(s, 0)
    set_flags(s, 1, [4, 0, 0])
    set_objectives(s, ("OBJ_ANIMAL_1", "OBJ_SCIENTIST_5", "OBJ_VEHICLE_3"))
    set_scientists(s, 1, FULL)
    set_column(s, 1, "C", [22, 23, 24, 25, 26, 27])
    set_hand(s, 1, [13])
    play(s, "play 13 C", "deck")
    assert "OBJ_VEHICLE_3" in achieved(s, 1) and not GAME.is_over(s)     # objectives still work
    pass_turn(s)
    assert GAME.is_over(s) and turns(s) == [1, 1, 1]


def test_r39_final_scoring_after_the_end():
    s = ready(2)
    assert GAME.outcome(s) is None
    pass_turn(s)
    seventh_card(s, 1)
    outcome = GAME.outcome(s)
    assert outcome is not None and len(outcome.scores) == 2
    for score, parts in zip(outcome.scores, outcome.breakdown):
        assert sum(parts.values()) == score


def test_a21_counts_above_seven_do_not_crash():
    assert set_points(7) == 21 and set_points(8) == 28 and set_points(9) == 36


def t11_state(card3_in_discard=False, p2_text=None):
    """T11: deck and discard empty, pool 1 41 81 2, two-colour hands, 70 cards in play."""
    s = ready(4)
    hands = [[11, 21, 31, 61], [12, 22, 32, 62], [13, 23, 33, 63], [14, 24, 34, 64]]
    pool = [1, 41, 81, 2]
    for seat, hand in enumerate(hands):
        set_hand(s, seat, hand)
    set_pool(s, pool)
    rest = [c for c in CARD_IDS if c not in pool and all(c not in h for h in hands)]
    discard = []
    if card3_in_discard:
        rest.remove(3)
        discard = [3]
    for col in range(12):
        set_column(s, col // 3, "LCR"[col % 3], rest[col::12])
    assert set_piles(s, deck=[], discard=discard) == []
    for seat in range(4):
        set_scientists(s, seat, "LC:[] | L:[Y,Y,Y] | C:[B,B,B] | R:[P,P,P] | RC:[]")
    if p2_text:
        set_scientists(s, 1, p2_text)
    GAME.check_invariants(s)
    assert max(len(loc["cards"]) for p in pos(s)["seats"] for loc in p["locations"].values()) <= 6
    return s


def test_t11_stalemate_ends_the_game_at_once_a32():
    s = t11_state()
    assert is_stalemate(s)
    assert GAME.legal_actions(s) == [GAME.parse_action("regroup")]
    pass_turn(s)
    assert GAME.is_over(s)
    outcome = GAME.outcome(s)
    assert outcome.details["end_reason"] == "stalemate"
    assert "achievements" in outcome.details


def test_t11_variant_a_a_playable_card_in_the_discard_pile():
    s = t11_state(card3_in_discard=True)
    assert not is_stalemate(s)
    pass_turn(s)
    assert not GAME.is_over(s)


def test_t11_variant_b_a_camp_can_still_regroup():
    s = t11_state(p2_text="LC:[Y] | L:[Y,Y] | C:[B,B,B] | R:[P,P,P] | RC:[]")
    assert not is_stalemate(s)
    pass_turn(s)
    assert not GAME.is_over(s)
    assert GAME.to_act(s) == 1
    play(s, "regroup", "done", "to C")                    # P2 brings its yellow to CENTER
    assert GAME.parse_action("play 12 C") in observe_actions(s, 1)


def test_a32_max_rounds_cap():
    s = ready(2, max_rounds="10")
    while not GAME.is_over(s):
        pass_turn(s)
    assert pos(s)["round"] == 10 and turns(s) == [10, 10]
    assert GAME.outcome(s).details["end_reason"] == "max_rounds"


def test_a32_max_rounds_none_disables_the_cap():
    s = ready(2, max_rounds="none")
    for _ in range(2 * 120):
        pass_turn(s)
    assert not GAME.is_over(s) and pos(s)["round"] == 121


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_always_end(players):
    from gameshelf.core.chance import Chance
    for seed in range(5):
        s = GAME.setup(players, {}, seed)
        ch = Chance(seed)
        while not GAME.is_over(s):
            legal = GAME.legal_actions(s)
            GAME.apply(s, ch.choice(legal))
        GAME.check_invariants(s)
        assert GAME.outcome(s).details["end_reason"] in ("seven_cards", "stalemate", "max_rounds")

"""The Place action, the 3-2-1 rule: R15-R26, A2-A4, A33; test vectors V2, V3, V4."""

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.actions import parse_action
from iwari_helpers import phase, DRAW, PLACE
from iwari_helpers import P1, P2, P3, count, legal, new, play, tents, totems, turn, supply

N12_SPACES = ("n56", "n57", "n58", "n59")


def rule_of(s, text):
    with pytest.raises(IllegalAction) as info:
        GAME.checked_apply(s, text)
    return info.value.rule


# ---- V2: unexplored territory ---------------------------------------------------------------

def test_v2_r19_unexplored_one_tent_by_card_or_pair():
    """R19: unexplored one tent by card or pair."""
    s = turn(new(), P1, "fft")
    assert "place N12" in legal(s)
    play(s, "place N12")
    want = {f"tent {sp} {p}" for sp in N12_SPACES for p in ("f", "ff")}
    assert legal(s) == want  # no totem, no tundra payment


def test_v2_r19_no_second_piece_after_the_first_tent():
    """R19: no second piece after the first tent."""
    s = turn(new(), P1, "fft")
    play(s, "place N12", "tent n57 f")
    assert legal(s) == {"done"}
    assert rule_of(s, "tent n58 f") == "R19"
    assert rule_of(s, "totem f") == "R19"


def test_v2_r17_lone_tundra_cannot_pay_in_forest():
    """R17: lone tundra cannot pay in forest."""
    s = turn(new(), P1, "fft")
    play(s, "place N12")
    assert rule_of(s, "tent n56 t") == "R17"


def test_v2_r19_totem_alone_is_illegal_in_unexplored():
    """R19: totem alone is illegal in unexplored."""
    s = turn(new(), P1, "fft")
    play(s, "place N12")
    assert rule_of(s, "totem f") == "R19"


def test_v2_a33_pair_pays_the_first_tent():
    s = turn(new(), P1, "fft")
    play(s, "place N12", "tent n56 ff", "done")
    assert count(s, P1, "N12") == 1 and s.discard[1] == 2


def test_v2_next_player_may_place_two_pieces():
    s = turn(new(), P1, "fft")
    play(s, "place N12", "tent n57 f", "done")
    turn(s, P2, "ffd")
    play(s, "place N12", "tent n58 f")
    assert "totem f" in legal(s)  # tents P1 1, P2 1: M = 1, K = 1 after the totem
    play(s, "totem f", "done")
    assert count(s, P2, "N12", "totems") == 1


# ---- V3: totem limit ------------------------------------------------------------------------

def v3(seat):
    s = new(3)
    tents(s, P1, "n27", "n28")
    tents(s, P2, "n29")
    totems(s, P2, "N06", 2)
    return turn(s, seat, "ddd")


def test_v3a_r24_tent_then_totem_raises_the_limit():
    """R24: tent then totem raises the limit."""
    s = v3(P1)
    play(s, "place N06", "tent n30 d", "totem d", "done")
    assert s.totem_stacks[s.map.territory_index["N06"]] == 3


def test_v3a_r24_a4_totem_first_then_tent_is_the_same_legal_action():
    """R24/A4: the player chooses the order; legality is judged on the end state of the action."""
    s = v3(P1)
    play(s, "place N06")
    assert "totem d" in legal(s)
    play(s, "totem d")
    assert legal(s) == {"tent n30 d", "tent n30 dd"}  # only a tent lifting M(T) completes it
    assert rule_of(s, "done") == "R23"
    play(s, "tent n30 d", "done")
    assert s.totem_stacks[s.map.territory_index["N06"]] == 3 and count(s, P1, "N06") == 3


def test_r24_totem_first_needs_a_payable_tent_to_follow():
    """R24, R17: a totem above the limit is offered only if a tent that lifts M(T) can still be paid."""
    s = v3(P1)
    turn(s, P1, "dtg")  # after the totem (d) the lone tundra and glacier pay nothing in desert
    play(s, "place N06")
    assert not any(a.startswith("totem") for a in legal(s))
    assert rule_of(s, "totem d") == "R23"
    turn(s, P1, "ddt")  # the pair pays the totem, the lone tundra cannot pay the tent
    play(s, "place N06")
    assert "totem d" in legal(s) and "totem dd" not in legal(s)
    assert rule_of(s, "totem dd") == "R23"


def test_v3b_r23_two_totems_exceed_the_limit():
    """R23: two totems exceed the limit."""
    s = v3(P1)
    play(s, "place N06", "totem d")
    assert not any(a.startswith("totem") for a in legal(s))
    assert rule_of(s, "totem d") == "R23"


def test_v3c_r23_tent_that_does_not_raise_m_allows_no_totem():
    """R23: tent that does not raise m allows no totem."""
    s = v3(P2)
    play(s, "place N06", "tent n30 d")
    assert legal(s) == {"done"}


def test_v3d_r23_one_more_totem_is_illegal():
    """R23: one more totem is illegal."""
    s = v3(P2)
    play(s, "place N06")
    assert rule_of(s, "totem d") == "R23"


def test_v3e_newcomer_tent_only():
    s = v3(P3)
    play(s, "place N06", "tent n30 d")
    assert legal(s) == {"done"}
    play(s, "done")
    assert s.filled[s.map.territory_index["N06"]] == 4


def test_v3f_tent_alone_legal():
    s = v3(P1)
    play(s, "place N06", "tent n30 d", "done")
    assert count(s, P1, "N06") == 3


# ---- V4: payments and wild pairs -------------------------------------------------------------

def v4(cards="fft"):
    s = new(3)
    tents(s, P2, "n01", "n02", "n07", "n08", "n12", "n13")  # N01, N02, N03 explored, M = 2, K = 0
    return turn(s, P1, cards)


def pays(s, terr):
    play(s, f"place {terr}")
    return {a.split(" ")[-1] for a in legal(s) if a != "done"}


def test_v4_tundra_target():
    s = v4()
    assert pays(s, "N01") == {"t", "ff"}
    play(s, "tent n03 t")
    assert pays_after(s) == {"ff"}  # tundra + forest pair: 2 pieces with 3 cards


def pays_after(s):
    return {a.split(" ")[-1] for a in legal(s) if a != "done"}


def test_v4_pair_then_matching_single():
    s = v4()
    play(s, "place N01", "tent n03 ff")
    assert pays_after(s) == {"t"}
    events = play(s, "totem t", "done")
    assert sum(len(e.args["cards"]) for e in events if "cards" in e.args) + 2 == 3  # 2 + 1 cards


def test_v4_lone_forest_pays_nothing_in_tundra():
    s = v4()
    play(s, "place N01")
    assert rule_of(s, "tent n03 f") == "R17"


def test_v4_forest_target_two_singles_or_a_pair():
    s = v4()
    assert pays(s, "N02") == {"f", "ff"}
    play(s, "tent n09 f")
    assert pays_after(s) == {"f"}
    s = v4()
    play(s, "place N02", "tent n09 ff")
    assert pays_after(s) == set()  # the tundra card pays nothing in forest


def test_v4_glacier_target_pair_only():
    s = v4()
    assert pays(s, "N03") == {"ff"}
    play(s, "tent n14 ff")
    assert legal(s) == {"done"}


def test_v4_r18_three_glaciers_in_tundra_one_piece():
    """R18: three glaciers in tundra one piece."""
    s = v4("ggg")
    assert pays(s, "N01") == {"gg"}
    play(s, "tent n03 gg")
    assert legal(s) == {"done"}
    assert rule_of(s, "totem g") == "R17"


# ---- single rules ------------------------------------------------------------------------------

def test_r15_all_pieces_go_into_the_chosen_territory():
    s = v4("ttt")
    play(s, "place N01")
    spaces = {a.split(" ")[1] for a in legal(s) if a.startswith("tent")}
    assert spaces == {"n03", "n04", "n05", "n06"}
    assert rule_of(s, "tent n46 t") == "R15"  # n46 is in N10 (tundra too)


def test_r16_at_most_two_pieces():
    s = v4("ttt")
    play(s, "place N01", "tent n03 t", "tent n04 t")
    assert legal(s) == {"done"}
    assert rule_of(s, "tent n05 t") == "R16"


def test_r17_a2_pair_of_targets_own_biome_is_legal():
    s = v4("ttf")
    play(s, "place N01")
    assert {"tent n03 t", "tent n03 tt"} <= legal(s)


def test_r20_r3_tent_needs_an_empty_space():
    """R3: tent needs an empty space."""
    s = v4("ttt")
    play(s, "place N01")
    assert "tent n01 t" not in legal(s)
    assert rule_of(s, "tent n01 t") == "R3"


def test_r21_no_totem_space_no_totem():
    s = new(3, map="floating_continent")
    tents(s, P2, "f01", "f02")
    turn(s, P1, "ttt")
    play(s, "place F01", "tent f03 t")
    assert legal(s) == {"done"} | {f"tent {x} t" for x in ("f04", "f05")} | {
        f"tent {x} tt" for x in ("f04", "f05")}
    assert rule_of(s, "totem t") == "R21"


def test_r22_no_tent_in_supply():
    s = v4("ttt")
    supply(s, P1, tents=0)
    play(s, "place N01")
    assert not any(a.startswith("tent") for a in legal(s))
    assert rule_of(s, "tent n03 t") == "R22"


def test_r22_no_totem_in_supply():
    s = v4("ttt")
    supply(s, P1, totems=0)
    play(s, "place N01")
    assert rule_of(s, "totem t") == "R22"


def r24_example(seat):
    s = new(3)
    tents(s, P2, "n01", "n02")
    tents(s, P1, "n03", "n04")
    tents(s, P3, "n06")
    totems(s, P2, "N01", 2)
    return turn(s, seat, "ttt")


def test_r24_example_tent_first_then_totem():
    """R24 example: M = K = 2; a tribe whose tent brings it to 3 may add a tent and a totem."""
    s = r24_example(P1)
    play(s, "place N01", "tent n05 t")
    assert "totem t" in legal(s)
    play(s, "totem t", "done")
    assert s.totem_stacks[0] == 3


def test_r24_example_tribe_staying_at_two_adds_no_totem_in_any_order():
    """R24 example: a tribe that stays at 2 or fewer tents may not add any totem."""
    s = r24_example(P3)
    play(s, "place N01")
    assert not any(a.startswith("totem") for a in legal(s))
    play(s, "tent n05 t")
    assert legal(s) == {"done"}


def test_r25_cards_played_go_to_the_discard_pile():
    s = v4("ttt")
    before = s.discard[0]
    play(s, "place N01", "tent n03 t", "tent n04 t", "done")
    assert s.discard[0] == before + 2 and phase(s) == DRAW


def test_r26_done_needs_a_piece():
    s = v4("ttt")
    play(s, "place N01")
    assert "done" not in legal(s)
    assert rule_of(s, "done") == "R26"


def test_r26_no_place_possible_means_exchange_only():
    s = v4("ggg")
    supply(s, P1, tents=0, totems=0)
    assert legal(s) == {"exchange g"}
    assert rule_of(s, "place N03") == "R26"


def test_place_action_list_stays_small():
    s = v4("fff")
    play(s, "place N02")
    assert len(GAME.legal_actions(s)) <= 20
    assert phase(s) == PLACE


def test_notation_round_trip_for_place_actions():
    for text in ("place N05", "tent n22 c", "tent n22 cc", "totem d", "done", "exchange g"):
        assert str(parse_action(text)) == text

"""Feats: R47-R59, A14-A19, A32; test vectors V8, V9, W11, W15."""

from gameshelf.games.iwari.catalog import FEAT_INDEX
from gameshelf.games.iwari.scoring import tent_majority, totem_points
from iwari_helpers import phase, DRAW, FEAT
from iwari_helpers import P1, P2, P3, P4, feat_tokens, legal, new, play, tents, totems, turn

DISC, UNITY, HONOR, AWE = (FEAT_INDEX[f] for f in ("discovery", "unity", "honor", "awe"))
ALL = [f"N{i:02d}" for i in range(1, 13)]


def feats(players=4, blocked=()):
    return new(players, feats="on", blocked=blocked)


def place(s, seat, terr, *pieces, cards):
    turn(s, seat, cards)
    return play(s, f"place {terr}", *pieces, "done")


# ---- V8 Unity and Discovery ----------------------------------------------------------------

def test_v8_r50_first_settlement_earns_unity_on_its_territories():
    """R50: first settlement earns unity on its territories."""
    s = feats()
    tents(s, P2, "n46", "n47", "n52")
    place(s, P2, "N10", "tent n48 t", cards="ttf")
    assert phase(s) == FEAT and s.feats_earned[UNITY] == (P2,)
    assert legal(s) == {"unity N10", "unity N11", "decline unity"}
    play(s, "unity N11")
    assert s.territory_feats[s.map.territory_index["N11"]] == 1 and phase(s) == DRAW


def v8_unity():
    s = feats()
    tents(s, P2, "n46", "n47", "n52")
    place(s, P2, "N10", "tent n48 t", cards="ttf")
    play(s, "unity N10")
    return s


def test_v8_r48_second_settlement_of_same_player_earns_nothing():
    """R48: second settlement of same player earns nothing."""
    s = v8_unity()
    tents(s, P2, "n01", "n02", "n03")
    place(s, P2, "N01", "tent n04 t", cards="ttf")
    assert phase(s) == DRAW and s.feats_earned[UNITY] == (P2,)


def test_v8_second_player_gets_unity_two_then_slots_are_gone():
    s = v8_unity()
    tents(s, P4, "n31", "n32", "n33")
    place(s, P4, "N07", "tent n34 f", cards="ffc")
    assert s.feats_earned[UNITY] == (P2, P4)
    play(s, "decline unity")  # R54: declining still uses up the slot
    tents(s, P1, "n36", "n37", "n38")
    place(s, P1, "N08", "tent n39 c", cards="ccf")
    assert phase(s) == DRAW and s.feats_earned[UNITY] == (P2, P4)


def test_w15_v8_r51_discovery_anywhere_but_the_filled_territory():
    """R51: discovery anywhere but the filled territory."""
    s = feats()
    tents(s, P1, "n27", "n28", "n29")
    place(s, P2, "N06", "tent n30 d", cards="ddt")
    assert s.feats_earned[DISC] == (P2,)
    assert legal(s) == {f"discovery {t}" for t in ALL if t != "N06"} | {"decline discovery"}


def test_v8_discovery_slots_and_once_per_player():
    s = feats()
    tents(s, P1, "n27", "n28", "n29", "n42", "n43", "n44", "n18", "n19", "n20", "n56", "n57", "n58")
    place(s, P3, "N06", "tent n30 d", cards="ddt")
    play(s, "discovery N01")
    place(s, P3, "N09", "tent n45 g", cards="ggt")
    assert phase(s) == DRAW and s.feats_earned[DISC] == (P3,)
    place(s, P1, "N04", "tent n21 t", cards="ttg")
    assert legal(s) == {f"discovery {t}" for t in ALL if t != "N04"} | {"decline discovery"}
    play(s, "discovery N05")
    place(s, P4, "N12", "tent n59 f", cards="ffg")
    assert phase(s) == DRAW and s.feats_earned[DISC] == (P3, P1)


def test_r51_discovery_needs_the_players_own_filling_tent():
    s = feats()
    tents(s, P1, "n27", "n28", "n29")
    place(s, P2, "N06", "tent n30 d", cards="ddt")
    assert s.pending[-1].filled == s.map.territory_index["N06"]


# ---- V9 Honor and Awe --------------------------------------------------------------------------

def v9():
    s = feats(blocked=(1, 12))
    tents(s, P4, "n01", "n07")
    totems(s, P4, "N02")
    return s


def test_v9_r52_blocked_line_gives_no_honor():
    """R52: blocked line gives no honor."""
    s = v9()
    place(s, P4, "N01", "totem t", cards="ttf")
    assert phase(s) == DRAW and s.feats_earned[HONOR] == ()


def v9_honor():
    s = v9()
    place(s, P4, "N01", "totem t", cards="ttf")
    tents(s, P1, "n02", "n03", "n22")
    totems(s, P1, "N05")
    place(s, P1, "N01", "totem t", cards="ttf")
    return s


def test_v9_r52_tied_most_qualifies_for_honor():
    """R52: tied most qualifies for honor."""
    s = v9_honor()
    assert s.feats_earned[HONOR] == (P1,)
    assert legal(s) == {"honor 4", "decline honor"}
    play(s, "honor 4")
    assert s.line_feats[s.map.line_index[4]] == 1


def v9_awe():
    s = v9_honor()
    play(s, "honor 4")
    tents(s, P2, "n42", "n23", "n24")
    totems(s, P2, "N09")
    place(s, P2, "N05", "totem c", cards="ccf")
    return s


def test_v9_r53_awe_on_a_sea_line():
    """R53: awe on a sea line."""
    s = v9_awe()
    assert s.feats_earned[AWE] == (P2,) and legal(s) == {"awe 11", "decline awe"}
    play(s, "awe 11")


def test_v9_r48_honor_gone_and_final_totem_points_with_multipliers():
    """R48: honor gone and final totem points with multipliers."""
    s = v9_awe()
    play(s, "awe 11")
    tents(s, P3, "n49", "n53")
    totems(s, P3, "N10")
    place(s, P3, "N11", "totem d", cards="ddf")
    assert phase(s) == DRAW and s.feats_earned[HONOR] == (P1,)
    assert totem_points(s) == [8, 6, 2, 0]  # R58: (2+2)x2, (2+1)x2, 1+1


def test_r55_r59_several_feats_in_one_action_in_order():
    """R59: several feats in one action in order."""
    s = feats()
    tents(s, P1, "n27", "n28", "n29", "n24", "n25", "n26")
    place(s, P1, "N06", "tent n30 d", cards="ddf")
    assert [d.feat for d in reversed(s.pending)] == [DISC, UNITY]
    assert "discovery N01" in legal(s)
    play(s, "discovery N01")
    assert legal(s) == {"unity N05", "unity N06", "decline unity"}
    play(s, "unity N05")
    assert phase(s) == DRAW


def test_r47_exchange_never_earns_feats():
    s = feats()
    tents(s, P1, "n01", "n02", "n03", "n04")
    turn(s, P1, "ttf")
    play(s, "exchange f")
    assert phase(s) == DRAW and s.feats_earned[UNITY] == ()


def test_feats_off_no_feat_decisions():
    s = new(4)
    tents(s, P2, "n46", "n47", "n52")
    place(s, P2, "N10", "tent n48 t", cards="ttf")
    assert phase(s) == DRAW


# ---- multipliers -----------------------------------------------------------------------------

def test_w11_r56_r57_two_tokens_triple_tent_points():
    """R56, R57: two tokens triple tent points."""
    s = new(3)
    tents(s, P1, "n22", "n23")
    tents(s, P2, "n24")
    feat_tokens(s, ("unity", "N05"), ("unity", "N05"))
    assert tent_majority(s)[:2] == [9, 6]


def test_a32_interim_scoring_uses_tokens_already_placed():
    from iwari_helpers import move_cards
    s = new(3)
    tents(s, P1, "n22", "n23")
    tents(s, P2, "n24")
    feat_tokens(s, ("unity", "N05"))
    turn(s, P3, "tdf")
    move_cards(s, 1)
    play(s, "exchange t", "draw deck")
    assert s.interim == [6, 4, 0]


def test_r59_tokens_do_not_change_settlement_points():
    from gameshelf.games.iwari.scoring import settlement_points
    s = new(3)
    tents(s, P1, "n01", "n02", "n03", "n04")
    feat_tokens(s, ("unity", "N01"), ("discovery", "N01"))
    assert settlement_points(s)[P1] == 4


def test_r54_declined_token_uses_the_slot_and_is_never_placed():
    """R54/A15: declining Honor uses up its single slot; nobody else earns it, no token is placed."""
    s = v9_honor()
    play(s, "decline honor")
    assert phase(s) == DRAW and s.feats_earned[HONOR] == (P1,) and sum(s.line_feats) == 0
    tents(s, P3, "n49", "n53")
    totems(s, P3, "N10")
    place(s, P3, "N11", "totem d", cards="ddf")  # P3 now qualifies on land line 15
    assert phase(s) == DRAW and s.feats_earned[HONOR] == (P1,) and sum(s.line_feats) == 0


def test_r58_line_multiplier_counts_the_tokens_on_that_line_only():
    """R58/A16: 1 + tokens on the line, for every qualifying tribe; other lines stay x1."""
    s = new(3)
    tents(s, P1, "n46", "n47", "n51", "n52")
    tents(s, P2, "n48", "n49", "n53", "n54")
    totems(s, P1, "N10")
    totems(s, P2, "N10")
    totems(s, P1, "N11")
    totems(s, P2, "N11")
    base = totem_points(s)
    assert base == [4, 4, 0]  # line 15 (N10-N11): both tie most on both sides
    s.line_feats[s.map.line_index[15]] = 2
    assert totem_points(s) == [12, 12, 0]
    s.line_feats[s.map.line_index[15]] = 0
    s.line_feats[s.map.line_index[16]] = 1  # a line without totems on one side pays nothing
    assert totem_points(s) == base


def test_r53_wrong_feat_target_names_the_feats_own_rule():
    """R51/R53: an illegal token target is refused citing the rule of that feat."""
    import pytest
    from gameshelf.core.errors import IllegalAction
    s = v9_awe()
    with pytest.raises(IllegalAction) as err:
        play(s, "awe 4")  # line 4 is a land line
    assert err.value.rule == "R53"
    s = feats()
    tents(s, P1, "n27", "n28", "n29")
    place(s, P2, "N06", "tent n30 d", cards="ddt")
    with pytest.raises(IllegalAction) as err:
        play(s, "discovery N06")
    assert err.value.rule == "R51"

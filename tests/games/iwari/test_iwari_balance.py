"""Outcome.details["balance"] (sim convention): ``feat:<id>`` = points each feat type's tokens
added through the R57/R58 multipliers (interim and final), ``expedition:<id>`` = points each
face-up expedition card paid (R62), one number per seat."""

from gameshelf.core import Chance
from gameshelf.games.iwari import GAME, rules_draw
from gameshelf.games.iwari.catalog import EXPEDITION_INDEX
from gameshelf.games.iwari.rules_feats import check_expeditions
from gameshelf.games.iwari.scoring import tent_majority, totem_points
from iwari_helpers import P1, P2, P3, feat_tokens, load, move_cards, new, tents, totems


def token(s, feat, target):
    """A placed feat token (earned by the next seat without it), through the position."""
    feat_tokens(s, (feat, target))


def built():
    """W7's board: P1 3 tents in N01, P2 2 tents in N05; totems N01 2:1, N05 1:1 (line 4 pays
    P1 5); feats and expeditions on, face-up cards X08 (land pact), X03, X09."""
    s = new(3, feats="on", expeditions="on")
    load(s, dict(GAME.position(s), expeditions=["X08", "X03", "X09"], expeditions_scored=[[], [], []]))
    tents(s, P1, "n01", "n02", "n03")
    tents(s, P2, "n22", "n23")
    totems(s, P1, "N01", 2)
    totems(s, P2, "N01", 1)
    totems(s, P1, "N05", 1)
    totems(s, P2, "N05", 1)
    return s


def test_balance_built_game_feats_interim_and_final_and_expeditions():
    s = built()
    token(s, "unity", "N01")
    move_cards(s, 0)
    rules_draw._exhaust(s)  # R72 interim: N01 pays P1 3 x 2, N05 pays P2 2
    assert s.interim == [6, 2, 0]
    token(s, "discovery", "N01")
    token(s, "discovery", "N05")
    token(s, "honor", "4")  # line 4 N01-N05, land
    assert check_expeditions(s, P1) == [(EXPEDITION_INDEX["X08"], 4)]
    rules_draw.end_game(s, "deck")
    out = GAME.outcome(s)
    bal = out.details["balance"]
    # final: N01 base 3 x (1 + unity + discovery), N05 base 2 x (1 + discovery), line 4 5 x 2
    assert [b["tents"] for b in out.breakdown] == [9, 4, 0]
    assert [b["totems"] for b in out.breakdown] == [10, 0, 0]
    assert bal["feat:unity"] == [3 + 3, 0, 0]  # interim and final
    assert bal["feat:discovery"] == [3, 2, 0]
    assert bal["feat:honor"] == [5, 0, 0]
    assert bal["feat:awe"] == [0, 0, 0]
    assert bal["expedition:X08"] == [4, 0, 0]
    assert bal["expedition:X03"] == [0, 0, 0] and bal["expedition:X09"] == [0, 0, 0]
    assert len(bal) == 7
    for p in range(3):  # feat points are exactly what the multipliers added
        base = 3 if p == P1 else 2 if p == P2 else 0
        extra = out.breakdown[p]["interim"] + out.breakdown[p]["tents"] + out.breakdown[p]["totems"]
        assert sum(v[p] for k, v in bal.items() if k.startswith("feat:")) == \
            extra - base - base - (5 if p == P1 else 0)


def test_balance_second_expedition_value_and_options_off():
    s = built()
    m = s.map
    for terr in ("N02", "N03"):  # line 2 (N02-N03, land): P3 alone
        tents(s, P3, m.space_ids[m.territories[m.territory_index[terr]].spaces[0]])
        totems(s, P3, terr, 1)
    check_expeditions(s, P3)
    check_expeditions(s, P1)
    rules_draw.end_game(s, "deck")
    bal = GAME.outcome(s).details["balance"]
    assert bal["expedition:X08"] == [2, 0, 4]  # P3 first (4), P1 second (2)
    s = new(3, feats="off", expeditions="off")
    tents(s, P1, "n01")
    rules_draw.end_game(s, "deck")
    assert "balance" not in GAME.outcome(s).details


def _play(players, seed):
    """A seeded random game (feats and expeditions on); returns the finished state and the
    tent-majority without multipliers on the board at the interim scoring (or None)."""
    s = GAME.setup(players, {"feats": "on", "expeditions": "on"}, seed)
    chooser, interim_base = Chance(seed), None
    while not GAME.is_over(s):
        before = s.copy()
        GAME.apply(s, chooser.choice(GAME.legal_actions(s)))
        if before.exhaustions == 0 and s.exhaustions >= 1:
            before.territory_feats = [0] * len(before.territory_feats)
            interim_base = tent_majority(before)
    return s, interim_base


def test_balance_seeded_games_match_the_breakdown():
    feat_points = exp_points = 0
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        s, interim_base = _play(players, seed)
        out = GAME.outcome(s)
        bal = out.details["balance"]
        assert {k for k in bal if k.startswith("feat:")} == {"feat:unity", "feat:discovery",
                                                             "feat:honor", "feat:awe"}
        assert len([k for k in bal if k.startswith("expedition:")]) == 3
        assert all(len(v) == players for v in bal.values())
        plain = s.copy()
        plain.territory_feats = [0] * len(s.territory_feats)
        plain.line_feats = [0] * len(s.line_feats)
        base = [a + b for a, b in zip(tent_majority(plain), totem_points(plain))]
        for p in range(players):
            b = out.breakdown[p]
            assert sum(v[p] for k, v in bal.items() if k.startswith("expedition:")) == b["expeditions"]
            multiplied = b["interim"] + b["tents"] + b["totems"]
            unmultiplied = base[p] + (interim_base[p] if interim_base else 0)
            assert sum(v[p] for k, v in bal.items() if k.startswith("feat:")) == multiplied - unmultiplied
            feat_points += multiplied - unmultiplied
            exp_points += b["expeditions"]
    assert feat_points > 0 and exp_points > 0  # the sample exercises both kinds

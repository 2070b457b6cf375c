"""Iwari positions (docs/positions/iwari.md), decisions, score_now and the rules version."""

import json

import pytest

from gameshelf.core import Chance
from gameshelf.core.errors import BadNotation, BadPosition, BadRecord
from gameshelf.core.record import Record, replay
from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.actions import GRAMMAR
from iwari_helpers import P1, P2, THIRD, legal, new, phase, play, tents, totems, turn
from tests.scenario import scenario

N01 = 0  # the territory index of N01 on map A (decision frames name territories by index)
UNITY = 1  # the unity feat's index


# ---- format ----------------------------------------------------------------------

def test_position_names_things_by_id():
    s = new(2)
    tents(s, THIRD, "n22")
    totems(s, THIRD, "N05")
    data = GAME.position(s)
    assert data["tents"] == {"n22": THIRD} and data["totems"] == {"N05": [0, 0, 1]}
    assert data["pending"] == [{"kind": "iwari.choose_action", "seat": P1}]
    assert all(card in {"tundra", "forest", "glacier", "coast", "desert"} for card in data["deck"])


def test_scenario_snippet_builds_a_mid_action_position():
    s = scenario("iwari", 3, {"tents": {"n01": 0}, "first_player": 0, "current": 0,
                              "pending": [{"kind": "iwari.place_pieces", "seat": 0, "tribe": 0, "territory": N01,
                                           "pieces": 1, "cards": 1, "unexplored": True, "filled": -1}]})
    assert phase(s) == "place_pieces" and legal(s) == {"done"}  # R19: one tent in an unexplored one


# ---- refused positions name the problem -----------------------------------------------------------

def bad(change, players=3):
    data = GAME.position(new(players))
    change(data)
    with pytest.raises(BadPosition) as err:
        GAME.from_position(data)
    return str(err.value)


def test_a_card_in_two_places_is_refused():
    def twice(d):
        d["discard"][d["deck"][0]] += 1  # the deck's bottom card also in the discard pile
    assert "cards with 3 players, not" in bad(twice)


def test_a_missing_card_is_refused():
    assert "cards with 3 players" in bad(lambda d: d["deck"].pop())


def test_wrong_types_are_refused():
    assert "players" in bad(lambda d: d.update(players="3"))
    assert "tents" in bad(lambda d: d.update(tents=[["n01", 0]]))
    assert "chance" in bad(lambda d: d.update(chance=-1))


def test_missing_and_unknown_keys_are_refused():
    assert "missing: deck" in bad(lambda d: d.pop("deck"))
    assert "unknown keys: phase" in bad(lambda d: d.update(phase="action"))


def test_too_many_pieces_are_refused():
    spaces = [f"n{i:02d}" for i in range(1, 22)]
    assert "20 tents" in bad(lambda d: d["tents"].update({sp: 1 for sp in spaces}))
    assert "8 totems" in bad(lambda d: d["totems"].update(N01=[9, 0, 0]))


def test_r23_totems_above_the_largest_tent_count_are_refused():
    assert "R23" in bad(lambda d: d.update(tents={"n01": 0}, totems={"N01": [1, 1, 0]}))


def test_impossible_pending_decisions_are_refused():
    assert "seat must be current" in bad(lambda d: d.update(pending=[{"kind": "iwari.choose_action", "seat": 1}]))
    assert "unknown decision kind" in bad(lambda d: d.update(pending=[{"kind": "iwari.pass", "seat": 0}]))
    assert "unknown decision kind" in bad(lambda d: d.update(pending=[{"kind": "choose_action", "seat": 0}]))
    assert "exactly while the game goes on" in bad(lambda d: d.update(pending=[]))
    place = {"kind": "iwari.place_pieces", "seat": 0, "tribe": 0, "territory": N01, "pieces": 0, "cards": 0,
             "unexplored": False, "filled": -1}
    assert "no legal action" in bad(lambda d: d.update(pending=[place], tents={
        sp: 1 for sp in ("n01", "n02", "n03", "n04", "n05", "n06")}, totems={"N01": [0, 6, 0]}))
    assert "third tribe" in bad(lambda d: d.update(pending=[dict(place, tribe=2)]))
    assert "a territory index" in bad(lambda d: d.update(pending=[dict(place, territory=99)]))
    assert "a territory index" in bad(lambda d: d.update(pending=[dict(place, filled=True)]))
    assert "true or false" in bad(lambda d: d.update(pending=[dict(place, unexplored=0)]))


def test_a_pending_decision_must_fit_the_position():
    assert "already holds 3 cards" in bad(lambda d: d.update(pending=[{"kind": "iwari.draw", "seat": 0}]))
    feat = {"kind": "iwari.place_feat", "seat": 0, "feat": UNITY, "filled": -1, "cards": 1}
    assert "has not earned unity" in bad(lambda d: d.update(pending=[feat]))
    assert "a feat index" in bad(lambda d: d.update(pending=[dict(feat, feat=7)]))
    assert "only with 2 players" in bad(lambda d: d.update(pending=[{"kind": "iwari.third_tribe_target", "seat": 0}]))


def test_scores_must_add_up():
    assert "R80" in bad(lambda d: d.update(scores=[1, 0, 0]))


# ---- decisions --------------------------------------------------------------------------------------

def view_ids(view) -> set[str]:
    ids = {f"territory:{t}" for t in view["territories"]}
    ids |= {f"space:{sp}" for spaces in view["territories"].values() for sp in spaces}
    ids |= {f"line:{n}" for n in view["lines"]} | {f"display:{c}" for c in view["display"]}
    ids |= {f"hand:{c}" for c in view["hand"] or ()} | ({"deck:top"} if view["deck_size"] else set())
    return ids


@pytest.mark.parametrize("players,options", [(2, {}), (3, {"initial_hand": "draft"}), (4, {"map": "ice_land"})])
def test_every_decision_target_is_an_element_of_the_seats_view(players, options):
    s = GAME.setup(players, options, 3)
    chooser, kinds = Chance(3), set()
    while not GAME.is_over(s):
        d = GAME.decision(s)
        kinds.add(d.kind)
        ids = view_ids(GAME.view(s, d.seat))
        assert set(d.targets) == {str(a) for a in GAME.legal_actions(s)}
        for notation, targets in d.targets.items():
            assert set(targets) <= ids, notation
        GAME.apply(s, chooser.choice(GAME.legal_actions(s)))
    assert {"iwari.choose_action", "iwari.place_pieces", "iwari.draw"} <= kinds


def test_decision_prompt_and_targets_of_a_place_action():
    s = turn(new(3), P1, "ttf")
    play(s, "place N01")
    d = GAME.decision(s)
    assert d.kind == "iwari.place_pieces" and d.seat == P1
    assert d.targets["tent n01 t"] == ("space:n01", "hand:tundra")
    assert GAME.prompt_text(d, ["Ann", "Bo", "Cy"]) == "Ann: place a piece of Ann in N01 (tundra), or end the placement."
    assert "N01" in GAME.prompt_text(d, ["Ann", "Bo", "Cy"], "ja")


def test_feat_decision_targets_territories_and_lines():
    s = new(4, feats="on")
    tents(s, P2, "n46", "n47", "n52")
    turn(s, P2, "ttf")
    play(s, "place N10", "tent n48 t", "done")
    d = GAME.decision(s)
    assert d.kind == "iwari.place_feat" and d.targets["unity N11"] == ("territory:N11",)
    assert d.targets["decline unity"] == ()


# ---- score_now -------------------------------------------------------------------------------------

def test_score_now_scores_a_built_position_as_if_it_ended():
    """R73: final scoring added to the scores so far (W7's board: P1 3 tents in N01, P2 2 in N05)."""
    s = new(3)
    tents(s, P1, "n01", "n02", "n03")
    tents(s, P2, "n22", "n23")
    now = GAME.score_now(s)
    assert now.scores == (3, 2, 0) and now.breakdown[P1]["tents"] == 3
    assert GAME.outcome(s) is None and not GAME.is_over(s)


# ---- notation and records --------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["exchange c", "place N05", "tent n22 c", "tent n22 ff", "totem cc", "done",
                                  "draw deck", "draw g", "unity N10", "honor 4", "decline unity"])
def test_notation_round_trips(text):
    assert str(GAME.parse_action(text)) == text


@pytest.mark.parametrize("text", ["tent:n22:c", "tent n22 x", "tent n22 cf", "honor four", "honor ４",
                                  "draw 7", "decline nothing", "place", "", "totem c c"])
def test_bad_notation_is_refused(text):
    with pytest.raises(BadNotation):
        GAME.parse_action(text)


def test_grammar_lists_every_verb():
    assert {"exchange", "place", "tent", "totem", "done", "draw", "decline", "unity", "discovery", "honor",
            "awe"} == set(GRAMMAR.verbs)


def test_records_of_an_older_rules_version_are_refused():
    record = Record("iwari", "2", 2, {}, 1, actions=["exchange:t"])
    with pytest.raises(BadRecord) as err:
        replay(GAME, record)
    assert "rules version 2" in str(err.value) and f"this engine has {GAME.info.rules_version}" in str(err.value)
    assert GAME.info.rules_version == "3"




def test_the_documented_example_is_checked_as_documented():
    """docs/positions/iwari.md: its abridged example is refused with the message it quotes."""
    import re
    from pathlib import Path
    doc = (Path(__file__).parents[3] / "docs" / "positions" / "iwari.md").read_text(encoding="utf-8")
    data = json.loads(re.search(r"```json\n(.*?)```", doc, re.S).group(1))
    with pytest.raises(BadPosition) as err:
        GAME.from_position(data)
    assert str(err.value) in doc

"""Borealis positions and their validation, decisions and their targets, the notation's rules
version, labels from YAML (the checks every game shares are in tests/conformance)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from borealis_helpers import choose_action, play, pos, ready, set_scientists
from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadPosition, BadRecord
from gameshelf.core.record import Record, replay
from gameshelf.games.borealis import GAME
from tests.scenario import scenario

FULL = "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]"


def positions_along_a_game(players=3, seed=5, every=9, **options):
    s = GAME.setup(players, options, seed)
    ch = Chance(seed)
    out = []
    step = 0
    while True:
        if step % every == 0 or GAME.is_over(s):
            out.append(GAME.position(s))
        if GAME.is_over(s):
            return out
        GAME.apply(s, ch.choice(GAME.legal_actions(s)))
        step += 1


# ---- positions ---------------------------------------------------------------------------------
def test_position_is_readable_json_with_the_hidden_parts():
    s = GAME.setup(2, {}, 3)
    p = GAME.position(s)
    assert json.loads(json.dumps(p)) == p
    assert p["game"] == "borealis" and p["players"] == 2 and p["options"]["board_side"] == "I"
    seat = p["seats"][0]
    assert seat["board"] == "SIDE_I" and len(seat["hand"]) == 4          # hidden parts included
    assert set(seat["locations"]) == {"LEFT", "CENTER", "RIGHT"} and set(seat["camps"]) == {"LEFT_CAMP", "RIGHT_CAMP"}
    assert seat["locations"]["LEFT"] == {"cards": [], "flag": 0, "scientists": ["YELLOW", "BLUE", "PINK"]}
    assert len(p["deck"]) == 90 - 4 - 8 and isinstance(p["chance"], int)
    assert p["pending"] == [{"kind": "borealis.mulligan", "seat": p["first_player"], "discarded": 0}]


def test_score_now_on_a_built_position_and_at_the_end():
    s = scenario("borealis", 2, {"scoring_cards": ["SAFE_RETURN", "FAREWELL_PARTY"], "first_player": 0,
                                 "pending": choose_action(0)})
    set_scientists(s, 1, "LC:[Y,B] | L:[P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]")
    now = GAME.score_now(s)
    assert GAME.outcome(s) is None
    assert now.breakdown[1]["SAFE_RETURN"] == 6 and now.breakdown[1]["FAREWELL_PARTY"] == 6   # R55, R53
    assert now.breakdown[0]["SAFE_RETURN"] == 0 and now.scores[1] == sum(now.breakdown[1].values())
    end = GAME.from_position(positions_along_a_game()[-1])
    assert GAME.score_now(end) == GAME.outcome(end)


def bad(snippet_or_change):
    data = GAME.position(ready(2))
    if callable(snippet_or_change):
        snippet_or_change(data)
    else:
        data.update(snippet_or_change)
    with pytest.raises(BadPosition) as err:
        GAME.from_position(data)
    return err.value.message


def test_a_card_in_two_places_is_named():
    def twice(d):
        d["pool"][0] = d["deck"][-1]
    message = bad(twice)
    assert "in two places" in message and "the deck" in message and "the pool" in message


def test_a_missing_card_is_named():
    data = GAME.position(ready(2))
    card = data["deck"].pop(0)
    with pytest.raises(BadPosition) as err:
        GAME.from_position(data)
    assert f"card(s) {card} are nowhere" in err.value.message


@pytest.mark.parametrize("change, words", [
    ({"players": "2"}, "players must be a whole number"),
    ({"players": 5}, "players must be between 2 and 4"),
    ({"round": True}, "round must be a whole number"),
    ({"deck": "all"}, "deck must be a list"),
    ({"pool": [1, 2, 3, 4, 5]}, "pool holds at most 4"),
    ({"options": {"board_side": "III"}}, "options: option 'board_side' cannot be 'III'"),
    ({"scoring_cards": ["SAFE_RETURN", "SAFE_RETURN"]}, "2 different scoring cards"),
    ({"end_reason": "boredom"}, "end_reason must be one of"),
    ({"pending": []}, "pending is empty but the game is not over"),
    ({"pending": [{"kind": "borealis.nap", "seat": 0}]}, "pending[0].kind must be one of"),
    ({"pending": [{"kind": "borealis.choose_action", "seat": 2}]}, "pending[0].seat must be between 0 and 1"),
    ({"pending": [{"kind": "borealis.regroup_discard", "seat": 0, "discarded": 3}]},
     "pending[0].discarded must be between 0 and 0"),
    ({"pending": [{"kind": "borealis.regroup_location", "seat": 0}]}, "camps are empty"),
    ({"pending": [{"kind": "borealis.take_after_refresh", "seat": 0}]}, "refreshed_this_turn is false"),
    ({"pending": [{"kind": "borealis.mulligan", "seat": 0, "discarded": 0}], "round": 2}, "mulligan is pending"),
    ({"end_reason": "stalemate"}, "the game is over (end_reason is set) but a decision is pending"),
    ({"extra": 1}, "unknown key(s) extra"),
])
def test_bad_positions_are_refused_with_a_clear_message(change, words):
    assert words in bad(change)


def test_bad_seat_data_is_named():
    def five_yellow(d):
        d["seats"][1]["camps"]["LEFT_CAMP"] = ["YELLOW", "YELLOW"]
    assert "seats[1] has 5 YELLOW scientists" in bad(five_yellow)

    def far_flag(d):
        d["seats"][0]["locations"]["RIGHT"]["flag"] = 8
    assert "seats[0].locations.RIGHT.flag must be between 0 and 7" in bad(far_flag)

    def token_kept(d):
        d["seats"][0]["objectives_achieved"] = [d["objectives"][0]["id"]]
    assert "must add up to 2 (R31)" in bad(token_kept)

    def wrong_board(d):
        d["seats"][0]["board"] = "BOARD_1"
    assert "board side I" in bad(wrong_board)


def _mutate(data, rng: random.Random):
    """One random edit somewhere in the position: a value replaced, a key dropped, a list changed."""
    paths = []

    def walk(node, path):
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + (k,))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, path + (i,))
    walk(data, ())
    path = rng.choice(paths[1:])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    replacement = rng.choice([None, -1, 0, 1, 7, 91, 2**70, "x", "card:3", True, [], {}, [1, 1], 3.5,
                              "YELLOW", "borealis.take_card", "DROP", "DUP"])
    if replacement == "DROP":
        del parent[key]
    elif replacement == "DUP" and isinstance(parent, list):
        parent.append(parent[key])
    else:
        parent[key] = replacement


POSITIONS = positions_along_a_game(players=3, seed=8, every=15) + positions_along_a_game(players=2, seed=2, every=25)


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, len(POSITIONS) - 1), seed=st.integers(0, 2**32), edits=st.integers(1, 3))
def test_random_mutations_give_a_state_or_bad_position(index, seed, edits):
    data = json.loads(json.dumps(POSITIONS[index]))
    rng = random.Random(seed)
    for _ in range(edits):
        _mutate(data, rng)
    try:
        s = GAME.from_position(data)
    except BadPosition:
        return
    GAME.check_invariants(s)
    GAME.legal_actions(s)


@pytest.mark.parametrize("value", [None, 3, "position", [], {"game": "borealis"}])
def test_not_a_position_at_all(value):
    with pytest.raises(BadPosition):
        GAME.from_position(value)


# ---- decisions ---------------------------------------------------------------------------------
def test_decision_kinds_prompts_and_targets():
    s = ready(2)
    set_scientists(s, 0, FULL)
    d = GAME.decision(s)
    assert d.seat == 0 and d.kind == "borealis.choose_action"
    assert d.targets["regroup"] == ()
    view = json.dumps(GAME.view(s, 0))
    for notation, ids in d.targets.items():
        if notation.startswith("play "):
            _, card, loc = notation.split()
            assert ids == (f"card:{card}", f"location:0:{loc}")
        for element in ids:
            assert f'"{element}"' in view             # every target is in the seat's view
    assert GAME.prompt_text(d, ["Aki", "Ben"]) == "Aki: observe a card at a location, or regroup"
    assert GAME.prompt_text(d, ["Aki", "Ben"], "ja").startswith("Aki：")


def test_decisions_along_a_game_target_elements_of_the_view():
    s = GAME.setup(3, {}, 4)
    ch = Chance(4)
    kinds = set()
    while not GAME.is_over(s):
        d = GAME.decision(s)
        kinds.add(d.kind)
        view = json.dumps(GAME.view(s, d.seat))
        assert set(d.targets) == {str(a) for a in GAME.legal_actions(s)}
        assert all(f'"{element}"' in view for ids in d.targets.values() for element in ids)
        GAME.apply(s, ch.choice(GAME.legal_actions(s)))
    assert GAME.decision(s) is None
    assert {"borealis.mulligan", "borealis.choose_action", "borealis.take_card",
            "borealis.regroup_discard"} <= kinds


def test_discard_decisions_count_their_discards():
    s = GAME.setup(2, {"first_player": "chosen"}, 3)
    card = s.hands[0][0]
    play(s, f"discard {card}")
    assert pos(s)["pending"] == [{"kind": "borealis.mulligan", "seat": 0, "discarded": 1}]
    assert GAME.decision(s).prompt.args == {"seat": 0, "count": 1}


# ---- notation and records ----------------------------------------------------------------------
def test_records_of_the_old_rules_version_are_refused():
    record = Record("borealis", "1", 2, {}, 1, ["A", "B"], ["done", "done"])
    with pytest.raises(BadRecord) as err:
        replay(GAME, record)
    assert "rules version 1" in err.value.message and f"this engine has {GAME.info.rules_version}" in err.value.message
    assert GAME.info.rules_version == "2"
    assert replay(GAME, Record("borealis", "2", 2, {}, 1, ["A", "B"], ["done", "done"])) is not None


def test_the_grammar_lists_every_verb():
    from gameshelf.games.borealis.actions import GRAMMAR
    assert set(GRAMMAR.verbs) == {"play", "regroup", "discard", "done", "to", "take", "deck", "refresh"}
    for verb in GRAMMAR.verbs.values():
        assert str(GRAMMAR.parse(verb.example)) == verb.example


# ---- labels ------------------------------------------------------------------------------------
def test_labels_come_from_yaml_in_both_languages():
    from gameshelf.games.borealis.catalog import LABELS
    assert GAME.action_label(GAME.parse_action("play 18 C")) == "Observe Snowy Owl (sled) at the middle location"
    assert GAME.action_label(GAME.parse_action("to L"), "ja").startswith("キャンプの科学者を")
    assert set(LABELS["actions"]) == {"play", "regroup", "discard", "done", "to", "take", "deck", "refresh"}


def test_no_language_branches_in_the_package():
    from pathlib import Path
    import gameshelf.games.borealis as package
    for path in Path(package.__file__).parent.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert 'lang == "ja"' not in text and "if ja" not in text and 'lang == "en"' not in text, path.name


def test_the_documented_example_is_a_valid_position():
    from pathlib import Path
    import yaml
    doc = Path(__file__).parents[3] / "docs" / "positions" / "borealis.md"
    example = yaml.safe_load(doc.read_text(encoding="utf-8").split("```yaml")[1].split("```")[0])
    s = GAME.from_position(example)
    assert GAME.position(s) == example and GAME.decision(s).kind == "borealis.take_card"

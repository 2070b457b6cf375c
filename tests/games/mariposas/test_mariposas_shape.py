"""Mariposas' shape: decisions and their targets, position validation, score_now, the state
declaration, the notation grammar and the rules version (the checks every game shares are in
tests/conformance)."""

from __future__ import annotations

import pytest

from gameshelf.core import BadNotation, BadPosition, Chance
from gameshelf.core.record import Record, replay
from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.catalog import CAT
from mariposas_helpers import make
from tests.scenario import scenario


def random_states(n, seed, every=7):
    s = GAME.setup(n, seed=seed)
    r = Chance(seed)
    k = 0
    while not s.over:
        if k % every == 0:
            yield GAME.copy(s)
        GAME.apply(s, r.choice(GAME.legal_actions(s)))
        k += 1
    yield s


# ---- decisions ---------------------------------------------------------------------------------

def test_decision_kinds_prompts_and_targets_name_view_elements():
    """Each decision names its kind; every target id is an element of the deciding seat's view."""
    kinds = set()
    for s in random_states(3, 4, every=1):
        d = GAME.decision(s)
        if s.over:
            assert d is None
            continue
        kinds.add(d.kind)
        v = GAME.view(s, d.seat)
        elements = _elements(v)
        for ids in d.targets.values():
            assert set(ids) <= elements, ids
    assert {"mariposas.play", "mariposas.segment", "mariposas.butterfly", "mariposas.step",
            "mariposas.exchange"} <= kinds


def _elements(v) -> set[str]:
    out = {f"card:{c}" for c in v["hand"]}
    out |= {f"card:{c}" for p in v["boards"] for c in p["played"]}
    for seat, p in enumerate(v["boards"]):
        out |= {f"butterfly:{seat}.{b['marker']}" for b in p["butterflies"]}
        out |= {f"space:{b['at']}" for b in p["butterflies"]}
        out |= {f"flower:{f}" for f in p["flowers"]}
        out |= {f"bonus:{b}" for b in p["bonus_cards"]}
    out |= {f"lifecycle:{k}" for k in v["card_supply"]} | {f"bonus:{k}" for k in v["card_supply"]}
    out |= {f"space:{sp}" for sp in CAT.space_ids}       # the map: space ids of map.yaml
    return out


def test_step_targets_the_space_and_fly_the_butterfly():
    pos = make(butterflies={"a": (0, 2, "r05c07")})
    pos.do("play move_5", "seg 5")
    d = GAME.decision(pos.s)
    assert d.kind == "mariposas.butterfly" and d.targets == {f"fly {pos.slot('a')}": (f"butterfly:0.{pos.slot('a')}",)}
    pos.do(f"fly {pos.slot('a')}")
    d = GAME.decision(pos.s)
    assert d.kind == "mariposas.step" and d.prompt.args["steps"] == 5
    assert all(ids == (f"space:{n.split()[1]}",) for n, ids in d.targets.items())
    assert GAME.prompt_text(d, ["Ann", "Bob"], "en") == "Ann: move one step (5 left)."


# ---- positions ---------------------------------------------------------------------------------

def _base():
    return GAME.position(GAME.setup(3, seed=2))


@pytest.mark.parametrize("change,message", [
    (lambda d: d["players"][0]["hand"].append("move_5"), "holds 3 action cards"),
    (lambda d: d["deck"].append("move_5"), "action cards not conserved"),
    (lambda d: d["deck"].pop(), "action cards not conserved"),
    (lambda d: d["players"][1].update(hand=list(d["players"][0]["hand"])), "not conserved"),
    (lambda d: d["waystations"]["boston"].update(marker=d["waystations"]["quebec"]["marker"]), "waystation markers"),
    (lambda d: d["players"][0]["flowers"].update(white=-1), "players[0].flowers.white"),
    (lambda d: d["players"][0]["butterflies"][0].update(gen=3), "generation-1 marker"),
    (lambda d: d["players"][0]["butterflies"][0].update(at="atlantis"), "unknown id 'atlantis'"),
    (lambda d: d.update(pending=[{"kind": "mariposas.step", "seat": 0, "marker": 9, "steps": 2, "adjacent": False}]),
     "not on the map"),
    (lambda d: d.update(pending=[{"kind": "dance", "seat": 0}]), "unknown decision"),
    (lambda d: d.update(pending=[]), "needs a pending decision"),
    (lambda d: d.update(pending=[{"kind": "mariposas.hatch", "seat": 0, "marker": 0}]), "only pending during a landing"),
    (lambda d: d.update(pending=[{"kind": "mariposas.step", "seat": 0, "marker": 10, "steps": 2, "adjacent": False}]),
     "pending[0].marker: must be between 0 and 9"),
    (lambda d: d.update(pending=[{"kind": "mariposas.play", "seat": 0, "marker": 1}]), "mariposas.play has no field"),
    (lambda d: d.update(players=d["players"][:1]), "for 2-5 players"),
    (lambda d: d.update(turns_taken="3"), "turns_taken: must be a whole number"),
    (lambda d: d.pop("deck"), "missing keys ['deck']"),
    (lambda d: d["goals"]["spring"].update(card="FA2"), "goals.spring.card"),
    (lambda d: d["ability_rows"].update(pink=d["ability_rows"]["green"]), "ability_rows: lists an id twice"),
])
def test_bad_positions_are_refused_with_a_clear_message(change, message):
    data = _base()
    change(data)
    with pytest.raises(BadPosition, match=message.replace("[", r"\[").replace("]", r"\]")):
        GAME.from_position(data)


def test_wrong_types_are_refused():
    for bad in (None, [], "position", 3, {"game": "mariposas"}):
        with pytest.raises(BadPosition):
            GAME.from_position(bad)


# ---- score_now ---------------------------------------------------------------------------------

def test_score_now_adds_the_season_goal_and_end_points():
    """R83: Michoacan (R84), life cycle cards (R56) and the running season's goal as if the game ended now."""
    pos = make(season="fall", goals={"fall": "FA2"}, butterflies={"a": (0, 4, "michoacan")},
               lifecycle={0: ["green_egg", "pink_adult"]})
    now = GAME.score_now(pos.s)
    assert GAME.outcome(pos.s) is None
    assert now.breakdown[0]["michoacan"] == 3 and now.breakdown[0]["lifecycle_cards"] == 2
    assert now.scores[0] == sum(now.breakdown[0].values())


def test_scenario_snippets_build_positions():
    # lists replace what was there, so a snippet changes a seat through the full players list
    data = GAME.position(GAME.setup(2, seed=3))
    data["players"][1]["points"]["summer_goal"] = 4
    s = scenario("mariposas", 2, {"players": data["players"]}, seed=3)
    assert GAME.score_now(s).breakdown[1]["summer_goal"] >= 4


# ---- typed view, notation, rules version ------------------------------------------------------

@pytest.mark.parametrize("text", ["fly ²", "fly 1.0", "seg ３", "fly -1", "fly 10", "seg 0", "play", "fly 1 2"])
def test_numbers_are_ascii_and_bounded(text):
    with pytest.raises(BadNotation):
        GAME.parse_action(text)


def test_old_records_are_refused_naming_both_versions():
    record = Record("mariposas", "1", 2, {}, 1, actions=["exchange:none"])
    with pytest.raises(Exception, match="rules version 1, this engine has 2"):
        replay(GAME, record)

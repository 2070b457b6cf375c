"""Positions: the readable format, validation with clear errors, score_now, decisions and their
targets, records of an older rules version refused (the round trip, random mutations and the typed
view are checked for every game in tests/conformance)."""

import copy

import pytest

from gameshelf.core import Chance
from gameshelf.core.errors import BadPosition, BadRecord
from mz_helpers import GAME, board, play, put
from tests.scenario import scenario


def played(n=2, plies=60, seed=4, options=None):
    st = GAME.setup(n, options, seed)
    ch = Chance(seed)
    for _ in range(plies):
        if GAME.is_over(st):
            break
        GAME.apply(st, ch.choice(GAME.legal_actions(st)))
    return st


# ---- round trip and readable format -------------------------------------------------------------------
def test_position_names_components_not_slots():
    st = board(hand="G05", tiles={"1,2": "G01"})
    w = put(st, "wolf", "1,2")
    play(st, "discard G05")
    data = GAME.position(st)
    assert data["pending"] == [{"kind": "midnight_zoo.use_tile", "seat": 0},
                               {"kind": "midnight_zoo.special_move", "seat": 0, "eligible": [w]}]
    assert data["players"]["blue"]["district"] == {"1,2": "G01"} and data["phase"] == "placement"
    assert data["players"]["blue"]["animals"][w]["loc"] == "1,2"


def test_position_has_one_key_per_state_field():
    """The state hash is taken over the position, so the position must hold every field that is
    not fixed by the options and the player count."""
    from gameshelf.games.midnight_zoo.state import State
    data = GAME.position(played(3, 50, options={"variability_cards": "on"}))
    assert set(data) == {"game", "options"} | (set(State.FIELDS) - State.SHARED)


def test_scenario_snippet_builds_a_position():
    st = scenario("midnight_zoo", 2, """
        players:
          blue: {vp: 12, animals: {L1: {loc: zoo}}}
    """, seed=3)
    assert st.players[0].vp == 12 and st.players[0].location[0] == -2
    assert GAME.score_now(st).breakdown[0]["vp_track"] == 12


# ---- validation: clear errors -------------------------------------------------------------------------
def base():
    return GAME.position(played(2, 40, seed=6))


def mutated(fn):
    data = copy.deepcopy(base())
    fn(data)
    return data


@pytest.mark.parametrize("fn,words", [
    (lambda d: d["players"]["blue"]["storage"].append(d["stack"][0]), "action tiles not conserved"),
    (lambda d: d["stack"].pop(), "action tiles not conserved"),
    (lambda d: d.__setitem__("draft", "three"), "'draft' must be a whole number"),
    (lambda d: d.pop("market"), "no 'market'"),
    (lambda d: d["players"]["green"].__setitem__("storage", ["BR", "BG", "BS"]), "storage holds at most 2"),
    (lambda d: d["pending"].append({"kind": "midnight_zoo.choose_cell", "seat": d["order"][d["turn"]],
                                    "tile": d["stack"][0]}), "not conserved"),
    (lambda d: d.__setitem__("pending", [{"kind": "fly"}]), "unknown decision kind"),
    (lambda d: d.__setitem__("pending", []), "the bottom pending decision is the placement phase's"),
    (lambda d: d["pending"][0].__setitem__("seat", 1 - d["pending"][0]["seat"]), "whose turn it is"),
    (lambda d: d["options"].__setitem__("snake_turn", "spin"), "options"),
    (lambda d: d["players"]["blue"]["animals"]["L1"].__setitem__("pollen", 9), "pollen"),
    (lambda d: d["players"]["blue"]["animals"]["L1"].__setitem__("loc", "7,7"), "unknown location"),
    (lambda d: d["players"]["blue"]["district"].__setitem__("2,2", "R01"), "not a space for a tile"),
    (lambda d: d.__setitem__("game", "chess"), "not a Midnight Zoo position"),
    (lambda d: d.__setitem__("players", {}), "1 to 4 players"),
    (lambda d: d["leftover"].append(d["stack"].pop()), "the leftover zone holds"),  # R6
    (lambda d: d.__setitem__("draft", 9), "leftover"),
])
def test_from_position_names_the_problem(fn, words):
    with pytest.raises(BadPosition) as err:
        GAME.from_position(mutated(fn))
    assert words in err.value.message


def test_an_impossible_pending_decision_is_refused():
    st = board(hand="G05", tiles={"4,4": "G01"})
    data = GAME.position(st)
    data["pending"].append({"kind": "midnight_zoo.special_move", "seat": 0, "eligible": []})
    with pytest.raises(BadPosition) as err:
        GAME.from_position(data)
    assert "impossible" in err.value.message


# ---- score_now -----------------------------------------------------------------------------------------
def test_score_now_scores_a_built_position():
    st = board(hand="G05", tiles={"0,0": "R03", "0,1": "G03"}, vp=4)
    put(st, "wolf", "zoo")
    now = GAME.score_now(st)
    assert now.breakdown[0] == {"vp_track": 4, "zoo_vp": 7, "discovered_vp": 0, "food_vp": 4}
    assert GAME.outcome(st) is None


# ---- decisions -----------------------------------------------------------------------------------------
def element_ids(view) -> set:
    ids = {f"tile:{t}" for t in view["market"] if t}
    ids |= {f"bonus:{t}" for t in view["bonus_supply"]}
    ids |= {f"tile:{f['tile']}" for f in view["pending"] if "tile" in f}
    for p in view["boards"]:
        ids |= {f"tile:{t}" for t in [*p["district"].values(), *p["storage"], p["hand"]] if t and t != "zoo"}
        ids |= {f"animal:{a['spot']}" for a in p["animals"]}
        ids |= {f"cell:{key}" for key in p["district"]}
    return ids


@pytest.mark.parametrize("n,options", [(2, {}), (3, {"variability_cards": "on"}), (1, {})])
def test_decision_targets_are_view_elements(n, options):
    st = GAME.setup(n, options, 9)
    ch = Chance(9)
    kinds = set()
    while not GAME.is_over(st):
        d = GAME.decision(st)
        kinds.add(d.kind)
        ids = element_ids(GAME.view(st, d.seat))
        for targets in d.targets.values():
            assert set(targets) <= ids
        GAME.apply(st, ch.choice(GAME.legal_actions(st)))
    assert GAME.decision(st) is None
    assert {"midnight_zoo.take_tile", "midnight_zoo.use_tile", "midnight_zoo.choose_cell"} <= kinds


def test_decision_prompts_name_the_pending_choice():
    st = board(hand="G05", tiles={"1,2": "G01"})
    w = put(st, "wolf", "1,2")
    assert GAME.decision(st).kind == "midnight_zoo.use_tile"
    play(st, "discard G05")
    d = GAME.decision(st)
    assert d.kind == "midnight_zoo.special_move" and d.targets == {f"animal {w}": (f"animal:{w}",)}
    play(st, f"animal {w}")
    d = GAME.decision(st)
    # a single legal move: the prompt names it (core.prompts) rather than asking to choose
    assert GAME.prompt_text(d, ["Ann", "Bo"], "en") == f"Your wolf ({w}) has one move: Go south."
    assert "オオカミ" in GAME.prompt_text(d, ["Ann", "Bo"], "ja")
    assert d.targets == {"go S": (f"animal:{w}", "cell:2,2")}  # the move's destination: the zoo


# ---- records of an older rules version -----------------------------------------------------------------
def test_records_of_an_older_rules_version_are_refused():
    from gameshelf.core.record import Record, replay
    record = Record(game="midnight_zoo", rules_version="reference-1", players=2, options={}, seed=1,
                    actions=[])
    with pytest.raises(BadRecord) as err:
        replay(GAME, record)
    assert "reference-1" in err.value.message and GAME.info.rules_version in err.value.message

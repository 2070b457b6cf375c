"""Views and hidden information (R8), determinize, notation, labels, renderer, heuristic."""

import json

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadNotation
from mz_helpers import GAME, add_pending, board, legal, play, put


def test_r8_views_hide_only_the_stack_and_solo_deck_order():
    st = GAME.setup(1, {}, seed=4)
    v = GAME.view(st, 0)
    assert "stack" not in v and v["stack_count"] == len(st.stack)
    assert "deck" not in v["solo"] and v["solo"]["deck_count"] == len(st.solo_deck)
    assert v["market"] and v["boards"][0]["animals"]
    json.dumps(v)
    full = GAME.position(st)
    assert len(full["stack"]) == len(st.stack) and "chance" in full


def test_determinize_round_trip_and_reseeded_chance():
    st = GAME.setup(3, {"variability_cards": "on"}, seed=8)
    ch = Chance(3)
    for _ in range(80):
        for seat in (None, 0, 1, 2):
            v = GAME.view(st, seat)
            d = GAME.determinize(v, Chance(11))
            assert GAME.view(d, seat) == v
            assert GAME.legal_actions(d) == GAME.legal_actions(st)
        GAME.apply(st, ch.choice(GAME.legal_actions(st)))
    d = GAME.determinize(GAME.view(st, 0), Chance(1))
    assert sorted(d.stack) == sorted(st.stack) and d.chance.position != st.chance.position


@pytest.mark.parametrize("text", ["take 1", "place R17", "store G07", "discard BR", "at 0,4",
                                  "tile discover", "tile move_2", "space", "reward vp_5", "skip",
                                  "discover L2", "bonus sand", "animal T3", "go N", "turn L",
                                  "face W", "wake", "stop", "done", "cards FMT"])
def test_notation_round_trips(text):
    assert str(GAME.parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "take 0", "take 9", "place X99", "at 5,5", "at 1,1,1",
                                  "go Q", "turn U", "tile cake", "discover Z9", "bonus lava",
                                  "animal", "hello world", "stop now", "at 01,1"])
def test_bad_notation_raises(text):
    with pytest.raises(BadNotation):
        GAME.parse_action(text)


def test_action_labels_and_event_sentences_in_both_languages():
    st = board(hand="R07", tiles={"1,0": "G01", "0,0": "G02"})
    w = put(st, "wolf", "1,0")
    events = play(st, "place R07", "at 4,1", "tile move_2", f"animal {w}", "go N", f"animal {w}", "go S")
    for e in events:
        for lang in ("en", "ja"):
            assert "{" not in GAME.describe(e, ["Ann", "Bob"], lang)
    for a in GAME.legal_actions(GAME.setup(2, {}, seed=1)):
        assert GAME.action_label(a, "en") != GAME.action_label(a, "ja")


def test_renderer_draws_a_view():
    from rich.console import Console

    from gameshelf.cli.render.midnight_zoo import render
    st = board(slots=("snake", "sloth", "butterfly"), hand="R07", tiles={"1,0": "G01"})
    put(st, "snake", "1,0", facing="N")
    put(st, "sloth", "L2", asleep=1)
    put(st, "butterfly", "zoo", pollen=2)
    console = Console(width=150, record=True)
    for lang in ("en", "ja"):
        console.print(render(GAME.view(st, 0), ["Ann", "Bob"], lang))
    text = console.export_text()
    assert "R07" in text and "ZOO" in text and "Sn↑" in text and "Slz" in text and "[L2]" in text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_renderer_names_every_pending_decision(lang):
    from rich.console import Console

    from gameshelf.cli.render.midnight_zoo import render
    st = GAME.setup(2, {}, seed=6)
    ch = Chance(6)
    seen = set()
    while not GAME.is_over(st):
        view = GAME.view(st, GAME.to_act(st))
        if len(view["pending"]) > 1:
            seen.add(view["decision"]["kind"])
            console = Console(width=150, record=True)
            console.print(render(view, ["Ann", "Bob"], lang))
            assert "{" not in console.export_text()
        GAME.apply(st, ch.choice(GAME.legal_actions(st)))
    assert {"midnight_zoo.choose_cell", "midnight_zoo.choose_effect", "midnight_zoo.move_animal"} <= seen


def test_heuristic_prefers_animals_nearer_the_zoo():
    st = board(hand="R07", tiles={"1,0": "G01", "1,1": "G02"})
    w = put(st, "wolf", "1,0")
    before = GAME.heuristic(st, 0)
    put(st, "wolf", "1,1", spot=w)
    assert GAME.heuristic(st, 0) > before
    assert isinstance(before, float)


def test_legal_lists_stay_small():
    st = GAME.setup(4, {}, seed=2)
    ch = Chance(2)
    biggest = 0
    while not GAME.is_over(st):
        acts = GAME.legal_actions(st)
        biggest = max(biggest, len(acts))
        GAME.apply(st, ch.choice(acts))
    assert biggest <= 24  # the cell choice is the largest menu
    assert legal(st) == []


def test_heuristic_values_pending_move_points():
    st = board(hand="R07", tiles={"1,0": "G01", "0,0": "G02"})
    put(st, "wolf", "1,0")
    before = GAME.heuristic(st, 0)
    add_pending(st, "move_points", points=2)
    assert GAME.heuristic(st, 0) > before


def test_greedy_bot_beats_random_play():
    from gameshelf.agents import make_agent
    from gameshelf.match import run_match
    wins = 0
    for s in range(4):
        agents = [make_agent("random", seed=s), make_agent("random", seed=s + 9)]
        agents[s % 2] = make_agent("greedy", seed=s)
        wins += run_match(GAME, agents, seed=s).outcome.ranks[s % 2] == 1
    assert wins >= 3


def test_animal_moves_read_as_words_in_the_log_in_both_languages():
    """R41-R59 movement events: the log names the move in words (its menu label), not its notation."""
    import random

    from gameshelf.games import get_game

    game = get_game("midnight_zoo")
    seen = 0
    for seed in range(6):
        state, rng = game.setup(2, None, seed), random.Random(seed)
        while not game.is_over(state) and seen < 40:
            action = rng.choice(game.legal_actions(state))
            for event in game.apply(state, action):
                if event.key != "moved":
                    continue
                seen += 1
                for lang in ("en", "ja"):
                    line = game.describe(event, ["Ann", "Bob"], lang)
                    label = game.action_label(game.parse_action(event.args["move"]), lang)
                    assert line.rstrip(".。").endswith(label), (lang, line)
                    assert event.args["move"] not in line, (lang, line)
    assert seen >= 10


def test_every_decision_kind_has_its_rules_and_its_prompt():
    """One table in rules.py gives every frame class of decisions.py its legal actions, apply and
    why; each kind's prompt is the message ``decision.<name>`` in both languages."""
    from gameshelf.games.midnight_zoo.decisions import FRAMES
    from gameshelf.games.midnight_zoo.rules import RULES
    assert set(RULES) == set(FRAMES)
    for frame in FRAMES:
        assert frame.kind.startswith("midnight_zoo.") and frame.rule.startswith("R")
        texts = GAME.messages[f"decision.{frame.kind.partition('.')[2]}"]
        assert texts["en"] and texts["ja"]

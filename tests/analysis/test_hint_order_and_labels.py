"""Hints in order of value, and an analysis's actions as labels in the reader's language."""

from __future__ import annotations

from gameshelf.analysis import action_text, hints, label_result
from gameshelf.games import get_game


def test_the_three_hints_are_listed_in_order_of_value():
    """Defect: the hints came in the search's visit order (0.60, 0.39, 0.43 here), so the list
    beside the values read out of order on the web page and in the terminal."""
    game = get_game("borealis")
    state = game.setup(2, {}, 1)
    found = hints(game, game.view(state, game.to_act(state)), game.legal_actions(state), k=3, sims=40, seed=2)
    values = [h.value for h in found]
    assert len(found) == 3 and values == sorted(values, reverse=True)


def test_the_hints_are_the_most_visited_actions():
    """Ordering by value never swaps in a rarely visited action: the three are the search's own."""
    game = get_game("borealis")
    state = game.setup(2, {}, 1)
    found = hints(game, game.view(state, game.to_act(state)), game.legal_actions(state), k=3, sims=40, seed=2)
    everything = hints(game, game.view(state, game.to_act(state)), game.legal_actions(state), k=99, sims=40, seed=2)
    visits = sorted((h.visits for h in everything), reverse=True)
    assert sorted((h.visits for h in found), reverse=True) == visits[:3]


def _result(game_id: str, action: str, best: str) -> dict:
    decision = {"ply": 1, "seat": 0, "action": action, "best": best, "value": 0.4, "best_value": 0.5,
                "loss": 0.1, "flag": "mistake", "choices": 2,
                "top": [{"action": best, "value": 0.5, "visits": 9}, {"action": action, "value": 0.4, "visits": 3}]}
    return {"game": game_id, "players": 2, "level": "normal", "sims": 10, "seed": 0,
            "seats": {"0": {"name": "Ann", "accuracy": 50.0, "decisions": [decision], "costliest": [decision]}}}


def test_an_analysis_carries_each_action_and_best_action_as_a_label_in_the_readers_language():
    """Nothing raw: the analysis table showed notations ("play move_1_3") in both languages."""
    game = get_game("midnight_zoo")
    state = game.setup(2, {}, 1)
    first, second = (str(a) for a in game.legal_actions(state)[:2])
    for lang in ("en", "ja"):
        out = label_result(_result("midnight_zoo", first, second), lang)
        decision = out["seats"]["0"]["decisions"][0]
        assert decision["action_label"] == game.action_label(game.parse_action(first), lang)
        assert decision["best_label"] == game.action_label(game.parse_action(second), lang)
        assert [t["label"] for t in decision["top"]] == [decision["best_label"], decision["action_label"]]
        assert out["seats"]["0"]["costliest"][0]["action_label"] == decision["action_label"]
    assert label_result(_result("midnight_zoo", first, second), "en") != label_result(
        _result("midnight_zoo", first, second), "ja")


def test_a_notation_that_does_not_parse_keeps_the_notation():
    assert action_text(get_game("iwari"), "no such move", "en") == "no such move"


def test_the_terminal_analysis_shows_labels_not_notations(tmp_path, capsys):
    """``gameshelf analyze`` printed "play move_1_3"-style notations; it prints each action's label."""
    from gameshelf.agents import make_agent
    from gameshelf.cli.main import main
    from gameshelf.match import run_match

    game = get_game("midnight_zoo")
    record = run_match(game, [make_agent("random", 1), make_agent("random", 2)], seed=3).record
    path = tmp_path / "game.json"
    record.save(path)
    assert main(["analyze", str(path), "--sims", "4", "--seat", "0", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    labels = {game.action_label(game.parse_action(a), "ja") for a in record.actions}
    assert any(label in out for label in labels)
    assert not any(f" {a} " in out for a in record.actions if game.action_label(game.parse_action(a), "ja") != a)

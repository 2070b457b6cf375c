"""The command line on the toy game (registered for these tests) and on every registered game."""

from __future__ import annotations

import json

import pytest

from gameshelf.cli.main import main
from gameshelf.games import GAME_MODULES, game_ids, get_game


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(GAME_MODULES, "toy", "tests.core.toygame")
    return "toy"


def simulate_lines(capsys, *args):
    assert main(["simulate", *args, "--json"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_simulate_json_prints_one_line_per_game_with_the_required_keys(toy, capsys):
    lines = simulate_lines(capsys, toy, "--players", "3", "--games", "4", "--seed", "9", "--jobs", "1")
    assert len(lines) == 4
    for line in lines:
        assert {"game", "seed", "players", "scores", "winners", "actions", "final_hash"} <= set(line)
        assert len(line["scores"]) == 3 and line["players"] == 3
    assert len({line["seed"] for line in lines}) == 4


def test_simulate_is_identical_for_every_jobs_count(toy, capsys):
    one = simulate_lines(capsys, toy, "--games", "5", "--seed", "2", "--jobs", "1")
    two = simulate_lines(capsys, toy, "--games", "5", "--seed", "2", "--jobs", "2")
    assert one == two


def test_saved_logs_replay_to_the_same_summary(toy, capsys, tmp_path):
    lines = simulate_lines(capsys, toy, "--games", "2", "--seed", "4", "--jobs", "1", "--save-logs", str(tmp_path))
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    for path, expected in zip(files, lines):
        assert main(["replay", str(path)]) == 0
        assert json.loads(capsys.readouterr().out.splitlines()[-1]) == expected


def test_replay_of_a_broken_file_is_a_clear_error(toy, capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert main(["replay", str(path)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_bad_option_and_player_count_are_clear_errors(toy, capsys):
    assert main(["simulate", toy, "--players", "7", "--games", "1"]) == 2
    assert "not 7" in capsys.readouterr().err
    assert main(["simulate", toy, "--option", "bonus=maybe", "--games", "1"]) == 2
    assert "bonus" in capsys.readouterr().err
    assert main(["simulate", "nosuchgame"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_simulate_summary_is_readable(toy, capsys):
    assert main(["simulate", toy, "--games", "3", "--seed", "1", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "cards" in out


def test_games_lists_every_registered_game(toy, capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for game_id in game_ids():
        assert game_id in out
    assert main(["games", toy]) == 0
    assert "bonus" in capsys.readouterr().out


def test_play_against_bots_from_typed_input(toy, capsys, monkeypatch, tmp_path):
    answers = iter(["0", "garbage", *["1"] * 20])
    monkeypatch.setattr("rich.console.Console.input", lambda self, prompt="": next(answers))
    record = tmp_path / "game.json"
    assert main(["play", toy, "--players", "2", "--seed", "3", "--save", str(record)]) == 0
    out = capsys.readouterr().out
    assert "Final scores" in out and "expected 'play N'" in out
    assert main(["replay", str(record)]) == 0


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_simulates_and_replays_from_the_command_line(game_id, capsys, tmp_path):
    lines = simulate_lines(capsys, game_id, "--players", "2", "--games", "1", "--seed", "1",
                           "--jobs", "1", "--save-logs", str(tmp_path))
    (path,) = tmp_path.glob("*.json")
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1]) == lines[0]


@pytest.mark.parametrize("game_id", game_ids())
def test_results_do_not_depend_on_the_process_hash_seed(game_id):
    """Same seed, same game across processes: no rule may depend on set or dict order of strings."""
    import os
    import subprocess
    import sys

    game = get_game(game_id)
    players = max(game.info.player_counts)
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-m", "gameshelf.cli.main", "simulate", game_id, "--players", str(players),
             "--games", "2", "--seed", "5", "--jobs", "1", "--json"],
            capture_output=True, text=True, env=env, check=True)
        outputs.add(result.stdout)
    assert len(outputs) == 1


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_is_playable_to_the_end_in_the_terminal(game_id, lang, capsys, monkeypatch):
    """A whole game through `play` (always the first menu entry): board, menus and final scores draw."""
    monkeypatch.setattr("rich.console.Console.input", lambda self, prompt="": "1")
    players = min(get_game(game_id).info.player_counts)
    assert main(["play", game_id, "--players", str(players), "--seed", "2", "--lang", lang, "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert ("Final scores" if lang == "en" else "最終得点") in out

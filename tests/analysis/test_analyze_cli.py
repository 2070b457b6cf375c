"""``gameshelf analyze``: tables, JSON, plot, and one clear line with exit code 2 for bad input."""

from __future__ import annotations

import json
import sys

import pytest

from gameshelf.agents import make_agent
from gameshelf.cli.main import main
from gameshelf.games import GAME_MODULES
from gameshelf.match import run_match
from tests.core.toygame import GAME as TOY


@pytest.fixture
def record_file(monkeypatch, tmp_path):
    monkeypatch.setitem(GAME_MODULES, "toy", "tests.core.toygame")
    record = run_match(TOY, [make_agent("random", 1), make_agent("random", 2)], seed=3).record
    path = tmp_path / "game.json"
    record.save(path)
    return path, record


def _analyze(*args):
    return main(["analyze", *map(str, args), "--sims", "16"])


def test_json_maps_each_seat_to_accuracy_and_decisions(record_file, capsys):
    path, record = record_file
    assert _analyze(path, "--json", "--seat", "1", "--seed", "5") == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["seats"]) == ["1"]
    seat = data["seats"]["1"]
    assert isinstance(seat["accuracy"], float) and seat["decisions"]
    for decision in seat["decisions"]:
        assert {"ply", "action", "best", "loss", "flag"} <= set(decision)
        assert record.actions[decision["ply"] - 1] == decision["action"]


def test_json_is_the_same_for_any_jobs(record_file, capsys):
    path, _ = record_file
    assert _analyze(path, "--json", "--jobs", "1") == 0
    one = capsys.readouterr().out
    assert _analyze(path, "--json", "--jobs", "2") == 0
    assert capsys.readouterr().out == one and set(json.loads(one)["seats"]) == {"0", "1"}


def test_the_table_shows_every_seat_and_its_accuracy(record_file, capsys):
    path, _ = record_file
    assert _analyze(path) == 0
    out = capsys.readouterr().out
    assert "seat 0" in out and "seat 1" in out
    assert sum(line.startswith("accuracy ") for line in out.splitlines()) == 2 and "inaccuracies" in out


def test_plot_writes_an_image(record_file, tmp_path):
    pytest.importorskip("matplotlib")
    path, _ = record_file
    image = tmp_path / "chances.png"
    assert _analyze(path, "--plot", image, "--json") == 0
    assert image.stat().st_size > 1000


def test_plot_without_matplotlib_is_a_clear_error(record_file, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    path, _ = record_file
    assert _analyze(path, "--plot", "x.png") == 2
    assert "matplotlib" in capsys.readouterr().err


def _one_error_line(capsys, text):
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and text in err and "Traceback" not in err


def test_bad_input_is_one_clear_line_and_exit_code_2(record_file, capsys, tmp_path):
    path, record = record_file
    assert _analyze(tmp_path / "missing.json") == 2
    _one_error_line(capsys, "cannot read")
    for seat, text in (("2", "not a seat"), ("-1", "not a seat"), ("west", "seat number")):
        assert _analyze(path, "--seat", seat) == 2
        _one_error_line(capsys, text)
    assert _analyze(path, "--level", "easy") == 2
    _one_error_line(capsys, "level")
    record.actions = record.actions[:4]
    record.final_hash = None
    record.save(tmp_path / "unfinished.json")
    assert _analyze(tmp_path / "unfinished.json") == 2
    _one_error_line(capsys, "before the game is over")
    (tmp_path / "junk.json").write_text("{not json")
    assert _analyze(tmp_path / "junk.json") == 2
    _one_error_line(capsys, "not valid JSON")

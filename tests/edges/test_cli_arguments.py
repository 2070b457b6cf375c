"""Issue 16, items 9 and 10: bad command-line arguments are one line and exit code 2; `replay | head`
is quiet; the tournament says where its results went; `play` prints each log line once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gameshelf.cli.main import main
from tests.edges.conftest import answers

ROOT = Path(__file__).parents[2]


def run_cli(capsys, *argv):
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_refused(capsys, *argv):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2, (argv, out, err)
    assert len(err.strip().splitlines()) == 1, err
    return err


@pytest.mark.parametrize("extra", [
    ["--jobs", "0"], ["--jobs", "-3"], ["--jobs", "²"], ["--games", "-1"], ["--games", "٣"],
    ["--players", "²"], ["--players", "1e3"], ["--seed", "-1"], ["--seed", str(2**64)], ["--seed", "9" * 5000],
    ["--agents", ","], ["--agents", "random,random,random"], ["--agents", "greedy:epsilon=2"],
    ["--agents", "greedy:noise=inf"], ["--agents", "ismcts:c=nan"], ["--agents", "greedy:samples=-1"],
    ["--agents", "nobody"], ["--option", "bonus"], ["--option", "bonus=²"], ["--nonsense"], ["--json=3"],
], ids=lambda e: " ".join(e)[:30])
@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_bad_arguments_are_one_line_and_exit_code_2(toy, capsys, tmp_path, command, extra):
    argv = [command, toy, "--games", "1", "--jobs", "1", *extra]
    if command == "tournament":
        argv += ["--out", str(tmp_path / "t")] + (["--agents", "random"] if "--agents" not in extra else [])
    assert_refused(capsys, *argv)


def test_output_paths_that_cannot_be_folders_are_refused(toy, capsys, tmp_path):
    a_file = tmp_path / "file"
    a_file.write_text("x")
    for path in (a_file, a_file / "under"):
        assert "--save-logs" in assert_refused(capsys, "simulate", toy, "--games", "1", "--save-logs", str(path))
        assert "--out" in assert_refused(capsys, "tournament", toy, "--agents", "random", "--games", "1",
                                         "--out", str(path))
        assert_refused(capsys, "report", str(tmp_path), "--out", str(path))
    missing = tmp_path / "missing" / "logs"
    assert run_cli(capsys, "simulate", toy, "--games", "1", "--save-logs", str(missing))[0] == 0
    assert len(list(missing.glob("*.json"))) == 1


def test_play_refuses_bad_arguments_in_one_line(toy, capsys, monkeypatch):
    answers(monkeypatch, "q")
    for extra in (["--seat", "5"], ["--seat", "-1"], ["--bots", ","], ["--bots", "random,random"],
                  ["--name", "[bold]"], ["--name", ""], ["--lang", "fr"]):
        assert_refused(capsys, "play", toy, "--players", "2", *extra)


def test_report_of_a_folder_without_results_is_refused(capsys, tmp_path):
    assert_refused(capsys, "report", str(tmp_path))
    (tmp_path / "results.sqlite").write_text("not a database")
    assert_refused(capsys, "report", str(tmp_path))


def test_the_default_tournament_folder_is_announced_and_not_in_the_current_folder(toy, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "tournament", toy, "--agents", "random", "--games", "2", "--seed", "4",
                             "--jobs", "1", "--json")
    assert code == 0
    assert [p.name for p in tmp_path.iterdir()] == ["tournaments"]
    assert f"results go to {Path('tournaments') / 'toy-4'}" in err
    assert (tmp_path / "tournaments" / "toy-4" / "results.sqlite").exists()


def test_replay_into_a_closed_pipe_ends_quietly(tmp_path):
    """`gameshelf replay FILE | head -0`: no BrokenPipeError traceback."""
    path = tmp_path / "r.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    simulate = [sys.executable, "-m", "gameshelf.cli.main", "simulate", "borealis", "--games", "1", "--seed", "1",
                "--jobs", "1", "--save-logs", str(tmp_path)]
    subprocess.run(simulate, check=True, capture_output=True, env=env)
    (saved,) = tmp_path.glob("*.json")
    saved.rename(path)
    reader = subprocess.Popen([sys.executable, "-m", "gameshelf.cli.main", "replay", str(path)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    reader.stdout.close()  # the reader went away before a line was written
    err = reader.stderr.read().decode()
    reader.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_play_prints_each_log_line_once_and_the_full_log_on_request(toy, capsys, monkeypatch):
    """Item 10: at the end, only the new lines; then the full log (hidden draws revealed) when asked."""
    answers(monkeypatch, *["1"] * 6, "")
    assert main(["play", toy, "--players", "2", "--seed", "5", "--bots", "random", "--name", "Ann"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.strip().startswith("·")]
    plays = [line for line in lines if " plays " in line]
    assert len(plays) == 12 and len(set(plays)) == len(plays), "each card played is told once"
    assert not any("random#1 draws" in line and "a card" not in line for line in lines), "no hidden draw shown"
    answers(monkeypatch, *["1"] * 6, "l")
    assert main(["play", toy, "--players", "2", "--seed", "5", "--bots", "random", "--name", "Ann"]) == 0
    full = capsys.readouterr().out
    tail = full[full.index("seed 5"):]
    assert sum(" plays " in line for line in tail.splitlines()) == 12
    assert any("random#1 draws" in line and "a card" not in line for line in tail.splitlines())


def test_a_refused_resume_is_still_one_line(toy, capsys, tmp_path):
    out = str(tmp_path / "t")
    assert run_cli(capsys, "tournament", toy, "--agents", "random", "--games", "2", "--seed", "1", "--jobs", "1",
                   "--out", out)[0] == 0
    assert "agents" in assert_refused(capsys, "tournament", toy, "--agents", "greedy", "--games", "2", "--seed", "1",
                                      "--jobs", "1", "--out", out, "--resume")

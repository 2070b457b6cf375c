"""Issue 17, "small things": games at 80 columns, --help defaults, tournament overwrite and resume
messages, and solo simulations reported by score and solo rank."""

from __future__ import annotations


from gameshelf.cli.main import main


def test_games_shows_whole_option_names_at_80_columns(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["games", "Iwari"]) == 0
    out = capsys.readouterr().out
    assert "initial_hand" in out and "…" not in out


def test_help_shows_defaults(capsys):
    assert main(["play", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "(default: normal)" in out and "(default: 0)" in out and "hidden card" in out


def test_tournament_refuses_to_overwrite_other_results_without_force(toy, capsys, tmp_path):
    out = str(tmp_path / "t")
    base = ["tournament", toy, "--games", "2", "--seed", "1", "--jobs", "1", "--out", out]
    assert main([*base, "--agents", "random"]) == 0
    capsys.readouterr()
    assert main([*base, "--agents", "greedy"]) == 2
    assert "--force" in capsys.readouterr().err
    assert main([*base, "--agents", "greedy", "--force"]) == 0
    capsys.readouterr()
    assert main([*base, "--agents", "greedy", "--games", "3", "--resume"]) == 0
    assert "kept 2 stored game(s); 1 to play" in capsys.readouterr().err


def test_solo_simulation_reports_scores_and_solo_ranks(capsys):
    assert main(["simulate", "midnight_zoo", "--players", "1", "--games", "2", "--seed", "1", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "solo ranks" in out and "win rate" not in out

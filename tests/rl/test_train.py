"""Issue 14: a smoke training of a few hundred steps; the saved policy plays as ``policy:path=…``."""

from __future__ import annotations

import pytest

pytest.importorskip("sb3_contrib")

from gameshelf.agents import make_agent  # noqa: E402
from gameshelf.games import get_game  # noqa: E402
from gameshelf.match import run_match  # noqa: E402
from gameshelf.rl.train import evaluate, train, wilson  # noqa: E402


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    out = tmp_path_factory.mktemp("rl") / "borealis-smoke"
    meta = train("borealis", 2, steps=300, n_steps=64, envs=2, batch_size=64, out=out, minutes=5)
    return out, meta


def test_smoke_training_saves_a_model_and_a_learning_curve(trained):
    out, meta = trained
    assert out.with_suffix(".zip").exists() and out.with_suffix(".json").exists()
    assert meta["steps"] >= 300 and meta["game"] == "borealis"
    assert meta["reward"] == "shaped" and meta["hyperparameters"]["envs"] == 2
    assert meta["curve"] and all(p["steps"] % 128 == 0 for p in meta["curve"])    # a point per rollout


def test_the_policy_plays_in_a_match_as_an_agent(trained):
    out, _ = trained
    agents = [make_agent(f"policy:path={out.with_suffix('.zip')}", 1), make_agent("random", 2)]
    result = run_match(get_game("borealis"), agents, seed=5)
    assert len(result.outcome.scores) == 2
    sampled = make_agent(f"policy:path={out.with_suffix('.zip')},sample=1", 3)
    assert run_match(get_game("borealis"), [make_agent("random", 4), sampled], seed=6).outcome


def test_evaluation_reports_a_win_rate_with_a_confidence_interval(trained):
    out, _ = trained
    report = evaluate(out, "random", games=2)
    low, high = report["ci95"]
    assert 0 <= low <= report["win_rate"] <= high <= 1 and report["score"]["mean"] > 0


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60


def test_midnight_zoo_solo_trains_and_is_compared_on_the_same_deals(tmp_path):
    from gameshelf.rl.train import evaluate_solo
    out = tmp_path / "mz-solo"
    meta = train("midnight_zoo", 1, steps=200, n_steps=64, envs=2, batch_size=64, out=out, minutes=5)
    assert meta["players"] == 1
    report = evaluate_solo(out, "random", games=2)
    assert report["games"] == 2 and report["score"]["mean"] >= 0 and sum(report["solo_ranks"].values()) == 2


def test_the_policy_plays_a_tournament_from_the_command_line(trained, tmp_path):
    from gameshelf.cli.main import main
    out, _ = trained
    spec = f"policy:path={out.with_suffix('.zip')}"
    assert main(["tournament", "borealis", "--agents", f"{spec},random", "--games", "2", "--seed", "1",
                 "--jobs", "1", "--out", str(tmp_path / "tour")]) == 0


def test_learning_curves_are_plotted_from_the_saved_metadata(trained, tmp_path):
    from gameshelf.rl.train import main
    out, _ = trained
    png = tmp_path / "curves.png"
    assert main(["--plot", str(png), "--curves", f"borealis 2p={out.with_suffix('.json')}"]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_training_settings_are_clear_errors(tmp_path):
    with pytest.raises(ValueError, match="at least 1"):
        train("borealis", 2, envs=0, out=tmp_path / "x")
    with pytest.raises(SystemExit):
        from gameshelf.rl.train import main
        main(["--players", "2"])           # no --game


def test_bad_command_line_values_are_usage_errors(tmp_path, capsys):
    from gameshelf.rl.train import main
    for argv in (["--game", "borealis", "--net", "64,x"], ["--plot", str(tmp_path / "c.png"), "--curves",
                                                            f"a={tmp_path / 'missing.json'}"]):
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "expected layer sizes" in err and "cannot read" in err

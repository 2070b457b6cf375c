"""Tournaments: rotation, seeds, determinism across workers, storage, summaries, CLI, report."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from gameshelf.cli.main import main
from gameshelf.core import BadOption
from gameshelf.core.chance import derive_seed
from gameshelf.sim.batch import ResultRow
from gameshelf.sim.stats import summarize, wilson
from gameshelf.sim.store import ResultStore, load
from gameshelf.sim.study import component_points, components_in_play, first_player_advantage, option_effects
from gameshelf.sim.tournament import lineup, make_jobs, option_sets, resolve_game, run_tournament

TOY = "tests.agents.testgames:SCORED_TOY"


def _rows(jobs, **kwargs):
    return sorted(run_tournament(jobs, **kwargs), key=lambda r: r.index)


def _without_time(rows):
    return [row.untimed() for row in rows]


# ---- seating and seeds ---------------------------------------------------------------------------
@pytest.mark.parametrize("agents,players", [(["a", "b"], 2), (["a", "b", "c"], 3), (["a", "b"], 4), (["a"], 3)])
def test_every_agent_plays_every_seat_equally(agents, players):
    seatings = Counter()
    for index in range(players * 5):
        for seat, spec in enumerate(lineup(agents, players, index)):
            seatings[spec, seat] += 1
    for spec in agents:
        counts = {seatings[spec, seat] for seat in range(players)}
        assert len(counts) == 1 and counts != {0}


def test_one_agent_against_a_field_sits_once_per_game():
    for index in range(8):
        seats = lineup(["ismcts", "greedy"], 4, index)
        assert seats.count("ismcts") == 1 and seats[index % 4] == "ismcts"


def test_more_agents_than_seats_is_refused():
    with pytest.raises(BadOption):
        lineup(["a", "b", "c"], 2, 0)


def test_game_seeds_derive_from_the_tournament_seed_and_index():
    jobs = make_jobs(TOY, ["random", "greedy"], 6, 42, 2, [{}])
    assert [j.seed for j in jobs] == [derive_seed(42, "game", i) for i in range(6)]
    assert len({j.seed for j in make_jobs(TOY, ["random"], 6, 43, 2, [{}])} & {j.seed for j in jobs}) == 0


def test_varied_options_get_whole_rotations():
    game = resolve_game(TOY)
    sets = option_sets(game, {}, {"bonus": ["off", "on"]})
    jobs = make_jobs(TOY, ["a", "b"], 8, 1, 2, sets)
    assert [dict(j.options)["bonus"] for j in jobs] == ["off", "off", "on", "on"] * 2


def test_unknown_game_reference_is_refused():
    with pytest.raises(BadOption):
        resolve_game("tests.nowhere:GAME")


# ---- determinism ---------------------------------------------------------------------------------
def test_same_seed_same_rows_for_any_number_of_workers():
    jobs = make_jobs(TOY, ["ismcts:sims=15", "greedy"], 6, 5, 2, [{}])
    one = _without_time(_rows(jobs, workers=1))
    two = _without_time(_rows(jobs, workers=2))
    assert one == two
    other = _without_time(_rows(make_jobs(TOY, ["ismcts:sims=15", "greedy"], 6, 6, 2, [{}]), workers=1))
    assert [r.final_hash for r in other] != [r.final_hash for r in one]


# ---- statistics ----------------------------------------------------------------------------------
def test_wilson_interval_matches_known_values():
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(1.0, 10)[1] == pytest.approx(1.0) and wilson(0.0, 10)[0] == pytest.approx(0.0)
    assert wilson(1.0, 10)[0] == pytest.approx(0.7225, abs=1e-3)


def _row(index, seats, scores, ranks, **extra):
    winners = [s for s, r in enumerate(ranks) if r == 1]
    return ResultRow(index=index, seed=index, game="x", players=len(seats), options=extra.pop("options", {}),
                     seats=seats, scores=scores, ranks=ranks, winners=winners,
                     breakdown=[{"a": s} for s in scores], details=extra.pop("details", {}), actions=10 + index,
                     final_hash="h", seconds=0.0)


def test_summary_shares_ties_and_reports_every_field():
    rows = [_row(0, ["A", "B"], [5, 3], [1, 2]), _row(1, ["B", "A"], [4, 4], [1, 1]),
            _row(2, ["A", "B"], [1, 9], [2, 1]), _row(3, ["B", "A"], [2, 7], [2, 1])]
    summary = summarize(rows, ["A", "B"])
    a, b = summary["agents"]["A"], summary["agents"]["B"]
    assert a["win_rate"] == pytest.approx(2.5 / 4) and b["win_rate"] == pytest.approx(1.5 / 4)
    assert a["mean_score"] == pytest.approx(17 / 4) and a["categories"] == {"a": pytest.approx(17 / 4)}
    assert a["ci95"][0] < a["win_rate"] < a["ci95"][1]
    assert a["rating"] > b["rating"]
    assert [s["win_rate"] for s in summary["seats"]] == [pytest.approx(1.5 / 4), pytest.approx(2.5 / 4)]
    assert summary["mean_length"] == pytest.approx(11.5)


def test_store_round_trips_rows():
    rows = [_row(i, ["A", "B"], [i, 2], [1 if i > 2 else 2, 1 if i <= 2 else 2], details={"k": [i]}) for i in range(4)]
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        with ResultStore(tmp, {"game": "x", "agents": ["A", "B"]}) as store:
            for row in reversed(rows):
                store.add(row)
        config, loaded = load(tmp)
    assert config["agents"] == ["A", "B"] and loaded == rows


# ---- balance study -------------------------------------------------------------------------------
def test_study_groups_by_player_count_options_and_component_points():
    rows = [_row(0, ["A", "B"], [5, 3], [1, 2], options={"map": "x"},
                 details={"balance": {"animal:fox": [4, 1], "map:x": 1}}),
            _row(1, ["B", "A"], [2, 6], [2, 1], options={"map": "y"},
                 details={"balance": {"animal:fox": [0, 2], "animal:owl": [3, 3]}}),
            _row(2, ["A", "B", "B"], [1, 2, 3], [3, 2, 1], options={"map": "y"})]
    advantage = first_player_advantage(rows)
    assert advantage[2][0]["win_rate"] == 0.5 and advantage[3][2]["win_rate"] == 1.0
    assert advantage[3][0]["fair"] == pytest.approx(1 / 3)
    effects = option_effects(rows)
    assert effects["map"]["x"]["games"] == 1 and effects["map"]["y"]["games"] == 2
    parts = component_points(rows)
    assert parts["animal"]["fox"]["mean_points"] == pytest.approx(3.5)
    assert parts["animal"]["fox"]["mean_to_winner"] == pytest.approx(3.0)
    assert parts["animal"]["owl"]["games"] == 1 and parts["map"]["x"]["mean_points"] == 1


def test_study_groups_games_by_the_ids_a_game_lists_as_in_play():
    rows = [_row(0, ["A", "B"], [4, 2], [1, 2], details={"cards": ["c1", "c2"], "seats": [[1], [2]]}),
            _row(1, ["B", "A"], [8, 6], [1, 2], details={"cards": ["c2"]})]
    in_play = components_in_play(rows)
    assert set(in_play) == {"cards"}
    assert in_play["cards"]["c1"] == {"games": 1, "mean_score": 3.0, "mean_length": 10.0}
    assert in_play["cards"]["c2"]["games"] == 2 and in_play["cards"]["c2"]["mean_score"] == 5.0


# ---- the commands --------------------------------------------------------------------------------
def test_tournament_command_prints_the_summary_and_stores_rows(tmp_path, capsys):
    out = tmp_path / "t"
    code = main(["tournament", TOY, "--agents", "ismcts:sims=10,random", "--games", "6", "--seed", "3",
                 "--jobs", "1", "--out", str(out), "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    for name in ("ismcts:sims=10", "random"):
        agent = summary["agents"][name]
        assert {"win_rate", "ci95", "mean_score", "rating", "categories"} <= set(agent)
        assert agent["n"] == 6
    assert len(summary["seats"]) == 2 and summary["mean_length"] == 12
    config, rows = load(out)
    assert [r.index for r in rows] == list(range(6)) and config["agents"] == ["ismcts:sims=10", "random"]
    assert sum(a["win_rate"] for a in summary["agents"].values()) == pytest.approx(1.0)
    # Each agent's CPU time a decision, over the games it played (issue 15's time per decision).
    times = summary["decision_time"]
    assert times["ismcts:sims=10"]["n"] == 6 and times["ismcts:sims=10"]["mean"] > times["random"]["mean"] >= 0
    assert times["random"]["decisions"] == sum(r.decisions[r.seats.index("random")] for r in rows)


def test_report_plots_survive_certain_outcomes(tmp_path):
    from gameshelf.sim.report import write_report

    rows = [_row(i, ["A", "B"], [9, 1], [1, 2]) for i in range(5)]  # A always wins: rates 1 and 0
    assert write_report(rows, tmp_path, study=True).exists()


def test_tournament_command_refuses_bad_input(tmp_path):
    assert main(["tournament", TOY, "--agents", "ismcts:sims=x", "--games", "2", "--out", str(tmp_path)]) == 2
    assert main(["tournament", TOY, "--agents", "random", "--games", "2", "-p", "7", "--out", str(tmp_path)]) == 2
    assert main(["tournament", TOY, "--agents", "random", "--vary", "nope", "--out", str(tmp_path)]) == 2


def test_report_writes_html_and_plots(tmp_path, capsys):
    first, second = tmp_path / "a", tmp_path / "b"
    assert main(["tournament", TOY, "--agents", "greedy,random", "--games", "6", "--jobs", "1",
                 "--seed", "1", "--out", str(first)]) == 0
    assert main(["tournament", TOY, "--agents", "greedy,random", "-p", "3", "--games", "6", "--jobs", "1",
                 "--seed", "2", "--vary", "bonus", "--out", str(second)]) == 0
    assert main(["report", str(first), str(second), "--study", "--out", str(tmp_path / "r")]) == 0
    page = (tmp_path / "r" / "report.html").read_text()
    for heading in ("Agents", "Seats", "Scoring categories", "Game length", "First-player advantage", "Option bonus"):
        assert heading in page
    assert "CPU/decision" in page and ("µs</td>" in page or "ms</td>" in page)  # timed rows show their time
    for png in ("scores.png", "seats.png", "categories.png", "length.png", "first_player_2p.png", "first_player_3p.png"):
        assert (tmp_path / "r" / png).stat().st_size > 1000


def test_a_resumed_tournament_plays_only_the_missing_games_and_matches_a_whole_run(tmp_path, capsys):
    """--resume keeps stored games and extends to --games; the rows equal an uninterrupted run."""
    def run(out, games, *extra):
        assert main(["tournament", TOY, "--agents", "greedy,random", "--games", str(games), "--seed", "5",
                     "--jobs", "1", "--out", str(out), "--json", *extra]) == 0
        return json.loads(capsys.readouterr().out)

    whole = run(tmp_path / "whole", 8)
    run(tmp_path / "parts", 3)
    resumed = run(tmp_path / "parts", 8, "--resume")
    assert _without_time(load(tmp_path / "parts")[1]) == _without_time(load(tmp_path / "whole")[1])
    assert resumed["agents"] == whole["agents"] and resumed["games"] == 8


def test_resume_refuses_another_tournament_or_fewer_games_and_keeps_the_rows(tmp_path, capsys):
    out = tmp_path / "t"
    assert main(["tournament", TOY, "--agents", "greedy,random", "--games", "4", "--seed", "5",
                 "--jobs", "1", "--out", str(out)]) == 0
    before = load(out)
    assert main(["tournament", TOY, "--agents", "random,greedy", "--games", "6", "--seed", "5",
                 "--jobs", "1", "--out", str(out), "--resume"]) == 2
    assert "agents" in capsys.readouterr().err
    assert main(["tournament", TOY, "--agents", "greedy,random", "--games", "2", "--seed", "5",
                 "--jobs", "1", "--out", str(out), "--resume"]) == 2
    assert load(out) == before

"""Issue 11, point 7: one batch runner. A simulation is a tournament without seat rotation and
without a store: the same jobs, seeds, typed rows and summary."""

from __future__ import annotations


import pytest

from gameshelf.core import BadOption
from gameshelf.core.chance import derive_seed
from gameshelf.sim import batch
from gameshelf.sim.batch import Job, ResultRow, make_jobs, run
from gameshelf.sim.simulate import simulate
from gameshelf.sim.stats import summarize
from gameshelf.sim.tournament import make_jobs as tournament_jobs

TOY = "tests.agents.testgames:SCORED_TOY"


def _untimed(rows):
    return [row.untimed() for row in rows]


def test_simulate_is_the_batch_runner_without_rotation():
    rows = list(simulate(TOY, 2, 5, 7, ["greedy", "random"], {}))
    jobs = make_jobs(TOY, ["greedy", "random"], 5, 7, 2, [{"bonus": "off"}], rotate=False)
    assert _untimed(rows) == _untimed(run(jobs, workers=1, ordered=True))
    assert all(row.seats == ["greedy", "random"] for row in rows)
    assert [row.index for row in rows] == list(range(5))


def test_tournament_and_simulate_derive_seeds_the_same_way():
    rotated = tournament_jobs(TOY, ["greedy", "random"], 4, 3, 2, [{}])
    fixed = make_jobs(TOY, ["greedy", "random"], 4, 3, 2, [{}], rotate=False)
    assert [j.seed for j in rotated] == [j.seed for j in fixed] == [derive_seed(3, "game", i) for i in range(4)]
    assert [j.seats for j in rotated] == [("greedy", "random"), ("random", "greedy")] * 2
    job = rotated[1]
    assert job.agent_seed(0) == derive_seed(job.seed, "agent", 0, "random")


def test_a_row_is_typed_and_round_trips_through_json():
    (row,) = simulate(TOY, 2, 1, 1, ["random"], {})
    assert isinstance(row, ResultRow) and row == ResultRow.from_json(row.to_json())
    assert list(row.summary()) == list(batch.SUMMARY_KEYS)
    assert row["scores"] == row.scores  # read access for scripts written against dict rows


def test_ordered_rows_come_in_job_order_whatever_finishes_first():
    jobs = make_jobs(TOY, ["random"], 6, 2, 3, [{}], rotate=False)
    assert [row.index for row in run(jobs, workers=2, ordered=True)] == list(range(6))


def test_one_summary_for_both_commands():
    rows = list(simulate(TOY, 2, 4, 1, ["random"], {}))
    summary = summarize(rows, ["random"])
    assert summary["games"] == 4 and set(summary["categories"]) == {"cards"}
    cards = [b["cards"] for row in rows for b in row.breakdown]
    assert summary["categories"]["cards"] == {"mean": sum(cards) / len(cards), "min": min(cards), "max": max(cards)}


def test_more_agents_than_seats_is_refused_by_both():
    with pytest.raises(BadOption):
        make_jobs(TOY, ["random", "greedy", "random"], 1, 1, 2, [{}], rotate=False)
    with pytest.raises(BadOption):
        list(simulate(TOY, 2, 1, 1, ["random", "greedy", "random"], {}))


def test_jobs_are_plain_values():
    job = Job(TOY, 0, 1, ("random", "random"), ())
    assert job == Job(TOY, 0, 1, ("random", "random"), ()) and hash(job)

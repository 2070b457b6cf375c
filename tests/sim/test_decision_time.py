"""Time per decision: matches count each seat's real choices and time them, batches store it, and
the statistics give each agent's seconds a decision with a 95% interval (the strength ladder's
"time per decision" column, issue 15)."""

from __future__ import annotations

import itertools
import math
import sqlite3

import pytest

from gameshelf.agents import make_agent
from gameshelf.games import get_game
from gameshelf.match import run_match
from gameshelf.sim.batch import ResultRow, make_jobs, play
from gameshelf.sim.stats import Z95, decision_time
from gameshelf.sim.store import ResultStore, load


def _ticks():
    """A clock that advances by exactly one second each time it is read."""
    counter = itertools.count()
    return lambda: float(next(counter))


@pytest.mark.parametrize("game_id", ["borealis", "mariposas"])
def test_a_match_counts_and_times_each_seats_real_choices(game_id):
    game = get_game(game_id)
    agents = [make_agent("random", seat) for seat in range(2)]
    result = run_match(game, agents, seed=11, clock=_ticks())
    # Replaying the record: a decision is a state where the seat to act had more than one action.
    state, expected = game.setup(2, result.record.options, 11), [0, 0]
    for text in result.record.actions:
        legal = game.legal_actions(state)
        expected[game.to_act(state)] += len(legal) > 1
        game.apply(state, game.parse_action(text))
    assert result.decisions == expected and all(expected)
    assert result.think == [float(n) for n in expected]  # one tick per timed choice, forced moves untimed


def test_a_match_without_a_clock_counts_but_does_not_time():
    game = get_game("iwari")
    result = run_match(game, [make_agent("random", s) for s in range(2)], seed=3)
    assert result.think == [] and sum(result.decisions) > 0


def test_batch_rows_carry_decisions_and_cpu_time_and_untimed_rows_compare_equal():
    jobs = make_jobs("midnight_zoo", ["greedy", "random"], 2, 5, 2, [{}])
    first, again = [play(job) for job in jobs], [play(job) for job in jobs]
    for row in first:
        assert len(row.decisions) == len(row.think) == 2
        assert all(n > 0 for n in row.decisions) and all(t >= 0.0 for t in row.think)
    assert [row.untimed() for row in first] == [row.untimed() for row in again]
    assert all(row.untimed().think == [] and row.untimed().seconds == 0.0 for row in first)


def _row(index, seats, decisions, think):
    return ResultRow(index=index, seed=index, game="x", players=len(seats), options={}, seats=seats,
                     scores=[1, 0], ranks=[1, 2], winners=[0], breakdown=[{}, {}], details={}, actions=9,
                     final_hash="h", seconds=1.5, decisions=decisions, think=think)


def test_decision_time_is_the_mean_per_game_rate_with_a_normal_interval():
    rows = [_row(0, ["hard", "normal"], [10, 10], [20.0, 3.0]),
            _row(1, ["normal", "hard"], [5, 4], [1.0, 12.0]),
            _row(2, ["hard", "normal"], [8, 8], [8.0, 2.4])]
    hard = decision_time(rows, "hard")
    rates = [2.0, 3.0, 1.0]
    half = Z95 * math.sqrt(sum((r - 2.0) ** 2 for r in rates) / 2) / math.sqrt(3)
    assert hard["n"] == 3 and hard["decisions"] == 22 and hard["mean"] == pytest.approx(2.0)
    assert hard["ci95"] == pytest.approx([2.0 - half, 2.0 + half])
    assert decision_time(rows, "normal")["mean"] == pytest.approx((0.3 + 0.2 + 0.3) / 3)
    assert decision_time(rows, "random") is None
    assert decision_time([_row(0, ["hard", "normal"], [3, 3], [])], "hard") is None  # an untimed row


def test_the_store_keeps_decision_times_and_opens_a_store_written_before_them(tmp_path):
    rows = [_row(i, ["A", "B"], [i + 1, 2], [0.5 * i, 0.25]) for i in range(3)]
    with ResultStore(tmp_path / "new", {"game": "x"}) as store:
        for row in rows:
            store.add(row)
    assert load(tmp_path / "new")[1] == rows

    # A store from before the two columns: it loads (empty lists) and a resumed run adds timed rows.
    old = tmp_path / "old"
    old.mkdir()
    db = sqlite3.connect(old / "results.sqlite")
    db.executescript("""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE games (idx INTEGER PRIMARY KEY, seed INTEGER NOT NULL, game TEXT NOT NULL,
            players INTEGER NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL, scores TEXT NOT NULL,
            ranks TEXT NOT NULL, winners TEXT NOT NULL, breakdown TEXT NOT NULL, details TEXT NOT NULL,
            actions INTEGER NOT NULL, final_hash TEXT, seconds REAL);
        INSERT INTO meta VALUES ('config', '{"game": "x", "games": 2}');
        INSERT INTO games VALUES (0, 0, 'x', 2, '{}', '["A", "B"]', '[1, 0]', '[1, 2]', '[0]', '[{}, {}]',
            '{}', 9, 'h', 1.5);
    """)
    db.commit()
    db.close()
    config, loaded = load(old)
    assert loaded[0].decisions == [] and loaded[0].think == [] and loaded[0].scores == [1, 0]
    with ResultStore(old, {"game": "x", "games": 3}, resume=True) as store:
        assert len(store.rows) == 1
        store.add(rows[1])
    assert load(old)[1] == [loaded[0], rows[1]]

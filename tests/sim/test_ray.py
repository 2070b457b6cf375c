"""The Ray backend gives the same results as local processes for the same seed."""

from __future__ import annotations

import json
import os
import sys

import pytest

from gameshelf.cli.main import main
from gameshelf.sim.store import load

ray = pytest.importorskip("ray")

TOY = "tests.agents.testgames:SCORED_TOY"


@pytest.fixture
def local_ray():
    """A local Ray instance with one CPU, started (and stopped) by the test."""
    path = os.pathsep.join(p for p in sys.path if p and os.path.isdir(p))
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": path}})
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.ray
def test_ray_backend_matches_local_processes(local_ray, tmp_path, capsys):
    args = ["tournament", TOY, "--agents", "ismcts:sims=10,greedy", "--games", "6", "--seed", "11", "--json"]
    assert main([*args, "--backend", "ray", "--out", str(tmp_path / "ray")]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert ray.is_initialized()  # the test's instance was used, and left to the test to stop
    assert main([*args, "--backend", "local", "--jobs", "2", "--out", str(tmp_path / "local")]) == 0
    on_local = json.loads(capsys.readouterr().out)
    for summary in (on_ray, on_local):   # where they were stored, and the CPU times, may differ
        summary.pop("out"), summary.pop("decision_time")
    assert on_ray == on_local and on_ray["games"] == 6
    rows = [[r.untimed() for r in load(tmp_path / d)[1]] for d in ("ray", "local")]
    assert rows[0] == rows[1] and len(rows[0]) == 6


@pytest.mark.ray
def test_simulate_on_ray_matches_local_processes(local_ray, capsys):
    args = ["simulate", TOY, "--agents", "greedy,random", "--games", "4", "--seed", "2", "--json"]
    assert main([*args, "--backend", "ray"]) == 0
    on_ray = capsys.readouterr().out
    assert main([*args, "--jobs", "1"]) == 0
    assert on_ray == capsys.readouterr().out and len(on_ray.splitlines()) == 4

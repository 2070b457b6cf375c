"""High Card installed as a plugin (examples/highcard, registered through the ``gameshelf.games``
entry point) is served with no game-specific code: every CLI command and the server, each in a
process that finds the game only through the installed folder on its path."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.plugins.conftest import plugin_env

BUILT_IN = ["borealis", "midnight_zoo", "iwari", "mariposas"]


def gameshelf(env: dict, *args: str, stdin: str = "", cwd: Path | None = None, timeout: float = 60):
    done = subprocess.run([sys.executable, "-m", "gameshelf.cli.main", *args], input=stdin, env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)
    assert "Traceback" not in done.stderr + done.stdout, done.stderr
    return done


def listed_ids(output: str) -> list[str]:
    """The ids in the first column of ``gameshelf games``' table."""
    ids = []
    for line in output.splitlines():
        cells = [c.strip() for c in line.strip("│┃ ").split("│")]
        if cells and cells[0].isidentifier() and cells[0] != "id":
            ids.append(cells[0])
    return ids


@pytest.fixture(scope="module")
def env(highcard_site):
    return plugin_env(highcard_site)


def test_the_installed_game_is_listed_after_the_four_built_in_games(env):
    without = gameshelf(plugin_env(), "games")
    assert listed_ids(without.stdout) == BUILT_IN
    listed = gameshelf(env, "games")
    assert listed.returncode == 0
    assert listed_ids(listed.stdout) == [*BUILT_IN, "highcard"]
    assert "High Card" in listed.stdout and "ハイカード" in listed.stdout
    one = gameshelf(env, "games", "HighCard")  # any case, as for the built-in games
    assert one.returncode == 0, one.stderr
    assert "lower_scores" in one.stdout and "players: 2, 3" in one.stdout


def test_play_a_whole_game_in_the_terminal_then_replay_and_analyze_its_record(env, tmp_path):
    """Scripted input: help, a bad move (a clear message, H1), then always the first choice."""
    script = "?\nplay 99\n" + "1\n" * 12
    played = gameshelf(env, "play", "highcard", "--seed", "5", "--bots", "random", "--save", "game.json",
                       stdin=script, cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "play <card>" in played.stdout  # the notation's help, from the plugin's own GRAMMAR
    assert "your hand" in played.stdout and "cards in hand" in played.stdout  # the board, named by its terms
    assert "card must be between 1 and 12" in played.stdout
    assert "Final scores" in played.stdout
    record = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    record = record.get("record", record)
    assert record["game"] == "highcard" and len(record["actions"]) == 12

    replayed = gameshelf(env, "replay", "game.json", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert "verified: 12 actions replayed" in replayed.stdout

    analysed = gameshelf(env, "analyze", "game.json", "--sims", "8", "--json", "--jobs", "2", cwd=tmp_path)
    assert analysed.returncode == 0, analysed.stderr
    review = json.loads(analysed.stdout)
    assert review["game"] == "highcard" and set(review["seats"]) == {"0", "1"}


def test_simulate_in_worker_processes_and_replay_a_saved_record(env, tmp_path):
    done = gameshelf(env, "simulate", "highcard", "--games", "4", "--players", "3", "--seed", "1", "--jobs", "2",
                     "--agents", "random,greedy,random", "--save-logs", "logs", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert len(games) == 4 and all(g["actions"] == 12 for g in games)
    logs = sorted((tmp_path / "logs").glob("*.json"))
    assert len(logs) == 4
    replayed = gameshelf(env, "replay", str(logs[0]))
    assert replayed.returncode == 0 and "final state hash matches" in replayed.stdout


def test_a_tournament_stores_its_results(env, tmp_path):
    done = gameshelf(env, "tournament", "highcard", "--agents", "random,greedy", "--games", "4", "--seed", "2",
                     "--jobs", "2", "--out", "results", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "actions per game: mean 12" in done.stdout
    import sqlite3

    with sqlite3.connect(tmp_path / "results" / "results.sqlite") as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        assert any(db.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0] >= 4 for name in tables)


def test_learning_commands_say_what_a_plugin_lacks(env):
    learn = gameshelf(env, "learn", "highcard", stdin="q\n")
    assert learn.returncode != 0 and "highcard has no tutorial" in learn.stderr + learn.stdout
    puzzles = gameshelf(env, "puzzle", "highcard", stdin="q\n")
    assert puzzles.returncode == 0 and "No puzzles" in puzzles.stdout


def test_the_server_plays_a_whole_game_over_its_api_and_websocket(highcard_server):
    served = highcard_server
    from highcard import GAME
    from gameshelf.core.record import Record, replay
    from tests.server.conftest import Client, auth, guest, play_out

    http = httpx.Client(base_url=served, timeout=30)
    games = http.get("/api/games").json()
    assert [g["id"] for g in games] == [*BUILT_IN, "highcard"]
    assert http.get("/api/games/highcard").json()["player_counts"] == [2, 3]
    data = http.get("/web/data/highcard.json").json()
    assert set(data["files"]) >= {"labels", "messages", "terms"} and data["terms"]["card"]["ja"] == "カード"

    ann, bob = guest(http, "Ann"), guest(http, "Bob")
    table = http.post("/api/tables", json={"game": "highcard", "players": 3, "options": {"lower_scores": "on"},
                                           "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}]},
                      headers=auth(ann))
    assert table.status_code == 201, table.text
    table_id = table.json()["id"]
    assert http.post(f"/api/tables/{table_id}/join", json={}, headers=auth(bob)).status_code == 200
    started = http.post(f"/api/tables/{table_id}/start", headers=auth(ann))
    assert started.status_code == 200, started.text
    clients = {0: Client(served, table_id, ann), 1: Client(served, table_id, bob)}
    try:
        first = clients[0].state(0)
        assert first["view"]["hand"] and first["decision"]["targets"]
        assert all(ids[0].startswith("card:") for ids in first["decision"]["targets"].values())
        hint = http.get(f"/api/tables/{table_id}/hint", headers=auth(ann))  # the bots' processes find the game
        assert hint.status_code == 200, hint.text
        assert {h["action"] for h in hint.json()["hints"]} <= {a["action"] for a in first["legal"]}
        final = play_out(clients, seed=3)
    finally:
        for client in clients.values():
            client.close()
    body = http.get(f"/api/tables/{table_id}/record", headers=auth(ann)).json()
    record = Record.from_json(body["record"])
    assert record.game == "highcard" and len(record.actions) == 12
    outcome = GAME.outcome(replay(GAME, record))
    assert final["outcome"]["scores"] == list(outcome.scores)
    assert http.get("/api/leaderboard/highcard").status_code == 200
    started = http.post(f"/api/tables/{table_id}/analysis", headers=auth(ann))  # in a process of its own
    assert started.status_code == 200, started.text
    deadline = time.time() + 40
    while (status := http.get(f"/api/tables/{table_id}/analysis", headers=auth(ann)).json())["status"] != "done":
        assert status["status"] != "failed" and time.time() < deadline, status
        time.sleep(0.2)
    assert set(status["result"]["seats"]) == {"0", "1", "2"}


def test_the_learning_routes_answer_for_a_plugin_without_lessons(highcard_server):
    http = httpx.Client(base_url=highcard_server, timeout=30)
    rules = http.get("/api/rules/highcard")
    assert rules.status_code == 200, rules.text
    assert "H1" in rules.json()["html"] and len(rules.json()["figures"]) == 3
    tutorial = http.get("/api/learn/highcard")
    assert tutorial.status_code == 404 and tutorial.json()["error"]["code"] == "learn.no_tutorial"
    assert http.get("/api/puzzles/highcard").json()["puzzles"] == 0
    puzzle = http.get("/api/puzzles/highcard/1")
    assert puzzle.status_code == 404 and "no puzzles" in puzzle.json()["error"]["message"]


RL_SCRIPT = """
import pyspiel
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from gameshelf import rl
from gameshelf.rl.openspiel import register

api_test(rl.env("highcard", 2), num_cycles=20)
check_env(rl.gym_env("highcard", 2), skip_render_check=True)
assert "gameshelf_highcard" in register()
pyspiel.random_sim_test(pyspiel.load_game("gameshelf_highcard(players=2)"), num_sims=2, serialize=False, verbose=False)
print("rl ok")
"""


def test_pettingzoo_gymnasium_and_openspiel_serve_the_installed_game_by_its_id(env):
    """The RL adapters find the installed plugin by id through the registry, with the generic encoder
    and the action space enumerated from its verbs (no code of its own in gameshelf.rl)."""
    pytest.importorskip("pyspiel")
    done = subprocess.run([sys.executable, "-c", RL_SCRIPT], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "rl ok" in done.stdout, done.stderr[-3000:]

"""Issue 33, the learning routes: rules, tutorial steps and puzzles over HTTP, en and ja, with
clear errors for bad input and nothing hidden in any answer."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from gameshelf.games import get_game
from gameshelf.learn import tutorial as tut
from gameshelf.learn.puzzles import load_puzzles
from gameshelf.server.app import create_app
from gameshelf.server.settings import Settings


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    db = tmp_path_factory.mktemp("learn") / "gameshelf.db"
    with TestClient(create_app(Settings(db_url=f"sqlite:///{db}", bot_delay=0.0))) as c:
        yield c


def test_rules_answer_the_summary_and_three_figures(client):
    body = client.get("/api/rules/borealis?lang=ja").json()
    assert body["lang"] == "ja" and "ボレアリス" in body["html"]
    assert [f["key"] for f in body["figures"]] == ["start", "turn", "end"]
    assert body["figures"][2]["outcome"]["scores"]


def test_a_tutorial_walks_to_its_end_over_http(client):
    tutorial = tut.load_tutorial("iwari")
    info = client.get("/api/learn/iwari?lang=ja").json()
    assert info["steps"] == len(tutorial.steps) and info["intro"] == tutorial.intro["ja"]
    for n, step in enumerate(tutorial.steps, 1):
        body = client.get(f"/api/learn/iwari/steps/{n}?lang=en").json()
        assert body["step"] == n and body["rule"] == step.rule and body["text"] == step.text["en"]
        move = step.move if not step.any else body["legal"][0]["action"]
        answer = client.post(f"/api/learn/iwari/steps/{n}", json={"move": move}).json()
        assert answer["ok"]
        assert answer["finished"] == (n == len(tutorial.steps))
        assert answer["next"] == (None if n == len(tutorial.steps) else n + 1)


def test_a_wrong_move_is_answered_not_raised(client):
    answer = client.post("/api/learn/midnight_zoo/steps/1?lang=ja", json={"move": "take 1"}).json()
    assert answer["ok"] is False and answer["kind"] == "other"
    assert answer["message"] == tut.load_tutorial("midnight_zoo").steps[0].why["ja"]
    answer = client.post("/api/learn/midnight_zoo/steps/1", json={"move": "<script>"}).json()
    assert answer["ok"] is False and answer["kind"] == "notation"


@pytest.mark.parametrize("path,code", [
    ("/api/learn/chess", "game.not_found"), ("/api/learn/iwari/steps/0", "learn.no_step"),
    ("/api/learn/iwari/steps/99", "learn.no_step"), ("/api/puzzles/iwari/0", "puzzle.not_found"),
    ("/api/puzzles/iwari/9999", "puzzle.not_found"), ("/api/rules/chess", "game.not_found"),
    ("/api/learn/iwari/steps/x", "request.invalid")])
def test_bad_addresses_get_a_clear_error(client, path, code):
    response = client.get(path + "?lang=ja")
    assert response.status_code in (404, 422)
    error = response.json()["error"]
    assert error["code"] == code and error["reason"]


def test_a_puzzle_sends_the_seats_view_and_tells_the_answer_only_after_a_guess(client):
    puzzle = load_puzzles("midnight_zoo")[0]
    game = get_game("midnight_zoo")
    raw = client.get("/api/puzzles/midnight_zoo/1?lang=en").text
    body = json.loads(raw)
    assert body["view"] == game.view(puzzle.state(game), puzzle.seat)
    assert puzzle.answer not in {k: v for k, v in body.items() if k != "legal"}.values()
    for secret in ("reason", "answer", "margin", "source_seed", "position", "chance"):
        assert f'"{secret}"' not in raw
    right = client.post("/api/puzzles/midnight_zoo/1?lang=ja", json={"move": puzzle.answer}).json()
    assert right["correct"] and right["reason"] == puzzle.reason["ja"] and right["margin"] == puzzle.margin
    other = client.post("/api/puzzles/midnight_zoo/1", json={"move": puzzle.second}).json()
    assert not other["correct"] and other["answer"] == puzzle.answer


def test_an_illegal_guess_is_an_error_naming_the_rule_not_a_verdict(client):
    response = client.post("/api/puzzles/iwari/1?lang=ja", json={"move": "nonsense"})
    assert response.status_code == 400 and response.json()["error"]["code"] == "action.bad_notation"


@pytest.mark.parametrize("page", ["rules", "learn", "puzzles"])
def test_the_pages_are_served(client, page):
    response = client.get(f"/web/{page}.html?game=iwari")
    assert response.status_code == 200 and f"/web/js/{page}.js" in response.text


@pytest.mark.parametrize("game_id", ["borealis", "midnight_zoo", "iwari", "mariposas"])
def test_the_game_data_file_never_carries_tutorial_or_puzzle_positions(client, game_id):
    """/web/data/{game}.json serves the game's data files to every browser: the tutorial's start
    position and the puzzles' positions hold hands and deck orders, so they are not among them."""
    files = client.get(f"/web/data/{game_id}.json").json()["files"]
    assert "tutorial" not in files and "puzzles" not in files
    assert files  # the rest is still there

"""The post-game analysis endpoint (issue 15): refused before the end, computed in the background
after it, stored once (a second request never recomputes), equal to ``gameshelf.analysis`` run on
the record, and clear errors for bad ids and missing rights. SQLite and PostgreSQL."""

from __future__ import annotations

import json
import multiprocessing
import random
import time
from datetime import datetime, timezone

import pytest

from gameshelf.analysis import analyse_record, label_result
from gameshelf.core.record import Record
from gameshelf.games import get_game
from gameshelf.server.store.models import GameAnalysis
from gameshelf.server.settings import Settings, positive_sims
from gameshelf.server.store import Database
from tests.server.conftest import Server, auth, fast_settings, guest, new_table, two_player_table

SIMS = 2  # a tiny budget: the test is about the server, not the search


def finish(server, table_id: str, seed: int = 3) -> None:
    """Both seats play random legal actions (through the table service) until the game ends."""
    chooser = random.Random(seed)
    service = server.service
    while True:
        live = service.live(table_id)
        with live.lock:
            if live.game.is_over(live.state):
                return
            seat, state_id = live.game.to_act(live.state), live.state_id
            action = chooser.choice(live.game.legal_actions(live.state))
        service.submit(table_id, seat, str(action), state_id)


def wait_done(http, table_id: str, token: str, timeout: float = 120) -> dict:
    deadline = time.time() + timeout
    while time.time() < deadline:
        body = http.get(f"/api/tables/{table_id}/analysis", headers=auth(token)).json()
        assert body["status"] in ("pending", "running", "done"), body
        if body["status"] == "done":
            return body
        time.sleep(0.2)
    raise AssertionError(f"the analysis did not finish: {body}")


def runs(server, table_id: str) -> int:
    with server.app.state.db.read() as session:
        return session.get(GameAnalysis, (table_id, "normal")).runs


def test_refused_before_the_end_and_clear_errors(server):
    http = server.http
    ann = guest(http, "Ann")
    open_table = new_table(http, ann)["id"]
    table_id, ann, bob = two_player_table(http)
    for tid in (open_table, table_id):  # open, then playing: the analysis must not exist at all
        for method in ("get", "post"):
            response = getattr(http, method)(f"/api/tables/{tid}/analysis", headers=auth(ann))
            assert response.status_code == 409, response.text
            assert response.json()["error"]["code"] == "analysis.not_over"
    ja = http.post(f"/api/tables/{table_id}/analysis?lang=ja", headers=auth(bob)).json()["error"]
    assert ja["reason"] == "解析はゲーム終了後にのみ利用できます。"
    with server.app.state.db.read() as session:
        assert session.get(GameAnalysis, (table_id, "normal")) is None
    for method in ("get", "post"):
        missing = getattr(http, method)("/api/tables/nosuch/analysis", headers=auth(ann))
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "table.not_found"
    bad_token = http.post(f"/api/tables/{table_id}/analysis", headers=auth("forged"))
    assert bad_token.status_code == 401 and bad_token.json()["error"]["code"] == "auth.invalid"


def test_computed_once_in_the_background_and_equal_to_the_library(server):
    server.app.state.settings.analysis_sims = SIMS
    http = server.http
    table_id, ann, bob = two_player_table(http)
    finish(server, table_id)
    assert http.get(f"/api/tables/{table_id}/analysis").json()["status"] == "none"  # spectators may look
    anonymous = http.post(f"/api/tables/{table_id}/analysis")  # starting one costs CPU: a user asks
    assert anonymous.status_code == 401 and anonymous.json()["error"]["code"] == "auth.required"
    started = http.post(f"/api/tables/{table_id}/analysis", headers=auth(ann))
    assert started.status_code == 200 and started.json()["status"] in ("pending", "running", "done")
    done = wait_done(http, table_id, ann)
    record = Record.from_json(http.get(f"/api/tables/{table_id}/record", headers=auth(ann)).json()["record"])
    # the library's result, with each action's label in the reader's language (English by default)
    direct = label_result(analyse_record(get_game(record.game), record, level="normal", seed=0, sims=SIMS).to_json(),
                          "en")
    assert done["result"] == json.loads(json.dumps(direct))
    assert done["done"] == done["total"] == sum(len(s["decisions"]) for s in direct["seats"].values()) > 0
    assert set(done["result"]["seats"]) == {"0", "1"} and done["sims"] == SIMS
    again = http.post(f"/api/tables/{table_id}/analysis", headers=auth(bob))  # cached: never recomputed
    assert again.json() == done
    time.sleep(0.5)
    assert runs(server, table_id) == 1
    assert http.get(f"/api/tables/{table_id}/analysis", headers=auth(bob)).json() == done
    with server.app.state.db.transaction() as session:  # a failed analysis (say its process died) ...
        row = session.get(GameAnalysis, (table_id, "normal"))
        row.status, row.error = "failed", "exit code -9"
    assert http.get(f"/api/tables/{table_id}/analysis").json()["status"] == "failed"
    assert http.post(f"/api/tables/{table_id}/analysis", headers=auth(bob)).json()["status"] != "failed"
    assert wait_done(http, table_id, bob) == done  # ... is started again on request, with the same result
    assert runs(server, table_id) == 2


def test_a_table_without_spectators_keeps_its_analysis_to_its_seats(server):
    server.app.state.settings.analysis_sims = SIMS
    http = server.http
    table_id, ann, _ = two_player_table(http, spectators=False)
    finish(server, table_id, seed=5)
    eve = guest(http, "Eve")
    for method in ("get", "post"):
        refused = getattr(http, method)(f"/api/tables/{table_id}/analysis", headers=auth(eve))
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "table.no_spectators"
    assert http.get(f"/api/tables/{table_id}/analysis", headers=auth(ann)).json()["status"] == "none"


def test_stopping_the_server_stops_its_analysis(db_url):
    server = Server(fast_settings(db_url))
    server.app.state.settings.analysis_sims = 100_000  # far more than the test waits for
    table_id, ann, _ = two_player_table(server.http)
    finish(server, table_id)
    assert server.http.post(f"/api/tables/{table_id}/analysis", headers=auth(ann)).status_code == 200
    deadline = time.time() + 60
    while server.http.get(f"/api/tables/{table_id}/analysis").json()["status"] != "running":
        assert time.time() < deadline, "the analysis never started"
        time.sleep(0.1)
    server.stop()
    assert not [p for p in multiprocessing.active_children() if p.name.startswith("analysis-")]
    db = Database(db_url)
    try:
        with db.read() as session:
            row = session.get(GameAnalysis, (table_id, "normal"))
            assert (row.status, row.error, row.result) == ("failed", "the server stopped", None)
    finally:
        db.dispose()


def test_the_budget_setting_is_checked():
    assert positive_sims(None) is None and positive_sims("") is None and positive_sims("40") == 40
    for bad in ("0", "-3", "many", "1.5"):
        with pytest.raises(ValueError, match="GAMESHELF_ANALYSIS_SIMS"):
            positive_sims(bad)
        with pytest.raises(ValueError, match="GAMESHELF_ANALYSIS_SIMS"):
            Settings.from_env({"GAMESHELF_ANALYSIS_SIMS": bad})
    assert Settings.from_env({"GAMESHELF_ANALYSIS_SIMS": "40"}).analysis_sims == 40
    for sims in (None, 40):  # what the serving command hands its worker processes comes back the same
        assert Settings.from_env(Settings(analysis_sims=sims).to_env()).analysis_sims == sims


def _table_of(http, ann: str) -> str:
    """A started 2-player table of Ann's with a new guest in the other seat."""
    table = new_table(http, ann)
    assert http.post(f"/api/tables/{table['id']}/join", json={}, headers=auth(guest(http, "Bob"))).status_code == 200
    assert http.post(f"/api/tables/{table['id']}/start", headers=auth(ann)).status_code == 200
    return table["id"]


def test_d6_a_person_has_only_a_few_analyses_computing_at_once(server):
    """Issue 34, defect 6: an analysis costs minutes of CPU, so one person may have at most
    ``max_analyses`` queued or running; more is refused (429 ``limit.analyses``) until one ends, and
    another person, or a cached analysis, is never held up by it."""
    server.service.settings.max_analyses = 1
    http = server.http
    ann, eve = guest(http, "Ann"), guest(http, "Eve")
    first, second = _table_of(http, ann), _table_of(http, ann)
    for tid in (first, second):
        finish(server, tid)
    ann_id = http.get("/api/me", headers=auth(ann)).json()["id"]
    moment = datetime.now(timezone.utc)
    with server.app.state.db.transaction() as session:  # Ann's analysis of the first game is computing
        session.add(GameAnalysis(table_id=first, level="normal", status="running", sims=SIMS, done=0, total=9, runs=1,
                                 created_at=moment, updated_at=moment, requested_by=ann_id))
    refused = http.post(f"/api/tables/{second}/analysis?lang=ja", headers=auth(ann))
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "limit.analyses"
    assert refused.json()["error"]["reason"].startswith("解析は同時に上限まで")
    with server.app.state.db.read() as session:
        assert session.get(GameAnalysis, (second, "normal")) is None  # nothing was queued
    assert http.post(f"/api/tables/{first}/analysis", headers=auth(ann)).json()["status"] == "running"  # its own: fine
    server.app.state.settings.analysis_sims = SIMS
    assert http.post(f"/api/tables/{second}/analysis", headers=auth(eve)).status_code == 200  # another person
    with server.app.state.db.transaction() as session:
        session.get(GameAnalysis, (first, "normal")).status = "done"
    assert wait_done(http, second, ann)["status"] == "done"


def test_d5_a_store_error_in_a_request_answers_busy_not_a_defect(server, monkeypatch):
    """Issue 34, defect 5: the store's passing trouble (a dropped connection) is the retryable
    ``server.busy`` (503) on REST too, not ``server.error``; a real defect stays ``server.error``."""
    from sqlalchemy.exc import OperationalError

    table_id, ann, _ = two_player_table(server.http)

    def dropped(*args, **kwargs):
        raise OperationalError("SELECT 1", {}, Exception("server closed the connection unexpectedly"))

    monkeypatch.setattr(server.service, "detail", dropped)
    busy = server.http.get(f"/api/tables/{table_id}", headers=auth(ann))
    assert busy.status_code == 503 and busy.json()["error"]["code"] == "server.busy"

    def broken(*args, **kwargs):
        raise KeyError("a defect")

    monkeypatch.setattr(server.service, "detail", broken)
    crash = server.http.get(f"/api/tables/{table_id}", headers=auth(ann))
    assert crash.status_code == 500 and crash.json()["error"]["code"] == "server.error"

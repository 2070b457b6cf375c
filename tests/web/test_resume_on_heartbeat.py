"""Defect 1 (issue 34), the page's side: a table page that missed an update notices it from the
server's heartbeat (the store's state id differs from its own) and asks to resume, instead of
waiting for ever for a turn that has already come."""

from __future__ import annotations

import json
import time

import httpx

from gameshelf.server.settings import Settings
from gameshelf.server.store import Database
from gameshelf.server.tables import TableService
from tests.web.conftest import new_page, wait_started


def _api(base: str, method: str, path: str, token: str | None = None, body: dict | None = None) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = httpx.request(method, base + path, json=body, headers=headers, timeout=30)
    assert response.status_code < 300, response.text
    return response.json()


def test_d1_a_page_that_missed_an_update_resumes_on_the_heartbeat(web, context):
    ann = _api(web.base, "POST", "/api/auth/guest", body={"name": "Ann"})["token"]
    bob = _api(web.base, "POST", "/api/auth/guest", body={"name": "Bob"})["token"]
    table = _api(web.base, "POST", "/api/tables", ann, {"game": "midnight_zoo", "players": 2,
                                                        "seats": [{"kind": "me"}, {"kind": "open"}]})
    table_id = table["id"]
    _api(web.base, "POST", f"/api/tables/{table_id}/join", bob, {})
    _api(web.base, "POST", f"/api/tables/{table_id}/start", ann)
    hub = web.app.state.hub
    every, hub.settings.heartbeat_seconds = hub.settings.heartbeat_seconds, 0.3
    try:
        _resume_after_a_lost_update(web, context, hub, table_id, ann)
    finally:
        hub.settings.heartbeat_seconds = every


def _resume_after_a_lost_update(web, context, hub, table_id: str, ann: str) -> None:

    page = new_page(context)
    page.add_init_script(f"localStorage.setItem('gs.token', {json.dumps(ann)})")
    page.goto(f"{web.base}/web/table.html?id={table_id}")
    wait_started(page)
    assert page.evaluate("document.body.dataset.stateId") == "0"

    # A move committed elsewhere whose update this page never receives: the process catches its cache
    # up, but the page's connection is marked as already sent it (as if the message had been lost).
    live = web.service.live(table_id)
    seat, action = live.to_act(), str(live.game.legal_actions(live.state)[0])
    elsewhere = TableService(Database(web.service.db.url.render_as_string(hide_password=False)), Settings())
    elsewhere.submit(table_id, seat, action, 0)
    live = web.service.sync(table_id)
    for conn in list(hub.conns.get(table_id, ())):
        conn.last_sid, conn.meta_version = live.state_id, live.meta_version

    deadline = time.time() + 20
    while page.evaluate("document.body.dataset.stateId") != "1":
        assert time.time() < deadline, "the page never caught up with the store"
        page.wait_for_timeout(100)
    assert page.errors == []

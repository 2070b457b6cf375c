"""A thread never waits for a second pooled store connection while it holds one.

With ``threads`` worker threads and a pool of the same size, a request that held one read and then
asked for another (``_detail`` loading an uncached match did) could starve the pool: after a
worker died, hundreds of reconnecting clients reading tables the survivor had not cached yet each
held one connection and waited 30 s for a second, and the server answered ``server.busy``."""

from __future__ import annotations

import threading
from contextlib import contextmanager

import pytest

from gameshelf.server.store.db import Database
from tests.server.conftest import Server, auth, fast_settings, two_player_table

OPENERS = ("read", "read_connection", "transaction", "hot")


@pytest.fixture
def nesting(monkeypatch):
    """Every nested opening of a pooled connection on one thread, as (outer, inner) names."""
    depth = threading.local()
    seen: list[tuple[str, str]] = []

    def wrap(name, original):
        @contextmanager
        def opened(self, *args, **kwargs):
            stack = getattr(depth, "stack", None)
            if stack is None:
                stack = depth.stack = []
            if stack:
                seen.append((stack[-1], name))
            stack.append(name)
            try:
                with original(self, *args, **kwargs) as value:
                    yield value
            finally:
                stack.pop()
        return opened

    for name in OPENERS:
        monkeypatch.setattr(Database, name, wrap(name, getattr(Database, name)))
    return seen


def test_a_table_read_while_its_match_is_not_cached_holds_one_connection_at_a_time(db_url, nesting):
    """GET /api/tables/{id} on a playing table this process has not cached loads the match after
    the table's read is over (the case of a worker that takes over another's clients)."""
    server = Server(fast_settings(db_url))
    try:
        table_id, ann, _ = two_player_table(server.http)
        server.service.forget(table_id)
        nesting.clear()
        response = server.http.get(f"/api/tables/{table_id}", headers=auth(ann))
        assert response.status_code == 200, response.text
        assert response.json()["status"] == "playing"
        assert response.json()["clock"] is not None
        assert nesting == []
    finally:
        server.stop()

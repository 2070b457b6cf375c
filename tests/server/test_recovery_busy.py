"""The store's passing trouble during a REST request (no free pooled connection within the pool's
timeout, a database refusing connections: what answered the bench's set-up requests 503 under load)
answers ``server.busy`` with ``Retry-After``, and the server's log names the cause, not only its type."""

from __future__ import annotations

import logging

from sqlalchemy.exc import TimeoutError as PoolTimeout

from tests.server.conftest import auth, two_player_table


def test_a_pool_timeout_answers_503_with_retry_after_and_logs_its_cause(server, monkeypatch, caplog):
    table_id, ann, _ = two_player_table(server.http)

    def exhausted(*args, **kwargs):
        raise PoolTimeout("QueuePool limit of size 8 overflow 8 reached, connection timed out, timeout 30.00")

    monkeypatch.setattr(server.service, "detail", exhausted)
    with caplog.at_level(logging.WARNING, logger="gameshelf.server"):
        busy = server.http.get(f"/api/tables/{table_id}", headers=auth(ann))
    assert busy.status_code == 503 and busy.json()["error"]["code"] == "server.busy"
    assert busy.headers.get("retry-after") == "1"
    assert any("QueuePool limit of size 8" in record.getMessage() for record in caplog.records), caplog.text

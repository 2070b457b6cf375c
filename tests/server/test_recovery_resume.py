"""A seat whose server process died reconnects to another with ``last_state_id`` (the state it holds):
when nothing happened since, it is sent only the table's line, which tells it that an action it had
sent and not seen accepted never reached the store, so it sends it again. A connection must not be
sent anything before it is opened from that state id: a change delivered to the table's other
connections meanwhile (here: the new connection's own catch-up with the store, when the process's
cached match was behind, as after another process died before announcing its last move) once sent
it a full snapshot of the state it already held, and a client waiting for the table's line to send
its action again waited for ever (the bench's hang after a killed worker)."""

from __future__ import annotations

import pytest

from gameshelf.server.store import Database
from gameshelf.server.tables import TableService
from tests.server.conftest import Client, Server, fast_settings, two_player_table


@pytest.fixture
def quiet_server(db_url):
    """A server whose heartbeat never runs during the test: only the new connection catches it up."""
    srv = Server(fast_settings(db_url, heartbeat_seconds=3600))
    yield srv
    srv.stop()


def _first_state_message(client: Client) -> dict:
    return client.until(lambda m: m["type"] in ("snapshot", "update", "table"), timeout=30)


def test_a_reconnection_at_the_current_state_gets_the_table_line_when_the_cache_was_behind(quiet_server, db_url):
    table_id, ann, bob = two_player_table(quiet_server.http)
    watcher = Client(quiet_server.base, table_id, bob)  # keeps the match cached in this process
    first = watcher.state(0)
    mover = first["decision"]["seat"]
    token = (ann, bob)[mover]
    # The seat played state 0 -> 1 through another process, which died before announcing it.
    other = TableService(Database(db_url), fast_settings(db_url))
    try:
        view = other.live(table_id).game.legal_actions(other.live(table_id).state)
        other.submit(table_id, mover, str(view[0]), 0)
    finally:
        other.db.dispose()
    back = Client(quiet_server.base, table_id, token, last_state_id=1)
    message = _first_state_message(back)
    assert (message["type"], message["state_id"]) == ("table", 1), message
    assert watcher.state(1)["prev_state_id"] == 0  # the others here still hear of the move
    back.close()
    watcher.close()


def test_a_reconnection_behind_the_store_gets_the_update_it_missed(quiet_server, db_url):
    table_id, ann, bob = two_player_table(quiet_server.http)
    watcher = Client(quiet_server.base, table_id, bob)
    first = watcher.state(0)
    mover = first["decision"]["seat"]
    other = TableService(Database(db_url), fast_settings(db_url))
    try:
        view = other.live(table_id).game.legal_actions(other.live(table_id).state)
        other.submit(table_id, mover, str(view[0]), 0)
    finally:
        other.db.dispose()
    back = Client(quiet_server.base, table_id, (ann, bob)[mover], last_state_id=0)
    message = _first_state_message(back)
    assert (message["type"], message["state_id"], message.get("prev_state_id")) == ("update", 1, 0), message
    back.close()
    watcher.close()

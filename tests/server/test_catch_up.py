"""A read that catches this process's cached match up with the store (another process moved it and
its announcement never came) hands the new state to every connection of that table in this process,
not only to whoever asked: a new connection, a ``resume``, a record read."""

from __future__ import annotations

import httpx
import pytest

from gameshelf.server.store import Database
from gameshelf.server.tables import TableService
from tests.server.conftest import Client, Server, fast_settings, two_player_table


@pytest.fixture
def quiet_server(db_url):
    """A server whose heartbeat never runs during the test: only a read can catch it up."""
    settings = fast_settings(db_url, heartbeat_seconds=3600)
    srv = Server(settings)
    yield srv
    srv.stop()


def _moved_elsewhere(srv: Server, db_url: str) -> tuple[str, dict[int, str], dict[int, Client]]:
    """A started table with both seats connected here; then another process (a table service of its
    own on the same store, announcing nothing) takes the first move. Returns (table, tokens, clients)."""
    table_id, ann, bob = two_player_table(srv.http)
    tokens = {0: ann, 1: bob}
    clients = {seat: Client(srv.base, table_id, token) for seat, token in tokens.items()}
    first = {seat: client.state(0) for seat, client in clients.items()}
    mover = first[0]["decision"]["seat"]
    other = TableService(Database(db_url), fast_settings(db_url))
    try:
        other.submit(table_id, mover, first[mover]["legal"][0]["action"], 0)
    finally:
        other.db.dispose()
    assert all(client.last["state_id"] == 0 for client in clients.values())
    return table_id, tokens, clients


def _all_reach_state_1(clients: dict[int, Client]) -> None:
    for seat, client in clients.items():
        message = client.state(1, timeout=30)
        assert message["state_id"] == 1 and message["seat"] == seat
        assert message.get("prev_state_id") == 0  # an update from the state it held


def test_a_new_connection_that_catches_up_updates_the_tables_other_connections(quiet_server, db_url):
    table_id, tokens, clients = _moved_elsewhere(quiet_server, db_url)
    newcomer = Client(quiet_server.base, table_id)  # a spectator
    assert newcomer.state(1)["state_id"] == 1
    _all_reach_state_1(clients)


def test_a_resume_that_catches_up_updates_the_tables_other_connections(quiet_server, db_url):
    table_id, tokens, clients = _moved_elsewhere(quiet_server, db_url)
    clients[0].send({"type": "resume", "state_id": 0})
    _all_reach_state_1(clients)


def test_a_record_read_that_catches_up_updates_the_tables_connections(quiet_server, db_url):
    table_id, tokens, clients = _moved_elsewhere(quiet_server, db_url)
    answer = httpx.get(f"{quiet_server.base}/api/tables/{table_id}/record", timeout=30)
    assert answer.status_code == 200 and answer.json()["state_id"] == 1
    _all_reach_state_1(clients)

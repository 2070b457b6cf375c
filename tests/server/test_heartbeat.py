"""The heartbeat: a connection that was sent nothing for a whole period still hears the store's state
id (a keep-alive, and how a page learns it is up to date); one that holds an older state hears the
newer id, so the page asks to resume."""

from __future__ import annotations

from tests.server.conftest import Client, Server, fast_settings, two_player_table


def test_an_idle_up_to_date_connection_still_gets_heartbeats_with_its_state_id(db_url):
    srv = Server(fast_settings(db_url, heartbeat_seconds=0.2))
    try:
        table_id, ann, bob = two_player_table(srv.http)
        client = Client(srv.base, table_id, ann)
        assert client.state(0)["state_id"] == 0
        beats = [client.until(lambda m: m["type"] == "heartbeat", timeout=30) for _ in range(2)]
        assert beats == [{"type": "heartbeat", "state_id": 0}] * 2
        client.close()
    finally:
        srv.stop()

"""Bots at tables, clocks and zombies: a bot plays for a human who runs out of time or leaves."""

from __future__ import annotations

import time

from tests.server.conftest import Client, auth, guest, new_table, play_out, two_player_table


def test_a_table_of_bots_plays_to_the_end(server):
    ann = guest(server.http, "Ann")
    table = new_table(server.http, ann, seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
    assert server.http.post(f"/api/tables/{table['id']}/start", headers=auth(ann)).status_code == 200
    watcher = Client(server.base, table["id"])
    final = watcher.until(lambda m: m["type"] in ("snapshot", "update") and m["over"], timeout=120)
    assert final["outcome"]["scores"]
    record = server.http.get(f"/api/tables/{table['id']}/record").json()
    assert record["redacted"] is False and len(record["actions"]) == final["state_id"]


def test_a_human_plays_a_bot_to_the_end(server):
    ann = guest(server.http, "Ann")
    table = new_table(server.http, ann, seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    server.http.post(f"/api/tables/{table['id']}/start", headers=auth(ann))
    final = play_out({0: Client(server.base, table["id"], ann)}, seed=5)
    assert final["outcome"] is not None


def test_timeout_hands_the_seat_to_a_bot_and_the_human_takes_it_back(server):
    # turn-based with a 0.2 s deadline per move (hours may be fractional)
    table_id, ann, bob = two_player_table(server.http, turn_hours=0.2 / 3600)
    clients = {0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}
    first = clients[0].state(0)
    late = first["decision"]["seat"]
    # nobody moves: the seat to act times out, a bot plays it, and the game goes on
    zombie = clients[late].until(lambda m: (m.get("zombies") or [0, 0])[late], timeout=20)
    # a snapshot when the late seat's socket connected after the deadline had passed (a loaded machine)
    assert zombie["type"] in ("snapshot", "table", "update")
    clients[late].state(1, timeout=20)
    clients[late].send({"action": "anything", "state_id": clients[late].last["state_id"]})
    assert clients[late].until(lambda m: m["type"] == "error")["code"] in ("seat.zombie", "action.stale")
    # take the seat back over REST (also possible with {"type": "reclaim"} on the socket)
    response = server.http.post(f"/api/tables/{table_id}/reclaim", headers=auth([ann, bob][late]))
    assert response.status_code == 200 and not response.json()["seats"][late]["zombie"]
    stranger = guest(server.http, "Eve")
    refused = server.http.post(f"/api/tables/{table_id}/reclaim", headers=auth(stranger))
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "table.not_seated"


def test_realtime_clock_runs_out_and_a_bot_takes_over_then_reclaim_on_the_socket(server):
    table_id, ann, bob = two_player_table(server.http, mode="realtime", base_seconds=0.3, increment_seconds=0)
    clients = {0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}
    first = clients[0].state(0)
    assert first["clock"]["remaining_ms"] == [300, 300] and first["clock"]["deadline_ms"]
    late = first["decision"]["seat"]
    clients[late].until(lambda m: (m.get("zombies") or [0, 0])[late], timeout=20)
    clients[late].send({"type": "reclaim"})
    back = clients[late].until(lambda m: m.get("zombies") is not None and not m["zombies"][late], timeout=20)
    assert back["clock"]["remaining_ms"][late] >= 30_000  # a reclaimed seat gets time to think


def test_a_human_who_leaves_past_the_grace_period_is_replaced(server):
    """Real time only: at a turn-based table an absent person keeps the seat until the move's deadline."""
    table_id, ann, bob = two_player_table(server.http, mode="realtime")
    stay = Client(server.base, table_id, ann)
    gone = Client(server.base, table_id, bob)
    stay.state(0)
    gone.state(0)
    gone.close()
    deadline = time.time() + 20
    while not server.http.get(f"/api/tables/{table_id}").json()["seats"][1]["zombie"]:
        assert time.time() < deadline, "the seat was never handed to a bot"
        time.sleep(0.1)
    final = play_out({0: stay}, seed=2)  # the bot plays seat 1 to the end
    assert final["over"]

"""Two server processes on one store (PostgreSQL relays by LISTEN/NOTIFY, SQLite by Redis): chat
lines, "your turn" and rematch invitations reach people connected to the other process."""

from __future__ import annotations

import httpx

from tests.server.conftest import Client, auth, two_player_table
from tests.server.test_community import Me, play_until
from tests.server.test_processes import two_processes


def test_chat_your_turn_and_invitations_cross_processes(db_url):
    with two_processes(db_url) as (one, two):
        http_one, http_two = httpx.Client(base_url=one, timeout=30), httpx.Client(base_url=two, timeout=30)
        table_id, ann, bob = two_player_table(http_one, rated=True)
        a, b = Client(one, table_id, ann), Client(two, table_id, bob)
        a.state(0)
        b.state(0)
        bob_me = Me(two, bob)
        bob_me.until(lambda m: m["type"] == "tables")
        # chat written at process one reaches the table's connection at process two, unchanged
        a.send({"type": "chat", "text": "good luck <3"})
        got = b.until(lambda m: m["type"] == "chat", timeout=20)
        assert got["text"] == "good luck <3" and got["name"] == "Ann" and got["seat"] == 0
        assert [m["text"] for m in http_two.get(f"/api/tables/{table_id}/chat").json()] == ["good luck <3"]
        # moves at process one make it Bob's turn: his /ws/me at process two says so
        clients = {0: a, 1: b}
        play_until(clients, 0)
        bob_me.turns(0, timeout=20)
        play_until(clients, 1)
        bob_me.turns(1, timeout=20)
        # Bob resigns at process two; Ann asks for a rematch at process one; Bob is invited at two
        assert http_two.post(f"/api/tables/{table_id}/resign", headers=auth(bob)).status_code == 200
        a.until(lambda m: m["type"] in ("snapshot", "update") and m["over"], timeout=20)
        new = http_one.post(f"/api/tables/{table_id}/rematch", headers=auth(ann)).json()
        invite = bob_me.until(lambda m: m["type"] == "invite", timeout=20)
        assert invite["table"] == new["id"] and invite["from"] == "Ann"
        joined = http_two.post(f"/api/tables/{table_id}/rematch", headers=auth(bob)).json()
        assert joined["id"] == new["id"] and joined["status"] == "playing"
        board = http_one.get("/api/leaderboard/midnight_zoo").json()
        assert len(board) == 2 and {r["games"] for r in board} == {1}
        bob_me.close()

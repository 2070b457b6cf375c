"""Playing over WebSockets on a real uvicorn server: what each seat sees, secrets, submissions."""

from __future__ import annotations

import json
import time

import pytest

from gameshelf.core.record import Record, replay
from gameshelf.games import get_game
from gameshelf.server.i18n import REASONS
from tests.server.conftest import GAME, Client, auth, guest, play_out, two_player_table


def test_each_seat_sees_only_its_view_and_the_spectator_the_engines(server):
    table_id, ann, bob = two_player_table(server.http)
    seat0, seat1 = Client(server.base, table_id, ann), Client(server.base, table_id, bob)
    spectator = Client(server.base, table_id)
    nosy = Client(server.base, table_id, ann, seat=1)  # asking for another seat changes nothing
    before_end = []
    seat0.state(0)
    before_end.append(server.http.get(f"/api/tables/{table_id}/record").text)
    before_end.append(server.http.get(f"/api/tables/{table_id}", headers=auth(ann)).text)
    final = play_out({0: seat0, 1: seat1}, [spectator, nosy], seed=3)
    assert final["outcome"] is not None

    record = server.http.get(f"/api/tables/{table_id}/record").json()
    assert record["redacted"] is False and record["seed"] is not None
    game = get_game(GAME)
    full = Record.from_json(record["record"])
    assert game.state_hash(replay(game, full)) == record["final_hash"]
    # Replay the record and compare every message with the engine's view at that state id.
    state = game.setup(2, record["options"], record["seed"])
    views = {0: [game.view(state, 0)], 1: [game.view(state, 1)], None: [game.view(state, None)]}
    for action in record["actions"]:
        game.checked_apply(state, action)
        for seat in views:
            views[seat].append(game.view(state, seat))
    for client, seat in ((seat0, 0), (seat1, 1), (spectator, None), (nosy, 0)):
        states = [m for m in client.messages if m["type"] in ("snapshot", "update")]
        assert states and all(m["seat"] == seat for m in states)
        for message in states:
            assert message["view"] == views[seat][message["state_id"]]
            if seat is None or message["decision"] and message["decision"]["seat"] != seat:
                assert message["legal"] == []
    # the seed never left the server before the end, nor did the actions' record
    seed = str(record["seed"])
    for client in (seat0, seat1, spectator, nosy):
        assert not any(seed in text for text in client.raw)
    assert all(seed not in text for text in before_end)
    redacted = json.loads(before_end[0])
    assert redacted["redacted"] is True and redacted["seed"] is None and redacted["actions"] is None


def test_a_seat_cannot_act_for_another(server):
    table_id, ann, bob = two_player_table(server.http)
    clients = {0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}
    snapshot = clients[0].state(0)
    actor = snapshot["decision"]["seat"]
    other = clients[1 - actor]
    mine = clients[actor].state(0)
    other.send({"action": mine["legal"][0]["action"], "state_id": 0})
    error = other.until(lambda m: m["type"] == "error")
    assert error["code"] == "action.not_your_turn" and error["reason"]
    spectator = Client(server.base, table_id)
    spectator.state(0)
    spectator.send({"action": mine["legal"][0]["action"], "state_id": 0})
    assert spectator.until(lambda m: m["type"] == "error")["code"] == "action.not_seated"
    assert server.http.get(f"/api/tables/{table_id}").json()["state_id"] == 0


def test_stale_and_duplicate_submissions(server):
    table_id, ann, bob = two_player_table(server.http)
    clients = {0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}
    actor = clients[0].state(0)["decision"]["seat"]
    twin = Client(server.base, table_id, [ann, bob][actor])  # the same seat on a second connection
    first = clients[actor].state(0)
    twin.state(0)
    action = first["legal"][0]["action"]
    clients[actor].send({"action": action, "state_id": 0})
    twin.send({"action": action, "state_id": 0})
    clients[actor].state(1)
    twin.state(1)
    deadline = time.time() + 20
    while not clients[actor].errors() + twin.errors():  # the refusal may trail the update
        assert time.time() < deadline, "the second submission got no answer"
        for client in (clients[actor], twin):
            try:
                client.recv(timeout=0.1)
            except TimeoutError:
                pass
    assert [e["code"] for e in clients[actor].errors() + twin.errors()] == ["action.stale"]
    assert server.http.get(f"/api/tables/{table_id}").json()["state_id"] == 1
    # an old state id later on is refused too, and nothing changes
    later = clients[0].state(1)
    seat = later["decision"]["seat"]
    clients[seat].state(1)
    clients[seat].send({"action": clients[seat].last["legal"][0]["action"], "state_id": 0})
    assert clients[seat].until(lambda m: m["type"] == "error")["code"] == "action.stale"
    assert server.http.get(f"/api/tables/{table_id}").json()["state_id"] == 1


def test_malformed_oversized_and_unknown_messages(server):
    table_id, ann, _ = two_player_table(server.http)
    client = Client(server.base, table_id, ann, lang="ja")
    client.state(0)
    cases = {
        "not json": "message.malformed",
        "[1, 2]": "message.malformed",
        json.dumps({"type": "act", "action": "x"}): "message.malformed",
        json.dumps({"action": "x", "state_id": "0"}): "message.malformed",
        json.dumps({"action": "x", "state_id": 0, "extra": 1}): "message.malformed",
        json.dumps({"type": "fly"}): "message.unknown",
        json.dumps({"hello": 1}): "message.unknown",
        json.dumps({"action": "x" * 10_000, "state_id": 0}): "message.too_large",
        json.dumps({"action": "no such action", "state_id": 0}): None,  # the engine's notation error
    }
    for text, code in cases.items():
        client.send(text)
        error = client.until(lambda m: m["type"] == "error")
        assert code is None or error["code"] == code, (text[:40], error)
        assert error["reason"] and "Traceback" not in json.dumps(error)
    client.send(b"\xff\xfe binary")
    assert client.until(lambda m: m["type"] == "error")["code"] == "message.malformed"
    client.send({"type": "ping"})
    assert client.until(lambda m: m["type"] != "error")["type"] == "pong"  # still connected
    assert any("。" in e["reason"] for e in client.errors())  # Japanese reasons


def test_rate_limit(db_url):
    from tests.server.conftest import Server, fast_settings

    srv = Server(fast_settings(db_url, rate_per_second=5, rate_burst=5))
    try:
        table_id, ann, _ = two_player_table(srv.http)
        client = Client(srv.base, table_id, ann)
        client.state(0)
        for _ in range(20):
            client.send({"type": "ping"})
        replies = [client.recv() for _ in range(20)]
        assert any(r["type"] == "error" and r["code"] == "rate.limited" for r in replies)
        assert any(r["type"] == "pong" for r in replies)
    finally:
        srv.stop()


def test_wrong_table_and_expired_token(server):
    ann = guest(server.http, "Ann")
    client = Client(server.base, "nosuchtable", ann)
    assert client.recv()["code"] == "table.not_found"
    table_id, ann, _ = two_player_table(server.http)
    bad = Client(server.base, table_id, "not-a-token")
    assert bad.recv()["code"] == "auth.invalid"
    from datetime import datetime, timezone

    from gameshelf.server.auth import token_hash
    from gameshelf.server.store import Token

    with server.service.db.transaction() as session:
        session.get(Token, token_hash(ann)).expires_at = datetime(2000, 1, 1, tzinfo=timezone.utc)
    expired = Client(server.base, table_id, ann)
    assert expired.recv()["code"] == "auth.expired"
    response = server.http.get("/api/me", headers=auth(ann))
    assert response.status_code == 401 and response.json()["error"]["code"] == "auth.expired"


def test_an_opening_with_a_bad_query_value_is_refused_with_a_reason(server):
    """A ``last_state_id`` that is not a state id or a ``spectate`` that is not a yes or no is
    refused (request.invalid, close 4422) with the reason in the asked language, not dropped."""
    table_id, ann, _ = two_player_table(server.http)
    for params in ({"last_state_id": "abc"}, {"last_state_id": "1e3"}, {"last_state_id": "-1"},
                   {"spectate": "maybe"}, {"last_state_id": "9" * 40}):
        refused = Client(server.base, table_id, ann, lang="ja", **params)
        message = refused.recv()
        assert message["code"] == "request.invalid" and message["reason"] == REASONS["request.invalid"]["ja"]
        with pytest.raises(Exception):
            refused.recv(timeout=20)
        assert refused.ws.close_code == 4422
    for value in ("true", "1", "yes", "on", "TRUE"):  # a seated player may watch as a spectator
        watching = Client(server.base, table_id, ann, spectate=value)
        snapshot = watching.state(0)
        assert snapshot["seat"] is None and snapshot["legal"] == []
        watching.close()
    playing = Client(server.base, table_id, ann, spectate="false")
    assert playing.state(0)["seat"] == 0


def test_a_seat_that_dropped_is_marked_connected_again_when_it_reopens(server):
    """Its last connection closing marks the seat disconnected (the grace period's clock); opening
    again clears the mark."""
    from gameshelf.server.store import Seat

    def disconnected_at():
        with server.service.db.read() as session:
            return session.get(Seat, (table_id, 1)).disconnected_at

    table_id, _, bob = two_player_table(server.http)
    first = Client(server.base, table_id, bob)
    first.state(0)
    assert disconnected_at() is None
    first.close()
    deadline = time.time() + 20
    while disconnected_at() is None and time.time() < deadline:
        time.sleep(0.05)
    assert disconnected_at() is not None
    again = Client(server.base, table_id, bob)
    again.state(0)
    assert disconnected_at() is None


def test_reconnect_receives_what_it_missed(server):
    table_id, ann, bob = two_player_table(server.http)
    clients = {0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}
    for _ in range(4):
        last = clients[0].state(clients[0].last["state_id"] if clients[0].last else 0)
        seat = last["decision"]["seat"]
        mine = clients[seat].state(last["state_id"])
        clients[seat].send({"action": mine["legal"][0]["action"], "state_id": mine["state_id"]})
        clients[0].state(mine["state_id"] + 1)
        clients[1].state(mine["state_id"] + 1)
    # seat 1 drops at state 2 and comes back at state 4
    seen = [m for m in clients[1].messages if m["type"] in ("snapshot", "update") and m["state_id"] <= 2]
    log_at_2 = []
    for m in seen:
        log_at_2 = log_at_2[:m["log_from"]] + m["log"]
    back = Client(server.base, table_id, bob, last_state_id=2)
    update = back.recv()
    assert update["type"] == "update" and update["prev_state_id"] == 2 and update["state_id"] == 4
    assert log_at_2[:update["log_from"]] + update["log"] == _full_log(clients[1])
    fresh = Client(server.base, table_id, bob, last_state_id=999)
    assert fresh.recv()["type"] == "snapshot"
    resumed = Client(server.base, table_id, bob)
    resumed.recv()
    resumed.send({"type": "resume", "state_id": 1})
    again = resumed.until(lambda m: m["type"] == "update")
    assert again["prev_state_id"] == 1 and again["view"] == clients[1].last["view"]


def _full_log(client: Client) -> list[str]:
    log: list[str] = []
    for m in client.messages:
        if m["type"] in ("snapshot", "update"):
            log = log[:m["log_from"]] + m["log"]
    return log


def test_undo_takes_back_own_last_action(server):
    table_id, ann, bob = two_player_table(server.http)
    clients = {0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}
    last = clients[0].state(0)
    seat = last["decision"]["seat"]
    other = clients[1 - seat]
    before = clients[seat].state(0)
    other.send({"type": "undo", "state_id": 0})  # nothing of its own to take back
    assert other.until(lambda m: m["type"] == "error")["code"] == "undo.refused"
    clients[seat].send({"action": before["legal"][0]["action"], "state_id": 0})
    after = clients[seat].state(1)
    if after["decision"] and after["decision"]["seat"] != seat:
        other.state(1)
        other.send({"type": "undo", "state_id": 1})  # another seat's action: refused
        assert other.until(lambda m: m["type"] == "error")["code"] == "undo.refused"
    clients[seat].send({"type": "undo", "state_id": 1})
    undone = clients[seat].state(2)
    assert undone["view"] == before["view"] and undone["legal"] == before["legal"]
    assert other.state(2)["view"] == other.messages[0]["view"]
    detail = server.http.get(f"/api/tables/{table_id}").json()
    assert detail["state_id"] == 2
    # the store keeps the action and the undo (append-only); a restart replays without it
    server.service.forget(table_id)
    rebuilt = server.service.live(table_id)
    assert rebuilt.state_id == 2 and rebuilt.effective_actions() == []


def test_a_connection_opened_before_the_start_gets_the_snapshot_when_the_game_starts(server):
    table_id, ann, bob = two_player_table(server.http, start=False)
    early = Client(server.base, table_id, ann)
    assert server.http.post(f"/api/tables/{table_id}/start", headers=auth(ann)).status_code == 200
    snapshot = early.state(0, timeout=10)
    assert snapshot["type"] == "snapshot" and snapshot["seat"] == 0 and snapshot["state_id"] == 0

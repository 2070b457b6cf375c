"""Online play as a community (issue 29), on SQLite and PostgreSQL: turn-based tables wait for their
people until the move's deadline, rated games fill the leaderboard, "your turn" lists and /ws/me,
chat over the table's socket, resigning and rematches."""

from __future__ import annotations

import json
import time

import pytest
from websockets.sync.client import connect

from tests.server.conftest import Client, Server, auth, fast_settings, guest, new_table, play_out, two_player_table


class Me:
    """A client of /ws/me that keeps what it receives."""

    def __init__(self, base: str, token: str) -> None:
        self.ws = connect(f"{base.replace('http', 'ws')}/ws/me?token={token}", open_timeout=20).__enter__()
        self.messages: list[dict] = []
        self.tables: dict | None = None  # the latest table list

    def until(self, predicate, timeout: float = 30) -> dict:
        deadline = time.time() + timeout
        while True:
            message = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.time())))
            self.messages.append(message)
            if message["type"] == "tables":
                self.tables = message
            if predicate(message):
                return message

    def turns(self, count: int, timeout: float = 30) -> dict:
        """The table list once it counts ``count`` tables waiting (the latest one if it already does:
        an unchanged list is not sent again)."""
        if self.tables is not None and self.tables["your_turn"] == count:
            return self.tables
        return self.until(lambda m: m["type"] == "tables" and m["your_turn"] == count, timeout)

    def close(self) -> None:
        self.ws.close()


def play_until(clients: dict[int, Client], seat_to_act: int) -> dict:
    """Seats play their first legal action until ``seat_to_act`` decides; every client follows."""
    for _ in range(500):
        last = max((c.state(0) for c in clients.values()), key=lambda m: m["state_id"])
        if last["decision"]["seat"] == seat_to_act:
            return last
        seat = last["decision"]["seat"]
        mine = clients[seat].state(last["state_id"])
        clients[seat].send({"action": mine["legal"][0]["action"], "state_id": mine["state_id"]})
        for client in clients.values():
            client.state(mine["state_id"] + 1)
    raise AssertionError(f"seat {seat_to_act} never came to decide")


# ---- turn-based means turn-based -----------------------------------------------------------------
def test_turn_based_absent_person_keeps_the_seat_past_the_disconnect_grace(server):
    """Regression: a turn-based seat went to a bot a grace period (here 0.5 s) after its person left."""
    table_id, ann, bob = two_player_table(server.http, mode="turn", turn_hours=24)
    stay, gone = Client(server.base, table_id, ann), Client(server.base, table_id, bob)
    stay.state(0)
    gone.state(0)
    gone.close()
    time.sleep(2.5)  # five grace periods and many sweeps
    detail = server.http.get(f"/api/tables/{table_id}").json()
    assert not detail["seats"][1]["zombie"] and detail["status"] == "playing"
    back = Client(server.base, table_id, bob)  # comes back within the deadline: still the person's seat
    assert back.state(0)["zombies"] == [False, False]


def test_turn_deadline_with_the_drop_policy_resigns_the_late_seat_and_ends_a_two_player_game(server):
    table_id, ann, bob = two_player_table(server.http, turn_hours=0.3 / 3600, absent_policy="drop")
    detail = server.http.get(f"/api/tables/{table_id}").json()
    assert detail["absent_policy"] == "drop"
    watcher = Client(server.base, table_id, ann)
    first = watcher.state(0)
    if first["over"]:  # on a busy machine the 0.3 s deadline can pass before the first snapshot
        over = first
        late = over["outcome"]["resigned"][0]
    else:
        late = first["decision"]["seat"]
        over = watcher.until(lambda m: m["type"] in ("snapshot", "update") and m["over"], timeout=20)
    ranks = over["outcome"]["ranks"]
    assert ranks[late] == 2 and ranks[1 - late] == 1 and over["outcome"]["resigned"] == [late]
    detail = server.http.get(f"/api/tables/{table_id}").json()
    assert detail["status"] == "over" and detail["seats"][late]["resigned"]


def test_an_unknown_absent_policy_is_refused_clearly(server):
    ann = guest(server.http, "Ann")
    response = server.http.post("/api/tables", json={"game": "midnight_zoo", "players": 2, "absent_policy": "x"},
                                headers=auth(ann))
    assert response.status_code == 422 and response.json()["error"]["code"] == "request.invalid"


def test_the_deadline_is_stored_and_survives_a_restart(db_url):
    srv = Server(fast_settings(db_url))
    try:
        table_id, ann, bob = two_player_table(srv.http, turn_hours=5)
        mine = {tok: srv.http.get("/api/me/tables", headers=auth(tok)).json() for tok in (ann, bob)}
    finally:
        srv.stop()
    turn = [tok for tok in (ann, bob) if mine[tok][0]["your_turn"]]
    assert len(turn) == 1 and mine[turn[0]][0]["deadline"]
    left = mine[turn[0]][0]["deadline_ms"] / 1000 - time.time()
    assert 5 * 3600 - 60 < left <= 5 * 3600
    again = Server(fast_settings(db_url))
    try:
        after = again.http.get("/api/me/tables", headers=auth(turn[0])).json()
        assert after[0]["id"] == table_id and after[0]["deadline"] == mine[turn[0]][0]["deadline"]
        table = again.http.get(f"/api/tables/{table_id}").json()
        assert table["clock"]["deadline_ms"] == mine[turn[0]][0]["deadline_ms"]
    finally:
        again.stop()


# ---- rated games --------------------------------------------------------------------------------
def test_rated_games_fill_the_leaderboard_and_the_rating_history(server):
    table_id, ann, bob = two_player_table(server.http, rated=True)
    assert server.http.get(f"/api/tables/{table_id}").json()["rated"] is True
    clients = {0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}
    play_out(clients, seed=3)
    board = server.http.get("/api/leaderboard/midnight_zoo").json()
    assert len(board) == 2 and all(r["games"] == 1 for r in board)
    ann_id = server.http.get("/api/me", headers=auth(ann)).json()["id"]
    history = server.http.get(f"/api/users/{ann_id}/ratings").json()
    points = history["games"]["midnight_zoo"]
    assert len(points) == 1 and points[0]["table_id"] == table_id
    assert points[0]["ordinal"] == pytest.approx(points[0]["mu"] - 3 * points[0]["sigma"])


def test_friendly_games_leave_the_leaderboard_empty_and_bot_tables_cannot_be_rated(server):
    table_id, ann, bob = two_player_table(server.http, rated=False)
    play_out({0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}, seed=1)
    assert server.http.get("/api/leaderboard/midnight_zoo").json() == []
    refused = server.http.post("/api/tables", json={"game": "midnight_zoo", "players": 2, "rated": True,
                                                     "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]},
                               headers=auth(ann))
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "table.rated_bots"
    assert "bot" in refused.json()["error"]["reason"]


# ---- your turn, everywhere ----------------------------------------------------------------------
def test_my_tables_say_where_it_is_my_turn_and_ws_me_keeps_it_live(server):
    table_id, ann, bob = two_player_table(server.http)
    listing = {tok: server.http.get("/api/me/tables", headers=auth(tok)).json() for tok in (ann, bob)}
    for tok in (ann, bob):
        (item,) = listing[tok]
        assert {"id", "game", "your_turn", "deadline"} <= set(item) and item["id"] == table_id
    assert sorted(listing[t][0]["your_turn"] for t in (ann, bob)) == [False, True]
    assert server.http.get("/api/me/tables").status_code == 401
    clients = {0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}
    play_until(clients, 0)
    me = Me(server.base, bob)
    assert me.until(lambda m: m["type"] == "tables")["your_turn"] == 0
    play_until(clients, 1)  # Ann's moves make it Bob's turn: his connection says so at once
    item = me.turns(1)["tables"][0]
    assert item["id"] == table_id and item["deadline"]
    play_until(clients, 0)
    me.turns(0)
    me.ws.send("not json")
    assert me.until(lambda m: m["type"] == "error")["code"] == "message.unknown"
    me.close()


def test_ws_me_takes_its_token_from_a_first_message_out_of_the_url(server):
    ann = guest(server.http, "Ann")
    ws = connect(f"{server.base.replace('http', 'ws')}/ws/me", open_timeout=20).__enter__()
    ws.send(json.dumps({"type": "auth", "token": ann}))
    assert json.loads(ws.recv(timeout=10)) == {"type": "tables", "tables": [], "your_turn": 0}
    ws.close()
    ws = connect(f"{server.base.replace('http', 'ws')}/ws/me", open_timeout=20).__enter__()
    ws.send(json.dumps({"type": "ping"}))  # no token anywhere: refused clearly
    assert json.loads(ws.recv(timeout=10))["code"] == "auth.required"
    ws.close()


def test_ws_me_refuses_a_bad_token_clearly(server):
    ws = connect(f"{server.base.replace('http', 'ws')}/ws/me?token=nope", open_timeout=20).__enter__()
    message = json.loads(ws.recv(timeout=10))
    assert message["type"] == "error" and message["code"] == "auth.invalid"
    ws.close()


# ---- chat ---------------------------------------------------------------------------------------
def test_chat_reaches_every_connection_unchanged_and_is_kept_with_the_table(server):
    table_id, ann, bob = two_player_table(server.http)
    a, b = Client(server.base, table_id, ann), Client(server.base, table_id, bob)
    spectator = Client(server.base, table_id)
    for c in (a, b, spectator):
        c.state(0)
    text = "<b>hi</b> & 'bye' — こんにちは 🎲 👩\u200d👩\u200d👧"
    a.send({"type": "chat", "text": text})
    for c in (a, b, spectator):
        got = c.until(lambda m: m["type"] == "chat")
        assert got["text"] == text and got["seat"] == 0 and got["name"] == "Ann" and got["at"]
    history = server.http.get(f"/api/tables/{table_id}/chat").json()
    assert [m["text"] for m in history] == [text]
    after = server.http.get(f"/api/tables/{table_id}/chat", params={"after": history[0]["id"]})
    beyond = server.http.get(f"/api/tables/{table_id}/chat", params={"after": 2**62})  # past any id the store holds
    assert after.status_code == beyond.status_code == 200 and after.json() == beyond.json() == []


@pytest.mark.parametrize("text,code", [("", "chat.empty"), ("   ", "chat.empty"), ("x" * 501, "chat.too_long"),
                                       ("a\x00b", "chat.control"), ("two\nlines", "chat.control"),
                                       ("gg \u202eevol", "chat.control")])
def test_bad_chat_lines_get_a_clear_error_and_store_nothing(server, text, code):
    table_id, ann, bob = two_player_table(server.http)
    a = Client(server.base, table_id, ann)
    a.state(0)
    a.send({"type": "chat", "text": text})
    error = a.until(lambda m: m["type"] == "error")
    assert error["code"] == code and error["reason"]
    a.send({"type": "chat", "text": "x" * 500})  # the longest line is fine
    assert a.until(lambda m: m["type"] in ("chat", "error"))["type"] == "chat"
    assert [m["text"] for m in server.http.get(f"/api/tables/{table_id}/chat").json()] == ["x" * 500]


def test_chat_floods_are_refused_and_what_was_accepted_is_kept(server):
    table_id, ann, bob = two_player_table(server.http)
    a = Client(server.base, table_id, ann)
    a.state(0)
    for n in range(8):
        a.send({"type": "chat", "text": f"line {n}"})
    got = [a.until(lambda m: m["type"] in ("chat", "error")) for _ in range(8)]
    accepted = [m["text"] for m in got if m["type"] == "chat"]
    assert 1 <= len(accepted) <= 6 and any(m.get("code") == "chat.rate_limited" for m in got)
    assert [m["text"] for m in server.http.get(f"/api/tables/{table_id}/chat").json()] == accepted


def test_spectators_read_the_chat_but_write_only_where_the_table_allows(server):
    for allowed in (False, True):
        table_id, ann, bob = two_player_table(server.http, spectator_chat=allowed)
        eve = guest(server.http, "Eve")
        watcher = Client(server.base, table_id, eve, spectate="true")
        watcher.state(0)
        watcher.send({"type": "chat", "text": "hello from the rail"})
        got = watcher.until(lambda m: m["type"] in ("chat", "error"))
        if allowed:
            assert got["type"] == "chat" and got["seat"] is None and got["name"] == "Eve"
        else:
            assert got["type"] == "error" and got["code"] == "chat.spectators"
        anonymous = Client(server.base, table_id)
        anonymous.state(0)
        anonymous.send({"type": "chat", "text": "hi"})
        assert anonymous.until(lambda m: m["type"] == "error")["code"] == "chat.spectators"


def test_the_chat_history_of_a_closed_table_is_for_its_players_only(server):
    table_id, ann, bob = two_player_table(server.http, spectators=False)
    a = Client(server.base, table_id, ann)
    a.state(0)
    a.send({"type": "chat", "text": "between us"})
    a.until(lambda m: m["type"] == "chat")
    refused = server.http.get(f"/api/tables/{table_id}/chat")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "table.no_spectators"
    eve = guest(server.http, "Eve")
    assert server.http.get(f"/api/tables/{table_id}/chat", headers=auth(eve)).status_code == 403
    assert server.http.get(f"/api/tables/{table_id}/chat", headers=auth(bob)).json()[0]["text"] == "between us"
    assert server.http.get("/api/tables/nope/chat").status_code == 404


# ---- resign and rematch -------------------------------------------------------------------------
def test_resigning_a_two_player_game_ends_it_and_the_other_player_wins(server):
    table_id, ann, bob = two_player_table(server.http, rated=True)
    a, b = Client(server.base, table_id, ann), Client(server.base, table_id, bob)
    a.state(0)
    b.state(0)
    response = server.http.post(f"/api/tables/{table_id}/resign", headers=auth(ann))
    assert response.status_code == 200 and response.json()["status"] == "over"
    end = b.until(lambda m: m["type"] in ("snapshot", "update") and m["over"], timeout=20)
    assert end["outcome"]["ranks"] == [2, 1] and end["legal"] == [] and end["decision"] is None
    again = server.http.post(f"/api/tables/{table_id}/resign", headers=auth(bob))
    assert again.status_code == 400 and again.json()["error"]["code"] == "action.game_over"
    assert {r["games"] for r in server.http.get("/api/leaderboard/midnight_zoo").json()} == {1}
    record = server.http.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200 and record.json()["redacted"] is False
    assert record.json()["outcome"]["details"] == {"ended_by": "resignation"}


def test_resigning_at_three_hands_the_seat_to_a_bot_and_ranks_it_last(server):
    ann, bob, cid = guest(server.http, "Ann"), guest(server.http, "Bob"), guest(server.http, "Cid")
    table = new_table(server.http, ann, players=3)
    for tok in (bob, cid):
        assert server.http.post(f"/api/tables/{table['id']}/join", json={}, headers=auth(tok)).status_code == 200
    assert server.http.post(f"/api/tables/{table['id']}/start", headers=auth(ann)).status_code == 200
    response = server.http.post(f"/api/tables/{table['id']}/resign", headers=auth(cid))
    assert response.status_code == 200 and response.json()["status"] == "playing"
    assert response.json()["seats"][2]["resigned"] and response.json()["seats"][2]["zombie"]
    refused = server.http.post(f"/api/tables/{table['id']}/reclaim", headers=auth(cid))
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "seat.resigned"
    final = play_out({0: Client(server.base, table["id"], ann), 1: Client(server.base, table["id"], bob)}, seed=6)
    assert final["outcome"]["ranks"][2] == 3 and sorted(final["outcome"]["ranks"][:2])[0] == 1


def test_rematch_rotates_the_seats_invites_live_and_starts_when_everyone_joins(server):
    table_id, ann, bob = two_player_table(server.http, rated=True, turn_hours=7)
    early = server.http.post(f"/api/tables/{table_id}/rematch", headers=auth(ann))
    assert early.status_code == 409 and early.json()["error"]["code"] == "rematch.not_over"
    bob_me = Me(server.base, bob)
    bob_me.until(lambda m: m["type"] == "tables")
    server.http.post(f"/api/tables/{table_id}/resign", headers=auth(bob))
    made = server.http.post(f"/api/tables/{table_id}/rematch", headers=auth(ann))
    assert made.status_code == 200, made.text
    new = made.json()
    assert new["id"] != table_id and new["status"] == "open" and new["rematch_of"] == table_id
    assert new["rated"] and new["turn_hours"] == 7
    assert new["seats"][1]["kind"] == "human" and new["seats"][0]["kind"] == "invited"  # seats rotated
    invite = bob_me.until(lambda m: m["type"] == "invite")
    assert invite["table"] == new["id"] and invite["from"] == "Ann"
    def lists_it(m):
        return m["type"] == "tables" and any(t["id"] == new["id"] for t in m["tables"])

    # (the list may have come before the invitation: an unchanged list is not sent twice)
    listed = bob_me.tables if lists_it(bob_me.tables) else bob_me.until(lists_it)
    assert next(t for t in listed["tables"] if t["id"] == new["id"])["invited"]
    assert new["seats"][0]["name"] == "Bob"  # the kept seat shows whom it waits for
    stranger = guest(server.http, "Eve")
    assert server.http.post(f"/api/tables/{table_id}/rematch", headers=auth(stranger)).status_code == 409
    code = new["seats"][0]["invite_code"]
    taken = server.http.post(f"/api/tables/{new['id']}/join", json={"invite_code": code}, headers=auth(stranger))
    assert taken.status_code == 400 and taken.json()["error"]["code"] == "invite.invalid"  # Bob's seat is his
    joined = server.http.post(f"/api/tables/{table_id}/rematch", headers=auth(bob))
    assert joined.status_code == 200 and joined.json()["id"] == new["id"] and joined.json()["status"] == "playing"
    names = [s["name"] for s in joined.json()["seats"]]
    assert names == ["Bob", "Ann"]
    assert server.http.get(f"/api/tables/{table_id}").json()["rematch_id"] == new["id"]


def test_declining_a_rematch_frees_the_kept_seat_for_a_new_invitation(server):
    """A declined seat is no longer Bob's; it stays reserved (invited) under a fresh code only the
    table's creator sees, as any invited seat does after its invitee leaves."""
    table_id, ann, bob = two_player_table(server.http)
    server.http.post(f"/api/tables/{table_id}/resign", headers=auth(ann))
    new = server.http.post(f"/api/tables/{table_id}/rematch", headers=auth(ann)).json()
    declined = server.http.post(f"/api/tables/{new['id']}/leave", headers=auth(bob))
    assert declined.status_code == 200
    seat = declined.json()["seats"][0]
    assert seat["kind"] == "invited" and seat["user_id"] is None and seat["name"] is None
    owner_view = server.http.get(f"/api/tables/{new['id']}", headers=auth(ann)).json()["seats"][0]
    assert owner_view["invite_code"]
    assert server.http.get("/api/me/tables", headers=auth(bob)).json() == []


def test_resigned_seats_rank_below_every_seat_still_playing_first_resigner_last():
    from datetime import datetime, timedelta
    from types import SimpleNamespace

    from gameshelf.server.resignations import early_outcome, final_outcome

    t = datetime(2026, 1, 1)
    seats = [SimpleNamespace(seat=0, resigned_at=None), SimpleNamespace(seat=1, resigned_at=t),
             SimpleNamespace(seat=2, resigned_at=None), SimpleNamespace(seat=3, resigned_at=t + timedelta(hours=1))]
    # the engine ranked a resigned seat first: it still ends below both seats that played on
    adjusted = final_outcome({"scores": [3, 9, 5, 1], "ranks": [3, 1, 2, 4]}, seats)
    assert adjusted["ranks"] == [2, 4, 1, 3] and adjusted["winners"] == [2] and adjusted["scores"] == [3, 9, 5, 1]
    tied = final_outcome({"ranks": [1, 2, 1, 3]}, seats)
    assert tied["ranks"] == [1, 4, 1, 3]
    alone = early_outcome([SimpleNamespace(seat=0, resigned_at=t), SimpleNamespace(seat=1, resigned_at=None)])
    assert alone["ranks"] == [2, 1] and alone["winners"] == [1] and alone["scores"] == [None, None]


def test_the_community_migration_upgrades_a_store_with_tables_and_matches_the_models(db_url):
    """0004 on a store at 0002 that already holds a table: the new columns get their defaults, and
    the migrated schema has every column the models declare."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect, text

    from gameshelf.server.store import Base, Database
    from gameshelf.server.store.db import MIGRATIONS

    db = Database(db_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with db.engine.connect() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, "0002_analyses")
            conn.execute(text("INSERT INTO users (id, name, created_at) VALUES ('u1', 'Ann', CURRENT_TIMESTAMP)"))
            conn.execute(text(
                "INSERT INTO game_tables (id, game, players, options, seed, rules_version, status, mode, turn_hours, "
                "base_seconds, increment_seconds, rated, spectators, zombie_level, owner_id, state_id, created_at) "
                "VALUES ('t1', 'midnight_zoo', 2, '{}', 1, '1', 'open', 'turn', 24, 600, 10, false, true, 'easy', "
                "'u1', 0, CURRENT_TIMESTAMP)"))
            conn.commit()
        db.migrate()
        with db.engine.connect() as conn:
            row = conn.execute(text("SELECT absent_policy, spectator_chat, rematch_of FROM game_tables")).one()
            assert tuple(row) == ("bot", False, None)
            found = inspect(conn)
            for table in Base.metadata.sorted_tables:
                columns = {c["name"] for c in found.get_columns(table.name)}
                assert {c.name for c in table.columns} <= columns, table.name
    finally:
        db.dispose()

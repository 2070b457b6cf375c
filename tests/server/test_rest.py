"""The REST API: games, guests and accounts, the table lifecycle, records, history and ratings."""

from __future__ import annotations

from fastapi.testclient import TestClient

from gameshelf.games import game_ids
from gameshelf.server.app import create_app
from tests.server.conftest import GAME, Client, auth, fast_settings, guest, new_table, play_out, two_player_table


def test_games_list_options_and_player_counts(db_url):
    with TestClient(create_app(fast_settings(db_url))) as http:
        games = http.get("/api/games").json()
        assert [g["id"] for g in games] == game_ids()
        assert all(g["player_counts"] and isinstance(g["options"], list) for g in games)
        missing = http.get("/api/games/chess?lang=ja")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "game.not_found"
        assert "ゲーム" in missing.json()["error"]["reason"]
        assert http.get("/api/nowhere").json()["error"]["code"] == "request.not_found"


def test_guest_account_and_login(db_url):
    with TestClient(create_app(fast_settings(db_url))) as http:
        token = guest(http, "Ann")
        me = http.get("/api/me", headers=auth(token)).json()
        upgraded = http.post("/api/auth/register", json={"username": "ann", "password": "correct horse"},
                             headers=auth(token)).json()
        assert upgraded["user"]["id"] == me["id"]  # the guest keeps its history
        again = http.post("/api/auth/login", json={"username": "ann", "password": "correct horse"}).json()
        assert again["user"]["id"] == me["id"] and again["token"] != token
        wrong = http.post("/api/auth/login", json={"username": "ann", "password": "wrong password"})
        assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "auth.bad_login"
        taken = http.post("/api/auth/register", json={"username": "ann", "password": "another one"})
        assert taken.json()["error"]["code"] == "auth.username_taken"
        assert http.get("/api/me").status_code == 200  # the cookie set at login
        http.cookies.clear()
        assert http.get("/api/me").json()["error"]["code"] == "auth.required"
        from gameshelf.server.store import User

        with http.app.state.db.read() as session:
            assert session.get(User, me["id"]).password_hash.startswith("$argon2")


def test_table_lifecycle_and_its_errors(db_url):
    with TestClient(create_app(fast_settings(db_url))) as http:
        ann, bob, eve = guest(http, "Ann"), guest(http, "Bob"), guest(http, "Eve")
        table = new_table(http, ann, seats=[{"kind": "me"}, {"kind": "invited"}], rated=True)
        code = table["seats"][1]["invite_code"]
        assert code and http.get(f"/api/tables/{table['id']}").json()["seats"][1]["invite_code"] is None
        tid = table["id"]
        assert http.post(f"/api/tables/{tid}/start", headers=auth(ann)).json()["error"]["code"] == "table.not_full"
        assert tid not in [t["id"] for t in http.get("/api/tables").json()]  # invited seats are not open
        assert http.post(f"/api/tables/{tid}/join", json={}, headers=auth(eve)).json()["error"]["code"] == "seat.taken"
        assert http.post(f"/api/tables/{tid}/join", json={"invite_code": "nope"},
                         headers=auth(eve)).json()["error"]["code"] == "invite.invalid"
        assert http.post(f"/api/tables/{tid}/join", json={"invite_code": code}, headers=auth(bob)).status_code == 200
        assert http.post(f"/api/tables/{tid}/join", json={"invite_code": code},
                         headers=auth(bob)).json()["error"]["code"] == "seat.already_seated"
        assert http.post(f"/api/tables/{tid}/start", headers=auth(bob)).json()["error"]["code"] == "table.not_owner"
        assert http.post(f"/api/tables/{tid}/start", headers=auth(ann)).json()["status"] == "playing"
        assert http.post(f"/api/tables/{tid}/join", json={}, headers=auth(eve)).json()["error"]["code"] == "table.not_open"
        for path in ("/api/tables/nosuch", "/api/tables/nosuch/record"):
            response = http.get(path)
            assert response.status_code == 404 and response.json()["error"]["code"] == "table.not_found"
        response = http.post("/api/tables/nosuch/start", headers=auth(ann))
        assert response.status_code == 404
        bad = http.post("/api/tables", json={"game": GAME, "players": 9}, headers=auth(ann))
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "request.invalid"
        bad = http.post("/api/tables", json={"game": GAME, "players": 2, "options": {"nope": 1}}, headers=auth(ann))
        assert bad.json()["error"]["code"] == "options.invalid"
        open_table = new_table(http, ann)
        assert open_table["id"] in [t["id"] for t in http.get("/api/tables").json()]
        assert http.post(f"/api/tables/{open_table['id']}/leave", headers=auth(ann)).status_code == 200


def test_rated_game_updates_ratings_and_history(server):
    table_id, ann, bob = two_player_table(server.http, rated=True)
    play_out({0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}, seed=7)
    board = server.http.get(f"/api/leaderboard/{GAME}").json()
    assert len(board) == 2 and all(r["games"] == 1 for r in board)
    ann_id = server.http.get("/api/me", headers=auth(ann)).json()["id"]
    games = server.http.get(f"/api/users/{ann_id}/games").json()
    assert [g["table_id"] for g in games] == [table_id] and games[0]["rank"] in (1, 2)
    assert server.http.get("/api/users/nobody/games").status_code == 404


def test_record_redacted_until_the_end_and_no_spectators(server):
    table_id, ann, bob = two_player_table(server.http, spectators=False)
    assert Client(server.base, table_id).recv()["code"] == "table.no_spectators"
    assert server.http.get(f"/api/tables/{table_id}/record").json()["error"]["code"] == "table.no_spectators"
    record = server.http.get(f"/api/tables/{table_id}/record", headers=auth(ann)).json()
    assert record["redacted"] and record["seed"] is None and record["actions"] is None and "view" in record


def test_the_servers_address_opens_the_lobby(db_url):
    with TestClient(create_app(fast_settings(db_url))) as http:
        response = http.get("/", follow_redirects=False)
        assert response.status_code in (302, 307) and response.headers["location"] == "/web/"
        assert "lobby.js" in http.get("/web/").text
        assert http.get("/web/nope.html").status_code == 404

"""Server input hardening (the adversarial review's defects d2, d3, d7-d12, d14, d15 and decisions).

Every test runs on SQLite and PostgreSQL (``db_url``); each is named after the defect it covers.
"""

from __future__ import annotations

import json
import logging
import socket
import time

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from gameshelf.server.app import create_app
from gameshelf.server.guard import MAX_BODY_BYTES
from gameshelf.server.i18n import REASONS
from gameshelf.server.ws_handshake import PROTOCOL
from tests.server.conftest import (Client, Server, auth, fast_settings, free_port, guest, new_table, start_process,
                                   two_player_table)


class Recorded(logging.Handler):
    """Keeps what the server logs (uvicorn's loggers do not reach pytest's caplog)."""

    NAMES = ("uvicorn.error", "uvicorn.access", "gameshelf.server")

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def text(self) -> str:
        return "\n".join(self.format(r) for r in self.records)

    def errors(self) -> list[logging.LogRecord]:
        return [r for r in self.records if r.levelno >= logging.ERROR]


@pytest.fixture
def logged():
    handler = Recorded()
    for name in Recorded.NAMES:
        logging.getLogger(name).addHandler(handler)
    yield handler
    for name in Recorded.NAMES:
        logging.getLogger(name).removeHandler(handler)


@pytest.fixture
def srv(db_url, logged):
    logging.getLogger("uvicorn.error").setLevel(logging.INFO)
    # uvicorn at info level, with the WebSocket protocol `gameshelf serve` uses
    server = Server(fast_settings(db_url), log_level="info", ws=PROTOCOL, log_config=None)
    yield server
    server.stop()


def raw_request(port: int, data: bytes, timeout: float = 10) -> bytes:
    """Send raw bytes; everything the server answers until it closes the connection (or the timeout)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        chunks = []
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except TimeoutError:
            chunks.append(b"<timeout>")
        return b"".join(chunks)


def ws_handshake(path: str, extra: bytes = b"") -> bytes:
    return (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n".encode()
            + extra + b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


# ---- d2: input PostgreSQL cannot store ------------------------------------------------------------
NUL_GETS = ["/api/tables/%00", "/api/tables/%00/record", "/api/tables?game=%00", "/api/users/%00/games",
            "/web/replay/%00", "/api/leaderboard/%00", "/api/games/%00", "/api/tables/x?lang=%00",
            "/api/tables?game=%ED%A0%80"]


def test_d2_nul_in_path_query_and_body_is_4xx_and_the_connection_lives_on(srv, logged):
    token = guest(srv.http, "Ann")
    for path in NUL_GETS:
        response = srv.http.get(path, headers=auth(token))
        assert response.status_code == 400, (path, response.text)
        assert response.json()["error"]["code"] == "request.bad_character"
    for path in ("/api/tables/%00/join", "/api/tables/%00/leave", "/api/tables/%00/start", "/api/tables/%00/reclaim"):
        assert srv.http.post(path, json={}, headers=auth(token)).status_code == 400, path
    bodies = [("/api/auth/login", b'{"username": "a\\u0000b", "password": "secret"}'),
              ("/api/auth/guest", b'{"name": "a\\u0000b"}'),
              ("/api/auth/guest", b'{"name": "a\\ud800b"}'),
              ("/api/auth/register", b'{"username": "abc", "password": "12345678", "name": "\\udfff"}'),
              ("/api/tables", b'{"game": "midnight_zoo", "players": 2, "options": {"\\u0000": "x"}}'),
              ("/api/tables/x/join", b'{"invite_code": "\\u0000"}')]
    for path, body in bodies:
        response = srv.http.post(path, content=body, headers={**auth(token), "content-type": "application/json"})
        assert response.status_code == 400, (path, response.text)
        assert response.json()["error"]["code"] == "request.bad_character"
    ja = srv.http.get("/api/tables/%00?lang=ja")
    assert ja.json()["error"]["reason"] == REASONS["request.bad_character"]["ja"]
    assert srv.http.get("/api/health").json() == {"ok": True}  # the same kept-alive connection
    assert not logged.errors(), logged.text()


def test_d2_nul_in_a_websocket_path_or_query_is_refused_with_a_reason(srv, logged):
    base = srv.base.replace("http", "ws")
    for url in (f"{base}/ws/tables/%00", f"{base}/ws/tables/x?token=%00", f"{base}/ws/tables/x?lang=ja&spectate=%00"):
        with connect(url, open_timeout=20) as ws:
            message = json.loads(ws.recv(timeout=20))
            assert message["type"] == "error" and message["code"] == "request.bad_character", url
            with pytest.raises(Exception):
                ws.recv(timeout=20)
            assert ws.close_code == 4400
    assert not logged.errors(), logged.text()


# ---- d3: a refused client that hangs up at once ---------------------------------------------------
def test_d3_a_refused_websocket_client_that_hangs_up_at_once_logs_nothing(srv, logged):
    for _ in range(20):
        with socket.create_connection(("127.0.0.1", srv.port)) as sock:
            sock.sendall(ws_handshake("/ws/tables/no_such_table"))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    time.sleep(1.0)  # the refusals run in worker threads after the clients left
    assert srv.http.get("/api/health").status_code == 200
    assert not logged.errors(), logged.text()
    assert "Traceback" not in logged.text()


# ---- d7: one state per answer ---------------------------------------------------------------------
def _move(service, table_id: str) -> None:
    live = service.live(table_id)
    seat = live.to_act()
    service.submit(table_id, seat, live.legal(seat, "en")[0]["action"], live.state_id)


def _race_on_next_load(service, table_id: str) -> None:
    """The next time the route takes the cached match, a move lands first (as another request's would,
    between the route's reading of the table row and of the match)."""
    original = service.live
    armed = [True]

    def live(tid):
        if armed[0] and tid == table_id:
            armed[0] = False
            _move(service, tid)
        return original(tid)

    service.live = live


def test_d7_record_during_play_pairs_its_state_id_with_that_states_view(db_url):
    with TestClient(create_app(fast_settings(db_url))) as http:
        tid, ann, _ = two_player_table(http)
        service = http.app.state.service
        _move(service, tid)
        live = service.live(tid)
        views = {live.state_id: json.loads(json.dumps(live.game.view(live.state, None)))}
        _race_on_next_load(service, tid)
        record = http.get(f"/api/tables/{tid}/record", headers=auth(ann)).json()
        live = service.live(tid)
        views[live.state_id] = json.loads(json.dumps(live.game.view(live.state, None)))
        assert len(views) == 2 and len({json.dumps(v, sort_keys=True) for v in views.values()}) == 2
        assert record["view"] == views[record["state_id"]]


def test_d7_table_detail_while_playing_always_has_the_clock_of_its_state(db_url):
    with TestClient(create_app(fast_settings(db_url))) as http:
        tid, ann, _ = two_player_table(http, mode="realtime")
        service = http.app.state.service
        _move(service, tid)
        _race_on_next_load(service, tid)
        detail = http.get(f"/api/tables/{tid}", headers=auth(ann)).json()
        assert detail["status"] == "playing" and detail["clock"] is not None
        live = service.live(tid)
        assert detail["state_id"] == live.state_id and detail["clock"]["to_act"] == live.to_act()


# ---- d8: 404 and 405 ------------------------------------------------------------------------------
def test_d8_not_found_and_method_not_allowed_have_their_own_codes_reasons_and_allow(db_url):
    with TestClient(create_app(fast_settings(db_url))) as http:
        for lang in ("en", "ja"):
            missing = http.get(f"/api/nowhere?lang={lang}")
            assert missing.status_code == 404
            assert missing.json()["error"]["reason"] == REASONS["request.not_found"][lang]
            wrong = http.delete(f"/api/health?lang={lang}")
            assert wrong.status_code == 405 and wrong.headers["allow"] == "GET"
            assert wrong.json()["error"]["code"] == "request.method"
            assert wrong.json()["error"]["reason"] == REASONS["request.method"][lang]
        put = http.put("/api/tables/x/join", json={})
        assert put.status_code == 405 and "POST" in put.headers["allow"]
        server_error = REASONS["server.error"]["en"]
        assert server_error not in (missing.text + wrong.text + put.text)


# ---- d9: names ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["   ", "\u200b\u200b", "\u2028", "\u3164", "\u2800", "\u200e", "a\u202eb",
                                  "Ann\u2066", "tab\tname", "a\u2029b"])
def test_d9_invisible_names_and_bidi_controls_are_refused(db_url, name):
    with TestClient(create_app(fast_settings(db_url))) as http:
        response = http.post("/api/auth/guest", json={"name": name})
        assert response.status_code == 422, response.text
        assert response.json()["error"]["code"] == "request.invalid"
        token = guest(http, "Ann")
        renamed = http.post("/api/auth/register", json={"username": "ann", "password": "12345678", "name": name},
                            headers=auth(token))
        assert renamed.status_code == 422


def test_d9_names_are_nfc_and_trimmed_and_right_to_left_letters_are_welcome(db_url):
    with TestClient(create_app(fast_settings(db_url))) as http:
        for given, kept in (("  Ann  ", "Ann"), ("Zoe\u0301", "Zoé"), ("مريم", "مريم"), ("ア ン", "ア ン")):
            response = http.post("/api/auth/guest", json={"name": given})
            assert response.status_code == 200 and response.json()["user"]["name"] == kept


# ---- d10: invitations -----------------------------------------------------------------------------
def test_d10_an_invitees_seat_stays_reserved_and_the_old_code_admits_no_one(db_url):
    with TestClient(create_app(fast_settings(db_url))) as http:
        ann, bob, eve = guest(http, "Ann"), guest(http, "Bob"), guest(http, "Eve")
        table = new_table(http, ann, seats=[{"kind": "me"}, {"kind": "invited"}])
        tid, code = table["id"], table["seats"][1]["invite_code"]
        assert http.post(f"/api/tables/{tid}/join", json={"invite_code": code}, headers=auth(bob)).status_code == 200
        seated = http.get(f"/api/tables/{tid}", headers=auth(ann)).json()["seats"][1]
        assert seated["kind"] == "human" and seated["invite_code"] is None
        assert http.post(f"/api/tables/{tid}/leave", headers=auth(bob)).status_code == 200
        after = http.get(f"/api/tables/{tid}", headers=auth(ann)).json()["seats"][1]
        assert after["kind"] == "invited" and after["invite_code"] not in (None, code)
        old = http.post(f"/api/tables/{tid}/join", json={"invite_code": code}, headers=auth(eve))
        assert old.json()["error"]["code"] == "invite.invalid"
        for spec in ({}, {"seat": 1}):
            assert http.post(f"/api/tables/{tid}/join", json=spec,
                             headers=auth(eve)).json()["error"]["code"] == "seat.taken"
        assert tid not in [t["id"] for t in http.get("/api/tables").json()]
        again = http.post(f"/api/tables/{tid}/join", json={"invite_code": after["invite_code"]}, headers=auth(bob))
        assert again.status_code == 200


def test_d10_an_open_seat_left_is_open_again(db_url):
    with TestClient(create_app(fast_settings(db_url))) as http:
        ann, bob, eve = guest(http, "Ann"), guest(http, "Bob"), guest(http, "Eve")
        tid = new_table(http, ann)["id"]
        assert http.post(f"/api/tables/{tid}/join", json={}, headers=auth(bob)).status_code == 200
        assert http.post(f"/api/tables/{tid}/leave", headers=auth(bob)).status_code == 200
        assert http.post(f"/api/tables/{tid}/join", json={}, headers=auth(eve)).status_code == 200


# ---- d11: the token stays out of URLs -------------------------------------------------------------
def test_d11_the_token_travels_in_the_subprotocol_header_and_the_log_never_shows_a_token(srv, logged):
    tid, ann, bob = two_player_table(srv.http)
    base = srv.base.replace("http", "ws")
    with connect(f"{base}/ws/tables/{tid}", subprotocols=["gameshelf", f"gameshelf.token.{bob}"],
                 open_timeout=20) as ws:
        assert ws.subprotocol == "gameshelf"
        snapshot = json.loads(ws.recv(timeout=20))
        assert snapshot["type"] == "snapshot" and snapshot["seat"] == 1
    old = Client(srv.base, tid, ann)  # an older client's ?token= still works, and is not logged
    assert old.state(0)["seat"] == 0
    old.close()
    time.sleep(0.3)
    text = logged.text()
    assert "WebSocket /ws/tables/" in text, "uvicorn logs sockets at info level: the test must see those lines"
    assert ann not in text and bob not in text and "token=[redacted]" in text


def test_d11_the_sign_in_cookie_opens_a_socket_only_from_this_servers_own_pages(srv):
    tid, ann, _ = two_player_table(srv.http)
    base = srv.base.replace("http", "ws")
    same = {"Cookie": f"gameshelf_token={ann}", "Origin": srv.base}
    with connect(f"{base}/ws/tables/{tid}", additional_headers=same, open_timeout=20) as ws:
        assert json.loads(ws.recv(timeout=20))["seat"] == 0
    cross = {"Cookie": f"gameshelf_token={ann}", "Origin": "https://evil.example"}
    with connect(f"{base}/ws/tables/{tid}?lang=ja", additional_headers=cross, open_timeout=20) as ws:
        refusal = json.loads(ws.recv(timeout=20))
        assert refusal["code"] == "auth.origin" and refusal["reason"] == REASONS["auth.origin"]["ja"]
    cross_spectator = {"Origin": "https://evil.example"}  # no cookie: a spectator like any other
    with connect(f"{base}/ws/tables/{tid}", additional_headers=cross_spectator, open_timeout=20) as ws:
        assert json.loads(ws.recv(timeout=20))["seat"] is None


# ---- d12: over-long WebSocket handshakes ----------------------------------------------------------
def test_d12_an_overlong_websocket_handshake_is_answered_and_closed(srv, logged):
    long_line = raw_request(srv.port, ws_handshake("/ws/tables/x?" + "a" * 9000))
    assert long_line.startswith(b"HTTP/1.1 414") and not long_line.endswith(b"<timeout>")
    long_header = raw_request(srv.port, ws_handshake("/ws/tables/x", b"X-Big: " + b"b" * 9000 + b"\r\n"))
    assert long_header.startswith(b"HTTP/1.1 431") and not long_header.endswith(b"<timeout>")
    assert not logged.errors(), logged.text()


def test_d12_gameshelf_serve_answers_an_overlong_websocket_handshake(db_url):
    port = free_port()
    proc = start_process(db_url, port)
    try:
        answer = raw_request(port, ws_handshake("/ws/tables/x?" + "a" * 9000))
        assert answer.startswith(b"HTTP/1.1 414") and not answer.endswith(b"<timeout>")
    finally:
        proc.terminate()
        proc.wait(30)


# ---- d14: bodies ----------------------------------------------------------------------------------
def test_d14_a_body_over_the_limit_is_refused_before_it_is_read(srv):
    head = (f"POST /api/auth/guest HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {50 << 20}\r\n\r\n").encode()
    answer = raw_request(srv.port, head + b'{"name": "')  # 50 MiB announced, a few bytes sent
    assert answer.startswith(b"HTTP/1.1 413") and b"request.too_large" in answer
    big = b'{"name": "' + b"a" * (MAX_BODY_BYTES + 10) + b'"}'
    assert srv.http.post("/api/auth/guest", content=big,
                         headers={"content-type": "application/json"}).status_code == 413

    def chunks():  # no Content-Length: chunked transfer encoding
        yield b'{"name": "'
        for _ in range(40):
            yield b"a" * (64 << 10)
        yield b'"}'

    chunked = httpx.post(f"{srv.base}/api/auth/guest", content=chunks(), headers={"content-type": "application/json"})
    assert chunked.status_code == 413 and chunked.json()["error"]["code"] == "request.too_large"
    assert srv.http.post("/api/auth/guest", json={"name": "Ann"}).status_code == 200
    assert srv.http.get("/api/health").status_code == 200


# ---- d15: sign-in throttle ------------------------------------------------------------------------
def test_d15_wrong_passwords_are_throttled_per_account_across_workers(db_url):
    with TestClient(create_app(fast_settings(db_url))) as one, TestClient(create_app(fast_settings(db_url))) as two:
        token = guest(one, "Ann")
        one.post("/api/auth/register", json={"username": "ann", "password": "correct horse"}, headers=auth(token))
        for attempt in range(5):
            http = (one, two)[attempt % 2]  # two workers, one store
            wrong = http.post("/api/auth/login", json={"username": "ann", "password": f"guess {attempt}"})
            assert wrong.status_code == 401
        for http in (one, two):
            refused = http.post("/api/auth/login", json={"username": "ANN", "password": "correct horse"})
            assert refused.status_code == 429 and refused.json()["error"]["code"] == "auth.throttled"
            assert 1 <= int(refused.headers["retry-after"]) <= 60
        other = two.post("/api/auth/login", json={"username": "bob", "password": "whatever"})
        assert other.status_code == 401  # another account from the same address is not held up yet


def test_d15_many_accounts_from_one_address_are_throttled_and_a_success_clears_its_account(db_url):
    with TestClient(create_app(fast_settings(db_url))) as http:
        token = guest(http, "Ann")
        http.post("/api/auth/register", json={"username": "ann", "password": "correct horse"}, headers=auth(token))
        for _ in range(4):
            assert http.post("/api/auth/login", json={"username": "ann", "password": "wrong"}).status_code == 401
        assert http.post("/api/auth/login", json={"username": "ann", "password": "correct horse"}).status_code == 200
        assert http.post("/api/auth/login", json={"username": "ann", "password": "wrong"}).status_code == 401
        for n in range(24):  # 30 attempts from this address so far
            assert http.post("/api/auth/login", json={"username": f"user{n}", "password": "x"}).status_code == 401
        refused = http.post("/api/auth/login", json={"username": "someone", "password": "x"})
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1


# ---- decisions ------------------------------------------------------------------------------------
def test_a_token_alone_cannot_rename_an_account_or_replace_its_password(db_url):
    with TestClient(create_app(fast_settings(db_url))) as http:
        token = guest(http, "Ann")
        first = http.post("/api/auth/register", json={"username": "ann", "password": "correct horse"},
                          headers=auth(token))
        assert first.status_code == 200  # a guest's token upgrades the guest
        account_token = first.json()["token"]
        http.cookies.clear()
        again = http.post("/api/auth/register", json={"username": "mallory", "password": "new password"},
                          headers=auth(account_token))
        assert again.status_code == 409 and again.json()["error"]["code"] == "auth.already_registered"
        assert http.post("/api/auth/login", json={"username": "ann", "password": "correct horse"}).status_code == 200
        assert http.post("/api/auth/login", json={"username": "mallory", "password": "new password"}).status_code == 401


# ---- standing: same-seat races across processes ---------------------------------------------------
def test_standing_the_same_seat_on_two_processes_racing_gets_exactly_one_move_in(db_url):
    """One seat connected to two server processes submits on both at once, turn after turn: exactly
    one submission per state is accepted, the other is told it is stale, and no state is skipped."""
    from tests.server.test_processes import two_processes

    with two_processes(db_url) as bases:
        table_id, ann, bob = two_player_table(httpx.Client(base_url=bases[0], timeout=30))
        twins = [Client(bases[0], table_id, ann), Client(bases[1], table_id, ann)]
        other = Client(bases[1], table_id, bob)
        races = 0
        state = twins[0].state(0)
        while not state["over"] and races < 4:
            sid = state["state_id"]
            if state["decision"]["seat"] == 0:
                for twin in twins:
                    twin.state(sid)
                for twin, choice in zip(twins, (0, -1)):
                    twin.send({"action": twin.last["legal"][choice]["action"], "state_id": sid})
                for twin in twins:
                    twin.state(sid + 1)
                deadline = time.time() + 20
                while len(twins[0].errors() + twins[1].errors()) <= races:
                    assert time.time() < deadline, "the losing submission got no answer"
                    for twin in twins:
                        try:
                            twin.recv(timeout=0.1)
                        except TimeoutError:
                            pass
                races += 1
            else:
                mine = other.state(sid)
                other.send({"action": mine["legal"][0]["action"], "state_id": sid})
            state = twins[0].state(sid + 1)
        codes = [e["code"] for e in twins[0].errors() + twins[1].errors()]
        assert races >= 1 and codes == ["action.stale"] * races
        stored = httpx.get(f"{bases[1]}/api/tables/{table_id}", timeout=30).json()["state_id"]
        assert stored == twins[0].last["state_id"]
        chain = [m for m in twins[1].messages if m["type"] in ("snapshot", "update")]
        assert [m.get("prev_state_id", m["state_id"]) for m in chain[1:]] == [m["state_id"] for m in chain[:-1]]


def test_d15_a_block_lifts_when_its_window_ends_and_stale_counters_are_forgotten(db_url, monkeypatch):
    from datetime import timedelta

    from sqlalchemy import select

    from gameshelf.server import throttle
    from gameshelf.server.auth import now
    from gameshelf.server.store.models import LoginThrottle

    with TestClient(create_app(fast_settings(db_url))) as http:
        for _ in range(throttle.PER_ACCOUNT):
            assert http.post("/api/auth/login", json={"username": "zed", "password": "x"}).status_code == 401
        assert http.post("/api/auth/login", json={"username": "zed", "password": "x"}).status_code == 429
        later = now() + throttle.WINDOW + timedelta(seconds=1)
        monkeypatch.setattr(throttle, "now", lambda: later)
        assert http.post("/api/auth/login", json={"username": "zed", "password": "x"}).status_code == 401
        much_later = later + 11 * throttle.WINDOW
        monkeypatch.setattr(throttle, "now", lambda: much_later)
        monkeypatch.setattr(throttle, "FORGET_CHANCE", 1.0)
        assert http.post("/api/auth/login", json={"username": "amy", "password": "x"}).status_code == 401
        with http.app.state.db.read() as session:
            keys = set(session.execute(select(LoginThrottle.key)).scalars())
        assert keys == {throttle.account_key("amy"), throttle.address_key("testclient")}

"""Server test fixtures: every test runs on SQLite and on the real PostgreSQL (a fresh schema each),
against a real uvicorn server on loopback (in a thread, or as processes) or FastAPI's test client."""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import httpx
import psycopg
import pytest
import uvicorn
from websockets.sync.client import connect

from gameshelf.server.app import create_app
from gameshelf.server.auth import now
from gameshelf.server.settings import Settings
from gameshelf.server.store import Database, User
from gameshelf.server.tables import TableService

PG = os.environ.get("GAMESHELF_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
SRC = str(Path(__file__).parents[2] / "src")
GAME = "midnight_zoo"  # short games and cheap states keep the suite fast


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'gameshelf.db'}"
        return
    schema = "gs_" + uuid.uuid4().hex[:16]  # one schema per test: parallel and repeated runs never collide
    with psycopg.connect(PG, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield PG.replace("postgresql://", "postgresql+psycopg://") + f"?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(PG, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def fast_settings(db_url: str, **overrides) -> Settings:
    values = dict(db_url=db_url, bot_delay=0.01, sweep_seconds=0.1, grace_seconds=0.5, rate_per_second=200,
                  rate_burst=200)
    values.update(overrides)
    return Settings(**values)


@contextmanager
def quiet_service(db_url: str, **settings):
    """A table service on a migrated store holding the users ``ann`` and ``bob``, announcing nothing
    to other processes (no relay bodies built)."""
    db = Database(db_url)
    db.migrate()
    svc = TableService(db, Settings(db_url=db_url, **settings))
    svc.relaying = False
    with db.transaction() as session:
        for name in ("ann", "bob"):
            session.add(User(id=name, name=name, created_at=now()))
    try:
        yield svc
    finally:
        db.dispose()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A uvicorn server in a thread of the test process, on a loopback port."""

    def __init__(self, settings: Settings, **config) -> None:
        self.port = free_port()
        self.app = create_app(settings)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                **{"log_level": "warning", "ws_max_size": 1 << 20, **config})
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 30
        while not self.server.started:
            assert time.time() < deadline and self.thread.is_alive(), "server did not start"
            time.sleep(0.02)
        self.base = f"http://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.base, timeout=30)

    @property
    def service(self):
        return self.app.state.service

    def stop(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(30)


@pytest.fixture
def server(db_url):
    srv = Server(fast_settings(db_url))
    yield srv
    srv.stop()


def guest(http, name: str) -> str:
    response = http.post("/api/auth/guest", json={"name": name})
    assert response.status_code == 200, response.text
    http.cookies.clear()  # tests say who they are with the bearer header
    return response.json()["token"]


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def new_table(http, token: str, **spec) -> dict:
    body = {"game": GAME, "players": 2, **spec}
    response = http.post("/api/tables", json=body, headers=auth(token))
    assert response.status_code == 201, response.text
    return response.json()


def two_player_table(http, start: bool = True, **spec) -> tuple[str, str, str]:
    """(table id, token of seat 0, token of seat 1), started."""
    ann, bob = guest(http, "Ann"), guest(http, "Bob")
    table = new_table(http, ann, **spec)
    assert http.post(f"/api/tables/{table['id']}/join", json={}, headers=auth(bob)).status_code == 200
    if start:
        assert http.post(f"/api/tables/{table['id']}/start", headers=auth(ann)).status_code == 200
    return table["id"], ann, bob


class Client:
    """A WebSocket client that keeps every message it receives (raw and parsed)."""

    def __init__(self, base: str, table_id: str, token: str | None = None, **params) -> None:
        query = {"token": token, **params} if token else dict(params)
        qs = "&".join(f"{k}={v}" for k, v in query.items())
        self.ws = connect(f"{base.replace('http', 'ws')}/ws/tables/{table_id}" + (f"?{qs}" if qs else ""),
                          max_size=1 << 22, open_timeout=20).__enter__()
        self.raw: list[str] = []
        self.messages: list[dict] = []
        self.last: dict | None = None  # the latest snapshot or update

    def recv(self, timeout: float = 60) -> dict:
        text = self.ws.recv(timeout=timeout)
        self.raw.append(text)
        message = json.loads(text)
        self.messages.append(message)
        if message["type"] in ("snapshot", "update"):
            self.last = message
        return message

    def until(self, predicate, timeout: float = 60) -> dict:
        deadline = time.time() + timeout
        while True:
            message = self.recv(max(0.01, deadline - time.time()))
            if predicate(message):
                return message

    def state(self, state_id: int, timeout: float = 60) -> dict:
        """Receive until the state with this id (or a later one) arrives."""
        if self.last and self.last["state_id"] >= state_id:
            return self.last
        try:
            return self.until(lambda m: m["type"] in ("snapshot", "update") and m["state_id"] >= state_id, timeout)
        except TimeoutError:
            raise AssertionError(f"state {state_id} never came; errors received: {self.errors()}") from None

    def send(self, body) -> None:
        self.ws.send(body if isinstance(body, (str, bytes)) else json.dumps(body))

    def errors(self) -> list[dict]:
        return [m for m in self.messages if m["type"] == "error"]

    def close(self) -> None:
        self.ws.close()


def play_out(clients: dict[int, Client], others: list[Client] = (), seed: int = 0, limit: int = 10_000) -> dict:
    """Seats choose random legal actions until the game ends; every client follows each state."""
    chooser = random.Random(seed)
    for client in [*clients.values(), *others]:
        client.state(0)
    for _ in range(limit):
        last = max((c.last for c in clients.values()), key=lambda m: m["state_id"])
        if last["over"]:
            break
        seat = last["decision"]["seat"]
        if seat not in clients:  # a bot's decision: wait for it
            sid = last["state_id"] + 1
        else:
            mine = clients[seat].state(last["state_id"])
            action = chooser.choice(mine["legal"])["action"]
            clients[seat].send({"action": action, "state_id": mine["state_id"]})
            sid = mine["state_id"] + 1
        for client in [*clients.values(), *others]:
            client.state(sid)
    final = max((c.last for c in clients.values()), key=lambda m: m["state_id"])
    assert final["over"], "the game did not end"
    return final


def start_process(db_url: str, port: int, *extra: str, env: dict | None = None) -> subprocess.Popen:
    """``gameshelf serve`` as its own process group (so a test can kill -9 it)."""
    environ = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", ""),
               "GAMESHELF_BOT_DELAY": "0.01", "GAMESHELF_SWEEP_SECONDS": "0.1",
               # random play answers faster than a person: the per-connection rate limit must not trip it
               "GAMESHELF_RATE_PER_SECOND": "1000", "GAMESHELF_RATE_BURST": "1000", **(env or {})}
    proc = subprocess.Popen([sys.executable, "-m", "gameshelf.cli.main", "serve", "--port", str(port), "--db",
                             db_url, *extra], env=environ, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        assert proc.poll() is None, proc.stdout.read().decode()
        time.sleep(0.1)
    raise AssertionError("server process did not start")

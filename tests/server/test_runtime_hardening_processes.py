"""Server runtime hardening (issue 34) with real ``gameshelf serve`` processes: how the server stops.

Defect 13: Ctrl-C printed a traceback from a bot-pool process, and with ``--workers 2`` a SIGINT or
SIGTERM to the main process left bot-pool processes and the resource tracker running for ever.
Defect 4: when SQLite's ``-shm`` file could no longer be mapped (SIGBUS) the server died with no
word, and its bots' processes were orphaned."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import Client, auth, free_port, guest, new_table, start_process

REDIS = "redis://127.0.0.1:6379/0"
BOTS = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]


def _group(pgid: int) -> list[str]:
    """The processes still in the server's process group."""
    out = subprocess.run(["ps", "-ww", "-o", "pid=,args=", "-g", str(pgid)], capture_output=True, text=True).stdout
    return [line.strip() for line in out.splitlines() if line.strip()]


def _gone(pgid: int, seconds: float = 15) -> list[str]:
    deadline = time.time() + seconds
    while (left := _group(pgid)) and time.time() < deadline:
        time.sleep(0.2)
    return left


def _bots_playing(base: str, tables: int) -> None:
    """Bots-only tables started and moving, so every process has its bots' pool running."""
    http = httpx.Client(base_url=base, timeout=30)
    for _ in range(tables):
        token = guest(http, "Ann")
        table = new_table(http, token, seats=BOTS)
        assert http.post(f"/api/tables/{table['id']}/start", headers=auth(token)).status_code == 200
        _watch(base, table["id"], 2)


def _watch(base: str, table_id: str, state_id: int, tries: int = 3) -> dict:
    """The table at ``state_id`` or later, seen over a WebSocket. A close with 1012 (service restart)
    asks a client to connect again, as the web client does; anything else fails the test."""
    for _ in range(tries - 1):
        try:
            return Client(base, table_id).state(state_id)
        except ConnectionClosed as exc:
            if exc.rcvd is None or exc.rcvd.code != 1012:
                raise
    return Client(base, table_id).state(state_id)


def _stopped_output(proc: subprocess.Popen) -> str:
    """The server's output, after stopping it (its pipe is read to the end only once it has exited)."""
    if _group(proc.pid):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(30)
    return proc.stdout.read().decode(errors="replace")


@pytest.mark.parametrize("how", ["ctrl-c", "sigint", "sigterm"])
def test_d13_stopping_two_workers_leaves_no_process_and_prints_no_traceback(db_url, how):
    extra = ("--broker", REDIS) if db_url.startswith("sqlite") else ()
    port = free_port()
    proc = start_process(db_url, port, "--workers", "2", *extra)
    try:
        try:
            _bots_playing(f"http://127.0.0.1:{port}", 2)
        except (ConnectionClosed, AssertionError, httpx.HTTPError) as exc:
            raise AssertionError(f"{exc!r}; the server printed:\n{_stopped_output(proc)}") from exc
        assert any("spawn_main" in p for p in _group(proc.pid)), "no bot pool process to stop"
        if how == "ctrl-c":  # a terminal sends SIGINT to every process of the foreground group
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT if how == "sigint" else signal.SIGTERM)
        try:
            code = proc.wait(60)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"the server did not stop; its processes: {_group(proc.pid)}") from None
        assert code == 0
        assert _gone(proc.pid) == []
        output = proc.stdout.read().decode()
        assert "Traceback" not in output and "leaked" not in output, output
    finally:
        if _group(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(30)
        proc.stdout.close()


def test_d4_sigbus_from_an_unmappable_shm_is_reported_and_stops_the_bots(tmp_path):
    """The ``-shm`` file shrinks under the server (as when it cannot be written: a full disk, another
    program): the next access to its mapping is SIGBUS. The command says so in words, exits 128+7,
    and no process of the server is left."""
    store = tmp_path / "gameshelf.db"
    port = free_port()
    proc = start_process(f"sqlite:///{store}", port)
    try:
        _bots_playing(f"http://127.0.0.1:{port}", 1)
        os.truncate(f"{store}-shm", 0)
        for _ in range(50):
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/tables?limit=5", timeout=2)
            except httpx.HTTPError:
                break
            time.sleep(0.1)
        assert proc.wait(60) == 128 + signal.SIGBUS
        assert _gone(proc.pid) == []
        output = proc.stdout.read().decode()
        assert "died of a bus error (SIGBUS)" in output and f"{store}-shm" in output, output
        assert "Fatal Python error: Bus error" in output  # with the stack of the faulting thread
    finally:
        if _group(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(30)
        proc.stdout.close()

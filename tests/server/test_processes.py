"""Real server processes: kill -9 mid-game and restart; two processes on one store, one match."""

from __future__ import annotations

import os
import signal
from contextlib import contextmanager

import httpx

from tests.server.conftest import Client, free_port, play_out, start_process, two_player_table


def _stop(proc) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(30)
    proc.stdout.close()


@contextmanager
def two_processes(db_url):
    """Two server processes on one store (SQLite relays through Redis), stopped afterwards; yields
    their base URLs."""
    extra = ("--broker", "redis://127.0.0.1:6379/0") if db_url.startswith("sqlite") else ()
    ports = [free_port(), free_port()]
    procs = []
    try:
        for port in ports:
            procs.append(start_process(db_url, port, *extra))
        yield [f"http://127.0.0.1:{port}" for port in ports]
    finally:
        for proc in procs:
            _stop(proc)


def test_kill_9_mid_game_and_restart_loses_nothing(db_url):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_process(db_url, port)
    try:
        http = httpx.Client(base_url=base, timeout=30)
        table_id, ann, bob = two_player_table(http)
        clients = {0: Client(base, table_id, ann), 1: Client(base, table_id, bob)}
        for _ in range(6):
            last = max((c.state(0) for c in clients.values()), key=lambda m: m["state_id"])
            seat = last["decision"]["seat"]
            mine = clients[seat].state(last["state_id"])
            clients[seat].send({"action": mine["legal"][-1]["action"], "state_id": mine["state_id"]})
            for client in clients.values():
                client.state(mine["state_id"] + 1)
        before = {seat: client.last for seat, client in clients.items()}
        os.killpg(proc.pid, signal.SIGKILL)  # no shutdown, no flush: only what was committed survives
        proc.wait(30)
        proc = start_process(db_url, port)
        again = {0: Client(base, table_id, ann), 1: Client(base, table_id, bob)}
        for seat, client in again.items():
            snapshot = client.recv()
            assert snapshot["type"] == "snapshot" and snapshot["state_id"] == before[seat]["state_id"] == 6
            assert snapshot["view"] == before[seat]["view"] and snapshot["legal"] == before[seat]["legal"]
        assert play_out(again, seed=4)["over"]
    finally:
        _stop(proc)


def test_two_processes_one_store_two_clients_play_to_the_end(db_url):
    """PostgreSQL relays by LISTEN/NOTIFY; SQLite needs Redis pub/sub (``--broker``)."""
    with two_processes(db_url) as bases:
        table_id, ann, bob = two_player_table(httpx.Client(base_url=bases[0], timeout=30))
        clients = {0: Client(bases[0], table_id, ann), 1: Client(bases[1], table_id, bob)}
        spectator = Client(bases[1], table_id)
        final = play_out(clients, [spectator], seed=9)
        assert final["over"] and spectator.last["state_id"] == final["state_id"]
        for client in [*clients.values(), spectator]:
            states = [m for m in client.messages if m["type"] in ("snapshot", "update")]
            chain = [m.get("prev_state_id", m["state_id"]) for m in states[1:]]
            assert chain == [m["state_id"] for m in states[:-1]], "an update was lost or repeated"
        record = httpx.get(f"{bases[1]}/api/tables/{table_id}/record").json()
        assert len(record["actions"]) == final["state_id"]


def test_a_seat_connecting_to_a_process_that_cached_the_match_earlier_gets_the_current_state(db_url):
    """Regression (1,000 seats on two workers: seats waiting for each other forever). The process that
    answered the REST start had loaded the match at state 0; the other process took the first move;
    the seat then connecting to the first process was sent the state-0 snapshot, so each seat waited
    for the other. A connection's snapshot must be the store's current state."""
    with two_processes(db_url) as bases:
        # Created and started through process 1, whose answer (the table's detail) loads the match.
        table_id, ann, bob = two_player_table(httpx.Client(base_url=bases[1], timeout=30))
        tokens = {0: ann, 1: bob}
        first = Client(bases[0], table_id, ann).state(0)
        mover_seat = first["decision"]["seat"]
        mover = Client(bases[0], table_id, tokens[mover_seat])
        mine = mover.state(0)
        mover.send({"action": mine["legal"][0]["action"], "state_id": 0})
        assert mover.state(1)["state_id"] == 1
        other = Client(bases[1], table_id, tokens[1 - mover_seat])
        snapshot = other.recv()
        assert snapshot["type"] == "snapshot" and snapshot["state_id"] == 1

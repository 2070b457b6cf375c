"""Relaying moves, not states: a process that hears another's announced move applies it to its
cached match (engines are deterministic) and checks the resulting state id and hash; on any mismatch
(a tampered or garbled move, a gap, a busy match) it reads the store instead. Either way each
connection gets its own seat's view of the store's state."""

from __future__ import annotations

import asyncio
import json

import pytest

from gameshelf.server.store import Database
from gameshelf.server.tables import TableService
from tests.server.conftest import Client, Server, fast_settings, two_player_table


@pytest.fixture
def srv(db_url):
    server = Server(fast_settings(db_url, heartbeat_seconds=3600))  # only announcements and reads catch up
    yield server
    server.stop()


def _other_process(db_url: str) -> TableService:
    return TableService(Database(db_url), fast_settings(db_url))


def _announce(srv: Server, payload: str) -> None:
    hub = srv.app.state.hub
    async def announce() -> None:
        hub.remote_change(payload)

    asyncio.run_coroutine_threadsafe(announce(), hub.loop).result(30)


def _reads(srv: Server) -> list[str]:
    """Every table this server's service reads from the store from now on (its sync calls)."""
    service, calls = srv.service, []
    original = service.sync

    def sync(table_id):
        calls.append(table_id)
        return original(table_id)

    service.sync = sync
    return calls


def _setup(srv: Server, db_url: str):
    table_id, ann, bob = two_player_table(srv.http)
    clients = {0: Client(srv.base, table_id, ann), 1: Client(srv.base, table_id, bob)}
    first = {seat: client.state(0) for seat, client in clients.items()}
    mover = first[0]["decision"]["seat"]
    other = _other_process(db_url)
    return table_id, clients, first, mover, other


def _check_seats_see_state(clients: dict[int, Client], state_id: int, other: TableService, table_id: str) -> None:
    """Each seat gets the store's state, as its own seat's view (what the other process would send it)."""
    truth = other.live(table_id)
    for seat, client in clients.items():
        message = client.state(state_id, timeout=30)
        assert message["state_id"] == state_id and message["seat"] == seat
        assert message["view"] == json.loads(json.dumps(truth.match.view(seat)))


def test_an_announced_move_is_applied_to_the_cached_match_without_reading_the_store(srv, db_url):
    table_id, clients, first, mover, other = _setup(srv, db_url)
    reads = _reads(srv)
    moved = other.submit(table_id, mover, first[mover]["legal"][0]["action"], 0)
    assert moved.relayed
    _announce(srv, f"{table_id}:another-process:{moved.relayed}")
    _check_seats_see_state(clients, 1, other, table_id)
    assert reads == []
    other.db.dispose()


@pytest.mark.parametrize("tamper", ["hash", "action", "garbled"])
def test_an_announced_move_that_does_not_give_the_announced_state_makes_the_process_read_the_store(
        srv, db_url, tamper):
    table_id, clients, first, mover, other = _setup(srv, db_url)
    reads = _reads(srv)
    moved = other.submit(table_id, mover, first[mover]["legal"][0]["action"], 0)
    body = json.loads(moved.relayed)
    if tamper == "hash":
        body["h"] = "0" * len(body["h"])
    elif tamper == "action":
        body["r"][2] = first[mover]["legal"][-1]["action"] if len(first[mover]["legal"]) > 1 else "nonsense"
    text = json.dumps(body) if tamper != "garbled" else moved.relayed[:-5]
    _announce(srv, f"{table_id}:another-process:{text}")
    _check_seats_see_state(clients, 1, other, table_id)
    assert reads == [table_id]
    other.db.dispose()


def test_an_announced_move_after_a_missed_one_makes_the_process_read_the_store(srv, db_url):
    table_id, clients, first, mover, other = _setup(srv, db_url)
    reads = _reads(srv)
    live = other.submit(table_id, mover, first[mover]["legal"][0]["action"], 0)  # never announced
    seat = live.to_act()
    moved = other.submit(table_id, seat, str(live.match.legal_for(seat)[0]), 1)
    _announce(srv, f"{table_id}:another-process:{moved.relayed}")
    _check_seats_see_state(clients, 2, other, table_id)
    assert reads == [table_id]
    other.db.dispose()

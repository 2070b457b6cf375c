"""The cross-process broker (issue 12, "Scale"): every change a process announces reaches the others.

Regression: with 1,000 seats on two workers, publishing straight from each submission took one of
redis-py's pooled connections per message; past the pool's 100 connections Redis refused with
MaxConnectionsError, the other process never heard of those moves (lost updates) and the mover got
``server.error`` for an action that had been accepted."""

from __future__ import annotations

import asyncio
import threading
import uuid

import psycopg
import pytest
import redis

from gameshelf.server.broker import LocalBroker, PostgresBroker, RedisBroker
from gameshelf.server.hub import Hub
from gameshelf.server.settings import Settings
from tests.server.conftest import PG

REDIS = "redis://127.0.0.1:6379/0"


async def _burst(count: int) -> list[str]:
    channel = "gameshelf_test_" + uuid.uuid4().hex[:12]
    received: list[str] = []
    done = asyncio.Event()

    def collect(payload: str) -> None:
        received.append(payload)
        if len(received) == count:
            done.set()

    listener, sender = RedisBroker(REDIS, channel), RedisBroker(REDIS, channel)
    await listener.start(collect)
    await sender.start(lambda payload: None)
    try:
        # Far more announcements at once than redis-py's default pool has connections.
        await asyncio.gather(*(sender.publish(f"t{i}:origin") for i in range(count)))
        await asyncio.wait_for(done.wait(), 20)
    finally:
        await sender.stop()
        await listener.stop()
    return received


def test_a_burst_of_changes_beyond_the_connection_pool_reaches_the_other_process_in_order():
    count = 400
    assert asyncio.run(_burst(count)) == [f"t{i}:origin" for i in range(count)]


class _SlowStore:
    """A table service whose catch-up with the store blocks until released, counting the catch-ups."""

    def __init__(self) -> None:
        self._live: dict = {}
        self.syncs = 0
        self.release = threading.Semaphore(0)

    def cached(self, table_id: str) -> None:
        return self._live.get(table_id)

    def sync(self, table_id: str) -> None:  # runs in a worker thread, like the real one
        self.syncs += 1
        if not self.release.acquire(timeout=10):
            raise TimeoutError

    def bot_seat(self, table_id: str) -> None:
        return None  # no bot at this table

    def moved_elsewhere(self, table_id: str) -> None:
        pass  # (no rows kept for the loop's moves)


class _Conn:
    seat = None

    def __init__(self, table_id: str) -> None:
        self.table_id, self.pushes = table_id, 0

    def push(self) -> None:
        self.pushes += 1


async def _announcements_during_a_catch_up() -> tuple[int, int]:
    store, conn = _SlowStore(), _Conn("t1")
    hub = Hub(store, Settings(), LocalBroker())
    hub.add(conn)
    hub.remote_change("t1:elsewhere")  # returns at once: the catch-up runs in its own task
    await asyncio.sleep(0.05)
    for _ in range(5):  # announced while that catch-up reads the store: one more catch-up covers them
        hub.remote_change("t1:elsewhere")
    store.release.release(2)
    await asyncio.wait_for(asyncio.gather(*hub.sync_tasks), 5)
    await asyncio.gather(*hub.bot_tasks.values())
    return store.syncs, conn.pushes


def test_changes_announced_during_a_catch_up_are_caught_up_once_more_never_lost():
    syncs, pushes = asyncio.run(_announcements_during_a_catch_up())
    assert (syncs, pushes) == (2, 2)


async def _postgres_burst(count: int) -> tuple[list[str], int]:
    """A PostgreSQL listener hears ``count`` NOTIFYs in order; then its backend is ended (as a
    database restart would), it listens again, says so, and hears what comes after."""
    channel = "gameshelf_test_" + uuid.uuid4().hex[:12]
    received: list[str] = []
    reconnects = []
    listener = PostgresBroker(PG, channel)

    async def reconnected() -> None:
        reconnects.append(1)

    listener.on_reconnect = reconnected
    await listener.start(received.append)

    async def until(n: int) -> None:
        while len(received) < n:
            await asyncio.sleep(0.01)

    try:
        with psycopg.connect(PG, autocommit=True) as conn:
            for i in range(count):
                conn.execute("SELECT pg_notify(%s, %s)", (channel, f"t{i}:origin"))
            await asyncio.wait_for(until(count), 20)
            ended = conn.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query = %s",
                                 (f'LISTEN "{channel}"',)).fetchone()[0]
            assert ended == 1
            while not reconnects:
                await asyncio.sleep(0.05)
            conn.execute("SELECT pg_notify(%s, %s)", (channel, "after:origin"))
            await asyncio.wait_for(until(count + 1), 20)
    finally:
        await listener.stop()
    return received, len(reconnects)


def test_postgres_listener_hears_every_notify_in_order_and_again_after_its_connection_ends():
    count = 300
    received, reconnects = asyncio.run(_postgres_burst(count))
    assert received == [f"t{i}:origin" for i in range(count)] + ["after:origin"]
    assert reconnects == 1


async def _after_a_failing_message(kind: str) -> list[str]:
    channel = "gameshelf_test_" + uuid.uuid4().hex[:12]
    broker = PostgresBroker(PG, channel) if kind == "postgres" else RedisBroker(REDIS, channel)
    received: list[str] = []

    def handle(payload: str) -> None:
        if payload == "bad":
            raise RuntimeError("a bug in the handler")
        received.append(payload)

    await broker.start(handle)
    try:
        if kind == "postgres":
            with psycopg.connect(PG, autocommit=True) as conn:
                for payload in ("bad", "good"):
                    conn.execute("SELECT pg_notify(%s, %s)", (channel, payload))
        else:
            client = redis.Redis.from_url(REDIS)
            for payload in ("bad", "good"):
                client.publish(channel, payload)
            client.close()
        for _ in range(500):
            if received:
                break
            await asyncio.sleep(0.01)
    finally:
        await broker.stop()
    return received


@pytest.mark.parametrize("kind", ["postgres", "redis"])
def test_a_message_the_handler_fails_on_is_logged_and_the_next_one_still_heard(kind, caplog):
    assert asyncio.run(_after_a_failing_message(kind)) == ["good"]
    assert any("could not be handled" in r.getMessage() for r in caplog.records)
    assert not any("lost" in r.getMessage() for r in caplog.records)  # no needless reconnection

"""The cross-process broker (issue 12, "Scale"): every change a process announces reaches the others.

Regression: with 1,000 seats on two workers, publishing straight from each submission took one of
redis-py's pooled connections per message; past the pool's 100 connections Redis refused with
MaxConnectionsError, the other process never heard of those moves (lost updates) and the mover got
``server.error`` for an action that had been accepted."""

from __future__ import annotations

import asyncio
import threading
import uuid

from gameshelf.server.broker import LocalBroker, RedisBroker
from gameshelf.server.hub import Hub
from gameshelf.server.settings import Settings

REDIS = "redis://127.0.0.1:6379/0"


async def _burst(count: int) -> list[str]:
    channel = "gameshelf_test_" + uuid.uuid4().hex[:12]
    received: list[str] = []
    done = asyncio.Event()

    async def collect(payload: str) -> None:
        received.append(payload)
        if len(received) == count:
            done.set()

    listener, sender = RedisBroker(REDIS, channel), RedisBroker(REDIS, channel)
    await listener.start(collect)
    await sender.start(lambda payload: asyncio.sleep(0))
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
    await hub.remote_change("t1:elsewhere")  # returns at once: the catch-up runs in its own task
    await asyncio.sleep(0.05)
    for _ in range(5):  # announced while that catch-up reads the store: one more catch-up covers them
        await hub.remote_change("t1:elsewhere")
    store.release.release(2)
    await asyncio.wait_for(asyncio.gather(*hub.sync_tasks), 5)
    await asyncio.gather(*hub.bot_tasks.values())
    return store.syncs, conn.pushes


def test_changes_announced_during_a_catch_up_are_caught_up_once_more_never_lost():
    syncs, pushes = asyncio.run(_announcements_during_a_catch_up())
    assert (syncs, pushes) == (2, 2)

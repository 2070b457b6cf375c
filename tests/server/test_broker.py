"""The cross-process broker (issue 12, "Scale"): every change a process announces reaches the others.

Regression: with 1,000 seats on two workers, publishing straight from each submission took one of
redis-py's pooled connections per message; past the pool's 100 connections Redis refused with
MaxConnectionsError, the other process never heard of those moves (lost updates) and the mover got
``server.error`` for an action that had been accepted."""

from __future__ import annotations

import asyncio
import uuid

from gameshelf.server.broker import RedisBroker

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

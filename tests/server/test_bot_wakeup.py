"""A table's bot task never misses a change: a move committed while the task looks at the table (and
finds a person to act) makes it look once more before it ends, so a bot whose turn that move made
plays it (found when people's moves began to commit on the event loop, without a thread hop)."""

from __future__ import annotations

import asyncio
import threading
from types import SimpleNamespace

from gameshelf.server.broker import LocalBroker
from gameshelf.server.hub import Hub
from gameshelf.server.settings import Settings


class _Store:
    """A table service whose first look at the bots' turn blocks until released: the person's move
    commits meanwhile. Every look finds no bot to act (the test counts the looks)."""

    def __init__(self) -> None:
        self.looks = 0
        self.looking, self.release = threading.Event(), threading.Event()

    def cached(self, table_id: str):
        return SimpleNamespace(meta={"bots": {1: ("random", 7)}})

    def bot_seat(self, table_id: str) -> None:  # in a worker thread, like the real one
        self.looks += 1
        if self.looks == 1:
            self.looking.set()
            assert self.release.wait(10)
        return None


async def _a_move_during_the_look() -> int:
    store = _Store()
    hub = Hub(store, Settings(), LocalBroker())
    hub.kick_bots("t1")  # the bot's move committed: its task looks whether a bot acts next
    await asyncio.to_thread(store.looking.wait, 10)
    hub.kick_bots("t1")  # meanwhile the person moved, and it is the bot's turn again
    store.release.set()
    await asyncio.wait_for(asyncio.gather(*hub.bot_tasks.values()), 10)
    return store.looks


def test_a_change_while_the_bot_task_looks_makes_it_look_again():
    assert asyncio.run(_a_move_during_the_look()) == 2

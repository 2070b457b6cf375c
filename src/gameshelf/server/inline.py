"""Which moves are committed on the event loop, with no hand-off to a worker thread (the hand-off
cost a quarter of a move's CPU on PostgreSQL: bench/RESULTS.md, session 25).

On PostgreSQL the loop's moves go through links whose round trips never block it
(store/loop_links.py, tables.py ``submit_soon``): while PostgreSQL answers, the loop serves the
other connections. On SQLite a move runs on the loop from start to end (tables.py ``submit_now``;
a write lock a thread or another process holds sends it to a thread at once) and holds every
connection of the process up while it runs, so it must stay short, and few: a disk slow to flush
its commits, or moves so many that their waits take half the loop's time (where threads would
overlap those waits), send them back to the threads for a while."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gameshelf.server.live import LiveMatch
    from gameshelf.server.store.loop_links import Links
    from gameshelf.server.tables import TableService

log = logging.getLogger("gameshelf.server")

BUDGET_S = 0.010  # the most a move on the event loop may take, on average over the last few dozen
SHARE = 0.5  # the most of the loop's time the moves on it may take, over a window of WINDOW_S
WINDOW_S = 1.0
PAUSE_S = 30.0  # how long the moves go to the threads once either limit was passed
WEIGHT = 0.05  # the last move's weight in the average (one slow move, a game's end, moves it little)


def inline_moves(setting: str) -> bool:
    """``GAMESHELF_INLINE_MOVES``: "auto" (or "on") commits a person's move on the event loop,
    where nothing makes it wait: on SQLite a write lock held by a thread or by another process sends
    the move to a thread at once; on PostgreSQL the loop does not wait for the round trips, and a row
    another transaction holds sends the move to a thread at once. "off" never. The same for one
    process and for several sharing the store."""
    return setting != "off"


class InlineMoves:
    """The process's choice, and the recent moves' time on the event loop."""

    def __init__(self, on: bool = False, clock=time.perf_counter, links: Links | None = None) -> None:
        self.on = on
        self.links = links  # PostgreSQL: the loop's own connections (None on SQLite)
        self.clock = clock
        self.average = 0.0  # seconds a move took on the loop, a moving average
        self.paused_until = 0.0  # clock time before which the moves go to the threads
        self.window_start, self.busy = clock(), 0.0  # the moves' time on the loop in the current window

    async def move(self, service: TableService, table_id: str, seat: int, notation: str,
                   state_id: int) -> LiveMatch | None:
        """The move committed on the event loop, or None: the caller hands it to a thread."""
        if not self.on:
            return None
        if self.links is not None:
            return await service.submit_soon(self.links, table_id, seat, notation, state_id)
        return self.submit(service, table_id, seat, notation, state_id)

    def submit(self, service: TableService, table_id: str, seat: int, notation: str,
               state_id: int) -> LiveMatch | None:
        """``service.submit_now`` when moves go on the loop now, else None (the caller hands the move
        to a thread, as when ``submit_now`` cannot run it at once)."""
        if not self.on:
            return None
        start = self.clock()
        if start < self.paused_until:
            return None
        try:
            return service.submit_now(table_id, seat, notation, state_id)
        finally:
            self.spent(start, self.clock())

    def spent(self, start: float, end: float) -> None:
        """A move held the loop from ``start`` to ``end``: past either limit, the next PAUSE_S go to
        the threads, and the counts start afresh after them."""
        self.average += WEIGHT * (end - start - self.average)
        self.busy += end - start
        window = end - self.window_start
        over = self.average > BUDGET_S or (window >= WINDOW_S and self.busy > SHARE * window)
        if over:
            log.warning("moves go to the store's threads for %.0f s: those on the event loop took %.1f ms "
                        "on average, %.0f %% of its last %.1f s", PAUSE_S, 1000 * self.average,
                        100 * self.busy / max(window, 1e-9), window)
            self.paused_until = end + PAUSE_S
            self.average = 0.0
        if over or window >= WINDOW_S:
            self.window_start, self.busy = max(end, self.paused_until) if over else end, 0.0

"""One process's live side: its WebSocket connections per table, delivery after every change,
the bots that play at its tables, and the sweeper for clocks, disconnections and pending bot turns.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from typing import TYPE_CHECKING

from gameshelf.server import bots
from gameshelf.server.broker import LocalBroker
from gameshelf.server.i18n import ServerError
from gameshelf.server.settings import Settings
from gameshelf.server.tables import TableService

if TYPE_CHECKING:
    from gameshelf.server.ws import Connection

log = logging.getLogger("gameshelf.server")
ORIGIN = uuid.uuid4().hex  # this process, so it skips its own broker messages


def message(table_id: str) -> str:
    return f"{table_id}:{ORIGIN}"


class Hub:
    def __init__(self, service: TableService, settings: Settings, broker: LocalBroker) -> None:
        self.service, self.settings, self.broker = service, settings, broker
        self.conns: dict[str, set[Connection]] = {}
        self.bot_tasks: dict[str, asyncio.Task] = {}
        self.syncing: set[str] = set()  # tables whose catch-up with another process's change runs now
        self.resync: set[str] = set()  # ... and that changed again meanwhile
        self.sync_tasks: set[asyncio.Task] = set()
        self.sweeper: asyncio.Task | None = None
        self.listeners: list = []  # callables told the id of every table that changed (community: "your turn")

    async def start(self) -> None:
        await self.broker.start(self.remote_change)
        self.sweeper = asyncio.create_task(self._sweep())

    async def stop(self) -> None:
        tasks = [t for t in [self.sweeper, *self.bot_tasks.values(), *self.sync_tasks] if t]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.broker.stop()

    # ---- connections ---------------------------------------------------------------------
    def add(self, conn: Connection) -> None:
        self.conns.setdefault(conn.table_id, set()).add(conn)

    def remove(self, conn: Connection) -> bool:
        """Forget ``conn``; True if it was its seat's last connection in this process."""
        group = self.conns.get(conn.table_id, set())
        group.discard(conn)
        if not group:
            self.conns.pop(conn.table_id, None)
        return conn.seat is not None and not any(c.seat == conn.seat for c in group)

    async def changed(self, table_id: str) -> None:
        """After a local commit: tell the other processes, update local connections, wake bots."""
        await self.broker.publish(message(table_id))
        await self._load(table_id)
        self.deliver(table_id)
        self.kick_bots(table_id)

    async def _load(self, table_id: str) -> None:
        """Load a just-started match for connections that were open before the start."""
        if table_id in self.conns and table_id not in self.service._live:
            try:
                await asyncio.to_thread(self.service.live, table_id)
            except ServerError:
                pass  # still open: nothing to send yet

    async def remote_change(self, payload: str) -> None:
        """A change committed by another process: catch up and deliver, in a task of its own per table
        (the broker's listener never waits for the store). A change announced while that table's
        catch-up runs makes it run once more, so no change is missed and a burst costs one read."""
        if payload.startswith("{"):  # a typed message (a chat line, an invitation): community/relay.py
            from gameshelf.server.community import relay

            await relay.receive(self, payload)
            return
        table_id, _, origin = payload.partition(":")
        if origin == ORIGIN:
            return
        if table_id not in self.conns:
            self._tell(table_id)
            return
        if table_id in self.syncing:
            self.resync.add(table_id)
            return
        self.syncing.add(table_id)
        task = asyncio.create_task(self._remote_sync(table_id))
        self.sync_tasks.add(task)  # a reference, so the task is not collected while it runs
        task.add_done_callback(self.sync_tasks.discard)

    async def _remote_sync(self, table_id: str) -> None:
        try:
            while True:
                self.resync.discard(table_id)
                try:
                    await asyncio.to_thread(self.service.sync, table_id)
                except ServerError:
                    pass  # not started yet: the connections get the table's seats
                except Exception:
                    log.exception("catching up with table %s failed", table_id)
                self.deliver(table_id)
                self.kick_bots(table_id)
                if table_id not in self.resync:
                    return  # no await between this test and the discard below
        finally:
            self.syncing.discard(table_id)

    def deliver(self, table_id: str) -> None:
        for conn in list(self.conns.get(table_id, ())):
            conn.push()
        self._tell(table_id)

    def _tell(self, table_id: str) -> None:
        for listener in self.listeners:
            listener(table_id)

    # ---- bots ------------------------------------------------------------------------------
    def kick_bots(self, table_id: str) -> None:
        live = self.service._live.get(table_id)
        if live is not None and not live.meta.get("bots"):
            return  # no bot and no zombie seat here (the common case): no task, no thread hop
        task = self.bot_tasks.get(table_id)
        if task is None or task.done():
            self.bot_tasks[table_id] = asyncio.create_task(self._drive(table_id))

    async def _drive(self, table_id: str) -> None:
        """Play every bot decision at the table until a human decides or the game ends."""
        loop = asyncio.get_running_loop()
        for _ in range(100_000):
            try:
                turn = await asyncio.to_thread(self.service.bot_seat, table_id)
            except ServerError:
                return
            if turn is None:
                return
            seat, level, seed, state_id = turn
            await asyncio.sleep(self.settings.bot_delay)
            live = self.service.live(table_id)
            while not live.lock.acquire(blocking=False):  # never block the event loop on a commit
                await asyncio.sleep(0.001)
            try:
                if live.state_id != state_id:
                    continue
                view = live.game.view(live.state, seat)
                legal = [str(a) for a in live.game.legal_actions(live.state)]
                game_id = live.game.id
            finally:
                live.lock.release()
            notation = await loop.run_in_executor(bots.pool(self.settings.bot_processes), bots.choose,
                                                  game_id, level, seed, state_id, view, legal)
            try:
                await asyncio.to_thread(self.service.submit, table_id, seat, notation, state_id, True)
            except ServerError as exc:
                if exc.code in ("action.stale", "action.not_your_turn"):
                    continue
                log.warning("bot at %s seat %s refused: %s %s", table_id, seat, exc.code, exc.message)
                return
            self.deliver(table_id)
            await self.broker.publish(message(table_id))

    # ---- clocks and sweeping ---------------------------------------------------------------
    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                expired, bot_turns = await asyncio.to_thread(self.service.due)
                for table_id, seat in expired:
                    try:
                        await asyncio.to_thread(self.service.expire, table_id, seat)
                    except ServerError:
                        continue
                    await self.changed(table_id)
                for table_id in bot_turns:
                    self.kick_bots(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sweep failed")


def table_message(meta: dict, state_id: int | None, seats: list | None = None) -> str:
    body = {"type": "table", "table": meta.get("id"), "status": meta.get("status"), "state_id": state_id,
            "clock": meta.get("clock"), "zombies": meta.get("zombies"), "resigned": meta.get("resigned")}
    if seats is not None:
        body["seats"] = seats
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))

"""One process's live side: its WebSocket connections per table, delivery after every change,
the bots that play at its tables, and the sweeper for clocks, disconnections and pending bot turns.

The heartbeat keeps this process honest with the store: every ``heartbeat_seconds`` it records that a
server runs (for :mod:`gameshelf.server.downtime`), reads the store's state id of every table it has
connections to, catches up any table whose announcement it missed, and sends a ``heartbeat`` with
that state id to each connection that was not sent that state (so a page that missed an update
notices and asks to resume) or was sent nothing during the last period (a keep-alive).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from concurrent.futures.process import BrokenProcessPool
from datetime import datetime, timezone
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple


from gameshelf.server import bots, downtime, jsontext
from gameshelf.server.broker import LocalBroker
from gameshelf.server.deadlines import DeadlineIndex
from gameshelf.server.i18n import ServerError
from gameshelf.server.inline import InlineMoves, inline_moves
from gameshelf.server.store.loop_links import Links
from gameshelf.server.retry import transient
from gameshelf.server.scheduler import FairScheduler
from gameshelf.server.settings import Settings
from gameshelf.server.live import Row
from gameshelf.server.tables import TableService, relay_digest
from gameshelf.server.store import tables as table_store

if TYPE_CHECKING:
    from gameshelf.server.ws import Connection

log = logging.getLogger("gameshelf.server")
STOP_SECONDS = 5.0
ORIGIN = uuid.uuid4().hex  # this process, so it skips its own broker messages


def message(table_id: str, move: str = "") -> str:
    """The announcement of a change at a table: ``table:origin``, and ``:move`` (tables.relay_body) when
    the change was a move the other processes may apply themselves. An older process reads the table
    id and an origin that is not its own: it catches up with the store, as before."""
    return f"{table_id}:{ORIGIN}:{move}" if move else f"{table_id}:{ORIGIN}"


class RelayedMove(NamedTuple):
    """Another process's announced move (tables.relay_body), read once."""

    state_id: int
    seat: int
    by_bot: bool
    notation: str
    digest: str
    meta: dict[str, Any]


def read_relayed(table_id: str, move: str) -> RelayedMove | None:
    """The announced move's body, or None (logged) when it cannot be read."""
    try:
        body = json.loads(move)
        state_id, (seat, by_bot, notation), digest, meta = body["s"], body["r"], body["h"], body["m"]
        meta["bots"] = {int(k): tuple(v) for k, v in meta["bots"].items()}
    except (ValueError, KeyError, TypeError, AttributeError):
        log.warning("an announced move at table %s could not be read", table_id)
        return None
    return RelayedMove(state_id, seat, by_bot, notation, digest, meta)


class Hub:
    def __init__(self, service: TableService, settings: Settings, broker: LocalBroker) -> None:
        self.service, self.settings, self.broker = service, settings, broker
        self.conns: dict[str, set[Connection]] = {}
        self.bot_tasks: dict[str, asyncio.Task] = {}
        self.bots_again: set[str] = set()  # tables that changed while their bot task was looking
        self.syncing: set[str] = set()  # tables whose catch-up with another process's change runs now
        self.resync: set[str] = set()  # ... and that changed again meanwhile
        self.sync_tasks: set[asyncio.Task] = set()
        self.sweeper: asyncio.Task | None = None
        self.listeners: list = []  # callables told the id of every table that changed (community: "your turn")
        self.heart: asyncio.Task | None = None
        self.owners: dict[str, str] = {}  # table id -> its creator, whose turn at the bots' pool it takes
        self.scheduler = FairScheduler(partial(bots.submit, settings.bot_workers), settings.bot_workers)
        self.inline = InlineMoves()  # whether a person's move is committed on the event loop (set by start)
        # The service's deadline index (a private one for a stand-in service that keeps none): moves
        # relayed from other processes update it too, so this process's sweep finds their deadlines.
        found = getattr(service, "deadlines", None)
        self.deadlines: DeadlineIndex = found if found is not None else DeadlineIndex(settings.reread_seconds)

    async def start(self) -> None:
        await asyncio.to_thread(downtime.credit_downtime, self.service.db, self.settings.heartbeat_seconds)
        self.loop = asyncio.get_running_loop()
        # A move's relay body (its state hash) is built only when another process may apply it.
        self.service.relaying = self.broker.relays
        self.inline.on = inline_moves(self.settings.inline_moves)
        if self.inline.on and not self.service.db.is_sqlite:
            self.inline.links = Links(self.service.db.libpq_url())
        self.service.caught_up = self._tell_caught_up
        self.broker.on_reconnect = self.catch_up_all
        await self.broker.start(self.remote_change)
        self.sweeper = asyncio.create_task(self._sweep())
        self.heart = asyncio.create_task(self._heartbeat())

    async def stop(self) -> None:
        tasks = [t for t in [self.sweeper, self.heart, *self.bot_tasks.values(), *self.sync_tasks] if t]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        try:  # a relay stuck on a dead connection must not hold the whole stop
            await asyncio.wait_for(self.broker.stop(), STOP_SECONDS)
        except Exception as exc:
            log.warning("the relay did not stop cleanly (%r)", exc)
        if self.inline.links is not None:
            await self.inline.links.close()
        try:  # the last moment a server ran: a restart credits the clocks with exactly the gap
            await asyncio.to_thread(downtime.mark_alive, self.service.db)
        except Exception as exc:
            log.warning("could not record the stop time (%s)", exc)

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

    async def changed(self, table_id: str, move: str = "") -> None:
        """After a local commit: tell the other processes (with the move, if it was one), update local
        connections, wake bots."""
        await self.broker.publish(message(table_id, move))
        await self._load(table_id)
        self.deliver(table_id)
        self.kick_bots(table_id)

    async def _load(self, table_id: str) -> None:
        """Load a just-started match for connections that were open before the start."""
        if table_id in self.conns and self.service.cached(table_id) is None:
            try:
                await asyncio.to_thread(self.service.live, table_id)
            except ServerError:
                pass  # still open: nothing to send yet

    def remote_change(self, payload: str) -> None:
        """A change committed by another process: catch up and deliver, in a task of its own per table
        (the broker's listener never waits for the store). A change announced while that table's
        catch-up runs makes it run once more, so no change is missed and a burst costs one read."""
        if payload.startswith("{"):  # a typed message (a chat line, an invitation): community/relay.py
            from gameshelf.server.community import relay

            relay.receive(self, payload)
            return
        table_id, _, rest = payload.partition(":")
        origin, _, move = rest.partition(":")
        if origin == ORIGIN:
            return
        self.service.moved_elsewhere(table_id)
        relayed = read_relayed(table_id, move) if move else None
        self._watch_remote(table_id, relayed)
        if table_id not in self.conns:
            self._tell(table_id)  # "your turn" for people connected here, though nobody here watches it
        elif relayed is not None and self._apply_move(table_id, relayed):
            self.deliver(table_id)
            self.kick_bots(table_id)
            return
        self.catch_up(table_id)

    def _watch_remote(self, table_id: str, relayed: RelayedMove | None) -> None:
        """Tell the deadline index about another process's change: a relayed move's meta says whether
        the game ended, a bot or zombie acts, or when the person to act must have moved; any other
        change (a start, a leave, an undo, a move that came without its body) flags the table."""
        if relayed is None:
            self.deadlines.flag(table_id)
            return
        clock = relayed.meta.get("clock") or {}
        to_act, deadline_ms = clock.get("to_act"), clock.get("deadline_ms")
        if relayed.meta.get("status") != "playing":
            self.deadlines.drop(table_id)
        elif to_act is not None and to_act in relayed.meta["bots"]:
            self.deadlines.flag(table_id)
        elif deadline_ms is not None:
            self.deadlines.note(table_id, datetime.fromtimestamp(deadline_ms / 1000, timezone.utc))

    def _apply_move(self, table_id: str, relayed: RelayedMove) -> bool:
        """Apply another process's announced move to the cached match without reading the store: True
        if the cache now holds that state (or a later one). False (the caller reads the store) when the
        cache is not at the state just before it, is busy, or the result differs from what the
        committing process saw (state id, hash): a cache that applied it wrongly is dropped."""
        live = self.service.cached(table_id)
        if live is None or table_id in self.syncing:
            return False
        state_id, seat, by_bot, notation, digest, meta = relayed
        if not live.lock.acquire(blocking=False):  # a worker thread is at this table: read the store
            return False
        try:
            if live.state_id >= state_id:
                return True  # a read here caught up already
            if live.state_id != state_id - 1:
                return False  # an announcement missed or still on its way: the store has them all
            try:
                live.apply(Row(state_id - 1, seat, "act", by_bot, notation))
                same = live.state_id == state_id and relay_digest(live.game, live.state) == digest
            except Exception:
                same = False
            if not same:
                log.warning("an announced move at table %s did not give the announced state", table_id)
                self.service.forget(table_id)
                return False
            live.meta = meta
            return True
        finally:
            live.lock.release()

    async def catch_up_all(self) -> None:
        """After the relay reconnected: every table with connections here, caught up with the store; the
        next sweep reads every playing table (announcements may have been lost meanwhile)."""
        self.deadlines.reread_soon()
        for table_id in list(self.conns):
            self.catch_up(table_id)

    def catch_up(self, table_id: str) -> None:
        """Catch the table up with the store and deliver, unless no connection here watches it."""
        if table_id not in self.conns:
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

    def _tell_caught_up(self, table_id: str) -> None:
        """From any thread: :meth:`_caught_up` on the event loop (nothing once the loop has closed)."""
        try:
            self.loop.call_soon_threadsafe(self._caught_up, table_id)
        except RuntimeError:
            pass  # the server is stopping

    def _caught_up(self, table_id: str) -> None:
        """A read in this process (a new connection, a resume, a record or hint request) caught the
        cached match up with the store: the table's other connections here get the new state too."""
        if table_id in self.conns and table_id not in self.syncing:  # a running catch-up delivers itself
            self.deliver(table_id)
            self.kick_bots(table_id)

    def deliver(self, table_id: str) -> None:
        for conn in list(self.conns.get(table_id, ())):
            conn.push()
        self._tell(table_id)

    def _tell(self, table_id: str) -> None:
        for listener in self.listeners:
            listener(table_id)

    # ---- heartbeat -----------------------------------------------------------------------------
    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.settings.heartbeat_seconds)
            try:
                await self.beat()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("heartbeat failed (%s); trying again in %s s", exc, self.settings.heartbeat_seconds)

    async def beat(self) -> None:
        """Record that a server runs; catch up tables whose change this process missed; tell every
        connection the store's state id of its table."""
        await asyncio.to_thread(downtime.mark_alive, self.service.db)
        watched = list(self.conns)
        if not watched:
            return
        quiet = time.monotonic() - self.settings.heartbeat_seconds  # sent nothing since: it gets a heartbeat
        current = await asyncio.to_thread(self._store_state_ids, watched)
        for table_id, state_id in current.items():
            live = self.service.cached(table_id)
            if live is not None and live.state_id != state_id:
                self.catch_up(table_id)  # an announcement was lost: the store is ahead of this cache
            beat = json.dumps({"type": "heartbeat", "state_id": state_id})  # once per table, not per connection
            for conn in list(self.conns.get(table_id, ())):
                # A connection already sent this state, and sent something lately, learns nothing from it.
                if conn.last_sid != state_id or conn.sent_at <= quiet:
                    conn.send(beat)

    def _store_state_ids(self, table_ids: list[str]) -> dict[str, int | None]:
        """Each playing or finished table's state id in the store (None for a table not started)."""
        with self.service.db.read() as session:
            return table_store.state_ids(session, table_ids)

    # ---- bots ------------------------------------------------------------------------------
    def kick_bots(self, table_id: str) -> None:
        live = self.service.cached(table_id)
        if live is not None and not live.meta.get("bots"):
            return  # no bot and no zombie seat here (the common case): no task, no thread hop
        task = self.bot_tasks.get(table_id)
        if task is None or task.done():
            task = self.bot_tasks[table_id] = asyncio.create_task(self._drive(table_id))
            task.add_done_callback(self._driven)
        else:  # its look at the table may predate this change: it looks once more before it ends
            self.bots_again.add(table_id)

    def _driven(self, task: asyncio.Task) -> None:
        """A bot task ended: an error it could not retry is logged here (never lost with the task)."""
        for table_id, known in list(self.bot_tasks.items()):
            if known is task:
                del self.bot_tasks[table_id]
                self.bots_again.discard(table_id)
                self.owners.pop(table_id, None)
        if not task.cancelled() and task.exception() is not None:
            log.error("the bots of a table stopped", exc_info=task.exception())

    async def _drive(self, table_id: str) -> None:
        """Play every bot decision at the table until a human decides or the game ends. A transient
        store error (a dropped connection, a full disk) is retried with growing pauses; after
        ``store_retries`` failures in a row the sweep starts the table's bots again later."""
        failures = 0
        for _ in range(100_000):
            self.bots_again.discard(table_id)
            try:
                done = await self._bot_step(table_id)
                failures = 0
            except ServerError:
                return
            except Exception as exc:
                retry = transient(exc) or isinstance(exc, BrokenProcessPool)  # the pool starts afresh
                if not retry or failures >= self.settings.store_retries:
                    raise
                failures += 1
                pause = min(5.0, 0.1 * 2 ** failures)
                log.warning("bots at %s: %s; trying again in %.1f s", table_id, exc, pause)
                await asyncio.sleep(pause)
                continue
            if done and table_id not in self.bots_again:  # no change since this step looked
                return

    async def _person(self, table_id: str) -> str:
        owner = self.owners.get(table_id)
        if owner is None:
            def read() -> str:
                with self.service.db.read() as session:
                    return table_store.owner_of(session, table_id)
            owner = self.owners[table_id] = await asyncio.to_thread(read)
        return owner

    async def _bot_step(self, table_id: str) -> bool:
        """One bot decision at the table; True when no bot decides there now."""
        turn = await asyncio.to_thread(self.service.bot_seat, table_id)
        if turn is None:
            return True
        seat, level, seed, state_id = turn
        await asyncio.sleep(self.settings.bot_delay)
        live = await asyncio.to_thread(self.service.live, table_id)
        while not live.lock.acquire(blocking=False):  # never block the event loop on a commit
            await asyncio.sleep(0.001)
        try:
            if live.state_id != state_id:
                return False
            view = live.game.view(live.state, seat)
            legal = [str(a) for a in live.game.legal_actions(live.state)]
            game_id = live.game.id
        finally:
            live.lock.release()
        notation = await self.scheduler.run(await self._person(table_id), table_id, bots.choose,
                                            game_id, level, seed, state_id, view, legal)
        try:
            moved = await asyncio.to_thread(self.service.submit, table_id, seat, notation, state_id, True)
        except ServerError as exc:
            if exc.code in ("action.stale", "action.not_your_turn"):
                return False
            if exc.code == "action.game_over":
                return True  # another process's bot made the last move
            log.warning("bot at %s seat %s refused: %s %s", table_id, seat, exc.code, exc.message)
            raise
        self.deliver(table_id)
        await self.broker.publish(message(table_id, moved.relayed))
        return False

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
                self.deadlines.reread_soon()  # what the failed sweep took from the index is read again


def table_message(meta: dict, state_id: int | None, seats: list | None = None) -> str:
    body = {"type": "table", "table": meta.get("id"), "status": meta.get("status"), "state_id": state_id,
            "clock": meta.get("clock"), "zombies": meta.get("zombies"), "resigned": meta.get("resigned")}
    if seats is not None:
        body["seats"] = seats
    return jsontext.dumps(body)

"""Cross-process updates: which table changed, so every process refreshes its connections there.

PostgreSQL: every process LISTENs on one channel; a table's change (a move, a join, a start, ...) is
NOTIFYed right after its commit, by one thread of the committing process on a connection of its own
(``PostgresBroker.announce``; a table service no hub wires NOTIFYs inside the committing
transaction, delivered only if it commits). Redis (``--broker redis://...``): published right
after the commit.

Why the NOTIFY is not in the change's transaction: PostgreSQL serialises every committing transaction
that notified on one lock for the whole database, held until its commit is flushed to the WAL
(async.c, ``PreCommit_Notify``), so with the NOTIFY inside, moves committed one at a time, one WAL
flush each: on this machine 16 threads committed 520-570 such transactions a second against 2,600
without the NOTIFY (the flushes then shared), and at 1,000 seats the moves' commits queued on
that lock (``pg_stat_activity``: wait event ``Lock``/``object`` more often than the WAL flush
itself; bench/RESULTS.md, session 22). The sender's connection writes nothing but notifications, so its commits do not wait
for their WAL flush (``synchronous_commit`` off on that connection only: a notification is never
stored). A change whose process dies between its commit and the announcement is found by the other
processes' heartbeat (the store's state id against their cache), as with Redis. With
SQLite and no broker, a single process delivers to its own connections only. A table change carries
only a table id; the store stays the truth, so a lost or repeated message never loses or repeats an
update (each connection is sent what it has not yet seen, by state id). A payload that is a JSON
object is a typed message (a chat line, a rematch invitation: server/community/relay.py), relayed
on the same channel.

A relay that loses its connection misses every message sent meanwhile. When it is back, it calls
``on_reconnect`` (an attribute the hub sets before ``start``), which catches every table this process
serves up with the store, so nothing committed during the gap stays undelivered.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from typing import Awaitable, Callable

log = logging.getLogger("gameshelf.server")
STOP_SECONDS = 2.0  # how long a stopping PostgreSQL relay waits for its last announcements to be sent
Handler = Callable[[str], Awaitable[None]]
Reconnected = Callable[[], Awaitable[None]]


class LocalBroker:
    """One process: nothing to relay (the committing process delivers to its own connections)."""

    on_reconnect: Reconnected | None = None
    relays = False  # no other process hears this one's changes

    async def reconnected(self) -> None:
        """The relay is back after a loss: let the hub catch up with what it missed."""
        if self.on_reconnect is None:
            return
        try:
            await self.on_reconnect()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("catching up after the relay reconnected failed")

    async def start(self, handler: Handler) -> None:
        self.handler = handler

    async def publish(self, table_id: str) -> None:
        pass

    async def stop(self) -> None:
        pass


class PostgresBroker(LocalBroker):
    """LISTEN on the database's channel; a change's NOTIFY is sent after its commit (``announce``)."""

    relays = True

    def __init__(self, conninfo: str, channel: str) -> None:
        self.conninfo, self.channel = conninfo, channel
        self.task: asyncio.Task | None = None
        self.ready = asyncio.Event()
        self.outbox: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self.sender: threading.Thread | None = None

    async def start(self, handler: Handler) -> None:
        self.handler = handler
        self.task = asyncio.create_task(self._listen())
        self.sender = threading.Thread(target=self._send, name="gameshelf-notify", daemon=True)
        self.sender.start()
        await asyncio.wait_for(self.ready.wait(), 10)

    def announce(self, payload: str) -> None:
        """From any thread, once a move has committed: NOTIFY ``payload`` soon, in order, never
        waiting (see the module's docstring)."""
        self.outbox.put(payload)

    def _send(self) -> None:
        """The sender thread: the announcements waiting, in order, one transaction a batch (a
        notification sent twice after a lost connection is harmless: a move is applied once). Sent
        through libpq as one simple query of ``SELECT pg_notify(...)`` statements (one transaction),
        quoted by libpq: a psycopg ``execute`` with the batch as an array parameter cost about
        0.25 ms of CPU an announcement, this about 0.09 ms."""
        conn = statement = None
        while (batch := self._next_batch()) is not None:
            while True:
                try:
                    if conn is None or conn.closed:
                        conn, statement = self._connect()
                    _notify_batch(conn, statement, batch)
                    break
                except Exception as exc:
                    log.warning("NOTIFY failed (%s); retrying", exc)
                    if conn is not None:
                        conn.close()
                    conn = None
                    time.sleep(0.2)
        if conn is not None:
            conn.close()

    def _next_batch(self) -> list[str] | None:
        """The announcements waiting (at least one, at most 512; None once stopping)."""
        first = self.outbox.get()
        if first is None:
            return None
        batch = [first]
        while len(batch) < 512:
            try:
                more = self.outbox.get_nowait()
            except queue.Empty:
                break
            if more is None:
                self.outbox.put(None)  # stop once this batch is sent
                break
            batch.append(more)
        return batch

    def _connect(self):
        """The sender's connection (``synchronous_commit`` off: it stores nothing) and a function
        giving a payload's ``SELECT pg_notify(...)`` statement, quoted by libpq."""
        import psycopg
        from psycopg import pq

        conn = psycopg.connect(self.conninfo, autocommit=True)
        conn.execute("SET synchronous_commit TO off")
        quote, encoding = pq.Escaping(conn.pgconn).escape_literal, conn.info.encoding
        head = b"SELECT pg_notify(" + quote(self.channel.encode(encoding)) + b", "
        return conn, lambda payload: head + quote(payload.encode(encoding)) + b")"

    async def _listen(self) -> None:
        import psycopg
        from psycopg import sql

        lost = False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True) as conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                    self.ready.set()
                    if lost:  # listening again: what was committed while nobody listened is read now
                        lost = False
                        self.reconnect_task = asyncio.create_task(self.reconnected())
                    async for note in conn.notifies():
                        await self.handler(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the connection dropped: listen again
                log.warning("LISTEN connection lost (%s); reconnecting", exc)
                lost = True
                await asyncio.sleep(0.5)

    async def stop(self) -> None:
        if self.task:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        if self.sender is not None:  # the last moves' announcements first (briefly: a lost one is found anyway)
            self.outbox.put(None)
            await asyncio.to_thread(self.sender.join, STOP_SECONDS)


def _notify_batch(conn, statement, batch: list[str]) -> None:
    """NOTIFY ``batch`` in one transaction on ``conn``. Refused with the connection sound (a payload
    PostgreSQL will never take, such as one over 8000 bytes), one at a time instead, dropping (and
    logging) what is refused, so that one bad payload blocks nothing after it. Raises on a broken
    connection, ``batch`` then holding what is still to send."""
    import psycopg
    from psycopg import pq

    def sound(result) -> bool:
        if result.status == pq.ExecStatus.TUPLES_OK:
            return True
        if conn.pgconn.status != pq.ConnStatus.OK:
            raise psycopg.OperationalError(result.get_error_message() or "NOTIFY failed")
        return False

    if sound(conn.pgconn.exec_(b"; ".join(statement(payload) for payload in batch))):
        return
    while batch:
        result = conn.pgconn.exec_(statement(batch[0]))
        if not sound(result):
            log.error("NOTIFY refused, dropped (%s): %.80s", (result.get_error_message() or "").strip(), batch[0])
        del batch[0]


class RedisBroker(LocalBroker):
    """Redis pub/sub on the database's channel.

    ``publish`` never waits and never fails: messages go to a queue that one task sends in order,
    in pipelined batches over one connection, retrying after an error. (Publishing straight from every
    submission took a pooled connection each; past the pool's size Redis refused them, and each
    refusal lost an update for the other processes and answered an accepted action with an error.)
    """

    relays = True

    def __init__(self, url: str, channel: str) -> None:
        self.url, self.channel = url, channel
        self.task: asyncio.Task | None = None
        self.sender: asyncio.Task | None = None
        self.outbox: asyncio.Queue[str] = asyncio.Queue()

    async def start(self, handler: Handler) -> None:
        import redis.asyncio as redis

        self.handler = handler
        # Named after the channel, so an operator (or a test) can tell this deployment's connections.
        self.client = redis.from_url(self.url, client_name=self.channel)
        self.pubsub = self.client.pubsub()
        await self.pubsub.subscribe(self.channel)
        # redis-py reconnects and subscribes again by itself, silently: hear of every later connect.
        self.pubsub.connection.register_connect_callback(self._connected)
        self.task = asyncio.create_task(self._listen())
        self.sender = asyncio.create_task(self._send())

    async def _listen(self) -> None:
        while True:
            try:
                async for message in self.pubsub.listen():
                    if message.get("type") == "message":
                        data = message["data"]
                        await self.handler(data.decode() if isinstance(data, bytes) else data)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the connection dropped: subscribe again
                log.warning("Redis subscription lost (%s); subscribing again", exc)
                await asyncio.sleep(0.5)
                try:
                    await self.pubsub.subscribe(self.channel)
                except Exception:
                    continue
                await self.reconnected()

    def _connected(self, connection) -> None:
        self.reconnect_task = asyncio.create_task(self.reconnected())  # never delay redis-py's connect

    async def publish(self, table_id: str) -> None:
        self.outbox.put_nowait(table_id)

    async def _send(self) -> None:
        while True:
            batch = [await self.outbox.get()]
            while not self.outbox.empty() and len(batch) < 512:
                batch.append(self.outbox.get_nowait())
            while True:
                try:
                    async with self.client.pipeline(transaction=False) as pipe:
                        for payload in dict.fromkeys(batch):  # in order, each once
                            pipe.publish(self.channel, payload)
                        await pipe.execute()
                    break
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    log.warning("Redis publish failed (%s); retrying", exc)
                    await asyncio.sleep(0.2)

    async def stop(self) -> None:
        if self.sender:  # the last moves' announcements first (briefly: a lost one is found anyway)
            try:
                await asyncio.wait_for(self.outbox.join(), 2)
            except TimeoutError:
                pass
        for task in (self.sender, self.task):
            if task:
                task.cancel()
        await asyncio.gather(*(t for t in (self.sender, self.task) if t), return_exceptions=True)
        await self.pubsub.aclose()
        await self.client.aclose()


def make_broker(url: str, db) -> LocalBroker:
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisBroker(url, db.channel())
    if url:
        raise ValueError(f"unknown broker {url!r}: give redis://HOST:PORT, or nothing for PostgreSQL's NOTIFY")
    if not db.is_sqlite:
        return PostgresBroker(db.libpq_url(), db.channel())
    return LocalBroker()

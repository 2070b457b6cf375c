"""Cross-process updates: which table changed, so every process refreshes its connections there.

PostgreSQL: every process LISTENs on one channel; a change is NOTIFYed right after its commit, on
the connection that committed it (store/db.py ``Database.hot``: a NOTIFY inside the transaction
would make the changes of the whole database commit one at a time). Redis (``--broker
redis://...``): published right after the commit. With SQLite and no broker, a single process
delivers to its own connections only. A table change carries only a table id; the store stays the
truth, so a lost or repeated message never loses or repeats an update (each connection is sent
what it has not yet seen, by state id). A payload that is a JSON
object is a typed message (a chat line, a rematch invitation: server/community/relay.py), relayed
on the same channel.

A relay that loses its connection misses every message sent meanwhile. When it is back, it calls
``on_reconnect`` (an attribute the hub sets before ``start``), which catches every table this process
serves up with the store, so nothing committed during the gap stays undelivered.

The handler runs on the event loop, once per message, in the order the messages came, and must not
wait for anything (what waits goes to a task of its own).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Awaitable, Callable

log = logging.getLogger("gameshelf.server")
Handler = Callable[[str], None]
Reconnected = Callable[[], Awaitable[None]]


class LocalBroker:
    """One process: nothing to relay (the committing process delivers to its own connections)."""

    on_reconnect: Reconnected | None = None
    relays = False  # no other process hears this one's changes

    def _hand_over(self, payload: str) -> None:
        """One message to the handler; its failure is logged and the relay goes on listening."""
        try:
            self.handler(payload)
        except Exception:
            log.exception("a change announced by another process could not be handled")

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
    """LISTEN on the database's channel; the NOTIFY is sent by the committing process (``publish``
    has nothing to do)."""

    relays = True

    def __init__(self, conninfo: str, channel: str) -> None:
        self.conninfo, self.channel = conninfo, channel
        self.task: asyncio.Task | None = None
        self.ready = asyncio.Event()

    async def start(self, handler: Handler) -> None:
        self.handler = handler
        self.task = asyncio.create_task(self._listen())
        await asyncio.wait_for(self.ready.wait(), 10)

    async def _listen(self) -> None:
        import psycopg
        from psycopg import sql
        from psycopg.pq import ConnStatus

        loop = asyncio.get_running_loop()
        lost = False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True) as conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                    dropped: asyncio.Future[None] = loop.create_future()
                    socket = conn.pgconn.socket
                    loop.add_reader(socket, self._readable, conn.pgconn, ConnStatus.OK, dropped)
                    self._readable(conn.pgconn, ConnStatus.OK, dropped)  # any already in libpq's buffer
                    try:
                        self.ready.set()
                        if lost:  # listening again: what was committed while nobody listened is read now
                            lost = False
                            self.reconnect_task = asyncio.create_task(self.reconnected())
                        await dropped
                    finally:
                        loop.remove_reader(socket)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the connection dropped: listen again
                log.warning("LISTEN connection lost (%s); reconnecting", exc)
                lost = True
                await asyncio.sleep(0.5)

    def _readable(self, pgconn: Any, ok: Any, dropped: asyncio.Future[None]) -> None:
        """The LISTEN connection's socket can be read: hand over every notification it brought, read
        straight from libpq (psycopg's ``notifies()`` generator costs 2-3 times the CPU a
        notification: bench/RESULTS.md, session 26). A connection whose status is no longer ``ok``
        ends ``dropped``."""
        try:
            pgconn.consume_input()
            if pgconn.status != ok:
                raise ConnectionError("the LISTEN connection is closed")
        except Exception as exc:
            if not dropped.done():
                dropped.set_exception(exc)
            return
        while (note := pgconn.notifies()) is not None:
            self._hand_over(note.extra.decode())

    async def stop(self) -> None:
        if self.task:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)


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
                        self._hand_over(data.decode() if isinstance(data, bytes) else data)
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

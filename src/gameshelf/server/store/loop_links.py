"""PostgreSQL: connections the event loop's own moves use without ever blocking it.

A move committed on the event loop saves the hand-off to a worker thread (a quarter of a move's CPU
on PostgreSQL: bench/RESULTS.md, session 25), but a blocking round trip held every connection of the
process up while PostgreSQL answered; on a machine short of cores that wait was 8-10 ms a move,
and the moves had to go back to the threads (session 26). Here each round trip is sent, and the
loop serves the other connections until the answer is in: the query string goes straight to
libpq, the loop wakes when its socket can be read, and the results are read from libpq's buffer
(as the relay's listener does, server/broker.py), then converted by psycopg's own loaders.

A link is a psycopg connection in autocommit whose transactions the query strings begin and end
(store/tables.py ``table_and_seats_soon`` and ``Batch.commit_text``). The few links of a process
are kept open and handed to one move at a time; a link the store failed on is closed, never
reused.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Sequence

log = logging.getLogger("gameshelf.server")

LINKS = 4  # a process's links at most: moves waiting on the store at once (more go to the threads)


class StoreRefused(Exception):
    """A statement of a link's query string failed (the store's ``sqlstate`` and message); the
    link itself may still be good (see ``Link.in_transaction``)."""

    def __init__(self, sqlstate: str, message: str, index: int = 0) -> None:
        super().__init__(message)
        self.sqlstate = sqlstate
        self.index = index  # the failed statement's place in the query string (0: the first)
        # The store's passing trouble (server/retry.py): a connection exception, a serialization
        # failure or deadlock, resources exhausted, or the server shutting down.
        self.passing = sqlstate[:2] in ("08", "40", "53", "57")


class Link:
    """One kept connection; :meth:`run` sends a query string and waits for its results without
    blocking the loop."""

    def __init__(self, conn: Any) -> None:
        from psycopg import AsyncClientCursor
        from psycopg.adapt import Transformer

        self.conn = conn  # psycopg.AsyncConnection, autocommit (only its pgconn is used after connecting)
        self.pgconn = conn.pgconn
        self.quoting = AsyncClientCursor(conn)  # binds values into the text, as the threads' ClientCursor
        self.loader = Transformer(conn)
        self.failed = False

    async def run(self, sql: str, values: Sequence[Any] = ()) -> list[tuple[list[tuple], list[int]]]:
        """Each statement's rows and column type codes (PostgreSQL's type oids), in order. A failed
        statement raises :class:`StoreRefused` (the statements after it did not run); a broken
        connection psycopg's OperationalError. Either way the link is marked failed unless the
        connection is left outside any transaction and good."""
        from psycopg import pq

        text = self.quoting.mogrify(sql, values) if values else sql
        pgconn = self.pgconn
        try:
            pgconn.send_query(text.encode())
            while pgconn.flush():  # (a long query string the socket took only in part)
                await _ready(pgconn.socket, writing=True)
            results = []
            while True:
                while pgconn.is_busy():
                    await _ready(pgconn.socket)
                    pgconn.consume_input()
                result = pgconn.get_result()
                if result is None:
                    break
                results.append(result)
        except BaseException:
            self.failed = True
            raise
        out = []
        refused = None
        for index, result in enumerate(results):
            if result.status == pq.ExecStatus.FATAL_ERROR:
                refused = refused or StoreRefused(
                    (result.error_field(pq.DiagnosticField.SQLSTATE) or b"").decode(),
                    (result.error_message or b"").decode(errors="replace").strip(), index)
                continue
            codes = [result.ftype(i) for i in range(result.nfields)]
            rows: list[tuple] = []
            if result.ntuples:
                self.loader.set_pgresult(result)
                rows = self.loader.load_rows(0, result.ntuples, tuple)
            out.append((rows, codes))
        if refused is not None:
            if self.in_transaction() or pgconn.status != pq.ConnStatus.OK:
                self.failed = True  # (the caller rolls a failed transaction back: then it is good again)
            raise refused
        return out

    def in_transaction(self) -> bool:
        from psycopg import pq

        return self.pgconn.transaction_status != pq.TransactionStatus.IDLE

    async def roll_back(self) -> None:
        """End a transaction the link is in (after a refusal), or mark it failed if that fails."""
        try:
            await self.run("ROLLBACK")
            self.failed = self.in_transaction()
        except Exception:
            self.failed = True


async def _ready(fd: int, writing: bool = False) -> None:
    """Wait until ``fd`` can be read (or written)."""
    loop = asyncio.get_running_loop()
    done = loop.create_future()
    add, remove = (loop.add_writer, loop.remove_writer) if writing else (loop.add_reader, loop.remove_reader)
    add(fd, _settle, done)
    try:
        await done
    finally:
        remove(fd)


def _settle(done: asyncio.Future) -> None:
    if not done.done():
        done.set_result(None)


class Links:
    """The process's links: :meth:`take` one (or None: all are busy, the move goes to a thread),
    :meth:`give_back` it after the move."""

    def __init__(self, conninfo: str, size: int = LINKS) -> None:
        self.conninfo, self.size = conninfo, size
        self.idle: list[Link] = []
        self.count = 0  # links open or being opened
        self.closed = False
        self.failing = False  # the last attempt to open a link failed (said once, not at every move)

    async def take(self) -> Link | None:
        from gameshelf.server.store.db import _pg_alive

        while self.idle:
            link = self.idle.pop()
            if _pg_alive(link.conn):
                return link
            await self._close(link)
        if self.count >= self.size or self.closed:
            return None
        self.count += 1
        try:
            import psycopg

            link = Link(await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True))
        except Exception as exc:
            self.count -= 1
            if not self.failing:
                log.warning("the event loop's store connection could not be opened (%s); moves go to the "
                            "threads until it can", exc)
            self.failing = True
            return None
        self.failing = False
        return link

    async def give_back(self, link: Link) -> None:
        if link.failed or link.in_transaction() or self.closed:
            await self._close(link)
        else:
            self.idle.append(link)

    async def _close(self, link: Link) -> None:
        self.count -= 1
        try:
            await link.conn.close()
        except Exception:  # (a connection the server ended: nothing left to close)
            pass

    async def close(self) -> None:
        self.closed = True
        while self.idle:
            await self._close(self.idle.pop())

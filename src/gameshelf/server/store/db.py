"""The engine for SQLite or PostgreSQL, migrations at start, and the per-match row lock.

SQLite runs in WAL mode and every transaction begins ``IMMEDIATE`` (it takes the write lock at
once, which is SQLite's row lock); PostgreSQL locks the match's row with ``SELECT ... FOR UPDATE``.

On SQLite every write of this process goes through one kept connection, in turn (``write_lock``),
so ``PRAGMA data_version`` on it changes exactly when another process (or another connection of
this one, outside :meth:`Database.transaction` and :meth:`Database.hot`) committed: the table and
seat rows a move committed through it (``Database.rows``) are then kept for the next move of that
table, which needs no read. A write of this process to a table's or a seat's row outside the move
drops that table's rows (an ORM flush: the tables of its objects; any other statement: all rows),
and so does any change of ``data_version``, a failed statement or a rolled-back move.
"""

from __future__ import annotations

import hashlib
import select as sockets
import sqlite3
import threading
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Iterator

from sqlalchemy import Connection, create_engine, event, select, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DisconnectionError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from gameshelf.server.store.models import Table
from gameshelf.server.store.tables import AFTER_COMMIT, BEGIN, BEGUN, MOVE, notify_committed

MIGRATIONS = Path(__file__).with_name("migrations")
BUSY_MS = 30000  # how long SQLite's writers wait for another's write lock (``busy_timeout``)


class WriterBusy(Exception):
    """SQLite: another process held the write lock, and the caller would not wait for it
    (:meth:`Database.hot_kept` with ``wait=False``): nothing began."""


def default_db_url() -> str:
    """An SQLite file in the user's data directory (created on first start)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("gameshelf", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'gameshelf.db'}"


class Database:
    """One engine and its sessions; ``url`` is an SQLAlchemy URL (sqlite:/// or postgresql+psycopg://)."""

    def __init__(self, url: str) -> None:
        self.url: URL = make_url(url)
        self.is_sqlite = self.url.get_backend_name() == "sqlite"
        self.write_lock = threading.Lock() if self.is_sqlite else nullcontext()
        if self.is_sqlite:
            if self.url.database and self.url.database != ":memory:":
                Path(self.url.database).parent.mkdir(parents=True, exist_ok=True)
            self.engine = create_engine(self.url, connect_args={"check_same_thread": False, "timeout": 30},
                                        pool_size=8, max_overflow=8)
            event.listen(self.engine, "connect", _sqlite_connect)
            event.listen(self.engine, "begin", lambda conn: _begin(conn, "BEGIN IMMEDIATE"))
            # Reads begin deferred: in WAL mode they never wait for a writer.
            self.read_engine = create_engine(self.url, connect_args={"check_same_thread": False, "timeout": 30},
                                             pool_size=8, max_overflow=8)
            event.listen(self.read_engine, "connect", _sqlite_connect)
            event.listen(self.read_engine, "begin", lambda conn: _begin(conn, "BEGIN"))
        else:
            self.engine = create_engine(self.url, pool_size=8, max_overflow=8)
            event.listen(self.engine, "checkout", _pg_ping)
            event.listen(self.engine, "before_cursor_execute", _begin_if_pending)
            self.read_engine = self.engine
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._kept: Connection | None = None  # hot_kept's
        # SQLite: table id -> (table row, seat rows) as the kept connection committed them (see the
        # module's docstring); valid while the kept connection's data_version stays ``_version``.
        self.rows: dict[str, tuple] = {}
        self._version: int | None = None
        self._flushing = False  # an ORM flush of transaction() runs (it dropped its tables' rows first)
        if self.is_sqlite:
            event.listen(self.engine, "before_cursor_execute", self._written)
        self.read_sessions = sessionmaker(self.read_engine, expire_on_commit=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A writing transaction. On SQLite this process's writers queue on a lock first: SQLite's
        own busy handler sleeps in growing steps, so waiting there would cost tens of milliseconds;
        and they all write through the kept connection (see the module's docstring)."""
        if not self.is_sqlite:  # (its announcements are sent once it committed: see hot)
            with self.engine.connect() as conn, _announcing(conn):
                with self.sessions(bind=conn) as session, session.begin():
                    yield session
            return
        with self.write_lock, self.hot_kept() as conn:
            try:
                with Session(bind=conn, expire_on_commit=False, info={_DB: self}) as session:
                    yield session
                    session.flush()  # the kept connection's transaction commits it
            finally:
                self._flushing = False

    @contextmanager
    def hot(self) -> Iterator[Connection]:
        """A writing transaction on a plain connection (Core statements only: the submission path);
        on SQLite the kept one.

        PostgreSQL: the transaction's announcements (store/tables.py ``notify``) are sent right after
        the commit, on the same connection, in a transaction of its own that waits for no WAL flush
        (``notify_committed``). Not inside the move's transaction: PostgreSQL serialises the commits
        of all transactions that notified on one lock for the whole database, held until each
        commit's WAL flush (async.c, ``PreCommit_Notify``), so with the NOTIFY inside, moves
        committed one at a time, one flush each (bench/RESULTS.md, session 22). Sent while the
        caller still holds the match's lock, so a table's announcements keep their order. A process
        that dies between the commit and the NOTIFY is found by the others' heartbeat (as with Redis).
        """
        if self.is_sqlite:
            with self.write_lock, self.hot_kept() as conn:
                yield conn
            return
        with self.engine.connect() as conn, _announcing(conn), conn.begin():
            yield conn

    @contextmanager
    def move(self) -> Iterator[Connection]:
        """The submission path's writing transaction on a worker thread: :meth:`hot`, but on
        PostgreSQL in two round trips where :meth:`hot` takes five (see :func:`_moving`)."""
        if self.is_sqlite:
            with self.hot() as conn:
                yield conn
            return
        with self.engine.connect() as conn, _moving(conn):
            yield conn

    @contextmanager
    def hot_kept(self, wait: bool = True) -> Iterator[Connection]:
        """SQLite: :meth:`hot` on one connection kept open (no pool check-out, no reset on return),
        for a caller that holds ``write_lock``: every writer of this process, one at a time. A kept
        connection the store failed on is replaced. With ``wait=False`` (the event loop, which must
        never wait) WriterBusy at once if another process holds SQLite's write lock.

        The kept connection's busy wait is off (``busy_timeout`` 0) but while a thread's ``BEGIN
        IMMEDIATE`` waits for the write lock: the only statement of a transaction that waits in WAL
        mode (its later statements and its commit wait for nobody), so the event loop's moves,
        the most, set nothing."""
        if self._kept is None:
            self._kept = self.engine.connect()
            self._kept.connection.driver_connection.execute("PRAGMA busy_timeout=0")
        try:
            begun = self._begin_waiting(self._kept) if wait else self._begin_at_once(self._kept)
            with begun:
                version = self._kept.connection.driver_connection.execute("PRAGMA data_version").fetchone()[0]
                if version != self._version:  # another connection committed: nothing kept is sure
                    self.rows.clear()
                    self._version = version
                yield self._kept
        except Exception as exc:
            if self._kept is not None and _store_failed(exc):
                self._drop_kept()  # a connection the store failed on is not trusted with the next move
            raise

    @staticmethod
    @contextmanager
    def _begin_at_once(conn: Connection) -> Iterator[None]:
        """The event loop's transaction on the kept ``conn``: ``BEGIN IMMEDIATE`` without waiting
        (WriterBusy if another process holds the write lock), then ``COMMIT`` (or a rollback on any
        error). Both go to the driver: SQLAlchemy's transaction object around them cost as much
        as the move's own statements. A Core statement sent through ``conn`` inside autobegins
        SQLAlchemy's (its begin event finds the driver's transaction and sends nothing), and then
        SQLAlchemy ends it, on the same driver transaction; an ORM session must join through
        :func:`session_on`."""
        driver = conn.connection.driver_connection
        try:
            driver.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode & 0xFF == sqlite3.SQLITE_BUSY:
                raise WriterBusy("another process holds SQLite's write lock") from exc
            raise
        try:
            yield
            if conn.in_transaction():
                conn.commit()
            else:
                driver.commit()
        except BaseException:
            if conn.in_transaction():
                conn.rollback()
            elif driver.in_transaction:
                driver.rollback()
            raise

    @staticmethod
    @contextmanager
    def _begin_waiting(conn: Connection) -> Iterator[None]:
        """A worker thread's transaction on the kept ``conn``: SQLAlchemy's, whose ``BEGIN IMMEDIATE``
        waits up to BUSY_MS for another process's write lock (the busy wait on for just that)."""
        driver = conn.connection.driver_connection
        driver.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        try:
            transaction = conn.begin()
        finally:
            driver.execute("PRAGMA busy_timeout=0")
        with transaction:
            yield

    def _drop_kept(self) -> None:
        try:
            self._kept.close()
        except Exception:  # (a connection the server ended: nothing left to close)
            pass
        self._kept = None
        self.rows.clear()
        self._version = None

    def _written(self, conn, _cursor, statement: str, _parameters, _context, _many) -> None:
        """A statement of this process through SQLAlchemy (the move's own go to the driver): one that
        writes a table's or a seat's row outside an ORM flush of :meth:`transaction` drops every
        kept row (a flush dropped its objects' tables before it ran)."""
        if self.rows and not self._flushing and statement.lstrip()[:7].upper().startswith(
                ("UPDATE", "INSERT", "DELETE", "REPLACE")) and ("game_tables" in statement or "seats" in statement):
            self.rows.clear()

    @contextmanager
    def read_connection(self) -> Iterator[Connection]:
        """A reading transaction on a plain connection (Core statements only)."""
        with self.read_engine.begin() as conn:
            yield conn

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A session for reading only (never takes SQLite's write lock)."""
        with self.read_sessions() as session, session.begin():
            yield session

    def lock_table(self, session: Session, table_id: str) -> Table | None:
        """The match's row, locked until the transaction ends (serialises its actions)."""
        query = select(Table).where(Table.id == table_id)
        if not self.is_sqlite:
            query = query.with_for_update()
        return session.execute(query).scalar_one_or_none()

    def channel(self) -> str:
        """A NOTIFY / pub-sub channel name unique to this database and schema."""
        key = self.url.render_as_string(hide_password=True)
        return "gameshelf_" + hashlib.blake2b(key.encode(), digest_size=6).hexdigest()

    def libpq_url(self) -> str:
        """The PostgreSQL URL as psycopg reads it (for the LISTEN connection)."""
        return self.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest Alembic revision (safe to run concurrently)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.connect() as conn:
            if not self.is_sqlite:
                conn.execute(text("SELECT pg_advisory_lock(724301)"))
                conn.commit()
            try:
                config.attributes["connection"] = conn
                command.upgrade(config, "head")
                conn.commit()
            finally:
                if not self.is_sqlite:
                    conn.execute(text("SELECT pg_advisory_unlock(724301)"))
                    conn.commit()

    def dispose(self) -> None:
        """Close every connection. SQLite's kept one is closed under ``write_lock``: a worker thread
        may still be writing through it while the server shuts down (an sqlite3 connection closed
        under a running statement fails in the C library, not with a clean error)."""
        with self.write_lock:
            if self._kept is not None:
                self._drop_kept()
        self.engine.dispose()
        self.read_engine.dispose()


_DB = "gameshelf.db"  # a session of Database.transaction (SQLite): its Database, in session.info


@event.listens_for(Session, "before_flush")
def _before_flush(session: Session, _context, _instances) -> None:
    """A flush of :meth:`Database.transaction` (SQLite) first drops the kept rows of every table
    whose row or seats it writes; its statements then leave the other tables' rows kept."""
    db = session.info.get(_DB)
    if db is None:
        return
    from gameshelf.server.store.models import Seat

    for obj in (*session.new, *session.dirty, *session.deleted):
        if isinstance(obj, Table):
            db.rows.pop(obj.id, None)
        elif isinstance(obj, Seat):
            db.rows.pop(obj.table_id, None)
    db._flushing = True


@event.listens_for(Session, "after_flush_postexec")
def _after_flush(session: Session, _context) -> None:
    db = session.info.get(_DB)
    if db is not None:
        db._flushing = False


def session_on(conn: Connection) -> Session:
    """An ORM session inside ``conn``'s transaction: it flushes there and never ends it. On the event
    loop's SQLite transaction, begun on the driver (``Database._begin_at_once``), SQLAlchemy's own is
    begun first (its begin event sends nothing), so the session joins it rather than beginning one of
    its own, which its close would roll back with every write of the move."""
    if not conn.in_transaction():
        conn.begin()
    return Session(bind=conn)


def _begin(conn, statement: str) -> None:
    """Begin SQLite's transaction straight on the driver's connection: once per transaction, and
    through SQLAlchemy's whole execution path it cost as much as a statement of the move itself.
    Nothing when the driver's transaction has begun already (``Database._begin_at_once``)."""
    driver = conn.connection.driver_connection
    if not driver.in_transaction:
        driver.execute(statement)


@contextmanager
def _announcing(conn: Connection) -> Iterator[None]:
    """Around a PostgreSQL transaction on ``conn``: once it committed, NOTIFY what it announced
    (store/tables.py ``notify``); nothing if it failed."""
    try:
        yield
        announcements = conn.info.get(AFTER_COMMIT)
        if announcements:
            notify_committed(conn, announcements)
    finally:
        conn.info.pop(AFTER_COMMIT, None)


def _pg_ping(dbapi_conn, _record, _proxy) -> None:
    """SQLAlchemy's ``pool_pre_ping`` at every check-out, without a round trip (:func:`_pg_alive`);
    a lost connection is replaced by the pool."""
    if not _pg_alive(dbapi_conn):
        raise DisconnectionError("the store's connection was lost")


def _pg_alive(dbapi_conn) -> bool:
    """Whether an idle psycopg connection is still good, without a round trip: an idle connection
    has nothing to read, so one whose socket is readable was ended by the server (a restart,
    ``pg_terminate_backend``, an idle timeout: each sends its error, then closes), and libpq may
    have found it broken already. A network path that died without a word is found by the first
    statement, as an empty query would have been (where the dialect's ping switched autocommit on and
    off around a ``SELECT 1`` on a new cursor, a tenth of a move's CPU)."""
    from psycopg import pq

    pgconn = dbapi_conn.pgconn
    if pgconn.status != pq.ConnStatus.OK:
        return False
    poller = sockets.poll()  # (select.select cannot watch a descriptor numbered 1024 or more)
    poller.register(pgconn.socket, sockets.POLLIN)
    return not poller.poll(0)


def _store_failed(exc: BaseException) -> bool:
    """Whether ``exc``, raised in a transaction on SQLite's kept connection, came from the store
    (SQLAlchemy's or the driver's error) rather than from the caller's checks."""
    return isinstance(exc, (SQLAlchemyError, sqlite3.Error))


@contextmanager
def _moving(conn: Connection) -> Iterator[None]:
    """PostgreSQL: a move's transaction on ``conn`` in two round trips where :meth:`Database.hot`
    takes five (the check-out's ping, ``BEGIN``, the locking read, the writes, ``COMMIT``), the NOTIFY
    in the second. The driver's connection is in autocommit for the transaction, so psycopg sends no
    ``BEGIN`` of its own: the locking read (store/tables.py ``table_and_seats``) sends it in front of
    itself, and the batch of writes (``Batch.send``) sends ``COMMIT`` and the announcement behind
    itself, in one query string each. A statement sent through SQLAlchemy before the locking read
    sends the ``BEGIN`` first (``_begin_if_pending``), so nothing ever runs outside the transaction.
    SQLAlchemy's commit at the end then finds the transaction over and sends nothing; after a failure
    its rollback ends it. The connection is left as it came (autocommit off), or invalidated."""
    driver = conn.connection.driver_connection
    driver.autocommit = True
    conn.info[MOVE] = BEGIN
    try:
        with _announcing(conn), conn.begin():
            yield
    finally:
        conn.info.pop(MOVE, None)
        try:
            driver.autocommit = False  # (psycopg refuses it on a broken connection: then it goes)
        except Exception:
            conn.invalidate()


def _begin_if_pending(conn, _cursor, _statement, _parameters, _context, _many) -> None:
    """A statement through SQLAlchemy in a move's transaction (:func:`_moving`) before its locking
    read: the transaction's ``BEGIN`` first, on its own."""
    if conn.info.get(MOVE) == BEGIN:
        conn.info[MOVE] = BEGUN
        conn.connection.driver_connection.execute("BEGIN")


def _sqlite_connect(dbapi_conn, _record) -> None:
    dbapi_conn.isolation_level = None  # SQLAlchemy's "begin" event issues BEGIN IMMEDIATE
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    cursor.close()

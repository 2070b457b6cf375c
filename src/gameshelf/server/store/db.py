"""The engine for SQLite or PostgreSQL, migrations at start, and the per-match row lock.

SQLite runs in WAL mode and every transaction begins ``IMMEDIATE`` (it takes the write lock at
once, which is SQLite's row lock); PostgreSQL locks the match's row with ``SELECT ... FOR UPDATE``.
"""

from __future__ import annotations

import hashlib
import threading
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Iterator

from sqlalchemy import Connection, create_engine, event, select, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DisconnectionError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from gameshelf.server.store.models import Table

MIGRATIONS = Path(__file__).with_name("migrations")


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
            self.read_engine = self.engine
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._kept: Connection | None = None  # hot_kept's
        self.read_sessions = sessionmaker(self.read_engine, expire_on_commit=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A writing transaction. On SQLite this process's writers queue on a lock first: SQLite's
        own busy handler sleeps in growing steps, so waiting there would cost tens of milliseconds."""
        with self.write_lock, self.sessions() as session, session.begin():
            yield session

    @contextmanager
    def hot(self) -> Iterator[Connection]:
        """A writing transaction on a plain connection (Core statements only: the submission path)."""
        with self.write_lock, self.engine.begin() as conn:
            yield conn

    @contextmanager
    def hot_kept(self) -> Iterator[Connection]:
        """:meth:`hot` on one connection kept open (no pool check-out, no reset on return), for a
        caller that holds ``write_lock`` and is always the same thread (the event loop's)."""
        if self._kept is None:
            self._kept = self.engine.connect()
        try:
            with self._kept.begin():
                yield self._kept
        except SQLAlchemyError:
            self._kept.close()  # a connection the store failed on is not trusted with the next move
            self._kept = None
            raise

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
        if self._kept is not None:
            self._kept.close()
            self._kept = None
        self.engine.dispose()
        self.read_engine.dispose()


def _begin(conn, statement: str) -> None:
    """Begin SQLite's transaction straight on the driver's connection: once per transaction, and
    through SQLAlchemy's whole execution path it cost as much as a statement of the move itself."""
    conn.connection.driver_connection.execute(statement)


def _pg_ping(dbapi_conn, _record, _proxy) -> None:
    """SQLAlchemy's ``pool_pre_ping`` at every check-out, cheaper: an empty query straight through
    libpq (it starts no transaction), where the dialect's ping switched autocommit on and off around a
    ``SELECT 1`` on a new cursor, a tenth of a move's CPU. A lost connection is replaced by the pool."""
    from psycopg import pq

    pgconn = dbapi_conn.pgconn
    if pgconn.status != pq.ConnStatus.OK or pgconn.exec_(b"").status != pq.ExecStatus.EMPTY_QUERY:
        raise DisconnectionError("the store's connection was lost")


def _sqlite_connect(dbapi_conn, _record) -> None:
    dbapi_conn.isolation_level = None  # SQLAlchemy's "begin" event issues BEGIN IMMEDIATE
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()

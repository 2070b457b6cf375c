"""SQLite's event-loop transaction (store/db.py ``Database.hot_kept(wait=False)``): begun and ended on
the driver's connection, with SQLAlchemy's own transaction object only where a Core statement inside
asks for one. Whatever runs inside, the move's writes commit together or not at all, the kept
connection is left outside any transaction, and another process's write lock is WriterBusy at once
with nothing begun."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy import text

from gameshelf.server.store import Database
from gameshelf.server.store.db import WriterBusy, session_on


@pytest.fixture
def db(tmp_path) -> Database:
    db = Database(f"sqlite:///{tmp_path / 'loop.db'}")
    db.migrate()
    with db.engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE notes (n INTEGER)")
    yield db
    db.engine.dispose()


def _notes(db: Database) -> list[int]:
    with db.read_engine.connect() as conn:
        return [n for (n,) in conn.exec_driver_sql("SELECT n FROM notes ORDER BY n")]


def _idle(db: Database) -> bool:
    """The kept connection is outside any transaction, SQLAlchemy's and the driver's alike."""
    kept = db._kept
    return not kept.in_transaction() and not kept.connection.driver_connection.in_transaction


def test_driver_writes_commit_without_sqlalchemy_transaction(db):
    with db.write_lock, db.hot_kept(wait=False) as conn:
        conn.connection.driver_connection.execute("INSERT INTO notes VALUES (1)")
        assert not conn.in_transaction()  # nothing of SQLAlchemy's began
    assert _notes(db) == [1]
    assert _idle(db)


def test_a_core_statement_inside_joins_the_same_transaction(db):
    """A Core statement autobegins SQLAlchemy's transaction (its begin event sends no second BEGIN);
    it ends on the driver's one transaction, with the driver's own writes."""
    with db.write_lock, db.hot_kept(wait=False) as conn:
        conn.connection.driver_connection.execute("INSERT INTO notes VALUES (1)")
        conn.execute(text("INSERT INTO notes VALUES (2)"))
        assert conn.in_transaction()
    assert _notes(db) == [1, 2]
    assert _idle(db)


@pytest.mark.parametrize("fails", [False, True])
def test_an_orm_session_joins_the_loop_transaction(db, fails):
    """A rated game's end writes ratings through the ORM inside the loop's move (tables.py _finish):
    the session joins the driver's transaction, so its writes and the move's commit or roll back
    together, and closing it ends nothing."""
    with pytest.raises(RuntimeError) if fails else _nothing(), db.write_lock, db.hot_kept(wait=False) as conn:
        conn.connection.driver_connection.execute("INSERT INTO notes VALUES (1)")
        with session_on(conn) as session:
            session.execute(text("INSERT INTO notes VALUES (2)"))
            session.flush()
        conn.connection.driver_connection.execute("INSERT INTO notes VALUES (3)")
        assert conn.connection.driver_connection.in_transaction
        if fails:
            raise RuntimeError("the move failed")
    assert _notes(db) == ([] if fails else [1, 2, 3])
    assert _idle(db)


def _nothing():
    from contextlib import nullcontext
    return nullcontext()


@pytest.mark.parametrize("core", [False, True])
def test_an_error_inside_rolls_every_write_back(db, core):
    with pytest.raises(RuntimeError), db.write_lock, db.hot_kept(wait=False) as conn:
        conn.connection.driver_connection.execute("INSERT INTO notes VALUES (1)")
        if core:
            conn.execute(text("INSERT INTO notes VALUES (2)"))
        raise RuntimeError("the move failed")
    assert _notes(db) == []
    assert _idle(db)
    with db.write_lock, db.hot_kept(wait=False) as conn:  # and the next move runs as usual
        conn.execute(text("INSERT INTO notes VALUES (3)"))
    assert _notes(db) == [3]


def test_another_process_write_lock_is_writer_busy_at_once(db, tmp_path):
    other = sqlite3.connect(tmp_path / "loop.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(WriterBusy), db.write_lock, db.hot_kept(wait=False):
            pass
        assert _idle(db)
    finally:
        other.execute("ROLLBACK")
        other.close()
    with db.write_lock, db.hot_kept(wait=False) as conn:
        conn.connection.driver_connection.execute("INSERT INTO notes VALUES (4)")
    assert _notes(db) == [4]


def _busy_ms(db: Database) -> int:
    return db._kept.connection.driver_connection.execute("PRAGMA busy_timeout").fetchone()[0]


def test_the_threads_transaction_is_still_sqlalchemys(db):
    """``wait=True`` (a worker thread, the ORM's path) keeps SQLAlchemy's transaction object."""
    with db.write_lock, db.hot_kept() as conn:
        assert conn.in_transaction()
        conn.execute(text("INSERT INTO notes VALUES (5)"))
    assert _notes(db) == [5]
    assert _idle(db)


def test_a_thread_waits_for_another_process_write_lock(db, tmp_path):
    """The kept connection never waits (busy_timeout 0) but in a thread's BEGIN, which waits for a
    write lock another process releases meanwhile."""
    import threading

    with db.write_lock, db.hot_kept(wait=False):
        pass
    assert _busy_ms(db) == 0
    other = sqlite3.connect(tmp_path / "loop.db", isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO notes VALUES (6)")
    releaser = threading.Timer(0.3, lambda: other.execute("COMMIT"))
    releaser.start()
    try:
        with db.write_lock, db.hot_kept() as conn:  # waits about 0.3 s, then writes
            conn.execute(text("INSERT INTO notes VALUES (7)"))
    finally:
        releaser.join()
        other.close()
    assert _notes(db) == [6, 7]
    assert _busy_ms(db) == 0

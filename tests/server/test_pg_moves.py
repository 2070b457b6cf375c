"""PostgreSQL's move path on the worker threads (store/db.py ``_moving``): two round trips a move,
the BEGIN sent with the locking read and the COMMIT and the NOTIFY with the writes; and when the
event loop's moves go to the threads (server/inline.py; the loop's own PostgreSQL moves:
test_loop_moves.py).

The guarantees stay those of every move: the writes commit together or not at all, a refused move
changes nothing, the announcement follows the commit and only a commit, and the connection goes
back as it came."""

from __future__ import annotations

import logging
import os
from datetime import datetime, timezone

import psycopg
import pytest

from gameshelf.server.inline import PAUSE_S, InlineMoves, inline_moves
from gameshelf.server.i18n import ServerError
from gameshelf.server.settings import Settings
from gameshelf.server.store import Database
from gameshelf.server.store import tables as store
from tests.server.conftest import PG
from tests.server.test_store_raw import _db


@pytest.fixture
def pg_url(db_url):
    if not db_url.startswith("postgresql"):
        pytest.skip("PostgreSQL's move path")
    return db_url


def _state_id(db: Database, table_id: str = "t") -> int:
    with psycopg.connect(PG, autocommit=True, options=_search_path(db)) as other:
        return other.execute("SELECT state_id FROM game_tables WHERE id = %s", (table_id,)).fetchone()[0]


def _search_path(db: Database) -> str:
    return db.url.query["options"]


def _row_is_locked(db: Database, table_id: str = "t") -> bool:
    with psycopg.connect(PG, autocommit=True, options=_search_path(db)) as other:
        try:
            other.execute("SELECT id FROM game_tables WHERE id = %s FOR UPDATE NOWAIT", (table_id,))
        except psycopg.errors.LockNotAvailable:
            return True
    return False


def test_the_locking_read_begins_the_transaction_and_the_writes_end_it(pg_url):
    """The lock is held after the read (so the BEGIN went before it, in its query string); once the
    batch is sent, its writes are committed (visible to another connection) and announced, before
    the block ends; the connection leaves autocommit again."""
    db = _db(pg_url)
    channel = "gameshelf_test_" + db.channel()[-8:]
    with psycopg.connect(PG, autocommit=True) as listener:
        listener.execute(f"LISTEN {channel}")
        with db.move() as conn:
            driver = conn.connection.driver_connection
            table, seats = store.table_and_seats(conn, "t", True)
            assert (table.state_id, len(seats)) == (3, 2)
            assert _row_is_locked(db)
            writes = store.Batch(conn)
            writes.set_table("t", state_id=4)
            store.notify(writes, channel, "t:4")
            writes.send()
            assert driver.pgconn.transaction_status == psycopg.pq.TransactionStatus.IDLE
            assert _state_id(db) == 4 and not _row_is_locked(db)
            heard = [n.payload for n in listener.notifies(timeout=5, stop_after=1)]
        assert heard == ["t:4"]
        assert driver.autocommit is False
    db.dispose()


def test_a_statement_before_the_locking_read_is_inside_the_transaction(pg_url):
    """A statement sent through SQLAlchemy first sends the BEGIN itself: a failure later rolls it
    back with the rest."""
    db = _db(pg_url)
    with pytest.raises(RuntimeError):
        with db.move() as conn:
            conn.exec_driver_sql("UPDATE game_tables SET state_id = 42 WHERE id = 't'")
            store.table_and_seats(conn, "t", True)
            raise RuntimeError("a check failed")
    assert _state_id(db) == 3 and not _row_is_locked(db)
    db.dispose()


def test_a_move_refused_after_its_read_writes_nothing_and_frees_the_row(pg_url):
    db = _db(pg_url)
    for _ in range(3):  # the same pooled connection, each time as it came
        with pytest.raises(ServerError):
            with db.move() as conn:
                store.table_and_seats(conn, "t", True)
                writes = store.Batch(conn)
                writes.set_table("t", state_id=99)
                raise ServerError("action.stale")
        assert _state_id(db) == 3 and not _row_is_locked(db)
    with db.move() as conn:
        assert conn.connection.driver_connection.autocommit is True
        store.table_and_seats(conn, "t", True)
    db.dispose()


def test_failed_writes_roll_back_and_announce_nothing(pg_url):
    db = _db(pg_url)
    channel = "gameshelf_test_" + db.channel()[-8:]
    with psycopg.connect(PG, autocommit=True) as listener:
        listener.execute(f"LISTEN {channel}")
        with pytest.raises(Exception):
            with db.move() as conn:
                store.table_and_seats(conn, "t", True)
                writes = store.Batch(conn)
                writes.set_table("t", state_id=5)
                writes.add_action(table_id="no such table", ply=0, seat=0, kind="act", by_bot=False,
                                  notation="x", created_at=datetime.now(timezone.utc))  # a foreign key refuses it
                store.notify(writes, channel, "t:5")
                writes.send()
        assert [n.payload for n in listener.notifies(timeout=0.5)] == []
    assert _state_id(db) == 3 and not _row_is_locked(db)
    db.dispose()


@pytest.mark.parametrize("long_payload", [False, True])
def test_a_refused_announcement_loses_no_move(pg_url, caplog, monkeypatch, long_payload):
    """A NOTIFY the server refuses after the move's COMMIT, in the same query string (here: a payload
    over NOTIFY's limit, let through by raising the limit on what is sent with the COMMIT), or on its
    own after it (a payload over that limit): the move stays committed and the refusal is logged."""
    if not long_payload:
        monkeypatch.setattr(store, "NOTIFY_TEXT_MAX", 100_000)
    db = _db(pg_url)
    with caplog.at_level(logging.WARNING, logger="gameshelf.server"):
        with db.move() as conn:
            store.table_and_seats(conn, "t", True)
            writes = store.Batch(conn)
            writes.set_table("t", state_id=11)
            store.notify(writes, "gameshelf_test_refused", "x" * 9000)
            writes.send()
    assert "NOTIFY after a commit failed" in caplog.text
    assert _state_id(db) == 11
    with db.move() as conn:
        assert store.table_and_seats(conn, "t", True)[0].state_id == 11
    db.dispose()


def test_a_lost_connection_is_found_without_a_round_trip_past_descriptor_1024(pg_url):
    """The check-out's ping watches the socket (poll: select.select cannot watch a descriptor numbered
    1024 or more, and a server holding 1,000 WebSockets has such descriptors)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1200:
        pytest.skip("this machine allows fewer than 1,200 open files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1200), hard))
    spare = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        db = _db(pg_url)
        with db.engine.connect() as conn:
            assert conn.connection.driver_connection.pgconn.socket >= 1024
            pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()
        _terminate(pid)
        with db.move() as conn:
            assert store.table_and_seats(conn, "t", True)[0].id == "t"
            assert conn.exec_driver_sql("SELECT pg_backend_pid()").scalar() != pid
        db.dispose()
    finally:
        for fd in spare:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _terminate(pid: int) -> None:
    with psycopg.connect(PG, autocommit=True) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone()[0]
        while admin.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()[0]:
            pass


def _terminate(pid: int) -> None:
    with psycopg.connect(PG, autocommit=True) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone()[0]
        while admin.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()[0]:
            pass


@pytest.mark.parametrize("setting, inline", [("auto", True), ("on", True), ("off", False)])
def test_which_processes_commit_moves_on_the_event_loop(setting, inline):
    """One setting for both stores, one process or several: a move that would wait (a write lock or a
    row another holds) goes to a thread at once (test_move_cache, test_loop_moves)."""
    assert inline_moves(setting) is inline


def test_the_setting_takes_three_values():
    assert Settings.from_env({"GAMESHELF_INLINE_MOVES": "off"}).inline_moves == "off"
    with pytest.raises(ValueError, match="GAMESHELF_INLINE_MOVES"):
        Settings.from_env({"GAMESHELF_INLINE_MOVES": "sometimes"})


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class _Service:
    """A stand-in whose moves take ``cost`` seconds of the clock."""

    def __init__(self, clock: _Clock) -> None:
        self.clock, self.cost, self.moves = clock, 0.0005, 0

    def submit_now(self, table_id, seat, notation, state_id):
        self.clock.now += self.cost
        self.moves += 1
        return "live"


def _play(inline: InlineMoves, service: _Service, moves: int, cost: float, gap: float) -> list:
    answers = []
    for _ in range(moves):
        service.cost = cost
        answers.append(inline.submit(service, "t", 0, "x", 0))
        service.clock.now += gap
    return answers


def test_slow_moves_go_to_the_threads_for_a_while(caplog):
    """A store slow to commit (10 ms a move on average) sends the moves to the threads for PAUSE_S,
    and says so in the log; one slow move among fast ones (a game's end) does not."""
    clock = _Clock()
    service = _Service(clock)
    inline = InlineMoves(True, clock=clock)
    assert _play(inline, service, 200, 0.0005, 0.01) == ["live"] * 200
    assert _play(inline, service, 1, 0.050, 0.01) == ["live"]
    assert not caplog.records
    answers = _play(inline, service, 60, 0.015, 0.5)
    assert answers[0] == "live" and answers[-1] is None
    (record,) = caplog.records
    assert record.levelname == "WARNING" and "moves go to the store's threads for 30 s" in record.getMessage()
    moves = service.moves
    clock.now = inline.paused_until - 0.001
    assert inline.submit(service, "t", 0, "x", 0) is None and service.moves == moves
    clock.now += 0.001
    assert inline.submit(service, "t", 0, "x", 0) == "live"  # tried again after the pause
    assert InlineMoves(False, clock=clock).submit(service, "t", 0, "x", 0) is None


def test_moves_that_take_half_the_loop_go_to_the_threads():
    """Fast moves, but so many that the loop waits for the store two thirds of its time (threads would
    overlap those waits): after the window, the moves go to the threads."""
    clock = _Clock()
    service = _Service(clock)
    inline = InlineMoves(True, clock=clock)
    assert _play(inline, service, 300, 0.001, 0.0015) == ["live"] * 300  # two fifths of the loop: stays
    answers = _play(inline, service, 1000, 0.001, 0.0005)
    assert answers[0] == "live" and answers[-1] is None
    assert inline.paused_until - clock.now <= PAUSE_S

"""A move's statements go to the driver's connection (store/tables.py), on SQLite and on PostgreSQL:
the rows they read and the values they write must be exactly those of the Core statements (same
values, same types), or a clock, an outcome or a state id would differ between the two paths."""

from __future__ import annotations

from datetime import datetime, timezone
from types import SimpleNamespace

import psycopg
import pytest

from gameshelf.server.store import Database
from gameshelf.server.store import tables as store
from tests.server.conftest import PG

MOMENT = datetime(2022, 1, 2, 3, 4, 5, 6, tzinfo=timezone.utc)


def _db(db_url) -> Database:
    db = Database(db_url)
    db.migrate()
    with db.engine.begin() as conn:
        conn.exec_driver_sql("INSERT INTO users (id, name, created_at) VALUES ('u', 'u', '2020-01-01 00:00:00.000000')")
        conn.exec_driver_sql(
            "INSERT INTO game_tables (id, game, players, options, seed, rules_version, status, mode, turn_hours, "
            "base_seconds, increment_seconds, rated, spectators, zombie_level, owner_id, state_id, created_at, "
            "turn_started_at, outcome) VALUES ('t', 'midnight_zoo', 2, '{\"a\": \"b\"}', 1, '1', 'playing', "
            "'realtime', 24, 60, 2.5, false, true, 'easy', 'u', 3, '2020-01-01 00:00:00.000000', "
            "'2021-02-03 04:05:06.000007', '{\"ranks\": [0, 1]}')")
        conn.exec_driver_sql("INSERT INTO game_tables (id, game, players, options, seed, rules_version, status, "
                             "mode, turn_hours, base_seconds, increment_seconds, rated, spectators, zombie_level, "
                             "owner_id, state_id, created_at) VALUES ('bare', 'midnight_zoo', 2, '{}', 1, '1', "
                             "'open', 'turn', 24, 60, 2.5, false, true, 'easy', 'u', 0, '2020-01-01 00:00:00')")
        conn.exec_driver_sql("INSERT INTO seats (table_id, seat, kind, user_id, bot_seed, zombie, remaining_ms, "
                             "resigned_at) VALUES ('t', 0, 'human', 'u', 1, false, 5000, '2021-01-01 00:00:00.000001')")
        conn.exec_driver_sql("INSERT INTO seats (table_id, seat, kind, level, bot_seed, zombie) "
                             "VALUES ('t', 1, 'bot', 'easy', 2, true)")
    return db


def _core(conn, table_id: str) -> tuple[SimpleNamespace, list[SimpleNamespace]]:
    table = SimpleNamespace(**conn.execute(store.LOCK_ROW, {"t_id": table_id}).one()._mapping)
    return table, [SimpleNamespace(**r._mapping) for r in conn.execute(store.SEATS_OF, {"t_id": table_id})]


@pytest.mark.parametrize("lock", [False, True])
def test_the_rows_read_are_the_core_statements_rows(db_url, lock):
    db = _db(db_url)
    with db.engine.begin() as conn:
        fast_table, fast_seats = store.table_and_seats(conn, "t", lock and not db.is_sqlite)
        core_table, core_seats = _core(conn, "t")
        assert store.table_and_seats(conn, "nothing", False) == (None, [])
        bare, no_seats = store.table_and_seats(conn, "bare", False)
        assert (bare.id, no_seats) == ("bare", [])
    assert vars(fast_table) == vars(core_table)
    assert {k: type(v) for k, v in vars(fast_table).items()} == {k: type(v) for k, v in vars(core_table).items()}
    assert [vars(s) for s in fast_seats] == [vars(s) for s in core_seats]
    assert [{k: type(v) for k, v in vars(s).items()} for s in fast_seats] == \
        [{k: type(v) for k, v in vars(s).items()} for s in core_seats]
    assert isinstance(fast_table.turn_started_at, datetime) and fast_seats[1].zombie is True
    assert fast_table.outcome == {"ranks": [0, 1]} and len(fast_seats) == 2
    db.dispose()


def test_the_values_written_are_the_core_statements_values(db_url):
    db = _db(db_url)
    action = dict(table_id="t", seat=0, kind="act", by_bot=True, notation="x", created_at=MOMENT)
    finish = dict(state_id=4, turn_started_at=MOMENT, status="over", outcome={"ranks": [1, 0]},
                  finished_at=MOMENT, final_hash="h")
    columns = "state_id, turn_started_at, status, outcome, finished_at, final_hash"
    with db.engine.begin() as conn:
        writes = store.Batch(conn)
        writes.add_action(ply=0, **action)
        writes.set_remaining("t", 1, 1234)
        writes.set_table("t", **finish)
        assert conn.exec_driver_sql("SELECT count(*) FROM actions").scalar() == 0  # held until sent
        writes.send()
        conn.execute(store.ADD_ACTION, dict(ply=1, **action))
        fast, core = conn.exec_driver_sql(
            "SELECT table_id, seat, kind, by_bot, notation, created_at FROM actions ORDER BY ply").fetchall()
        assert fast == core
        fast = conn.exec_driver_sql(f"SELECT {columns} FROM game_tables WHERE id = 't'").fetchone()
        assert conn.exec_driver_sql("SELECT remaining_ms FROM seats WHERE seat = 1").scalar() == 1234
        conn.exec_driver_sql("UPDATE game_tables SET outcome = NULL, finished_at = NULL, final_hash = NULL")
        conn.execute(store.SET_TABLE, {"t_id": "t", **finish})
        core = conn.exec_driver_sql(f"SELECT {columns} FROM game_tables WHERE id = 't'").fetchone()
        assert fast == core
        assert conn.exec_driver_sql("SELECT remaining_ms FROM seats WHERE seat = 0").scalar() == 5000
    db.dispose()


def _announced_move(db: Database, channel: str, state_id: int, payload: str, fail: bool = False) -> list:
    """A move's batch on ``db.hot()`` that sets table t's state id and announces ``payload`` (raising
    RuntimeError before its commit with ``fail``); what the connection held to announce before the
    commit."""
    with db.hot() as conn:
        writes = store.Batch(conn)
        writes.set_table("t", state_id=state_id)
        store.notify(writes, channel, payload)
        writes.send()
        held = list(conn.info.get(store.AFTER_COMMIT, []))
        if fail:
            raise RuntimeError
    return held


def test_a_batch_announces_after_its_writes_commit_only_if_they_commit_and_in_order(db_url):
    """PostgreSQL: the NOTIFY is not in the move's transaction (PostgreSQL serialises the commits of
    notifying transactions on one lock until each one's WAL flush): the batch's announcement is held
    on its connection and sent by ``Database.hot`` once the writes committed, so it is delivered
    exactly when they commit (a batch rolled back announces nothing), a listener that hears it reads
    the committed row, and consecutive moves' announcements arrive in their order."""
    if not db_url.startswith("postgresql"):
        pytest.skip("NOTIFY is PostgreSQL's")
    db = _db(db_url)
    channel = "gameshelf_test_" + db.channel()[-8:]
    with psycopg.connect(PG, autocommit=True) as listener:
        listener.execute(f"LISTEN {channel}")
        with pytest.raises(RuntimeError):
            _announced_move(db, channel, 9, "rolled back", fail=True)
        assert _announced_move(db, channel, 5, "t:5") == [(channel, "t:5")]  # held until the commit
        heard = [n.payload for n in listener.notifies(timeout=5, stop_after=1)]
        with db.read_connection() as reader:
            seen = reader.exec_driver_sql("SELECT state_id FROM game_tables WHERE id = 't'").scalar()
        for state_id in (6, 7, 8):
            _announced_move(db, channel, state_id, f"t:{state_id}")
        heard += [n.payload for n in listener.notifies(timeout=5, stop_after=3)]
        listener.execute(f"UNLISTEN {channel}")
    assert heard == ["t:5", "t:6", "t:7", "t:8"]
    assert seen == 5
    db.dispose()


def test_a_refused_announcement_loses_no_move_and_leaves_the_connection_usable(db_url, caplog):
    """PostgreSQL: NOTIFY refuses a payload of 8000 bytes or more. The move committed before it, so
    the refusal is logged (the other processes catch up by their heartbeat), the move stays, and the
    pooled connection is left outside any transaction, ready for the next move."""
    if not db_url.startswith("postgresql"):
        pytest.skip("NOTIFY is PostgreSQL's")
    db = _db(db_url)
    channel = "gameshelf_test_" + db.channel()[-8:]
    _announced_move(db, channel, 11, "x" * 9000)
    assert "NOTIFY after a commit failed" in caplog.text
    for _ in range(3):  # every pooled connection, the one that was refused among them
        with db.hot() as conn:
            assert conn.exec_driver_sql("SELECT state_id FROM game_tables WHERE id = 't'").scalar() == 11
            assert store.AFTER_COMMIT not in conn.info
    db.dispose()


def test_a_locked_read_that_waited_sees_the_seats_as_committed(db_url):
    """PostgreSQL: a move that waits for the table's lock reads the seats (their clocks) as the move
    before it committed them, as a read after the lock would."""
    if not db_url.startswith("postgresql"):
        pytest.skip("SQLite's writers take the whole store's lock first")
    import threading

    db = _db(db_url)
    read: list = []
    with db.engine.connect() as first:
        first.begin()
        store.table_and_seats(first, "t", True)
        first.exec_driver_sql("UPDATE seats SET remaining_ms = 777 WHERE table_id = 't' AND seat = 1")
        waiter = threading.Thread(target=lambda: read.append(_locked_read(db)))
        waiter.start()
        with db.engine.connect() as watch:  # the second read waits for the first's lock
            while not watch.exec_driver_sql("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                                            "AND query LIKE 'SELECT t.id%%'").scalar():
                watch.rollback()
        first.commit()
        waiter.join()
    assert [s.remaining_ms for s in read[0]] == [5000, 777]
    db.dispose()


def _locked_read(db: Database) -> list:
    with db.engine.begin() as conn:
        return store.table_and_seats(conn, "t", True)[1]


def test_a_pooled_connection_the_store_lost_is_replaced_at_check_out(db_url):
    """A connection the database ended (a restart, a network fault) while it sat in the pool is found
    dead at check-out and replaced: the next move does not fail on it."""
    if not db_url.startswith("postgresql"):
        pytest.skip("SQLite's connections are files")
    db = _db(db_url)
    with db.engine.connect() as conn:
        pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()
    with psycopg.connect(PG, autocommit=True) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone()[0]
        while admin.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()[0]:
            pass
    with db.hot() as conn:
        table, seats = store.table_and_seats(conn, "t", True)
        assert conn.exec_driver_sql("SELECT pg_backend_pid()").scalar() != pid
    assert table.id == "t" and len(seats) == 2
    db.dispose()

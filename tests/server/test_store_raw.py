"""A move's statements on SQLite go to the driver's connection (store/tables.py): the rows they read
and the values they write must be exactly those of the Core statements (same values, same types),
or a clock, an outcome or a state id would differ between the two paths."""

from __future__ import annotations

from datetime import datetime, timezone
from types import SimpleNamespace

from gameshelf.server.store import Database
from gameshelf.server.store import tables as store

MOMENT = datetime(2022, 1, 2, 3, 4, 5, 6, tzinfo=timezone.utc)


def _db(tmp_path) -> Database:
    db = Database(f"sqlite:///{tmp_path / 'raw.db'}")
    db.migrate()
    with db.engine.begin() as conn:
        conn.exec_driver_sql("INSERT INTO users (id, name, created_at) VALUES ('u', 'u', '2020-01-01 00:00:00.000000')")
        conn.exec_driver_sql(
            "INSERT INTO game_tables (id, game, players, options, seed, rules_version, status, mode, turn_hours, "
            "base_seconds, increment_seconds, rated, spectators, zombie_level, owner_id, state_id, created_at, "
            "turn_started_at, outcome) VALUES ('t', 'midnight_zoo', 2, '{\"a\": \"b\"}', 1, '1', 'playing', "
            "'realtime', 24, 60, 2.5, 0, 1, 'easy', 'u', 3, '2020-01-01 00:00:00.000000', "
            "'2021-02-03 04:05:06.000007', '{\"ranks\": [0, 1]}')")
        conn.exec_driver_sql("INSERT INTO seats (table_id, seat, kind, user_id, bot_seed, zombie, remaining_ms, "
                             "resigned_at) VALUES ('t', 0, 'human', 'u', 1, 0, 5000, '2021-01-01 00:00:00.000001')")
        conn.exec_driver_sql("INSERT INTO seats (table_id, seat, kind, level, bot_seed, zombie) "
                             "VALUES ('t', 1, 'bot', 'easy', 2, 1)")
    return db


def test_the_rows_read_are_the_core_statements_rows(tmp_path):
    db = _db(tmp_path)
    with db.engine.begin() as conn:
        fast_table, fast_seats = store.table_state(conn, "t", False), store.seat_states(conn, "t")
        core_table = SimpleNamespace(**conn.execute(store.LOCK_ROW, {"t_id": "t"}).one()._mapping)
        core_seats = [SimpleNamespace(**r._mapping) for r in conn.execute(store.SEATS_OF, {"t_id": "t"})]
        assert store.table_state(conn, "nothing", False) is None
    assert vars(fast_table) == vars(core_table)
    assert {k: type(v) for k, v in vars(fast_table).items()} == {k: type(v) for k, v in vars(core_table).items()}
    assert [vars(s) for s in fast_seats] == [vars(s) for s in core_seats]
    assert isinstance(fast_table.turn_started_at, datetime) and fast_seats[1].zombie is True
    db.dispose()


def test_the_values_written_are_the_core_statements_values(tmp_path):
    db = _db(tmp_path)
    action = dict(table_id="t", seat=0, kind="act", by_bot=True, notation="x", created_at=MOMENT)
    finish = dict(state_id=4, turn_started_at=MOMENT, status="over", outcome={"ranks": [1, 0]},
                  finished_at=MOMENT, final_hash="h")
    columns = "state_id, turn_started_at, status, outcome, finished_at, final_hash"
    with db.engine.begin() as conn:
        store.add_action(conn, ply=0, **action)
        conn.execute(store.ADD_ACTION, dict(ply=1, **action))
        fast, core = conn.exec_driver_sql(
            "SELECT table_id, seat, kind, by_bot, notation, created_at FROM actions ORDER BY ply").fetchall()
        assert fast == core
        store.set_table(conn, "t", **finish)
        fast = conn.exec_driver_sql(f"SELECT {columns} FROM game_tables").fetchone()
        conn.exec_driver_sql("UPDATE game_tables SET outcome = NULL, finished_at = NULL, final_hash = NULL")
        conn.execute(store.SET_TABLE, {"t_id": "t", **finish})
        core = conn.exec_driver_sql(f"SELECT {columns} FROM game_tables").fetchone()
        assert fast == core
    db.dispose()

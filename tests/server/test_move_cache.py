"""SQLite: the table and seat rows a move committed are kept for the table's next move (no read), as
long as nothing else wrote them: another process or connection (``PRAGMA data_version``), a write of
this process outside the move (an ORM flush, a Core statement), a failed move. The guarantees stay:
one action per state id, a refused move changes nothing, what is kept is what a read returns."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
import time
from types import SimpleNamespace

import pytest

from gameshelf.games import game_ids, get_game
from gameshelf.server.auth import now
from gameshelf.server.i18n import ServerError
from gameshelf.server.schemas import JoinIn, TableIn
from gameshelf.server.settings import Settings
from gameshelf.server.store import Database, Seat, User
from gameshelf.server.store import alive
from gameshelf.server.store import tables as table_store
from gameshelf.server.live import LiveMatch, Row
from gameshelf.server.tables import RELAY_HASH, TableService, relay_digest
from tests.server.conftest import GAME, quiet_service


@pytest.fixture
def service(db_url):
    with quiet_service(db_url) as svc:
        yield svc


def _table(svc: TableService, **spec) -> str:
    with svc.db.read() as session:
        ann, bob = session.get(User, "ann"), session.get(User, "bob")
    table_id = svc.create(ann, TableIn(game=GAME, players=2, **spec))
    svc.join(bob, table_id, JoinIn())
    svc.start(ann, table_id)
    return table_id


def _move(svc: TableService, table_id: str, inline: bool = True, state_id: int | None = None):
    live = svc.live(table_id)
    seat = live.to_act()
    action = str(live.match.legal_for(seat)[0])
    sid = live.state_id if state_id is None else state_id
    if inline:
        done = svc.submit_now(table_id, seat, action, sid)
        assert done is not None
        return done
    return svc.submit(table_id, seat, action, sid)


class _Reads:
    """Counts the move's reads of the table's and seats' rows."""

    def __init__(self, monkeypatch) -> None:
        self.count = 0
        real = table_store.table_and_seats

        def counted(*args, **kwargs):
            self.count += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(table_store, "table_and_seats", counted)


def _sqlite_only(db_url) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("the rows are kept on SQLite only (PostgreSQL locks and reads them at every move)")


def _fresh(svc: TableService, table_id: str) -> tuple[SimpleNamespace, list[SimpleNamespace]]:
    with svc.db.read_connection() as conn:
        return table_store.table_and_seats(conn, table_id, False)


@pytest.mark.parametrize("mode", ["turn", "realtime"])
def test_a_moves_rows_are_kept_and_are_what_a_read_returns(db_url, service, monkeypatch, mode):
    _sqlite_only(db_url)
    spec = {"mode": mode, "base_seconds": 300, "increment_seconds": 2} if mode == "realtime" else {}
    table_id = _table(service, **spec)
    reads = _Reads(monkeypatch)
    for number in range(6):
        _move(service, table_id, inline=number % 2 == 0)  # the event loop's path and a worker thread's
    assert reads.count == 1  # the first move read; the next five took the rows their move left
    kept_table, kept_seats = service.db.rows[table_id]
    table, seats = _fresh(service, table_id)
    assert vars(kept_table) == vars(table)
    assert {k: type(v) for k, v in vars(kept_table).items()} == {k: type(v) for k, v in vars(table).items()}
    assert [vars(s) for s in kept_seats] == [vars(s) for s in seats]
    assert table.state_id == 6


def test_postgresql_reads_at_every_move(db_url, service, monkeypatch):
    if db_url.startswith("sqlite"):
        pytest.skip("PostgreSQL's path")
    table_id = _table(service)
    reads = _Reads(monkeypatch)
    for _ in range(3):
        _move(service, table_id, inline=False)
    assert reads.count == 3 and service.db.rows == {}


def test_another_connections_commit_is_seen_and_one_action_per_state_id_holds(db_url, service, monkeypatch):
    """Another process moves the game (its own connection commits): the next move here reads the
    store again, so a second move on the state id the other one used is refused."""
    _sqlite_only(db_url)
    table_id = _table(service)
    _move(service, table_id)
    _move(service, table_id)
    assert table_id in service.db.rows
    other = TableService(Database(db_url), Settings(db_url=db_url))  # another process: its own connections
    other.relaying = False
    _move(other, table_id, inline=False)
    reads = _Reads(monkeypatch)
    with pytest.raises(ServerError) as refused:
        _move(service, table_id, state_id=2)  # this cache's state id: the other process used it
    assert refused.value.code == "action.stale" and reads.count == 1
    _move(service, table_id, inline=False, state_id=3)  # caught up: the next state id goes through
    assert _fresh(service, table_id)[0].state_id == 4
    other.db.dispose()


def test_a_plain_sqlite_connection_writing_a_seat_is_seen(db_url, service):
    """Any other connection (a tool, another process) that changes a seat: the move sees it."""
    _sqlite_only(db_url)
    table_id = _table(service)
    _move(service, table_id)
    seat = service.live(table_id).to_act()
    path = service.db.url.database
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE seats SET zombie = 1 WHERE table_id = ? AND seat = ?", (table_id, seat))
    with pytest.raises(ServerError) as refused:
        _move(service, table_id)
    assert refused.value.code == "seat.zombie"


def test_this_processes_writes_outside_the_move_are_seen(db_url, service):
    """A flush of the table service (the seat handed to a bot) and a Core statement (the clock moved
    by a downtime) in this process drop the kept rows; another table's stay kept."""
    _sqlite_only(db_url)
    table_id, untouched = _table(service), _table(service)
    _move(service, table_id)
    _move(service, untouched)
    seat = service.live(table_id).to_act()
    service.set_zombie(table_id, seat, True)  # an ORM flush in db.transaction()
    assert table_id not in service.db.rows and untouched in service.db.rows
    with pytest.raises(ServerError) as refused:
        _move(service, table_id)
    assert refused.value.code == "seat.zombie"

    _move(service, untouched)
    moment = now()
    with service.db.hot() as conn:  # a Core statement: every kept row goes
        alive.set_turn_start(conn, untouched, moment)
    assert service.db.rows == {}
    _move(service, untouched)
    assert service.db.rows[untouched][0].state_id == 3


def test_an_orm_write_of_a_seat_drops_its_table(db_url, service):
    _sqlite_only(db_url)
    table_id = _table(service)
    _move(service, table_id)
    with service.db.transaction() as session:
        session.get(Seat, (table_id, 0)).remaining_ms = 1234
    assert table_id not in service.db.rows
    _move(service, table_id)
    assert [s.remaining_ms for s in service.db.rows[table_id][1]][0] == 1234


def test_another_processs_write_lock_sends_the_loops_move_to_a_thread_at_once(db_url, service):
    """Several SQLite processes: a move on the event loop never waits for another process's write
    lock (SQLite's writers wait up to 30 s for it): ``submit_now`` answers None at once with nothing
    changed (the cached match and the kept rows stay), and commits once the lock is free. The kept
    connection's busy wait is on only while a thread's BEGIN waits for the lock
    (tests/server/test_loop_transaction.py)."""
    _sqlite_only(db_url)
    table_id = _table(service)
    _move(service, table_id)
    live = service.live(table_id)
    before, seat = live.state_id, live.to_act()
    other = sqlite3.connect(service.db.url.database, isolation_level=None)  # as another process would
    other.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        moved = service.submit_now(table_id, seat, str(live.match.legal_for(seat)[0]), before)
        waited = time.monotonic() - started
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert moved is None and waited < 5
    assert service.cached(table_id) is live and live.state_id == before == _fresh(service, table_id)[0].state_id
    assert table_id in service.db.rows
    assert _move(service, table_id).state_id == before + 1 == _fresh(service, table_id)[0].state_id
    with service.db.hot_kept() as conn:  # (after its BEGIN: nothing else in the transaction waits)
        assert conn.connection.driver_connection.execute("PRAGMA busy_timeout").fetchone()[0] == 0


def test_a_refused_or_failed_move_keeps_nothing(db_url, service, monkeypatch):
    _sqlite_only(db_url)
    table_id = _table(service)
    _move(service, table_id)
    live = service.live(table_id)
    with pytest.raises(ServerError):
        service.submit_now(table_id, live.to_act(), "not an action", live.state_id)
    assert table_id not in service.db.rows
    _move(service, table_id)
    assert table_id in service.db.rows

    def broken(self):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(table_store.Batch, "send", broken)
    with pytest.raises(Exception):
        _move(service, table_id, inline=False)
    monkeypatch.undo()
    assert service.db.rows == {}  # the connection was dropped, and everything kept with it
    before = _fresh(service, table_id)[0].state_id
    _move(service, table_id)
    assert _fresh(service, table_id)[0].state_id == before + 1


def test_a_finished_game_keeps_no_rows(db_url, service):
    _sqlite_only(db_url)
    table_id = _table(service)
    for _ in range(10_000):
        if service.live(table_id).is_over():
            break
        _move(service, table_id)
    assert service.live(table_id).is_over() and table_id not in service.db.rows
    assert _fresh(service, table_id)[0].status == "over"


@pytest.mark.parametrize("game_id", game_ids())
def test_the_relay_digest_is_the_state_hash_prefix(game_id):
    """A relayed move carries tables.relay_digest (orjson's text); the receiving process checks it
    against its own state: it must be ``state_hash`` exactly, over whole random games."""
    game = get_game(game_id)
    rng = random.Random(7)
    checked = 0
    for players in game.info.player_counts:
        for seed in range(2):
            live = LiveMatch(game_id, players, {}, seed, [f"p{i}" for i in range(players)])
            for _ in range(400):
                assert relay_digest(game, live.state) == game.state_hash(live.state)[:RELAY_HASH]
                checked += 1
                seat = live.to_act()
                if seat is None:
                    break
                action = rng.choice(list(live.match.legal_for(seat)))
                live.apply(Row(live.state_id, seat, "act", False, str(action)))
    assert checked > 100


def test_the_relay_digest_falls_back_for_what_orjson_writes_otherwise():
    class Positions:
        def __init__(self, position):
            self.value = position

        def position(self, state):
            return self.value

        def state_hash(self, state):
            text = json.dumps(self.value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            return hashlib.sha256(text.encode()).hexdigest()

    for position in ({"a": 1e16, "b": [0.5, -0.0, 1.0]}, {"a": [1e-05, 5e-05, 2e-09, 0.0001, 1.5e-300]}, {1: "x"},
                     {"n": 2 ** 70}, {"é": "ü", "b": [1, {"z": None, "a": True}]}, {"x": "e-1"}, {"chance": 2 ** 64 - 1}):
        game = Positions(position)
        assert relay_digest(game, None) == game.state_hash(None)[:RELAY_HASH]

"""A move is announced to the other processes after its commit, not by a NOTIFY inside its
transaction: PostgreSQL serialises the commits of every transaction that NOTIFYs on one lock, held
until the commit's WAL flush, so moves with the NOTIFY inside committed one at a time (broker.py,
bench/RESULTS.md session 22). Commit before broadcast still holds: the announcement comes only once
the move is in the store, and a refused move announces nothing."""

from __future__ import annotations

import asyncio
import threading

import psycopg
import pytest

from gameshelf.server.broker import PostgresBroker
from gameshelf.server.i18n import ServerError
from gameshelf.server.schemas import JoinIn, TableIn
from gameshelf.server.store import Database, User
from gameshelf.server.tables import pg_notifier
from tests.server.conftest import GAME, PG, Server, fast_settings, quiet_service, two_player_table


def _started(svc) -> str:
    with svc.db.read() as session:
        ann, bob = session.get(User, "ann"), session.get(User, "bob")
    table_id = svc.create(ann, TableIn(game=GAME, players=2))
    svc.join(bob, table_id, JoinIn())
    svc.start(ann, table_id)
    return table_id


def _stored(db_url: str, table_id: str, column: str = "state_id"):
    """A column of the table's row as another connection reads it (what is committed)."""
    other = Database(db_url)
    try:
        with other.read_connection() as conn:
            return conn.exec_driver_sql(f"SELECT {column} FROM game_tables WHERE id = '{table_id}'").scalar()
    finally:
        other.dispose()


def test_a_move_is_announced_once_committed_and_its_transaction_notifies_nothing(db_url):
    with quiet_service(db_url) as svc:
        svc.relaying = True
        if not svc.db.is_sqlite:
            svc.notify = pg_notifier(svc.db.channel())  # as the app sets it
        table_id = _started(svc)
        announced: list[tuple[str, str, int]] = []
        svc.announce = lambda tid, move: announced.append((tid, move, _stored(db_url, tid)))
        listener = None
        if not svc.db.is_sqlite:
            listener = psycopg.connect(PG, autocommit=True)
            listener.execute(f"LISTEN {svc.db.channel()}")
        try:
            live = svc.live(table_id)
            seat = live.to_act()
            with pytest.raises(ServerError):  # refused: nothing committed, nothing announced
                svc.submit(table_id, seat, "no such action", live.state_id)
            action = str(live.match.legal_for(seat)[0])
            moved = svc.submit(table_id, seat, action, live.state_id)
            # Announced once, with the move for the other processes to apply, after its commit.
            assert announced == [(table_id, moved.relayed, 1)]
            assert moved.relayed
            if listener is not None:  # and the move's own transaction sent no NOTIFY
                heard = [n.payload for n in listener.notifies(timeout=1.0, stop_after=1)]
                assert heard == []
        finally:
            if listener is not None:
                listener.close()


def test_a_join_and_a_start_are_announced_once_committed_and_notify_nothing_in_their_transactions(db_url):
    with quiet_service(db_url) as svc:
        if not svc.db.is_sqlite:
            svc.notify = pg_notifier(svc.db.channel())
        announced: list[tuple[str, str, str]] = []

        svc.announce = lambda tid, move: announced.append((tid, move, _stored(db_url, tid, "status")))
        listener = None
        if not svc.db.is_sqlite:
            listener = psycopg.connect(PG, autocommit=True)
            listener.execute(f"LISTEN {svc.db.channel()}")
        try:
            table_id = _started(svc)
            assert announced == [(table_id, "", "open"), (table_id, "", "playing")]  # the join, the start
            if listener is not None:
                assert [n.payload for n in listener.notifies(timeout=1.0, stop_after=1)] == []
        finally:
            if listener is not None:
                listener.close()


def test_without_an_announcer_the_move_notifies_in_its_transaction(db_url):
    """A service no hub wires (another tool using it) keeps the NOTIFY inside the move's commit."""
    if not db_url.startswith("postgresql"):
        pytest.skip("NOTIFY is PostgreSQL's")
    with quiet_service(db_url) as svc:
        svc.relaying = True
        svc.notify = pg_notifier(svc.db.channel())
        table_id = _started(svc)
        with psycopg.connect(PG, autocommit=True) as listener:
            listener.execute(f"LISTEN {svc.db.channel()}")
            live = svc.live(table_id)
            seat = live.to_act()
            svc.submit(table_id, seat, str(live.match.legal_for(seat)[0]), live.state_id)
            heard = [n.payload for n in listener.notifies(timeout=5, stop_after=1)]
        assert len(heard) == 1 and heard[0].startswith(f"{table_id}:")


def _heard_through_a_broker(db_url: str, announce) -> list[str]:
    """What a listening broker hears while ``announce(sender, heard)`` (a coroutine) has a sending
    broker announce, both on ``db_url``'s channel."""
    db = Database(db_url)

    async def run() -> list[str]:
        heard: list[str] = []
        sender, listener = PostgresBroker(db.libpq_url(), db.channel()), PostgresBroker(db.libpq_url(), db.channel())

        async def hear(payload: str) -> None:
            heard.append(payload)

        async def ignore(payload: str) -> None:
            pass

        await listener.start(hear)
        await sender.start(ignore)
        try:
            await announce(sender, heard)
        finally:
            await sender.stop()
            await listener.stop()
        return heard

    try:
        return asyncio.run(run())
    finally:
        db.dispose()


async def _until(heard: list[str], count: int) -> None:
    for _ in range(200):
        if len(heard) >= count:
            return
        await asyncio.sleep(0.05)


def test_the_brokers_announcements_from_many_threads_arrive_each_in_its_threads_order_and_intact(db_url):
    if not db_url.startswith("postgresql"):
        pytest.skip("NOTIFY is PostgreSQL's")

    async def announce(sender, heard) -> None:
        threads = [threading.Thread(target=lambda k=k: [sender.announce(f"t{k}:{i}:Zoë's; \\ \"x\"") for i in range(150)])
                   for k in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        await _until(heard, 600)

    heard = _heard_through_a_broker(db_url, announce)
    assert len(heard) == 600
    for k in range(4):
        assert [p for p in heard if p.startswith(f"t{k}:")] == [f"t{k}:{i}:Zoë's; \\ \"x\"" for i in range(150)]


def test_the_server_announces_moves_after_commit_on_postgresql(db_url):
    """The app wires it: on PostgreSQL the hub gives the service its broker's announcer, and a move
    reaches a listener of the channel (once, with its body) with the state already in the store."""
    srv = Server(fast_settings(db_url))
    try:
        if srv.service.db.is_sqlite:
            assert srv.service.announce is None  # one SQLite process: nobody to tell
            return
        assert srv.service.announce is not None
        table_id, _, _ = two_player_table(srv.http)
        with psycopg.connect(PG, autocommit=True) as listener:
            listener.execute(f"LISTEN {srv.service.db.channel()}")
            live = srv.service.live(table_id)
            seat = live.to_act()
            srv.service.submit(table_id, seat, str(live.match.legal_for(seat)[0]), live.state_id)
            heard = [n.payload for n in listener.notifies(timeout=5, stop_after=1)]
            assert _stored(srv.service.db.url.render_as_string(hide_password=False), table_id) == 1
        assert len(heard) == 1 and heard[0].startswith(f"{table_id}:") and '"s":1' in heard[0]
    finally:
        srv.stop()


def test_a_payload_postgresql_refuses_is_dropped_and_blocks_no_other_announcement(db_url, caplog):
    """A payload NOTIFY never takes (over its 8000 bytes) is logged and dropped; the announcements
    batched with it and those after it still arrive, in order (before, the sender retried it forever
    and every later move went unannounced)."""
    if not db_url.startswith("postgresql"):
        pytest.skip("NOTIFY is PostgreSQL's")

    async def announce(sender, heard) -> None:
        for payload in ["a", "b", "x" * 9000, "c"]:
            sender.announce(payload)
        await _until(heard, 3)
        sender.announce("d")
        await _until(heard, 4)

    with caplog.at_level("ERROR", logger="gameshelf.server"):
        heard = _heard_through_a_broker(db_url, announce)
    assert heard == ["a", "b", "c", "d"]
    assert any("NOTIFY refused, dropped" in record.getMessage() for record in caplog.records)

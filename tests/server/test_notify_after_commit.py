"""PostgreSQL: a move is announced right after its commit, not by a NOTIFY inside its transaction.

PostgreSQL serialises the commits of every transaction that NOTIFYs on one lock for the whole
database, held until that commit's WAL flush; with the NOTIFY inside, moves committed one at a time
(store/db.py ``Database.hot``; bench/RESULTS.md, sessions 22 and 23). Commit before broadcast still
holds: the announcement is heard only once the move is in the store, and a refused move announces
nothing."""

from __future__ import annotations

import psycopg
import pytest

from gameshelf.server.i18n import ServerError
from gameshelf.server.schemas import JoinIn, TableIn
from gameshelf.server.store import Database, User
from gameshelf.server.tables import pg_notifier
from tests.server.conftest import GAME, PG, quiet_service


def _stored_state_id(db_url: str, table_id: str) -> int:
    """The table's state id as another connection reads it: what is committed."""
    other = Database(db_url)
    try:
        with other.read_connection() as conn:
            return conn.exec_driver_sql(f"SELECT state_id FROM game_tables WHERE id = '{table_id}'").scalar()
    finally:
        other.dispose()


def test_a_move_is_heard_after_its_commit_with_the_move_and_a_refused_one_is_not_heard(db_url):
    if not db_url.startswith("postgresql"):
        pytest.skip("NOTIFY is PostgreSQL's")
    with quiet_service(db_url) as svc:
        svc.relaying = True
        svc.notify = pg_notifier(svc.db.channel())  # as the app wires it
        with svc.db.read() as session:
            ann, bob = session.get(User, "ann"), session.get(User, "bob")
        table_id = svc.create(ann, TableIn(game=GAME, players=2))
        svc.join(bob, table_id, JoinIn())
        svc.start(ann, table_id)
        with psycopg.connect(PG, autocommit=True) as listener:
            listener.execute(f"LISTEN {svc.db.channel()}")
            live = svc.live(table_id)
            seat = live.to_act()
            with pytest.raises(ServerError):  # refused: nothing committed, nothing announced
                svc.submit(table_id, seat, "no such action", live.state_id)
            assert [n.payload for n in listener.notifies(timeout=0.5, stop_after=1)] == []
            moved = svc.submit(table_id, seat, str(live.match.legal_for(seat)[0]), live.state_id)
            heard = [n.payload for n in listener.notifies(timeout=5, stop_after=1)]
            committed = _stored_state_id(db_url, table_id)
        assert len(heard) == 1 and heard[0].startswith(f"{table_id}:")
        assert heard[0].endswith(moved.relayed) and moved.relayed  # the move, for the others to apply
        assert committed == moved.state_id == 1


def test_a_join_and_a_start_are_heard_after_their_commits_and_a_refused_start_is_not(db_url):
    """The changes made through the ORM (a join, a start, ...) are announced after their commit too,
    in their order; a change refused inside its transaction announces nothing."""
    if not db_url.startswith("postgresql"):
        pytest.skip("NOTIFY is PostgreSQL's")
    with quiet_service(db_url) as svc:
        svc.notify = pg_notifier(svc.db.channel())
        with svc.db.read() as session:
            ann, bob = session.get(User, "ann"), session.get(User, "bob")
        table_id = svc.create(ann, TableIn(game=GAME, players=2))
        with psycopg.connect(PG, autocommit=True) as listener:
            listener.execute(f"LISTEN {svc.db.channel()}")
            with pytest.raises(ServerError):  # bob does not own the table: refused, rolled back
                svc.start(bob, table_id)
            svc.join(bob, table_id, JoinIn())
            svc.start(ann, table_id)
            heard = [n.payload for n in listener.notifies(timeout=5, stop_after=2)]
            more = [n.payload for n in listener.notifies(timeout=0.5, stop_after=1)]
        assert [payload.split(":")[0] for payload in heard] == [table_id, table_id] and more == []
        assert _stored_state_id(db_url, table_id) == 0  # started: its state id is in the store

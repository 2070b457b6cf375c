"""PostgreSQL: a person's move committed on the event loop, on links whose round trips never block it
(store/loop_links.py, tables.py ``submit_soon``).

The guarantees are every move's: the writes commit together or not at all, the announcement follows
the commit and only a commit, a refused move changes nothing, one action per state id. And the
loop's own: it serves everything else while the store answers; a move it cannot finish at once goes
to a worker thread (``None``) with nothing changed."""

from __future__ import annotations

import asyncio
import json
import threading

import psycopg
import pytest

from gameshelf.server.i18n import ServerError
from gameshelf.server.live import LiveMatch, Row
from gameshelf.server.store import tables as store
from gameshelf.server.store.loop_links import Links
from gameshelf.server.settings import Settings
from gameshelf.server.store import Database
from gameshelf.server.tables import TableService, pg_notifier
from tests.server.conftest import PG, Client, Server, fast_settings, quiet_service, two_player_table
from tests.server.test_move_cache import _fresh, _move, _table


@pytest.fixture
def service(db_url):
    if not db_url.startswith("postgresql"):
        pytest.skip("the event loop's links are PostgreSQL's")
    with quiet_service(db_url) as svc:
        yield svc


def _next(svc, table_id: str) -> tuple[int, str, int]:
    live = svc.live(table_id)
    seat = live.to_act()
    return seat, str(live.match.legal_for(seat)[0]), live.state_id


async def _soon(svc, links: Links, table_id: str, notation: str | None = None, state_id: int | None = None):
    seat, legal, current = _next(svc, table_id)
    return await svc.submit_soon(links, table_id, seat, notation or legal, current if state_id is None else state_id)


def _links(svc) -> Links:
    return Links(svc.db.libpq_url())


def _other(svc):
    return psycopg.connect(PG, options=svc.db.url.query["options"])


def test_moves_on_the_loop_commit_and_are_heard_after_their_commits(service):
    """Three moves on one link: each committed (another connection reads it), announced with the
    move for the other processes, in order; the link goes back idle, outside any transaction."""
    service.relaying = True
    service.notify = pg_notifier(service.db.channel())
    table_id = _table(service)
    links = _links(service)

    async def play() -> list[int]:
        try:
            return [(await _soon(service, links, table_id)).state_id for _ in range(3)]
        finally:
            assert links.count == 1 and len(links.idle) == 1 and not links.idle[0].in_transaction()
            await links.close()

    with psycopg.connect(PG, autocommit=True) as listener:
        listener.execute(f"LISTEN {service.db.channel()}")
        moved = asyncio.run(play())
        heard = [n.payload for n in listener.notifies(timeout=5, stop_after=3)]
    assert moved == [1, 2, 3] == [service.live(table_id).state_id - 2, 2, 3]
    assert _fresh(service, table_id)[0].state_id == 3
    assert [payload.split(":", 1)[0] for payload in heard] == [table_id] * 3
    assert [f'"s":{sid}' in payload for sid, payload in zip((1, 2, 3), heard)] == [True] * 3


def test_the_loop_serves_others_while_the_store_answers(service):
    """A locking read that takes 0.3 s in PostgreSQL: meanwhile the loop runs everything else (a
    ticker every 10 ms keeps ticking), and the move then commits. While it is under way, neither
    the loop's other tasks nor a thread can take the match (it may hold a move not yet committed)."""
    table_id = _table(service)
    _move(service, table_id, inline=False)  # the dialect's statements and column types known
    raw = store.dialect_of(service.db.engine.dialect)
    key = ("select", True, False, True)
    plain = raw.select(True, False, versions=True)
    raw.sql[key] = plain.replace("WHERE t.id = %s", "WHERE t.id = %s AND (SELECT true FROM pg_sleep(0.3))")
    links = _links(service)

    live = service.live(table_id)

    async def move_and_tick() -> tuple[int, int, list[bool]]:
        ticks, taken = 0, []
        task = asyncio.create_task(_soon(service, links, table_id))
        while not task.done():
            await asyncio.sleep(0.01)
            ticks += 1
            if ticks == 2:
                taken.append(live.lock.acquire(blocking=False))  # another task of the loop
                taken.append(await asyncio.to_thread(live.lock.acquire, True, 0.02))  # a thread
        await links.close()
        return task.result().state_id, ticks, taken

    try:
        moved, ticks, taken = asyncio.run(move_and_tick())
    finally:
        raw.sql[key] = plain
    assert moved == 2 == _fresh(service, table_id)[0].state_id
    assert ticks >= 5  # (up to 30 in 0.3 s at 10 ms a tick; a loop held by the wait would tick once)
    assert taken == [False, False]
    assert live.lock.acquire(blocking=False)  # free once the move committed
    live.lock.release()


def test_a_thread_reading_the_match_delays_the_loops_move_and_one_committing_for_long_sends_it_on(service):
    """A thread that holds the match for 20 ms (as a read or a commit does) makes the loop's move
    wait without blocking the loop, and the move still takes a link; a thread that holds it beyond
    the move's patience (50 ms) sends the move to the threads' path, with nothing changed."""
    import threading
    import time

    table_id = _table(service)
    _move(service, table_id, inline=False)
    live = service.live(table_id)
    links = _links(service)

    def held(seconds: float, taken: threading.Event) -> None:
        with live.lock:
            taken.set()
            time.sleep(seconds)

    async def move_while_held(seconds: float):
        taken = threading.Event()
        holder = asyncio.create_task(asyncio.to_thread(held, seconds, taken))
        while not taken.is_set():
            await asyncio.sleep(0.001)
        ticks, task = 0, asyncio.create_task(_soon(service, links, table_id))
        while not task.done():
            await asyncio.sleep(0.002)
            ticks += 1
        await holder
        return task.result(), ticks

    async def both():
        try:
            short = await move_while_held(0.02)
            long = await move_while_held(0.3)
            return short, long
        finally:
            await links.close()

    (moved, ticks), (refused, _) = asyncio.run(both())
    assert moved is not None and moved.state_id == 2 == _fresh(service, table_id)[0].state_id
    assert ticks >= 3  # the loop ran on while the move waited for the match
    assert refused is None and live.state_id == 2 == _fresh(service, table_id)[0].state_id


def test_a_row_another_transaction_holds_sends_the_move_to_a_thread_unchanged(service):
    table_id = _table(service)
    _move(service, table_id, inline=False)
    live = service.live(table_id)
    links = _links(service)

    async def attempt():
        try:
            return await _soon(service, links, table_id), links.count, len(links.idle)
        finally:
            await links.close()

    with _other(service) as other:
        other.execute("SELECT id FROM game_tables WHERE id = %s FOR UPDATE", (table_id,))
        answer, opened, idle = asyncio.run(attempt())
        other.rollback()
    assert answer is None and (opened, idle) == (1, 1)  # the link rolled back and kept
    assert live.state_id == 1 and service.live(table_id) is live  # nothing applied, nothing forgotten
    assert _fresh(service, table_id)[0].state_id == 1


def test_a_refused_move_changes_nothing_and_a_lost_link_is_replaced(service):
    """The rules' refusal (R: an illegal action) reaches the player, the match and the store unchanged,
    the link kept; a link whose backend was ended is found before use and replaced."""
    table_id = _table(service)
    _move(service, table_id, inline=False)
    links = _links(service)

    async def play() -> tuple:
        first = (await _soon(service, links, table_id)).state_id
        link = links.idle[0]
        with pytest.raises(ServerError) as refused:
            await _soon(service, links, table_id, notation="not an action")
        kept = links.idle == [link] and not link.failed
        stale = await _soon(service, links, table_id, state_id=first - 1)  # an old state id
        pid = link.pgconn.backend_pid
        with psycopg.connect(PG, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
            while admin.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()[0]:
                await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        last = (await _soon(service, links, table_id)).state_id
        replaced = links.idle[0] is not link and links.count == 1
        await links.close()
        return first, refused.value.code, kept, stale, last, replaced

    first, code, kept, stale, last, replaced = asyncio.run(play())
    assert first == 2 and code.startswith("action.") and kept
    assert stale is None  # (the threads' path refuses it, as for every stale id)
    assert last == 3 == _fresh(service, table_id)[0].state_id and replaced


def test_a_match_behind_the_store_goes_to_a_thread_which_catches_it_up(service):
    """Another process moved the table: the loop's move changes nothing and leaves it to a thread."""
    table_id = _table(service)
    _move(service, table_id, inline=False)
    url = service.db.url.render_as_string(hide_password=False)
    elsewhere = TableService(Database(url), Settings(db_url=url))  # another process
    elsewhere.relaying = False
    _move(elsewhere, table_id, inline=False)  # the store at 2, this process's match at 1
    elsewhere.db.dispose()
    live = service.live(table_id)
    links = _links(service)

    async def attempt():
        try:
            return await svc_soon(live)
        finally:
            await links.close()

    async def svc_soon(live):
        seat = live.to_act()
        return await service.submit_soon(links, table_id, seat, str(live.match.legal_for(seat)[0]), 2)

    assert asyncio.run(attempt()) is None
    assert live.state_id == 1 and _fresh(service, table_id)[0].state_id == 2
    assert service.sync(table_id).state_id == 2


def test_a_rated_games_end_goes_to_a_thread_with_nothing_changed(service, monkeypatch):
    """A rated game's last move writes ratings through the ORM: the loop's move rolls back, drops the
    cached match (the move was applied to it) and leaves the move to a thread."""
    table_id = _table(service)
    _move(service, table_id, inline=False)
    with _other(service) as other:
        other.execute("UPDATE game_tables SET rated = true WHERE id = %s", (table_id,))
        other.commit()
    service.forget(table_id)
    monkeypatch.setattr(LiveMatch, "is_over", lambda live: True)
    links = _links(service)

    async def attempt():
        try:
            return await _soon(service, links, table_id)
        finally:
            await links.close()

    assert asyncio.run(attempt()) is None
    assert service.cached(table_id) is None
    table, _ = _fresh(service, table_id)
    assert (table.state_id, table.status) == (1, "playing")


def test_a_failed_commit_loses_the_move_the_match_and_the_link(service, monkeypatch):
    """Writes the store refuses: the transaction rolls back, the player is told (the store's error),
    the cached match (which had moved) is dropped and the link closed."""
    table_id = _table(service)
    _move(service, table_id, inline=False)
    text = store.Batch.commit_text
    monkeypatch.setattr(store.Batch, "commit_text",
                        lambda batch, **how: (lambda sql, values, late: (sql.replace("COMMIT", "SELECT 1/0; COMMIT"),
                                                                         values, late))(*text(batch, **how)))
    links = _links(service)

    async def attempt():
        try:
            with pytest.raises(Exception) as failed:
                await _soon(service, links, table_id)
            return failed.value, links.count
        finally:
            await links.close()

    error, opened = asyncio.run(attempt())
    assert "division by zero" in str(error) and opened == 0
    assert service.cached(table_id) is None and _fresh(service, table_id)[0].state_id == 1


def test_a_persons_move_over_the_websocket_takes_the_loops_link_and_is_seen_by_both_seats(db_url):
    """The server wires it: a person's move is committed on one of its worker's links (none went to a
    thread), the seat that moved and the other seat both see the committed state."""
    if not db_url.startswith("postgresql"):
        pytest.skip("the event loop's links are PostgreSQL's")
    srv = Server(fast_settings(db_url))
    try:
        table_id, ann, bob = two_player_table(srv.http)
        calls = {"soon": 0, "thread": 0}
        soon, thread = srv.service.submit_soon, srv.service.submit

        async def counted_soon(*args, **kwargs):
            found = await soon(*args, **kwargs)
            calls["soon"] += found is not None
            return found

        def counted_thread(*args, **kwargs):
            calls["thread"] += 1
            return thread(*args, **kwargs)

        srv.service.submit_soon, srv.service.submit = counted_soon, counted_thread
        clients = {0: Client(srv.base, table_id, ann), 1: Client(srv.base, table_id, bob)}
        for state_id in range(4):
            first = clients[0].state(state_id)
            seat = first["decision"]["seat"]
            mine = clients[seat].state(state_id)
            clients[seat].send({"action": mine["legal"][0]["action"], "state_id": state_id})
        assert clients[0].state(4)["state_id"] == clients[1].state(4)["state_id"] == 4
        assert calls == {"soon": 4, "thread": 0}
        links = srv.app.state.hub.inline.links
        assert links is not None and 1 <= links.count <= 4
    finally:
        srv.stop()


def test_a_game_played_to_its_end_on_the_loop_is_stored_as_on_the_threads(service):
    """Every move of a whole (unrated) game on the loop's links: the last one stores the game's end
    (status, outcome, final hash) as the threads' path does, and the record replays to it."""
    table_id = _table(service)
    links = _links(service)

    async def play() -> int:
        moves = 0
        try:
            while not service.live(table_id).is_over():
                assert await _soon(service, links, table_id) is not None
                moves += 1
        finally:
            await links.close()
        return moves

    moves = asyncio.run(play())
    live = service.live(table_id)
    table, _ = _fresh(service, table_id)
    assert moves == live.state_id == table.state_id > 10
    assert table.status == "over" and table.finished_at is not None
    assert table.outcome["ranks"] == live.outcome()["ranks"] and len(table.outcome["ranks"]) == 2
    assert table.final_hash == live.match.record.final_hash
    service.forget(table_id)
    assert service.live(table_id).state_id == moves and service.live(table_id).is_over()  # replayed from the store


class _Trips:
    """Counts the round trips of the loop's links (``Link.run`` calls)."""

    def __init__(self, monkeypatch) -> None:
        from gameshelf.server.store import loop_links

        self.count = 0
        run = loop_links.Link.run

        async def counted(link, sql, values=()):
            self.count += 1
            return await run(link, sql, values)

        monkeypatch.setattr(loop_links.Link, "run", counted)


def _played(svc, links: Links, table_id: str, moves: int, trips: _Trips) -> list[int]:
    """Round trips of each of ``moves`` loop moves at the table (each must commit on the loop)."""
    async def play():
        counts = []
        try:
            for _ in range(moves):
                before = trips.count
                assert await _soon(svc, links, table_id) is not None
                counts.append(trips.count - before)
        finally:
            await links.close()
        return counts

    return asyncio.run(play())


@pytest.mark.parametrize("mode", ["turn", "realtime"])
def test_the_loops_next_move_at_a_table_is_one_round_trip_behind_a_guard(service, monkeypatch, mode):
    """After the loop's first move at a table (its rows read, locked, then the writes: two round
    trips), each next one sends its writes in one round trip, behind a guard that the table's and
    seats' rows are still as that move left them (their versions). The rows kept are what a read
    returns, a real-time seat's clock too, and each move is committed and announced in order."""
    service.relaying = True
    service.notify = pg_notifier(service.db.channel())
    spec = {"mode": mode, "base_seconds": 300, "increment_seconds": 2} if mode == "realtime" else {}
    table_id = _table(service, **spec)
    trips = _Trips(monkeypatch)
    with _other(service) as listener:
        listener.autocommit = True
        listener.execute(f'LISTEN "{service.db.channel()}"')
        counts = _played(service, _links(service), table_id, 4, trips)
        heard = [n.payload for n in listener.notifies(timeout=1, stop_after=4)]
    assert counts == [2, 1, 1, 1]
    table, seats = _fresh(service, table_id)
    assert table.state_id == 4 == service.live(table_id).state_id
    kept_table, kept_seats, versions = service._kept[table_id]
    assert vars(kept_table) == vars(table) and [vars(s) for s in kept_seats] == [vars(s) for s in seats]
    if mode == "realtime":
        assert seats[0].remaining_ms != 300_000 and seats[1].remaining_ms != 300_000
    with _other(service) as conn:
        stored = conn.execute("SELECT t.xmin::text, s.xmin::text FROM game_tables t JOIN seats s ON s.table_id = t.id "
                              "WHERE t.id = %s ORDER BY s.seat", (table_id,)).fetchall()
    assert versions == store.versions_of(stored)
    assert [json.loads(payload.split(":", 2)[2])["s"] for payload in heard] == [1, 2, 3, 4]


def test_rows_written_since_send_the_guarded_move_to_a_thread_with_nothing_written(service, monkeypatch):
    """A seat's row written by another connection after the loop's move (as a disconnection does): the
    next move's guard finds a version it did not keep; nothing of the move is written, the link is
    left idle, the cached match (which had moved) is dropped and the move goes to a thread, which
    commits it. The loop's move after that reads the rows again."""
    table_id = _table(service)
    trips = _Trips(monkeypatch)
    assert _played(service, _links(service), table_id, 1, trips) == [2]
    with _other(service) as conn:
        conn.execute("UPDATE seats SET disconnected_at = now() WHERE table_id = %s AND seat = 1", (table_id,))
        conn.commit()
    links = _links(service)

    async def guarded():
        try:
            seat, legal, current = _next(service, table_id)
            done = await service.submit_soon(links, table_id, seat, legal, current)
            return done, (seat, legal, current), links.idle[0].in_transaction()
        finally:
            await links.close()

    done, (seat, legal, current), busy = asyncio.run(guarded())
    assert done is None and not busy
    assert service.cached(table_id) is None and _fresh(service, table_id)[0].state_id == 1
    assert service.submit(table_id, seat, legal, current).state_id == 2
    assert _played(service, _links(service), table_id, 2, trips) == [2, 1]
    assert _fresh(service, table_id)[0].state_id == 4


def test_a_guarded_move_at_a_row_another_transaction_holds_goes_to_a_thread_unchanged(service, monkeypatch):
    """The guard locks the rows without waiting: a row another transaction holds sends the move to a
    thread at once, with nothing written."""
    table_id = _table(service)
    trips = _Trips(monkeypatch)
    assert _played(service, _links(service), table_id, 1, trips) == [2]
    links = _links(service)
    with _other(service) as holder:
        holder.execute("SELECT 1 FROM game_tables WHERE id = %s FOR UPDATE", (table_id,))

        async def guarded():
            try:
                return await _soon(service, links, table_id), trips.count
            finally:
                await links.close()

        done, count = asyncio.run(guarded())
        holder.rollback()
    assert done is None and count == 2 + 2  # (the first move's two; the guarded one, then its ROLLBACK)
    assert _fresh(service, table_id)[0].state_id == 1


def test_a_change_elsewhere_makes_the_loops_next_move_read_the_rows_again(service, monkeypatch):
    """A move committed by a worker thread of this process, or another process's change (the hub
    tells the service: ``moved_elsewhere``), drops the rows the loop kept: its next move there reads
    them again (two round trips) and the cached match is kept, not dropped and replayed."""
    table_id = _table(service)
    trips = _Trips(monkeypatch)
    assert _played(service, _links(service), table_id, 1, trips) == [2]
    live = service.live(table_id)
    _move(service, table_id, inline=False)  # a worker thread's move
    assert table_id not in service._kept
    assert _played(service, _links(service), table_id, 2, trips) == [2, 1]
    service.moved_elsewhere(table_id)
    assert _played(service, _links(service), table_id, 1, trips) == [2]
    assert service.cached(table_id) is live and _fresh(service, table_id)[0].state_id == 5


def test_a_match_dropped_while_a_thread_waited_for_it_is_not_the_one_the_thread_takes(service):
    """A loop move that changed the cached match and then failed (its guard found the rows written
    meanwhile) drops the match before letting it go. A thread that waited for that match's lock (a
    catch-up with another process's move, a thread's move) then takes the match as the store has it,
    never the changed one: the move it checks is checked against the committed state."""
    table_id = _table(service)
    live = service.live(table_id)
    seat, legal, _ = _next(service, table_id)
    found = {}
    assert live.lock.acquire()
    waiting = threading.Thread(target=lambda: found.setdefault("live", service.sync(table_id)))
    waiting.start()
    waiting.join(0.2)  # it waits for the lock
    live.apply(Row(0, seat, "act", False, legal))  # as the loop's move did, never committed
    service.forget(table_id)
    live.lock.release()
    waiting.join(10)
    assert live.state_id == 1  # (the dropped match had moved)
    assert found["live"] is not live and found["live"].state_id == 0 == _fresh(service, table_id)[0].state_id
    assert service.cached(table_id) is found["live"]
    assert service.submit(table_id, seat, legal, 0).state_id == 1  # checked against the stored state

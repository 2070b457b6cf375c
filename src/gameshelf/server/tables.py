"""Table lifecycle (create, join, leave, start), submissions, undo, clocks and zombie seats.

Every method runs in a worker thread and in one database transaction, except a person's move on
the event loop (server/inline.py: ``submit_now`` on SQLite, ``submit_soon`` on PostgreSQL's links),
which never waits for a lock. A submission locks the match's row, catches the cached state up with
the store if another process moved it, checks the state id and the action, appends the action, and
commits; only then does the caller broadcast. The cached :class:`LiveMatch` is dropped whenever a
commit fails after it moved.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
import uuid
from contextlib import contextmanager
from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import Any, Callable, Iterator

from sqlalchemy import Connection
from sqlalchemy.orm import Session

from gameshelf.core.errors import GameError
from gameshelf.games import game_ids, get_game
from gameshelf.server import jsontext, limits, ratings, resignations, retry
from gameshelf.server.auth import aware, now
from gameshelf.server.deadlines import DeadlineIndex
from gameshelf.server.i18n import ServerError
from gameshelf.server.live import LiveMatch, Row
from gameshelf.server.schemas import JoinIn, TableIn
from gameshelf.server.settings import Settings
from gameshelf.server.store import Database, Seat, Table, User
from gameshelf.server.store import tables as table_store
from gameshelf.server.store.db import WriterBusy, session_on
from gameshelf.server.store.loop_links import Links

MIN_RECLAIM_MS = 30_000
KEPT_ROWS = 20_000  # the most tables whose rows are kept between moves (store/db.py; submit_soon)
log = logging.getLogger("gameshelf.server")


class _Elsewhere(Exception):
    """A move on the event loop's links needs the threads' path (``submit_soon``)."""


class TableService:
    def __init__(self, db: Database, settings: Settings) -> None:
        self.db, self.settings = db, settings
        self._live: dict[str, LiveMatch] = {}
        # PostgreSQL: table id -> (table row, seat rows, their versions) as the event loop's last move
        # there committed them, for its next move there to send in one round trip (submit_soon);
        # dropped when anything else in this process or another changes the table (a guard in the
        # store checks the versions in any case).
        self._kept: dict[str, tuple[Any, list, str]] = {}
        self._guard = threading.Lock()
        # Announces a change to the other processes once the transaction commits (PostgreSQL's NOTIFY,
        # sent right after the commit: store/db.py); the third argument is the move itself, for
        # them to apply (hub.relay_body).
        self.notify: Callable[..., None] = lambda session, table_id, move="": None
        # Told (from the worker thread) the id of a table whose cached match a read caught up with the
        # store: the hub then sends the new state to that table's connections in this process.
        self.caught_up: Callable[[str], None] = lambda table_id: None
        # Whether another process may apply the moves committed here (a relay: NOTIFY or Redis): only
        # then is each move's relay body (with its state hash) built. The hub sets it at start.
        self.relaying = True
        # The playing tables where something may come due, and when: the sweep (due) reads only those.
        self.deadlines = DeadlineIndex(settings.reread_seconds)

    # ---- lifecycle -------------------------------------------------------------------------
    def create(self, user: User, spec: TableIn) -> str:
        if spec.game not in game_ids():
            raise ServerError("game.not_found", f"unknown game {spec.game!r}")
        game = get_game(spec.game)
        if spec.players not in game.info.player_counts:
            raise ServerError("options.invalid", f"{spec.game} is for {game.info.player_counts} players")
        try:
            options = game.info.options.resolve(spec.options)
        except GameError as exc:
            raise ServerError.from_game(exc) from None
        seats = spec.seats or [{"kind": "me"}] + [{"kind": "open"}] * (spec.players - 1)
        seats = [s if isinstance(s, dict) else s.model_dump() for s in seats]
        if len(seats) != spec.players or sum(s["kind"] == "me" for s in seats) > 1:
            raise ServerError("table.invalid", "give one seat per player, at most one of them 'me'")
        if spec.rated and any(s["kind"] == "bot" for s in seats):
            raise ServerError("table.rated_bots", "a table with a bot seat cannot be rated")
        with self.db.transaction() as session:
            table = Table(id=uuid.uuid4().hex[:12], game=spec.game, players=spec.players, options=options,
                          seed=secrets.randbits(62), rules_version=game.info.rules_version, status="open",
                          mode=spec.mode, turn_hours=spec.turn_hours, base_seconds=spec.base_seconds,
                          increment_seconds=spec.increment_seconds, rated=spec.rated,
                          spectators=spec.spectators, zombie_level=spec.zombie_level, owner_id=user.id,
                          state_id=0, created_at=now(), absent_policy=spec.absent_policy,
                          spectator_chat=spec.spectator_chat)
            session.add(table)
            session.flush()
            for number, seat in enumerate(seats):
                kind = {"me": "human"}.get(seat["kind"], seat["kind"])
                session.add(Seat(table_id=table.id, seat=number, kind=kind,
                                 user_id=user.id if kind == "human" else None,
                                 level=(seat.get("level") or "easy") if kind == "bot" else None,
                                 invite_code=secrets.token_urlsafe(9) if kind in ("open", "invited") else None,
                                 bot_seed=secrets.randbits(62), zombie=False))
            return table.id

    def join(self, user: User, table_id: str, spec: JoinIn) -> None:
        with self.db.transaction() as session:
            table = self.table_row(session, table_id, lock=True)
            if table.status != "open":
                raise ServerError("table.not_open", "the table has started")
            seats = self.seat_rows(session, table_id)
            if any(s.user_id == user.id and s.kind == "human" for s in seats):
                raise ServerError("seat.already_seated")
            reserved = [s for s in seats if s.kind == "invited" and s.user_id == user.id]  # a rematch's seat
            if reserved:
                chosen = reserved
            elif spec.invite_code is not None:
                chosen = [s for s in seats if s.invite_code == spec.invite_code and s.kind in ("open", "invited")
                          and s.user_id is None]  # a seat kept for someone is theirs only
                if not chosen:
                    raise ServerError("invite.invalid")
            elif spec.seat is not None:
                chosen = [s for s in seats if s.seat == spec.seat and s.kind == "open"]
            else:
                chosen = [s for s in seats if s.kind == "open"]
            if not chosen:
                raise ServerError("seat.taken")
            seat = chosen[0]
            # An invitation is used up by its invitee: the seat keeps a fresh code (shown to the creator
            # only, admitting no one while the seat is taken) that marks it as invited, so a leaving
            # invitee hands it back reserved, never open. A seat taken as an open seat keeps no code.
            seat.invite_code = secrets.token_urlsafe(9) if seat.kind == "invited" else None
            seat.kind, seat.user_id = "human", user.id
            self.notify(session, table_id)

    def leave(self, user: User, table_id: str) -> None:
        with self.db.transaction() as session:
            table = self.table_row(session, table_id, lock=True)
            seat = self._my_seat(session, table_id, user)
            if table.status == "open":
                seat.kind = "invited" if seat.invite_code else "open"  # an invited seat stays reserved
                seat.user_id = None
                seat.invite_code = seat.invite_code or secrets.token_urlsafe(9)
            elif table.status == "playing":
                seat.zombie = True  # a bot finishes the game for the seat
            else:
                raise ServerError("table.not_open", "the game is over")
            self.notify(session, table_id)
        self.deadlines.flag(table_id)  # the zombie may be the seat to act

    def start(self, user: User, table_id: str) -> None:
        with self.db.transaction() as session:
            table = self.table_row(session, table_id, lock=True)
            if table.owner_id != user.id:
                raise ServerError("table.not_owner")
            if table.status != "open":
                raise ServerError("table.not_open", "the table has already started")
            seats = self.seat_rows(session, table_id)
            if any(s.kind not in ("human", "bot") for s in seats):
                raise ServerError("table.not_full")
            limits.check_start(session, table, seats, self.settings)
            table.status, table.turn_started_at = "playing", now()
            for seat in seats:
                if table.mode == "realtime" and seat.kind == "human":
                    seat.remaining_ms = int(table.base_seconds * 1000)
            self.notify(session, table_id)
        self.deadlines.flag(table_id)  # its first deadline, or a bot to open the game

    # ---- the match ---------------------------------------------------------------------------
    def live(self, table_id: str) -> LiveMatch:
        """The cached match, loaded from the store on a miss (replaying every action)."""
        live = self._live.get(table_id)
        if live is not None:
            return live
        with self.db.read() as session:
            table = self.table_row(session, table_id)
            if table.status == "open":
                raise ServerError("table.not_open", "the table has not started")
            rows = self._rows(session, table_id, 0)
            seats = self.seat_rows(session, table_id)
            live = LiveMatch(table.game, table.players, table.options, table.seed,
                             self.seat_names(session, seats), rows)
            live.meta = self._meta(table, seats, live)
        with self._guard:
            return self._live.setdefault(table_id, live)

    def cached(self, table_id: str) -> LiveMatch | None:
        """The match if this process holds it in memory, else None (nothing is loaded)."""
        return self._live.get(table_id)

    def forget(self, table_id: str) -> None:
        with self._guard:
            self._live.pop(table_id, None)
        self._kept.pop(table_id, None)

    def moved_elsewhere(self, table_id: str) -> None:
        """Another process changed the table: the rows kept for the loop's next move there are old."""
        self._kept.pop(table_id, None)

    @contextmanager
    def locked(self, table_id: str) -> Iterator[LiveMatch]:
        """The cached match (loaded on a miss) with its lock held, never one dropped while this
        waited for the lock: a move that changed the match and then failed (the event loop's, whose
        guard found the rows written meanwhile) drops it before letting it go; then the one cached
        now (loaded again) is taken."""
        while True:
            live = self.live(table_id)
            with live.lock:
                if self._live.get(table_id) is live:
                    yield live
                    return

    def sync(self, table_id: str) -> LiveMatch:
        """The cached match caught up with the store (after another process moved it)."""
        self._kept.pop(table_id, None)
        with self.locked(table_id) as live, self.db.read_connection() as conn:  # Core statements
            before = live.state_id
            table, seats = self._lock_row(conn, table_id, lock=False)
            self._catch_up(conn, live, table)
            meta = self._meta(table, seats, live)
            moved = live.state_id != before or meta != live.meta
            if meta != live.meta:
                live.meta = meta
        if moved:  # whoever asked (a new connection, a resume, a record read), the others here must hear it
            self.caught_up(table_id)
        return live

    def submit(self, table_id: str, seat: int, notation: str, state_id: int, by_bot: bool = False) -> LiveMatch:
        """Append ``seat``'s action if ``state_id`` is current and the action legal; else ServerError."""
        return self._change(table_id, state_id, lambda writes, table, seats, live:
                            self._act(writes, table, seats, live, seat, notation, by_bot))

    def undo(self, table_id: str, seat: int, state_id: int) -> LiveMatch:
        return self._change(table_id, state_id, lambda writes, table, seats, live:
                            self._undo(writes, table, seats, live, seat))

    def submit_now(self, table_id: str, seat: int, notation: str, state_id: int) -> LiveMatch | None:
        """SQLite: :meth:`submit` on the calling thread (the event loop: no hand-off to a worker
        thread), on the store's kept connection, or None without waiting for anything, with nothing
        changed, when it cannot run at once: the match is not cached, a worker thread holds its lock
        or this process's write lock, or another process holds SQLite's write lock. (PostgreSQL's
        loop moves with :meth:`submit_soon`: None.)"""
        live = self._live.get(table_id)
        if not self.db.is_sqlite or live is None or not live.lock.acquire(blocking=False):
            return None
        try:
            if not self.db.write_lock.acquire(blocking=False):
                return None
            try:
                return self._locked_change(live, table_id, state_id, self.db.hot_kept(wait=False),
                                           lambda writes, table, seats, live:
                                           self._act(writes, table, seats, live, seat, notation, False))
            except WriterBusy:
                return None
            finally:
                self.db.write_lock.release()
        finally:
            live.lock.release()

    def _change(self, table_id: str, state_id: int, change) -> LiveMatch:
        """Run ``change`` on the locked match, in one transaction of prebuilt Core statements on a
        plain connection (this is the hot path: no ORM unit of work, no statement built per call)."""
        with self.locked(table_id) as live:
            return self._locked_change(live, table_id, state_id, self.db.move(), change)

    def _locked_change(self, live: LiveMatch, table_id: str, state_id: int, transaction, change) -> LiveMatch:
        """:meth:`_change` once the match's lock is held; ``transaction`` is the store's (not begun)."""
        if state_id < live.state_id:
            # The cache only ever holds committed states (it is dropped when a commit fails), and
            # state ids only grow: refused without a round trip to the store.
            raise ServerError("action.stale", f"state id {state_id}; the game is at {live.state_id}")
        before = live.state_id
        stamp = self.deadlines.stamp()
        try:
            with transaction as conn:
                # SQLite: the rows this process's last move here committed, unless anything else wrote
                # them since (store/db.py); taken out, so a move that fails leaves none kept.
                kept = self.db.rows.pop(table_id, None) if self.db.is_sqlite else None
                self._kept.pop(table_id, None)  # (PostgreSQL: the loop's next move here reads the rows)
                table, seats = kept or self._lock_row(conn, table_id)
                self._catch_up(conn, live, table)
                before = live.state_id
                writes = table_store.Batch(conn)
                values = self._changed(conn, writes, live, table_id, table, seats, state_id, change)
                writes.send()
                if self.db.is_sqlite and table.status == "playing":
                    self._keep_rows(conn, table, seats, values)
        except ServerError:
            if live.state_id != before:
                self.forget(table_id)
            raise
        except WriterBusy:
            raise  # (nothing began)
        except Exception:
            self.forget(table_id)
            raise
        self._watch(stamp, table, seats, live.to_act())
        return live

    def _changed(self, conn: Connection | None, writes: table_store.Batch, live: LiveMatch, table_id: str,
                 table, seats: list, state_id: int, change) -> dict[str, Any]:
        """In the move's transaction, once the locked row is read and the match caught up with it: the
        checks, ``change`` (applied to ``live``), and the writes held in ``writes``; returns the table
        row's new values. Without ``conn`` (the event loop's links), a rated game's end raises
        _Elsewhere (its ratings are written through the ORM)."""
        if table.status != "playing":
            raise ServerError("action.game_over")
        if state_id != table.state_id:
            raise ServerError("action.stale", f"state id {state_id}; the game is at {table.state_id}")
        change(writes, table, seats, live)  # (the writes are sent once every check passed)
        table.state_id = live.state_id
        values = {"state_id": table.state_id, "turn_started_at": table.turn_started_at}
        if live.is_over():
            if conn is None and table.rated:
                raise _Elsewhere
            values.update(self._finish(conn, table, seats, live))
        writes.set_table(table_id, **values)
        live.meta = self._meta(table, seats, live)
        live.relayed = relay_body(live) if self.relaying else ""
        self.notify(writes, table_id, live.relayed)
        return values

    async def submit_soon(self, links: Links, table_id: str, seat: int, notation: str,
                          state_id: int) -> LiveMatch | None:
        """PostgreSQL: :meth:`submit` on the event loop, on one of its ``links``, whose round trips
        never block it (store/loop_links.py); None when the move must go to a worker thread, with
        nothing changed: the match is not cached, or a thread held it for 50 ms, every link is busy,
        another transaction holds the table's row, or the move needs what only the threads' path does
        (the match to catch up with the store, a rated game's end, the store failing before the
        commit). A stale id goes there too: it refuses it as always, without a round trip."""
        live = self._live.get(table_id)
        if live is None or not await live.lock.hold_soon():
            return None
        if self._live.get(table_id) is not live or state_id < live.state_id:  # (forgotten, or stale)
            live.lock.let_go()
            return None
        link = None
        try:
            link = await links.take()
            if link is None:
                return None
            stamp = self.deadlines.stamp()
            rows = await self._rows_soon(link, table_id, live)
            if rows is None:
                return None
            table, seats, versions, guard = rows
            writes, before = table_store.Batch(None, self.db.engine.dialect), live.state_id
            try:
                self._changed(None, writes, live, table_id, table, seats, state_id, lambda writes, table, seats, live:
                              self._act(writes, table, seats, live, seat, notation, False))
            except BaseException as exc:
                if link.in_transaction():
                    await link.roll_back()
                if live.state_id != before:  # applied to the cached match, never committed
                    self.forget(table_id)
                if isinstance(exc, _Elsewhere):
                    return None
                raise
            written = writes.seats_written()
            try:
                version = await writes.commit_soon(link, guard)
            except (table_store.RowsMovedOn, table_store.RowBusy):
                self.forget(table_id)  # (applied to the cached match, never committed)
                return None
            except BaseException:
                self.forget(table_id)
                raise
            if version is not None and table.status == "playing":
                if len(self._kept) >= KEPT_ROWS:
                    self._kept.clear()
                self._kept[table_id] = (table, seats, table_store.versions_after(
                    versions, seats, written, version))
            self._watch(stamp, table, seats, live.to_act())
            return live
        finally:
            live.lock.let_go()
            if link is not None:
                await links.give_back(link)

    async def _rows_soon(self, link, table_id: str, live: LiveMatch) -> tuple[Any, list, str, tuple | None] | None:
        """For :meth:`submit_soon`: (the table's row, its seats', their versions, the guard its writes
        are to be sent behind, or None when the rows were just read). The rows this process's last
        move here committed (taken out: a move that fails keeps none) make the move one round trip,
        its writes sent behind a guard that the rows are still as kept; else the rows are read first
        (locked, the link left in the transaction). None, with the link idle, when the move must go
        to a thread: the row is busy, the read failed, or the store is not at the cached state."""
        kept = self._kept.pop(table_id, None)
        if kept is not None and kept[0].state_id == live.state_id:
            table, seats, versions = kept
            return table, seats, versions, (table_id, versions)
        try:
            table, seats, versions = await table_store.table_and_seats_soon(link, self.db.engine.dialect, table_id)
        except table_store.RowBusy:
            return None
        except Exception as exc:
            log.warning("a move on the event loop could not read its table (%s); it goes to a thread",
                        retry.summary(exc))
            return None
        if table is None or table.state_id != live.state_id:  # (a table gone, or moved elsewhere)
            await link.roll_back()
            return None
        return table, seats, versions, None

    def _keep_rows(self, conn: Connection, table, seats: list, values: dict[str, Any]) -> None:
        """SQLite: keep the move's rows, as a read after its commit would return them, for the table's
        next move (store/db.py: dropped when anything else writes; a failed commit drops them all)."""
        stored = table_store.as_stored(conn, values)
        if stored is None:
            return
        for key, value in stored.items():
            setattr(table, key, value)
        if len(self.db.rows) >= KEPT_ROWS:
            self.db.rows.clear()
        self.db.rows[table.id] = (table, seats)

    def _lock_row(self, conn: Connection, table_id: str, lock: bool = True) -> tuple[SimpleNamespace, list]:
        """The match's row (locked until the transaction ends, unless ``lock`` is False) and its seats'."""
        locking = lock and not self.db.is_sqlite  # SQLite: the transaction began IMMEDIATE
        row, seats = table_store.table_and_seats(conn, table_id, locking)
        if row is None:
            raise ServerError("table.not_found", f"no table {table_id!r}")
        return row, seats

    def _act(self, writes: table_store.Batch, table, seats: list, live: LiveMatch, seat: int,
             notation: str, by_bot: bool) -> None:
        row = seats[seat]
        if by_bot and not (row.kind == "bot" or row.zombie):
            raise ServerError("action.not_your_turn", "the seat's human has taken it back")
        if not by_bot and row.zombie:
            raise ServerError("seat.zombie")
        try:
            action = live.game.parse_action(notation)
            live.apply(Row(table.state_id, seat, "act", by_bot, str(action)), action)
        except GameError as exc:
            raise ServerError.from_game(exc) from None
        moment = now()
        writes.add_action(table_id=table.id, ply=table.state_id, seat=seat, kind="act", by_bot=by_bot,
                          notation=str(action), created_at=moment)
        if table.mode == "realtime" and row.kind == "human" and not row.zombie and row.remaining_ms is not None:
            spent = int((moment - aware(table.turn_started_at)).total_seconds() * 1000)
            row.remaining_ms = max(0, row.remaining_ms - spent) + int(table.increment_seconds * 1000)
            writes.set_remaining(table.id, seat, row.remaining_ms)
        table.turn_started_at = moment

    def _undo(self, writes: table_store.Batch, table, seats: list, live: LiveMatch, seat: int) -> None:
        if seats[seat].zombie:
            raise ServerError("seat.zombie")
        last = live.check_undo(seat)
        if last is None:
            raise ServerError("undo.refused", "only your own last action, before another seat acts, "
                                              "and only if it drew no chance and revealed nothing")
        writes.add_action(table_id=table.id, ply=table.state_id, seat=seat, kind="undo", by_bot=False,
                          notation=last.notation, created_at=now())
        live.undo(Row(table.state_id, seat, "undo", False, last.notation))
        table.turn_started_at = now()

    def _finish(self, conn: Connection, table, seats: list, live: LiveMatch) -> dict[str, Any]:
        table.status = "over"
        outcome = resignations.final_outcome(live.outcome(), seats)
        table.outcome = outcome
        if table.rated:
            ranks = outcome["ranks"]
            with session_on(conn) as session:  # joins the move's transaction
                ratings.update(session, table.game, [(s.user_id, ranks[s.seat]) for s in seats if s.user_id],
                               table.id)
                session.flush()
        return {"status": "over", "finished_at": now(), "outcome": outcome,
                "final_hash": live.match.record.final_hash}

    def _catch_up(self, session: Session | Connection, live: LiveMatch, table: Table) -> None:
        if table.state_id == live.state_id:
            return
        rows = self._rows(session, table.id, live.state_id)
        if table.state_id < live.state_id or any(r.kind == "undo" for r in rows):
            live.replay(self._rows(session, table.id, 0))
            return
        for row in rows:
            live.apply(row)

    # ---- zombies and clocks ------------------------------------------------------------------
    def set_zombie(self, table_id: str, seat: int, on: bool, user: User | None = None) -> None:
        """Hand ``seat`` to a bot (``on``) or give it back to its human (``user`` must be that human)."""
        with self.db.transaction() as session:
            table = self.table_row(session, table_id, lock=True)
            if table.status != "playing":
                raise ServerError("table.not_open", "the table is not playing")
            row = self.seat_rows(session, table_id)[seat]
            if user is not None and row.user_id != user.id:
                raise ServerError("table.not_seated")
            if not on and not row.zombie:
                raise ServerError("seat.not_zombie")
            if not on and row.resigned_at is not None:
                raise ServerError("seat.resigned")
            if row.zombie == on:
                return
            row.zombie = on
            if not on:
                row.disconnected_at = None
                if table.mode == "realtime":
                    row.remaining_ms = max(row.remaining_ms or 0, MIN_RECLAIM_MS)
                live = self._live.get(table_id)
                if live is not None and live.to_act() == seat:
                    table.turn_started_at = now()
            self.notify(session, table_id)
        self.deadlines.flag(table_id)  # a bot's turn now, or the person's again (a new deadline)
        if table_id in self._live:
            self.sync(table_id)  # after the commit: never wait for a match's lock inside a transaction

    def mark_connected(self, table_id: str, seat: int, connected: bool) -> None:
        if connected:  # most connections find nothing to clear: then no write at all
            with self.db.read() as session:
                row = session.get(Seat, (table_id, seat))
                if row is None or row.disconnected_at is None:
                    return
        moment = now()
        with self.db.transaction() as session:
            row = session.get(Seat, (table_id, seat))
            if row is not None:
                row.disconnected_at = None if connected else moment
        self._kept.pop(table_id, None)  # (the loop's next move here reads the seat's row again)
        if row is not None and not connected and self._may_be_realtime(table_id):  # the grace's expiry
            self.deadlines.note(table_id, moment + timedelta(seconds=self.settings.grace_seconds))

    def _may_be_realtime(self, table_id: str) -> bool:
        """False only for a cached match known to be turn-based (whose disconnections never expire)."""
        live = self._live.get(table_id)
        return live is None or live.meta.get("clock", {}).get("mode") != "turn"

    def due(self) -> tuple[list[tuple[str, int]], list[str]]:
        """(human seats whose time ran out or who left past the grace period, tables whose seat to act
        is a bot or a zombie). Reads the tables the deadline index names (or, as its backstop, every
        playing table), and refreshes the index from what it read."""
        moment = now()
        full = self.deadlines.reread_all_due(moment)
        stamp = self.deadlines.stamp()
        named = self.deadlines.due(moment)  # clears the flags: a full read covers them too
        asked = None if full else sorted(named)
        expired: list[tuple[str, int]] = []
        bot_turns: list[str] = []
        if asked == []:
            return expired, bot_turns
        with self.db.read() as session:
            tables, seats = table_store.playing_clocks(session, asked)
        earliest = {table_id: self._look(table_id, table, seats.get(table_id, []), moment, expired, bot_turns)
                    for table_id, table in tables.items()}
        self.deadlines.refresh(stamp, moment, asked, earliest, bot_turns)  # a bot's turn: again next sweep
        return expired, bot_turns

    def _look(self, table_id: str, table, rows: list, moment: datetime,
              expired: list[tuple[str, int]], bot_turns: list[str]) -> datetime | None:
        """:meth:`due` at one table: adds what is due there now to ``expired`` and ``bot_turns``, and
        returns the earliest moment something may come due there (None: nothing by time alone). Only
        tables where a clock ran out or a bot plays are looked at closely (their seat to act)."""
        humans = [s for s in rows if s.kind == "human" and not s.zombie]
        grace_ends = self._grace_ends(table, humans)
        # turn-based: an absent person keeps the seat until the move's deadline (no grace expiry)
        expired.extend((table_id, seat) for seat, ends in grace_ends.items() if ends <= moment)
        deadlines = {s.seat: self._deadline(table, s) for s in humans}
        late = [seat for seat, deadline in deadlines.items() if deadline <= moment]
        if not late and len(humans) == len(rows):  # no clock can have run out, and no bot plays here
            return min([*grace_ends.values(), *deadlines.values()], default=None)
        live = self._live.get(table_id)
        if live is None or live.state_id != table.state_id:
            live = self.sync(table_id)
        to_act = live.to_act()
        if to_act is not None:
            if to_act in late and (table_id, to_act) not in expired:
                expired.append((table_id, to_act))
            if rows[to_act].kind == "bot" or rows[to_act].zombie:
                bot_turns.append(table_id)
        return min([*grace_ends.values(), *(d for seat, d in deadlines.items() if seat == to_act)], default=None)

    def _watch(self, stamp: int, table, seats: list, to_act: int | None) -> None:
        """Tell the deadline index what a committed change left at the table (its rows as committed,
        the seat to act): finished, a bot's or zombie's turn, or its earliest moment (the deadline
        of the person to act, a real-time disconnection's grace expiry)."""
        if table.status != "playing":
            self.deadlines.drop(table.id)
            return
        flagged, moments = [], list(self._grace_ends(table, seats).values())
        if to_act is not None and (seats[to_act].kind == "bot" or seats[to_act].zombie):
            flagged.append(table.id)
        elif to_act is not None and seats[to_act].kind == "human":
            moments.append(self._deadline(table, seats[to_act]))
        self.deadlines.refresh(stamp, now(), [table.id], {table.id: min(moments, default=None)}, flagged)

    def _grace_ends(self, table, seats: list) -> dict[int, datetime]:
        """Seat -> when its real-time disconnection's grace period ends (people's seats only)."""
        if table.mode != "realtime":
            return {}
        grace = timedelta(seconds=self.settings.grace_seconds)
        return {s.seat: aware(s.disconnected_at) + grace for s in seats
                if s.kind == "human" and not s.zombie and s.disconnected_at is not None}

    def expire(self, table_id: str, seat: int) -> None:
        """A seat :meth:`due` found late: at a turn-based table whose policy drops absent people, the
        seat resigns (checked again here: the deadline must still be past); otherwise a bot plays it."""
        with self.db.read() as session:
            table = self.table_row(session, table_id)
            policy, mode, started, hours = table.absent_policy, table.mode, table.turn_started_at, table.turn_hours
        if mode == "turn" and policy == "drop":
            if started is None or aware(started) + timedelta(hours=hours) > now():
                return
            self.resign(table_id, seat, deadline=True)
            return
        self.set_zombie(table_id, seat, True)

    def resign(self, table_id: str, seat: int, deadline: bool = False) -> None:
        """``seat`` concedes: ranked last; a bot plays it out, or the game ends when one seat remains."""
        with self.db.transaction() as session:
            table = self.table_row(session, table_id, lock=True)
            if table.status != "playing":
                raise ServerError("action.game_over")
            seats = self.seat_rows(session, table_id)
            row = seats[seat]
            if row.resigned_at is not None:
                raise ServerError("seat.resigned")
            if deadline and aware(table.turn_started_at) + timedelta(hours=table.turn_hours) > now():
                return  # the person moved meanwhile
            row.resigned_at, row.zombie = now(), True
            if sum(s.resigned_at is None for s in seats) <= 1:
                table.status, table.finished_at = "over", now()
                table.outcome = resignations.early_outcome(seats)
                if table.rated:
                    ratings.update(session, table.game, [(s.user_id, table.outcome["ranks"][s.seat])
                                                         for s in seats if s.user_id], table.id)
            self.notify(session, table_id)
        if table.status == "over":
            self.deadlines.drop(table_id)
        else:
            self.deadlines.flag(table_id)  # a zombie plays the seat now
        if table_id in self._live:
            self.sync(table_id)  # the new meta (status, resignations), after the commit

    def bot_seat(self, table_id: str) -> tuple[int, str, int, int] | None:
        """(seat, level, seed, state id) if a bot decides now at this table."""
        with self.locked(table_id) as live:
            seat = live.to_act()
            info = live.meta.get("bots", {}).get(seat) if seat is not None else None
            return (seat, info[0], info[1], live.state_id) if info else None

    def reclaim_seat(self, table_id: str, seat: int) -> None:
        self.set_zombie(table_id, seat, False)

    # ---- reading -----------------------------------------------------------------------------
    def detail(self, table_id: str, viewer: User | None) -> dict[str, Any]:
        """The table as the API shows it; invite codes only to its creator. A playing table's row and
        clock come from the same state: read again while a move lands between the two."""
        for attempt in range(5):
            result, live_sid = self._detail(table_id, viewer)
            if live_sid is None or live_sid == result["state_id"]:
                return result
            if live_sid < result["state_id"]:  # another process moved it: catch the cache up
                self.sync(table_id)
        return result

    def _detail(self, table_id: str, viewer: User | None) -> tuple[dict[str, Any], int | None]:
        """(the table, the cached match's state id when the clock was read, or None if not playing).
        The match is looked up after the read is over: loading it on a miss reads the store again,
        and a thread that held one pooled connection while waiting for a second could starve the
        pool (every thread holding one, none getting its second)."""
        with self.db.read() as session:
            table = self.table_row(session, table_id)
            seats = self.seat_rows(session, table_id)
            owner = viewer is not None and viewer.id == table.owner_id
            result = {
                "id": table.id, "game": table.game, "players": table.players, "options": table.options,
                "status": table.status, "mode": table.mode, "turn_hours": table.turn_hours,
                "base_seconds": table.base_seconds, "increment_seconds": table.increment_seconds,
                "rated": table.rated, "spectators": table.spectators, "zombie_level": table.zombie_level,
                "absent_policy": table.absent_policy, "spectator_chat": table.spectator_chat,
                "rematch_of": table.rematch_of, "rematch_id": table.rematch_id,
                "owner_id": table.owner_id, "state_id": table.state_id,
                "seats": self._public_seats(session, seats, owner), "clock": None, "outcome": table.outcome,
            }
        live_sid = None
        if result["status"] == "playing":
            with self.locked(table_id) as live:
                live_sid, clock = live.state_id, live.meta.get("clock")
            if live_sid == result["state_id"]:
                result["clock"] = clock
        return result, live_sid

    def seats_public(self, table_id: str) -> list[dict[str, Any]]:
        with self.db.read() as session:
            return self._public_seats(session, self.seat_rows(session, table_id), False)

    def _public_seats(self, session: Session, seats: list[Seat], owner: bool) -> list[dict[str, Any]]:
        names = self.seat_names(session, seats)
        # An invited seat with a user is kept for that person (a rematch): it shows their name.
        return [{"seat": s.seat, "kind": s.kind,
                 "name": names[s.seat] if s.kind == "bot" or (s.kind in ("human", "invited") and s.user_id) else None,
                 "user_id": s.user_id, "level": s.level, "zombie": s.zombie, "resigned": s.resigned_at is not None,
                 "invite_code": s.invite_code if owner and s.kind in ("open", "invited") else None}
                for s in seats]

    def open_tables(self, game: str | None, limit: int) -> list[str]:
        with self.db.read() as session:
            return table_store.open_table_ids(session, game, limit)

    def _deadline(self, table: Table, seat: Seat):
        started = aware(table.turn_started_at)
        if table.mode == "turn":
            return started + timedelta(hours=table.turn_hours)
        return started + timedelta(milliseconds=seat.remaining_ms or 0)

    def _meta(self, table: Table, seats: list[Seat], live: LiveMatch) -> dict[str, Any]:
        to_act = live.to_act()
        deadline = None
        if to_act is not None and seats[to_act].kind == "human" and not seats[to_act].zombie:
            deadline = self._deadline(table, seats[to_act]).timestamp() * 1000
        bots = {s.seat: (s.level if s.kind == "bot" else table.zombie_level, s.bot_seed)
                for s in seats if s.kind == "bot" or s.zombie}
        if table.status == "over":
            bots = {}  # ended by resignation: nobody plays on
        return {"id": table.id, "status": table.status, "bots": bots, "outcome": table.outcome,
                "resigned": [getattr(s, "resigned_at", None) is not None for s in seats],
                "clock": {"mode": table.mode, "to_act": to_act, "deadline_ms": deadline,
                          "remaining_ms": [s.remaining_ms for s in seats]},
                "zombies": [s.zombie for s in seats]}

    def table_row(self, session: Session, table_id: str, lock: bool = False) -> Table:
        table = self.db.lock_table(session, table_id) if lock else session.get(Table, table_id)
        if table is None:
            raise ServerError("table.not_found", f"no table {table_id!r}")
        return table

    def seat_rows(self, session: Session, table_id: str) -> list[Seat]:
        return table_store.seat_rows(session, table_id)

    def _my_seat(self, session: Session, table_id: str, user: User) -> Seat:
        for seat in self.seat_rows(session, table_id):
            if seat.user_id == user.id:
                return seat
        raise ServerError("table.not_seated")

    def seat_number(self, table_id: str, user: User) -> int:
        """``user``'s seat at the table; ServerError if the table is unknown or the user holds no seat."""
        with self.db.read() as session:
            self.table_row(session, table_id)
            seat = self.seat_of(session, table_id, user)
        if seat is None:
            raise ServerError("table.not_seated")
        return seat

    def seat_of(self, session: Session, table_id: str, user: User) -> int | None:
        return next((s.seat for s in self.seat_rows(session, table_id) if s.user_id == user.id), None)

    def _rows(self, session: Session | Connection, table_id: str, start: int) -> list[Row]:
        return [Row(*r) for r in table_store.action_rows(session, table_id, start)]

    def seat_names(self, session: Session, seats: list[Seat]) -> list[str]:
        names = []
        for seat in seats:
            user = session.get(User, seat.user_id) if seat.user_id else None
            bot = f"Bot {seat.seat + 1} ({seat.level})"  # the page translates it: catalog key seat.bot
            names.append(user.name if user else bot if seat.kind == "bot" else f"Seat {seat.seat + 1}")
        return names


def pg_notifier(channel: str) -> Callable[..., None]:
    """NOTIFY right after the transaction commits (store/db.py ``Database.hot``), and only if it does."""

    from gameshelf.server.hub import message

    def notify(session: Session | Connection | table_store.Batch, table_id: str, move: str = "") -> None:
        table_store.notify(session, channel, message(table_id, move))

    return notify


RELAY_HASH = 16  # hex digits of the state's hash a relayed move carries


def relay_digest(game, state) -> str:
    """``game.state_hash(state)[:RELAY_HASH]`` at a third of its CPU: the same canonical text (sorted
    keys, compact, non-ASCII kept) written by orjson; the standard library's for what orjson refuses
    (a key that is not a string, an integer over 64 bits) and for a text that may hold a float under
    1e-4 (orjson writes 1e-05 as 0.00001 and 2e-09 as 2e-9: the only floats whose text differs)."""
    if jsontext.orjson is None:
        return game.state_hash(state)[:RELAY_HASH]
    try:
        text = jsontext.orjson.dumps(game.position(state), option=jsontext.orjson.OPT_SORT_KEYS)
    except TypeError:
        return game.state_hash(state)[:RELAY_HASH]
    if b"e-" in text or b"0.0000" in text:
        return game.state_hash(state)[:RELAY_HASH]
    return hashlib.sha256(text).hexdigest()[:RELAY_HASH]


def relay_body(live: LiveMatch) -> str:
    """The move that made ``live``'s current state, as the other processes apply it to their cached
    match (engines are deterministic): the state id, the stored row, a prefix of the resulting state's
    hash (checked there) and the table's meta. Empty when the state came from an undo (they read the
    store). Built under ``live.lock`` by the committing transaction."""
    if not live.rows or live.rows[-1].kind != "act":
        return ""
    row = live.rows[-1]
    body = jsontext.dumps({"s": live.state_id, "r": [row.seat, row.by_bot, row.notation],
                           "h": relay_digest(live.game, live.state), "m": live.meta})
    # NOTIFY's payload is at most 8000 bytes: past that they read the store.
    return body if len(body) < 2000 or len(body.encode()) < 6000 else ""

"""The statements about tables, seats and actions (the match's hot path: built once, as Core
statements, so SQLAlchemy reuses their compiled form)."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any, Callable, Sequence

from sqlalchemy import Connection, and_, bindparam, exists, func, insert, select, text, update
from sqlalchemy.orm import Session

from gameshelf.server.store.models import Action, Seat, Table, Token

TABLES, SEATS, ACTIONS, TOKENS = Table.__table__, Seat.__table__, Action.__table__, Token.__table__
LOCK_ROW = select(TABLES).where(TABLES.c.id == bindparam("t_id"))
SEATS_OF = select(SEATS).where(SEATS.c.table_id == bindparam("t_id")).order_by(SEATS.c.seat)
ADD_ACTION = insert(ACTIONS)
SET_TABLE = update(TABLES).where(TABLES.c.id == bindparam("t_id"))  # SET: the other parameters
NOTIFY = text("SELECT pg_notify(:channel, :payload)")
# Who opens a table's WebSocket, in one read: the table's spectator rule, the token's user and expiry
# (NULL: no such token) and the seats that user holds there (NULL: none), lowest first.
ADMISSION = (select(TABLES.c.spectators, TOKENS.c.user_id, TOKENS.c.expires_at, SEATS.c.seat, SEATS.c.disconnected_at)
             .select_from(TABLES.outerjoin(TOKENS, TOKENS.c.token_hash == bindparam("token_hash"))
                          .outerjoin(SEATS, and_(SEATS.c.table_id == TABLES.c.id, SEATS.c.user_id == TOKENS.c.user_id)))
             .where(TABLES.c.id == bindparam("t_id")).order_by(SEATS.c.seat))
AFTER_COMMIT = "gameshelf.announce"  # a connection's info key: [(channel, payload)] to NOTIFY once it commits
# A connection's info key in PostgreSQL's Database.move: BEGIN while the transaction's BEGIN is still to
# be sent (with its first statement), then BEGUN (the batch of writes then ends the transaction too).
MOVE, BEGIN, BEGUN = "gameshelf.move", "begin", "begun"
LOCK_NOT_AVAILABLE = "55P03"  # PostgreSQL's error for a lock that FOR UPDATE NOWAIT did not get
DIVISION_BY_ZERO = "22012"  # ... and the one _Dialect.guard raises for rows written since
NOTIFY_TEXT_MAX = 7900  # bytes of a payload sent with its move's COMMIT (NOTIFY refuses 8000 or more)
log = logging.getLogger("gameshelf.server")


# ---- one match, on a plain connection ----------------------------------------------------------
# A move's statements go straight to the driver's connection (inside the transaction SQLAlchemy
# began), each value converted by its column type's own SQLAlchemy processors, so rows and stored
# values are exactly what the Core statements give: SQLAlchemy's execution path cost several times
# the statements themselves. On PostgreSQL the table's row and its seats come in one round trip
# (both locked: the seats are then read as of the lock, as a second statement after it would read
# them), and the writes of a move are held until every check passed, then sent as one statement
# (data-modifying WITH clauses): one round trip instead of four. The move's NOTIFY follows its commit
# (``notify_committed``; why: Database.hot).
class _Raw:
    """Per table of the store: its columns' result and bind processors for one dialect."""

    def __init__(self, table, dialect) -> None:
        self.name = table.name
        self.columns = [c.key for c in table.columns]
        self.dialect = dialect
        self.types = {c.key: c.type.dialect_impl(dialect) for c in table.columns}  # SQLite's DATETIME, ...
        self.binds = {key: kind.bind_processor(dialect) for key, kind in self.types.items()}
        self.reads: list | None = None

    def readers(self, codes: Sequence) -> list:
        """The result processors, for the driver's column type codes (PostgreSQL's type oids) of the
        first rows read: those of a column never change."""
        if self.reads is None:
            self.reads = [(key, kind.result_processor(self.dialect, code))
                          for (key, kind), code in zip(self.types.items(), codes)]
        return self.reads

    def row(self, values: Sequence, codes: Sequence) -> SimpleNamespace:
        return SimpleNamespace(**{key: convert(value) if convert else value
                                  for (key, convert), value in zip(self.readers(codes), values)})

    def bind(self, key: str, value: Any) -> Any:
        convert = self.binds[key]
        return convert(value) if convert else value

    def stored(self, key: str, value: Any) -> Any:
        """``value`` as a read of the column returns it once written (SQLite's naive datetimes, a
        JSON column's fresh copy); needs the result processors of a first read."""
        convert = self.read_of[key]
        value = self.bind(key, value)
        return convert(value) if convert else value

    @property
    def read_of(self) -> dict:
        found = self.__dict__.get("_read_of")
        if found is None:
            found = self.__dict__["_read_of"] = dict(self.reads)
        return found


class _Dialect:
    """The raw statements of one dialect (SQLite or PostgreSQL), built once per set of columns."""

    def __init__(self, dialect) -> None:
        self.sqlite = dialect.name == "sqlite"
        self.mark = "?" if self.sqlite else "%s"
        self.tables, self.seats, self.actions = (_Raw(t, dialect) for t in (TABLES, SEATS, ACTIONS))
        self.sql: dict[tuple, str] = {}

    def statement(self, key: tuple, build: Callable[[], str]) -> str:
        sql = self.sql.get(key)
        if sql is None:
            sql = self.sql[key] = build()
        return sql

    def select(self, lock: bool, wait: bool = True, versions: bool = False) -> str:
        """The table's columns, then its seats' (one row a seat; PostgreSQL only), then with
        ``versions`` the table row's and the seat row's versions (see :meth:`guard`). Locked, the table
        and its seats: a row locked after a wait is read as the other transaction committed it (a seat
        not locked would be read as before it, its clock too), and seats are only locked with their
        table's row; a table without seats (none is stored so) is then not found."""
        return self.statement(("select", lock, wait, versions), lambda: (
            f"SELECT {', '.join(f't.{c}' for c in self.tables.columns)}, "
            f"{', '.join(f's.{c}' for c in self.seats.columns)}"
            + (", t.xmin::text, s.xmin::text" if versions else "") + f" FROM {TABLES.name} t "
            f"{'' if lock else 'LEFT '}JOIN {SEATS.name} s ON s.table_id = t.id WHERE t.id = %s ORDER BY s.seat"
            + (" FOR UPDATE" if lock else "") + ("" if wait or not lock else " NOWAIT")))

    def guard(self) -> str:
        """PostgreSQL: lock the table's row and its seats' as :meth:`select` does without waiting, and
        fail (division by zero) unless their versions are still the ones given (``versions``). A
        row's version is its ``xmin``, the id of the transaction that wrote it last: whatever wrote
        the table or a seat since, in this process or another, a move, a seat handed to a bot, a
        disconnection, changed it."""
        return self.statement(("guard",), lambda: (
            f"WITH g AS (SELECT t.xmin::text AS tv, s.xmin::text AS sv, s.seat FROM {TABLES.name} t "
            f"JOIN {SEATS.name} s ON s.table_id = t.id WHERE t.id = %s FOR UPDATE NOWAIT) "
            "SELECT 1 / (coalesce(max(tv) || ':' || string_agg(sv, ',' ORDER BY seat), '') = %s)::int FROM g"))


_dialects: dict[str, _Dialect] = {}


def _raw(conn: Connection) -> tuple[Any, _Dialect]:
    """(the driver's connection, the dialect's raw statements)."""
    return conn.connection.driver_connection, dialect_of(conn.dialect)


def dialect_of(dialect) -> _Dialect:
    """The raw statements of an SQLAlchemy dialect (an engine's ``dialect``)."""
    found = _dialects.get(dialect.name)
    if found is None:
        found = _dialects[dialect.name] = _Dialect(dialect)
    return found


class RowsMovedOn(Exception):
    """PostgreSQL: the table's row or a seat's was written since the versions a guarded move was
    sent with (``Batch.commit_soon``): nothing of the move was written."""


class RowBusy(Exception):
    """PostgreSQL: the table's row is locked by another transaction, and the read was not to wait
    (``table_and_seats_soon``)."""


def table_and_seats(conn: Connection, table_id: str, lock: bool) -> tuple[
        SimpleNamespace | None, list[SimpleNamespace]]:
    """The table's row (locked until the transaction ends with ``lock``; SQLite locks by its
    transaction) and its seat rows in seat order; (None, []) for no such table."""
    driver, raw = _raw(conn)
    if raw.sqlite:
        table = driver.execute(raw.statement(("table",), lambda: f"SELECT {', '.join(raw.tables.columns)} "
                                                              f"FROM {TABLES.name} WHERE id = ?"),
                               (table_id,)).fetchone()
        if table is None:
            return None, []
        seats = driver.execute(raw.statement(("seats",), lambda: f"SELECT {', '.join(raw.seats.columns)} FROM "
                                                              f"{SEATS.name} WHERE table_id = ? ORDER BY seat"),
                               (table_id,)).fetchall()
        unknown = [None] * len(table)  # SQLite's cursor names no column types
        return raw.tables.row(table, unknown), [raw.seats.row(values, unknown) for values in seats]
    begin = conn.info.get(MOVE) == BEGIN  # Database.move: BEGIN in the same query string
    if begin:
        conn.info[MOVE] = BEGUN
    with (_client_cursor(driver) if begin else driver.cursor()) as cursor:
        if begin:
            cursor.execute("BEGIN; " + raw.select(lock), (table_id,))
            cursor.nextset()
        else:
            cursor.execute(raw.select(lock), (table_id,))
        rows = cursor.fetchall()
        if raw.seats.reads is None:  # the description (a Column object a column) only once
            _know_types(raw, [column.type_code for column in cursor.description])
    return _table_and_seats(raw, rows)


async def table_and_seats_soon(link: Any, dialect, table_id: str) -> tuple[
        SimpleNamespace | None, list[SimpleNamespace], str]:
    """PostgreSQL (SQLAlchemy's ``dialect``), on one of the event loop's links (store/loop_links.py):
    ``BEGIN`` and the locked read of ``table_and_seats`` without ``wait``, in one round trip that
    never blocks the loop; the link is left in the transaction. Also the rows' versions, as
    ``_Dialect.guard`` compares them. RowBusy (the transaction rolled back) if another transaction
    holds the row."""
    from gameshelf.server.store.loop_links import StoreRefused

    raw = dialect_of(dialect)
    try:
        (_, (rows, codes)) = await link.run("BEGIN; " + raw.select(True, False, versions=True), (table_id,))
    except StoreRefused as exc:
        if exc.sqlstate != LOCK_NOT_AVAILABLE:
            raise
        await link.roll_back()
        raise RowBusy(table_id) from None
    if raw.seats.reads is None:
        _know_types(raw, codes[:-2])
    table, seats = _table_and_seats(raw, [values[:-2] for values in rows])
    return table, seats, versions_of([values[-2:] for values in rows])


def versions_of(rows: Sequence[Sequence[str | None]]) -> str:
    """The versions of a table's row and its seats' from (table row's, seat row's) pairs in seat order,
    as ``_Dialect.guard`` writes them ("" for no table)."""
    return f"{rows[0][0]}:{','.join(seat for _, seat in rows if seat is not None)}" if rows else ""


def versions_after(versions: str, seats: Sequence, written: set[int], version: str) -> str:
    """``versions`` once a transaction whose id is ``version`` wrote the table's row and the seats of
    ``written`` (seat numbers; ``seats`` the rows in seat order)."""
    _, seat_versions = versions.split(":")
    kept = seat_versions.split(",") if seat_versions else []
    return f"{version}:" + ",".join(version if row.seat in written else old for row, old in zip(seats, kept))


def _know_types(raw: _Dialect, codes: Sequence) -> None:
    """The result processors of the table's and the seats' columns, from a first read's type codes."""
    split = len(raw.tables.columns)
    raw.tables.readers(codes[:split]), raw.seats.readers(codes[split:])


def _table_and_seats(raw: _Dialect, rows: Sequence[Sequence]) -> tuple[SimpleNamespace | None, list[SimpleNamespace]]:
    """PostgreSQL: the table's row and its seats' from the rows of ``_Dialect.select``."""
    if not rows:
        return None, []
    split = len(raw.tables.columns)
    seats = [raw.seats.row(values[split:], ()) for values in rows if values[split] is not None]
    return raw.tables.row(rows[0][:split], ()), seats


def _client_cursor(driver):
    """A psycopg cursor that binds its values into the query text (a query string of several
    statements, sent in one round trip, can have no separate parameters)."""
    from psycopg import ClientCursor

    return ClientCursor(driver)


def as_stored(conn: Connection, values: dict[str, Any]) -> dict[str, Any] | None:
    """Table-row ``values`` as a read of the row returns them once written; None before the
    dialect's first read of a table row (its result processors unknown)."""
    _, raw = _raw(conn)
    if raw.tables.reads is None:
        return None
    return {key: raw.tables.stored(key, value) for key, value in values.items()}


class Batch:
    """A move's writes (its action row, its seat's clock, the table's row, the announcement), held
    until :meth:`send`, after every check: one statement on PostgreSQL, the driver's on SQLite."""

    def __init__(self, conn: Connection | None, dialect=None) -> None:
        """A batch for ``conn``; with None, for one of the event loop's links on PostgreSQL (its
        SQLAlchemy ``dialect``), sent by :meth:`commit_soon`."""
        self.conn = conn
        self.driver, self.raw = _raw(conn) if conn is not None else (None, dialect_of(dialect))
        self.parts: list[tuple[str, _Raw, tuple[str, ...], tuple]] = []  # (kind, table, columns, values)
        self.announce: tuple[str, str] | None = None  # (channel, payload)

    def add_action(self, **values: Any) -> None:
        self._add("insert", self.raw.actions, values)

    def set_remaining(self, table_id: str, seat: int, remaining_ms: int) -> None:
        self._add("seat", self.raw.seats, {"remaining_ms": remaining_ms}, (table_id, seat))

    def set_table(self, table_id: str, **values: Any) -> None:
        self._add("table", self.raw.tables, values, (table_id,))

    def notify(self, channel: str, payload: str) -> None:
        self.announce = (channel, payload)

    def _add(self, kind: str, table: _Raw, values: dict[str, Any], where: tuple = ()) -> None:
        self.parts.append((kind, table, tuple(values), (*(table.bind(k, v) for k, v in values.items()), *where)))

    def send(self) -> None:
        """The held writes, in the order they were added; the announcement is left for
        :meth:`Database.hot <gameshelf.server.store.db.Database.hot>` to send once they committed."""
        if self.raw.sqlite:
            for kind, table, keys, values in self.parts:  # (SQLite has no NOTIFY: nobody announces there)
                sql = self.raw.statement((kind, keys), lambda: self._statement(kind, table, keys))
                self.driver.execute(sql, values)
        elif self.conn.info.get(MOVE) == BEGUN:  # Database.move: the writes end its transaction
            self._send_and_commit()
        else:
            if self.parts:
                key = ("batch", tuple((kind, keys) for kind, _, keys, _ in self.parts))
                sql = self.raw.statement(key, self._together)
                with self.driver.cursor() as cursor:
                    cursor.execute(sql, self._values())
            if self.announce:
                self.conn.info.setdefault(AFTER_COMMIT, []).append(self.announce)
        self.parts, self.announce = [], None

    def _send_and_commit(self) -> None:
        """PostgreSQL in :meth:`Database.move <gameshelf.server.store.db.Database.move>`: the writes,
        ``COMMIT`` and the NOTIFY in one query string (one round trip). The NOTIFY runs after the
        commit, in a transaction of its own that waits for no WAL flush, as ``notify_committed``'s.

        If that string fails, what failed is told by the connection: inside the move's transaction
        (aborted) the writes failed, and the caller's rollback ends it; outside any transaction, on a
        connection still good, the move committed (a commit in READ COMMITTED, with no deferred
        constraint, fails only with its connection) and only its announcement was refused: logged,
        and the other processes catch up by their heartbeat."""
        from psycopg import Error, pq

        sql, values, late = self.commit_text()
        if late:
            self.conn.info.setdefault(AFTER_COMMIT, []).append(late)  # sent on its own: Database.move
        announce = self.announce and not late
        try:
            with _client_cursor(self.driver) as cursor:
                cursor.execute(sql, values)
        except Error as exc:
            pgconn = self.driver.pgconn
            if not (announce and pgconn.status == pq.ConnStatus.OK
                    and pgconn.transaction_status == pq.TransactionStatus.IDLE):
                raise
            _announcement_failed(str(exc).strip())

    def commit_text(self, versions: bool = False, guard: tuple[str, str] | None = None,
                    ) -> tuple[str, tuple, tuple[str, str] | None]:
        """PostgreSQL: (the query string of the writes, ``COMMIT`` and the announcement, its values,
        an announcement too long to go with them: to be sent on its own once they committed). With
        ``versions`` the writes return the table row's new version; with ``guard`` (table id,
        versions) they begin the transaction, after ``_Dialect.guard``."""
        announce, late = self.announce, None
        if announce and len(announce[0].encode()) + len(announce[1].encode()) > NOTIFY_TEXT_MAX:
            announce, late = None, announce
        key = ("batch", "commit", bool(announce), versions, guard is not None,
               tuple((kind, keys) for kind, _, keys, _ in self.parts))
        sql = self.raw.statement(key, lambda: (f"BEGIN; {self.raw.guard()}; " if guard else "") + (
            self._together(versions) + "; " if self.parts else "") + "COMMIT" + (
            "; SELECT set_config('synchronous_commit', 'off', true), pg_notify(%s, %s)" if announce else ""))
        return sql, (guard or ()) + self._values() + (announce or ()), late

    async def commit_soon(self, link: Any, guard: tuple[str, str] | None = None) -> str | None:
        """:meth:`send` on one of the event loop's links, in the transaction
        ``table_and_seats_soon`` began, or with ``guard`` (table id, its rows' versions) in one it
        begins (``_Dialect.guard``): the writes, ``COMMIT`` and the announcement in one round trip
        that never blocks the loop (what failed is told as in ``_send_and_commit``). Returns the
        table row's new version (None when the announcement alone failed). RowsMovedOn or RowBusy,
        with nothing written and the link out of the transaction, when the guard stopped it."""
        from gameshelf.server.store.loop_links import StoreRefused

        sql, values, late = self.commit_text(versions=True, guard=guard)
        version = None
        try:
            results = await link.run(sql, values)
            rows = results[2 if guard else 0][0] if self.parts else []
            version = rows[0][0] if rows and isinstance(rows[0][0], str) else None
        except StoreRefused as exc:
            if guard and exc.index == 1:  # (0: BEGIN, 1: the guard)
                await link.roll_back()
                if exc.sqlstate == LOCK_NOT_AVAILABLE:
                    raise RowBusy(guard[0]) from None
                if exc.sqlstate == DIVISION_BY_ZERO:
                    raise RowsMovedOn(guard[0]) from None
                raise
            if not (self.announce and not late and not link.in_transaction() and not link.failed):
                raise
            _announcement_failed(str(exc))
        if late:
            try:
                await link.run("BEGIN; SET LOCAL synchronous_commit TO off; SELECT pg_notify(%s, %s); COMMIT", late)
            except Exception as exc:
                if link.in_transaction():
                    await link.roll_back()
                _announcement_failed(str(exc))
        self.parts, self.announce = [], None
        return version

    def seats_written(self) -> set[int]:
        """The seat numbers whose rows the held writes update."""
        return {values[-1] for kind, _, _, values in self.parts if kind == "seat"}

    def _values(self) -> tuple:
        """The held writes' values, in the order of their statement's markers."""
        return tuple(v for *_, part in self.parts for v in part)

    def _together(self, versions: bool = False) -> str:
        """PostgreSQL: every write a WITH clause of one statement, which returns the table row's new
        version (its ``xmin``: ``_Dialect.guard``) with ``versions`` if the writes update it."""
        clauses, last = [], "SELECT 1"
        for i, (kind, table, keys, _) in enumerate(self.parts):
            statement = self._statement(kind, table, keys)
            if versions and kind == "table":
                statement, last = statement + " RETURNING xmin::text AS version", f"SELECT version FROM w{i}"
            clauses.append(f"w{i} AS ({statement})")
        return f"WITH {', '.join(clauses)} {last}"

    def _statement(self, kind: str, table: _Raw, keys: tuple[str, ...]) -> str:
        mark = self.raw.mark
        if kind == "insert":
            return f"INSERT INTO {table.name} ({', '.join(keys)}) VALUES ({', '.join([mark] * len(keys))})"
        sets = ", ".join(f"{k} = {mark}" for k in keys)
        if kind == "seat":
            return f"UPDATE {table.name} SET {sets} WHERE table_id = {mark} AND seat = {mark}"
        return f"UPDATE {table.name} SET {sets} WHERE id = {mark}"


def notify(conn: Session | Connection | Batch, channel: str, payload: str) -> None:
    """PostgreSQL's NOTIFY, delivered only if the transaction commits. A batch's or a session's of
    :meth:`Database.hot <gameshelf.server.store.db.Database.hot>` or ``transaction`` is held on its
    connection (``AFTER_COMMIT``) and sent right after the commit (why: ``Database.hot``); on a
    plain connection, inside its transaction."""
    if isinstance(conn, Batch):
        conn.notify(channel, payload)
    elif isinstance(conn, Session):
        conn.connection().info.setdefault(AFTER_COMMIT, []).append((channel, payload))
    else:
        conn.execute(NOTIFY, {"channel": channel, "payload": payload})


def notify_committed(conn: Connection, announcements: list[tuple[str, str]]) -> None:
    """PostgreSQL: NOTIFY each (channel, payload) on ``conn``, outside any transaction of the
    caller's, in one transaction of their own that does not wait for its WAL flush (it stores
    nothing): one round trip. Never raises (what they announce has committed): a refused payload or
    a broken connection is logged, and the other processes find the change by their heartbeat."""
    from psycopg import pq

    try:
        pgconn = conn.connection.driver_connection.pgconn
        quote = pq.Escaping(pgconn).escape_literal
        calls = b", ".join(b"pg_notify(" + quote(channel.encode()) + b", " + quote(payload.encode()) + b")"
                           for channel, payload in announcements)
        result = pgconn.exec_(b"BEGIN; SET LOCAL synchronous_commit TO off; SELECT " + calls + b"; COMMIT")
        if result.status == pq.ExecStatus.COMMAND_OK:
            return
        error = (result.error_message or b"").decode(errors="replace").strip()
        if pgconn.transaction_status != pq.TransactionStatus.IDLE:
            pgconn.exec_(b"ROLLBACK")
    except Exception as exc:  # the connection broke: the pool's ping at the next check-out replaces it
        error = repr(exc)
    _announcement_failed(error)


def _announcement_failed(error: str) -> None:
    log.warning("NOTIFY after a commit failed (%s); the other processes catch up by heartbeat", error)


def admission(conn: Connection, table_id: str, token_hash: str) -> list[tuple]:
    """(spectators allowed, the token's user id, its expiry, a seat of that user, that seat's
    disconnected_at) for the table, one row per seat the user holds (lowest first; one row with
    NULLs for none or no such token); no rows for no such table."""
    return [tuple(r) for r in conn.execute(ADMISSION, {"t_id": table_id, "token_hash": token_hash})]


def action_rows(conn: Session | Connection, table_id: str, start: int) -> list[tuple]:
    """(ply, seat, kind, by_bot, notation) of the table's stored actions from ply ``start``."""
    query = (select(ACTIONS.c.ply, ACTIONS.c.seat, ACTIONS.c.kind, ACTIONS.c.by_bot, ACTIONS.c.notation)
             .where(ACTIONS.c.table_id == table_id, ACTIONS.c.ply >= start).order_by(ACTIONS.c.ply))
    return [tuple(r) for r in conn.execute(query)]


# ---- reading, with a session -------------------------------------------------------------------
def seat_rows(session: Session, table_id: str) -> list[Seat]:
    return list(session.execute(select(Seat).where(Seat.table_id == table_id).order_by(Seat.seat)).scalars())


def open_table_ids(session: Session, game: str | None, limit: int) -> list[str]:
    """The newest open tables (of ``game``, if given) with a seat still open."""
    query = select(Table.id).where(Table.status == "open").order_by(Table.created_at.desc()).limit(limit)
    if game:
        query = query.where(Table.game == game)
    ids = list(session.execute(query).scalars())
    open_ids = set(session.execute(select(Seat.table_id).where(Seat.table_id.in_(ids),
                                                               Seat.kind == "open")).scalars())
    return [i for i in ids if i in open_ids]


def playing_clocks(session: Session, table_ids: Sequence[str] | None = None,
                   ) -> tuple[dict[str, Any], dict[str, list]]:
    """Every playing table's clock columns by id, and its seats' (seat order); only those of
    ``table_ids`` if given (asked CLOCK_CHUNK ids at a time)."""
    if table_ids is None:
        return _clocks(session, TABLES.c.status == "playing")
    tables: dict[str, Any] = {}
    seats: dict[str, list] = {}
    for start in range(0, len(table_ids), CLOCK_CHUNK):
        chunk = list(table_ids[start:start + CLOCK_CHUNK])
        found, their_seats = _clocks(session, (TABLES.c.status == "playing") & TABLES.c.id.in_(chunk))
        tables.update(found)
        seats.update(their_seats)
    return tables, seats


CLOCK_CHUNK = 500  # table ids a statement of playing_clocks names at most


def _clocks(session: Session, which) -> tuple[dict[str, Any], dict[str, list]]:
    """The clock columns of the tables ``which`` selects, and their seats' (seat order)."""
    tables = {r.id: r for r in session.execute(
        select(TABLES.c.id, TABLES.c.state_id, TABLES.c.mode, TABLES.c.turn_hours,
               TABLES.c.turn_started_at).where(which))}
    seats: dict[str, list] = {}
    for r in session.execute(select(SEATS.c.table_id, SEATS.c.seat, SEATS.c.kind, SEATS.c.zombie,
                                    SEATS.c.remaining_ms, SEATS.c.disconnected_at)
                             .join(TABLES, TABLES.c.id == SEATS.c.table_id)
                             .where(which).order_by(SEATS.c.seat)):
        seats.setdefault(r.table_id, []).append(r)
    return tables, seats


def state_ids(session: Session, table_ids: list[str]) -> dict[str, int | None]:
    """Each table's state id (None for a table not started)."""
    rows = session.execute(select(Table.id, Table.status, Table.state_id).where(Table.id.in_(table_ids)))
    return {t: (sid if status != "open" else None) for t, status, sid in rows}


def owner_of(session: Session, table_id: str) -> str:
    return session.execute(select(Table.owner_id).where(Table.id == table_id)).scalar_one()


def unfinished_of(session: Session, user_id: str) -> list[tuple[Seat, Table]]:
    """(seat, table) of the user's open and playing tables, the newest first."""
    return [(seat, table) for seat, table in session.execute(
        select(Seat, Table).join(Table, Table.id == Seat.table_id)
        .where(Seat.user_id == user_id, Table.status.in_(("open", "playing")))
        .order_by(Table.created_at.desc()))]


def seated_among(session: Session, table_ids: set[str], people: set[str]) -> set[str]:
    """Which of ``people`` (user ids) sit at one of the tables."""
    return set(session.execute(select(Seat.user_id).where(Seat.table_id.in_(table_ids),
                                                          Seat.user_id.in_(people))).scalars())


def bots_only_playing(session: Session, owner_id: str, other_than: str) -> int:
    """How many tables without a human seat ``owner_id`` has playing, ``other_than`` aside."""
    human = exists().where(Seat.table_id == Table.id, Seat.kind == "human")
    return session.execute(select(func.count(Table.id)).where(
        Table.owner_id == owner_id, Table.status == "playing", Table.id != other_than, ~human)).scalar_one()

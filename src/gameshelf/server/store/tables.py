"""The statements about tables, seats and actions (the match's hot path: built once, as Core
statements, so SQLAlchemy reuses their compiled form)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from sqlalchemy import Connection, bindparam, exists, func, insert, select, text, update
from sqlalchemy.orm import Session

from gameshelf.server.store.models import Action, Seat, Table

TABLES, SEATS, ACTIONS = Table.__table__, Seat.__table__, Action.__table__
LOCK_ROW = select(TABLES).where(TABLES.c.id == bindparam("t_id"))
LOCK_ROW_FOR_UPDATE = LOCK_ROW.with_for_update()
SEATS_OF = select(SEATS).where(SEATS.c.table_id == bindparam("t_id")).order_by(SEATS.c.seat)
ADD_ACTION = insert(ACTIONS)
SET_TABLE = update(TABLES).where(TABLES.c.id == bindparam("t_id"))  # SET: the other parameters
SET_REMAINING = update(SEATS).where(SEATS.c.table_id == bindparam("t_id"), SEATS.c.seat == bindparam("s_no"))
NOTIFY = text("SELECT pg_notify(:channel, :payload)")


# ---- one match, on a plain connection ----------------------------------------------------------
# SQLite: the statements of every move go straight to the driver's connection (inside the transaction
# SQLAlchemy began), each value converted by its column type's own SQLAlchemy processors, so rows and
# stored values are exactly what the Core statements give. SQLAlchemy's execution path cost five times
# the statements themselves. PostgreSQL runs the Core statements.
class _Raw:
    """Per table of the store: its columns' result and bind processors for one dialect."""

    def __init__(self, table, dialect) -> None:
        self.name = table.name
        self.columns = [c.key for c in table.columns]
        types = {c.key: c.type.dialect_impl(dialect) for c in table.columns}  # SQLite's DATETIME, ...
        self.reads = [(key, kind.result_processor(dialect, None)) for key, kind in types.items()]
        self.binds = {key: kind.bind_processor(dialect) for key, kind in types.items()}
        self.sql: dict[tuple[str, ...], str] = {}

    def row(self, values: tuple) -> SimpleNamespace:
        return SimpleNamespace(**{key: convert(value) if convert else value
                                  for (key, convert), value in zip(self.reads, values)})

    def bind(self, key: str, value: Any) -> Any:
        convert = self.binds[key]
        return convert(value) if convert else value

    def write(self, driver, values: dict[str, Any], build, after: tuple = ()) -> None:
        """Run the statement ``build(table name, column names)`` (built once per set of columns) with
        ``values`` converted, then ``after``."""
        keys = tuple(values)
        sql = self.sql.get(keys)
        if sql is None:
            sql = self.sql[keys] = build(self.name, keys)
        driver.execute(sql, (*(self.bind(k, v) for k, v in values.items()), *after))


_raw: dict[str, _Raw] = {}


def _sqlite(conn: Connection, table) -> tuple[Any, _Raw] | None:
    """(the driver's connection, the table's processors) on SQLite; None elsewhere."""
    if conn.dialect.name != "sqlite":
        return None
    raw = _raw.get(table.name)
    if raw is None:
        raw = _raw[table.name] = _Raw(table, conn.dialect)
    return conn.connection.driver_connection, raw


def table_state(conn: Connection, table_id: str, lock: bool) -> SimpleNamespace | None:
    """The table's row (locked until the transaction ends with ``lock``), or None."""
    fast = _sqlite(conn, TABLES)
    if fast:
        driver, raw = fast
        values = driver.execute(f"SELECT {', '.join(raw.columns)} FROM {raw.name} WHERE id = ?", (table_id,)).fetchone()
        return None if values is None else raw.row(values)
    row = conn.execute(LOCK_ROW_FOR_UPDATE if lock else LOCK_ROW, {"t_id": table_id}).one_or_none()
    return None if row is None else SimpleNamespace(**row._mapping)


def seat_states(conn: Connection, table_id: str) -> list[SimpleNamespace]:
    """The table's seat rows, in seat order."""
    fast = _sqlite(conn, SEATS)
    if fast:
        driver, raw = fast
        query = f"SELECT {', '.join(raw.columns)} FROM {raw.name} WHERE table_id = ? ORDER BY seat"
        return [raw.row(values) for values in driver.execute(query, (table_id,)).fetchall()]
    return [SimpleNamespace(**row._mapping) for row in conn.execute(SEATS_OF, {"t_id": table_id})]


def add_action(conn: Connection, **values: Any) -> None:
    fast = _sqlite(conn, ACTIONS)
    if fast:
        fast[1].write(fast[0], values, lambda name, keys: f"INSERT INTO {name} ({', '.join(keys)}) "
                                                          f"VALUES ({', '.join('?' * len(keys))})")
        return
    conn.execute(ADD_ACTION, values)


def set_table(conn: Connection, table_id: str, **values: Any) -> None:
    fast = _sqlite(conn, TABLES)
    if fast:
        fast[1].write(fast[0], values, lambda name, keys: f"UPDATE {name} SET {', '.join(f'{k} = ?' for k in keys)} "
                                                          "WHERE id = ?", (table_id,))
        return
    conn.execute(SET_TABLE, {"t_id": table_id, **values})


def set_remaining(conn: Connection, table_id: str, seat: int, remaining_ms: int) -> None:
    conn.execute(SET_REMAINING, {"t_id": table_id, "s_no": seat, "remaining_ms": remaining_ms})


def notify(conn: Session | Connection, channel: str, payload: str) -> None:
    """PostgreSQL's NOTIFY, delivered when (and if) the transaction commits."""
    conn.execute(NOTIFY, {"channel": channel, "payload": payload})


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


def playing_clocks(session: Session) -> tuple[dict[str, Any], dict[str, list]]:
    """Every playing table's clock columns by id, and its seats' (seat order)."""
    tables = {r.id: r for r in session.execute(
        select(TABLES.c.id, TABLES.c.state_id, TABLES.c.mode, TABLES.c.turn_hours,
               TABLES.c.turn_started_at).where(TABLES.c.status == "playing"))}
    seats: dict[str, list] = {}
    for r in session.execute(select(SEATS.c.table_id, SEATS.c.seat, SEATS.c.kind, SEATS.c.zombie,
                                    SEATS.c.remaining_ms, SEATS.c.disconnected_at)
                             .join(TABLES, TABLES.c.id == SEATS.c.table_id)
                             .where(TABLES.c.status == "playing").order_by(SEATS.c.seat)):
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

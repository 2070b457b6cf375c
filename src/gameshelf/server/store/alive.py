"""The store's one ``server_alive`` row, and the clock columns a downtime moves forward
(:mod:`gameshelf.server.downtime` decides with them)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, select, update

from gameshelf.server.store.models import Seat, ServerAlive, Table

ALIVE = ServerAlive.__table__
TABLES, SEATS = Table.__table__, Seat.__table__
ROW = 1


def set_alive(conn: Connection, moment: datetime) -> None:
    conn.execute(update(ALIVE).where(ALIVE.c.id == ROW).values(alive_at=moment))


def swap_alive(conn: Connection, moment: datetime, lock: bool) -> datetime | None:
    """The last time a server was alive (None if none ever ran), replaced by ``moment``; with
    ``lock`` the row stays locked until the transaction ends."""
    query = select(ALIVE.c.alive_at).where(ALIVE.c.id == ROW)
    last = conn.execute(query.with_for_update() if lock else query).scalar_one_or_none()
    set_alive(conn, moment)
    return last


def turn_starts(conn: Connection) -> list[tuple[str, datetime | None]]:
    """(table id, turn start) of every playing table."""
    return [tuple(r) for r in conn.execute(select(TABLES.c.id, TABLES.c.turn_started_at)
                                           .where(TABLES.c.status == "playing")).all()]


def set_turn_start(conn: Connection, table_id: str, moment: datetime) -> None:
    conn.execute(update(TABLES).where(TABLES.c.id == table_id).values(turn_started_at=moment))


def disconnections(conn: Connection) -> list[tuple[str, int, datetime]]:
    """(table id, seat, since) of every disconnected seat at a playing table."""
    playing = select(TABLES.c.id).where(TABLES.c.status == "playing")
    return [tuple(r) for r in conn.execute(select(SEATS.c.table_id, SEATS.c.seat, SEATS.c.disconnected_at)
                                           .where(SEATS.c.table_id.in_(playing),
                                                  SEATS.c.disconnected_at.is_not(None))).all()]


def set_disconnection(conn: Connection, table_id: str, seat: int, moment: datetime) -> None:
    conn.execute(update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
                 .values(disconnected_at=moment))

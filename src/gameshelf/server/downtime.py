"""Clocks stand still while no server runs: downtime is credited to every running match.

Every server process writes the time it was last alive (its heartbeat, and once more when it stops)
to the store's one ``server_alive`` row. A process that starts reads it in the same transaction that
moves it to now: if no process was alive for longer than two heartbeats, the whole gap is the
server's downtime, and every playing table's turn start (realtime clocks and turn deadlines both
count from it) and every pending disconnection mark move forward by it. A player thus loses no clock
time, and no seat is handed to a bot, for time nobody could play. Workers that start together are
serialised by the row's lock, so only the first credits the gap; a worker restarting while another
runs finds a fresh time and credits nothing.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy import select, update

from gameshelf.server.auth import aware, now
from gameshelf.server.store import Database, Seat, Table
from gameshelf.server.store.models import ServerAlive

log = logging.getLogger("gameshelf.server")
ALIVE = ServerAlive.__table__
TABLES, SEATS = Table.__table__, Seat.__table__
ROW = 1


def mark_alive(db: Database, moment: datetime | None = None) -> None:
    """Record that a server runs now (a heartbeat)."""
    with db.hot() as conn:
        conn.execute(update(ALIVE).where(ALIVE.c.id == ROW).values(alive_at=moment or now()))


def credit_downtime(db: Database, heartbeat_seconds: float) -> float:
    """At start: move every playing match's clocks forward by the time no server ran; the seconds
    credited (0 when a server was alive within two heartbeats, or none ever ran)."""
    with db.hot() as conn:
        query = select(ALIVE.c.alive_at).where(ALIVE.c.id == ROW)
        if not db.is_sqlite:
            query = query.with_for_update()  # SQLite: the transaction began IMMEDIATE
        last = conn.execute(query).scalar_one_or_none()
        moment = now()
        conn.execute(update(ALIVE).where(ALIVE.c.id == ROW).values(alive_at=moment))
        if last is None:
            return 0.0
        last = aware(last)
        gap = moment - last
        if gap <= timedelta(seconds=2 * heartbeat_seconds):
            return 0.0
        playing = select(TABLES.c.id).where(TABLES.c.status == "playing")
        for table_id, started in conn.execute(select(TABLES.c.id, TABLES.c.turn_started_at)
                                              .where(TABLES.c.status == "playing")).all():
            if started is not None and aware(started) <= last:
                conn.execute(update(TABLES).where(TABLES.c.id == table_id)
                             .values(turn_started_at=aware(started) + gap))
        for table_id, seat, away in conn.execute(
                select(SEATS.c.table_id, SEATS.c.seat, SEATS.c.disconnected_at)
                .where(SEATS.c.table_id.in_(playing), SEATS.c.disconnected_at.is_not(None))).all():
            if aware(away) <= last:
                conn.execute(update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
                             .values(disconnected_at=aware(away) + gap))
    seconds = gap.total_seconds()
    log.warning("no server ran for %.1f s: credited to the clocks of every game in play", seconds)
    return seconds

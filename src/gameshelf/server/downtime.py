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

from gameshelf.server.auth import aware, now
from gameshelf.server.store import Database, alive

log = logging.getLogger("gameshelf.server")


def mark_alive(db: Database, moment: datetime | None = None) -> None:
    """Record that a server runs now (a heartbeat)."""
    with db.hot() as conn:
        alive.set_alive(conn, moment or now())


def credit_downtime(db: Database, heartbeat_seconds: float) -> float:
    """At start: move every playing match's clocks forward by the time no server ran; the seconds
    credited (0 when a server was alive within two heartbeats, or none ever ran)."""
    with db.hot() as conn:
        moment = now()
        last = alive.swap_alive(conn, moment, lock=not db.is_sqlite)  # SQLite: the transaction began IMMEDIATE
        if last is None:
            return 0.0
        last = aware(last)
        gap = moment - last
        if gap <= timedelta(seconds=2 * heartbeat_seconds):
            return 0.0
        for table_id, started in alive.turn_starts(conn):
            if started is not None and aware(started) <= last:
                alive.set_turn_start(conn, table_id, aware(started) + gap)
        for table_id, seat, away in alive.disconnections(conn):
            if aware(away) <= last:
                alive.set_disconnection(conn, table_id, seat, aware(away) + gap)
    seconds = gap.total_seconds()
    log.warning("no server ran for %.1f s: credited to the clocks of every game in play", seconds)
    return seconds

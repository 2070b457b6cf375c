"""Per-person limits on what costs the server's CPU for nobody's play: bots-only tables.

A table without a human seat is bots playing bots: anyone (a guest too) could start any number,
and every one of them takes turns at the bots' pool. A person may have at most
``Settings.max_bot_tables`` of them playing at once; starting one more is refused with
``limit.bot_tables`` (429) until one ends.
"""

from __future__ import annotations

from sqlalchemy import exists, func, select
from sqlalchemy.orm import Session

from gameshelf.server.i18n import ServerError
from gameshelf.server.settings import Settings
from gameshelf.server.store import Seat, Table


def check_start(session: Session, table: Table, seats: list[Seat], settings: Settings) -> None:
    """Refuse to start ``table`` if it is bots-only and its creator already has enough of those playing."""
    if any(s.kind == "human" for s in seats):
        return
    human = exists().where(Seat.table_id == Table.id, Seat.kind == "human")
    playing = session.execute(select(func.count(Table.id)).where(
        Table.owner_id == table.owner_id, Table.status == "playing", Table.id != table.id, ~human)).scalar_one()
    if playing >= settings.max_bot_tables:
        raise ServerError("limit.bot_tables", f"at most {settings.max_bot_tables} bots-only tables playing at once")

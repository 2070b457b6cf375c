"""Per-person limits on what costs the server's CPU for nobody's play: bots-only tables, analyses.

A table without a human seat is bots playing bots: anyone (a guest too) could start any number,
and every one of them takes turns at the bots' pool. A person may have at most
``Settings.max_bot_tables`` of them playing at once; starting one more is refused with
``limit.bot_tables`` (429) until one ends. Likewise a post-game analysis costs minutes of CPU: a
person may have ``Settings.max_analyses`` queued or running at once (``limit.analyses``).
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from gameshelf.server.i18n import ServerError
from gameshelf.server.settings import Settings
from gameshelf.server.store import Seat, Table, queries
from gameshelf.server.store import tables as table_store


def check_start(session: Session, table: Table, seats: list[Seat], settings: Settings) -> None:
    """Refuse to start ``table`` if it is bots-only and its creator already has enough of those playing."""
    if any(s.kind == "human" for s in seats):
        return
    playing = table_store.bots_only_playing(session, table.owner_id, other_than=table.id)
    if playing >= settings.max_bot_tables:
        raise ServerError("limit.bot_tables", f"at most {settings.max_bot_tables} bots-only tables playing at once")


def check_analyses(session: Session, user_id: str, settings: Settings, since) -> None:
    """Refuse to start one more analysis for ``user_id`` while enough of theirs are queued or running
    (a run not heard from after ``since`` has died with its process and no longer counts)."""
    computing = queries.analyses_computing(session, user_id, since)
    if computing >= settings.max_analyses:
        raise ServerError("limit.analyses", f"at most {settings.max_analyses} analyses computing at once")

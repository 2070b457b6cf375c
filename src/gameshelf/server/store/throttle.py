"""The sign-in throttle's counters (:mod:`gameshelf.server.throttle` decides with them)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from gameshelf.server.store.models import LoginThrottle


def forget(session: Session, before: datetime, keep: list[str]) -> None:
    """Delete the counters whose window started before ``before``, but those of ``keep``."""
    session.execute(delete(LoginThrottle).where(LoginThrottle.window_start < before, LoginThrottle.key.not_in(keep)))


def counters(session: Session, keys: list[str], moment: datetime, sqlite: bool) -> list[LoginThrottle]:
    """The counters of ``keys`` (created at zero if missing), locked until the transaction ends."""
    insert = sqlite_insert if sqlite else pg_insert
    session.execute(insert(LoginThrottle).values(
        [{"key": key, "attempts": 0, "window_start": moment, "blocked_until": None} for key in sorted(keys)]
    ).on_conflict_do_nothing())
    query = select(LoginThrottle).where(LoginThrottle.key.in_(keys)).order_by(LoginThrottle.key)
    return list(session.execute(query if sqlite else query.with_for_update()).scalars().all())


def clear(session: Session, key: str) -> None:
    session.execute(delete(LoginThrottle).where(LoginThrottle.key == key))

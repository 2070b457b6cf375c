"""Which playing tables the sweep must read: an in-memory index, so it stops rereading them all.

The sweep (:meth:`TableService.due`) looks for human seats whose time ran out, people whose
disconnection outlasted the grace period, and bot or zombie turns. Each of those can only come due at
a moment that is known when the table changes: a move's deadline, a disconnection's grace expiry.
This index keeps, per playing table, the earliest such moment, plus the tables "flagged" for a look
at the next sweep (a bot or a zombie to act, a change whose effect on the clock is unknown here). The
sweep then reads only the tables :meth:`DeadlineIndex.due` names, and all of them as a backstop when
:meth:`DeadlineIndex.reread_all_due` says so (the first sweep, every ``reread_seconds``, after
:meth:`DeadlineIndex.reread_soon`), refreshing the index from what it read.

Every method is thread-safe (one lock): the sweep runs in a worker thread, moves commit in others
and on the event loop. A read of the store races the changes committed while it runs: what a read
found (:meth:`DeadlineIndex.refresh`) never overrides a change noted after the read began (its
:meth:`DeadlineIndex.stamp`); the earlier of the two moments is kept, and a flag stays.
"""

from __future__ import annotations

import threading
from datetime import datetime, timedelta
from typing import Iterable, Mapping


class DeadlineIndex:
    """Playing table id -> the earliest moment something may come due there; flagged tables."""

    def __init__(self, reread_seconds: float) -> None:
        self.reread_every = timedelta(seconds=reread_seconds)
        self._lock = threading.Lock()
        self._earliest: dict[str, datetime] = {}
        self._flagged: set[str] = set()
        self._changes = 0  # counts every change: a read's stamp is the count when it began
        self._changed_at: dict[str, int] = {}  # table id -> the count at its latest change
        self._last_full: datetime | None = None  # when the latest full read began (None: never, or asked)
        self._reread_asked = 0  # the count when a full read was last asked for

    # ---- what changes tell it ------------------------------------------------------------------
    def note(self, table_id: str, when: datetime) -> None:
        """Something may come due at the table at ``when``: the earlier of this and what is known."""
        with self._lock:
            known = self._earliest.get(table_id)
            if known is None or when < known:
                self._earliest[table_id] = when
            self._touch(table_id)

    def flag(self, table_id: str) -> None:
        """The table must be looked at on the next sweep (a bot or zombie to act, an unknown change)."""
        with self._lock:
            self._flagged.add(table_id)
            self._touch(table_id)

    def drop(self, table_id: str) -> None:
        """The table is no longer playing: nothing comes due there."""
        with self._lock:
            self._earliest.pop(table_id, None)
            self._flagged.discard(table_id)
            self._touch(table_id)

    def reread_soon(self) -> None:
        """The next sweep reads every playing table (a relay reconnected, a sweep failed)."""
        with self._lock:
            self._changes += 1
            self._reread_asked = self._changes
            self._last_full = None

    def _touch(self, table_id: str) -> None:
        self._changes += 1
        self._changed_at[table_id] = self._changes

    # ---- what the sweep asks -------------------------------------------------------------------
    def reread_all_due(self, moment: datetime) -> bool:
        """Whether the sweep at ``moment`` reads every playing table (the backstop)."""
        with self._lock:
            return self._last_full is None or moment - self._last_full >= self.reread_every

    def due(self, moment: datetime) -> set[str]:
        """The tables whose earliest moment is not after ``moment``, and the flagged ones (the flags
        are cleared: a table the sweep finds still needing a look is flagged again by it). A due
        table keeps its moment until a read refreshes it, so a failed read loses nothing."""
        with self._lock:
            found = {table_id for table_id, when in self._earliest.items() if when <= moment}
            found |= self._flagged
            self._flagged = set()
            return found

    def stamp(self) -> int:
        """A mark taken before reading the store, for :meth:`refresh`."""
        with self._lock:
            return self._changes

    def refresh(self, stamp: int, moment: datetime, read: Iterable[str] | None,
                found: Mapping[str, datetime | None], flagged: Iterable[str] = ()) -> None:
        """What a read of the store begun at ``stamp`` (at ``moment``) found. ``read``: the table ids
        it asked for (None: every playing table, a full read); ``found``: each of them that is playing,
        with its earliest moment (None: nothing comes due by time alone); ``flagged``: those to look at
        again next sweep. A table asked for and not found is no longer playing. Tables changed since
        ``stamp`` keep their newer news (the earlier moment of the two; their flag)."""
        with self._lock:
            asked = set(self._earliest) | set(found) if read is None else set(read)
            for table_id in asked:
                changed = self._changed_at.get(table_id, 0) > stamp
                self._settle(table_id, found.get(table_id), changed)
                if read is not None:  # a read that began before this one must not undo it
                    self._touch(table_id)
            for table_id in flagged:
                self._flagged.add(table_id)
            if read is None:
                self._changed_at = {t: n for t, n in self._changed_at.items() if n > stamp}
                if self._reread_asked <= stamp:
                    self._last_full = moment

    def _settle(self, table_id: str, when: datetime | None, changed: bool) -> None:
        known = self._earliest.get(table_id)
        if changed:
            when = known if when is None or (known is not None and known < when) else when
        if when is None:
            self._earliest.pop(table_id, None)
        else:
            self._earliest[table_id] = when

    # ---- for tests and reports -----------------------------------------------------------------
    def earliest(self, table_id: str) -> datetime | None:
        """The table's earliest moment (None: none known)."""
        with self._lock:
            return self._earliest.get(table_id)

    def flagged(self) -> set[str]:
        """The tables flagged for the next sweep (a copy; nothing is cleared)."""
        with self._lock:
            return set(self._flagged)

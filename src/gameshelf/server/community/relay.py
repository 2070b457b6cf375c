"""Typed messages between server processes (chat lines, rematch invitations), and this process's
community state: its per-person connections (``/ws/me``) and the chat rate limits.

A table change still travels as ``table_id:origin`` (see broker.py); a typed message is a JSON
object ``{"k": kind, "o": origin, ...}``. The store stays the truth: a chat line is stored before
it is relayed (the history endpoint has it even if a relay is lost), and a person's table list is
always read from the store, a relayed message only says when to read it again.
PostgreSQL relays with NOTIFY (payloads stay far below its 8000-byte limit: a chat line is at most
500 characters); Redis publishes on the same channel; SQLite without a broker has one process.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING, Any

from gameshelf.server.broker import PostgresBroker
from gameshelf.server.hub import ORIGIN
from gameshelf.server.store import tables as table_store

if TYPE_CHECKING:
    from gameshelf.server.hub import Hub

log = logging.getLogger("gameshelf.server")


class Community:
    """One process's community side, kept on its hub (``hub.community``)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.people: dict[str, set[Any]] = {}  # user id -> that person's /ws/me connections here
        self.pending: set[str] = set()  # tables changed since the last "your turn" refresh
        self.refresh_task: asyncio.Task | None = None
        self.buckets: dict[str, Any] = {}  # user id -> chat rate limit
        hub.listeners.append(self.table_changed)

    def table_changed(self, table_id: str) -> None:
        """A table changed (here or in another process): refresh its people's lists, once per burst."""
        if not self.people:
            return
        self.pending.add(table_id)
        if self.refresh_task is None or self.refresh_task.done():
            self.refresh_task = asyncio.create_task(self._refresh())

    async def _refresh(self) -> None:
        from gameshelf.server.community import me

        await asyncio.sleep(0.05)  # a move, its bot answer and the announcements coalesce
        while self.pending:
            tables, self.pending = self.pending, set()
            try:
                await me.refresh_tables(self, tables)
            except Exception:
                log.exception("refreshing 'your turn' lists failed")


def community(hub: Hub) -> Community:
    state = getattr(hub, "community", None)
    if state is None:
        state = hub.community = Community(hub)
    return state


async def publish(hub: Hub, kind: str, body: dict[str, Any]) -> None:
    """Tell the other processes (this one has already delivered to its own connections)."""
    payload = json.dumps({"k": kind, "o": ORIGIN, **body}, ensure_ascii=False, separators=(",", ":"))
    if isinstance(hub.broker, PostgresBroker):
        db = hub.service.db
        await asyncio.to_thread(_notify, db, hub.broker.channel, payload)
    else:
        await hub.broker.publish(payload)


def _notify(db, channel: str, payload: str) -> None:
    with db.engine.begin() as conn:
        table_store.notify(conn, channel, payload)


def receive(hub: Hub, payload: str) -> None:
    """A typed message from another process (the hub hands over every payload that is JSON)."""
    from gameshelf.server.community import chat, me

    try:
        body = json.loads(payload)
    except ValueError:
        return
    if not isinstance(body, dict) or body.get("o") == ORIGIN:
        return
    kind = body.get("k")
    if kind == "chat":
        chat.deliver(hub, body["table"], body["message"])
    elif kind == "invite":
        me.deliver_invite(community(hub), body["users"], body["invite"])

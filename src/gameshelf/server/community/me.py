"""A person's unfinished tables and where it is their turn: ``GET /api/me/tables`` and one live
connection per page, ``/ws/me``. Its token: a bearer header or ``?token=``; else a first message
``{"type": "auth", "token": "..."}`` within a few seconds (what the pages send: the token stays out
of URLs and logs); else the cookie.

``/ws/me`` sends ``{"type": "tables", "tables": [...], "your_turn": N}`` on connect and again
whenever one of the person's tables changes in any process (the hub's table-change announcements
say when; the list is always read from the store), and ``{"type": "invite", ...}`` when another
player invites the person to a rematch. A client may send ``{"type": "ping"}``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket, WebSocketDisconnect

from gameshelf.server.auth import same_origin, user_for_token
from gameshelf.server.community.relay import Community, community
from gameshelf.server.i18n import ServerError, error_body, pick_lang, refuse_socket
from gameshelf.server.store import User
from gameshelf.server.store import tables as table_store

if TYPE_CHECKING:
    from gameshelf.server.hub import Hub
    from gameshelf.server.tables import TableService

log = logging.getLogger("gameshelf.server")


def my_tables(service: TableService, user_id: str) -> list[dict[str, Any]]:
    """The person's open and playing tables (seated, or invited to a reserved seat), newest first:
    ``your_turn`` and the ``deadline`` of the move the table waits for (ISO 8601 UTC; at a real-time
    table, when the clock of the seat to act runs out; None while a bot decides)."""
    with service.db.read() as session:
        rows = table_store.unfinished_of(session, user_id)
        found = [(seat.seat, seat.kind, seat.zombie, seat.resigned_at is not None, table.id, table.game,
                  table.status, table.state_id, table.mode, table.rated) for seat, table in rows]
    out = []
    for seat, kind, zombie, resigned, table_id, game, status, state_id, mode, rated in found:
        item = {"id": table_id, "game": game, "status": status, "seat": seat, "mode": mode, "rated": rated,
                "invited": kind == "invited", "your_turn": False, "deadline": None, "deadline_ms": None,
                "state_id": state_id}
        if status == "playing" and kind == "human":
            try:
                if service.live(table_id).state_id != state_id:
                    service.sync(table_id)
                with service.locked(table_id) as live:
                    clock = live.meta.get("clock") or {}
                    mine = live.to_act() == seat and not zombie and not resigned and not live.is_over()
                    item["state_id"] = live.state_id
            except ServerError:
                continue
            item["your_turn"] = mine
            item["to_act"] = clock.get("to_act")
            if clock.get("deadline_ms"):  # the deadline of the move awaited now, whoever's it is
                item["deadline_ms"] = clock["deadline_ms"]
                item["deadline"] = datetime.fromtimestamp(clock["deadline_ms"] / 1000, timezone.utc).isoformat()
        out.append(item)
    return out


def tables_message(tables: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "tables", "tables": tables, "your_turn": sum(t["your_turn"] for t in tables)}


class MeConnection:
    def __init__(self, ws: WebSocket, user_id: str) -> None:
        self.ws, self.user_id = ws, user_id
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.last: str | None = None  # the last table list sent (sent again only when it changes)

    def send(self, body: dict[str, Any]) -> None:
        text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
        if body.get("type") == "tables":
            if text == self.last:
                return
            self.last = text
        self.queue.put_nowait(text)

    async def writer(self) -> None:
        while (text := await self.queue.get()) is not None:
            await self.ws.send_text(text)


def _people_at(service: TableService, table_ids: set[str], people: set[str]) -> set[str]:
    with service.db.read() as session:
        return table_store.seated_among(session, table_ids, people)


async def refresh_tables(state: Community, table_ids: set[str]) -> None:
    """Send a fresh list to every person connected here who sits at one of these tables."""
    service = state.hub.service
    people = await asyncio.to_thread(_people_at, service, table_ids, set(state.people))
    for user_id in people:
        conns = state.people.get(user_id)
        if conns:
            body = tables_message(await asyncio.to_thread(my_tables, service, user_id))
            for conn in list(conns):
                conn.send(body)


def deliver_invite(state: Community, users: list[str], invite: dict[str, Any]) -> None:
    for user_id in users:
        for conn in list(state.people.get(user_id, ())):
            conn.send({"type": "invite", **invite})
    state.pending.add(invite["table"])
    state.table_changed(invite["table"])


def _user(service: TableService, token: str | None) -> User:
    with service.db.read() as session:
        return user_for_token(session, token)


def _token(ws: WebSocket, token: str | None) -> str | None:
    if token:
        return token
    header = ws.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return None


def _cookie(ws: WebSocket) -> str | None:
    """The sign-in cookie, refused from a page of another origin (the browser sends it from anywhere)."""
    cookie = ws.cookies.get("gameshelf_token")
    if cookie and not same_origin(ws.headers.get("origin"), ws.headers.get("host")):
        raise ServerError("auth.origin", "a page of another origin may not use the sign-in cookie")
    return cookie


async def _first_message_token(ws: WebSocket) -> str | None:
    """The token of a first ``{"type": "auth", "token": ...}`` message (None if anything else comes)."""
    try:
        frame = await asyncio.wait_for(ws.receive(), 3)
        body = json.loads(frame.get("text") or "")
    except (asyncio.TimeoutError, ValueError):
        return None
    if isinstance(body, dict) and body.get("type") == "auth" and isinstance(body.get("token"), str):
        return body["token"][:512]
    return None


async def serve(hub: Hub, ws: WebSocket, token: str | None, lang: str | None) -> None:
    await ws.accept()
    lang = pick_lang(lang or ws.headers.get("accept-language"))
    try:
        given = _token(ws, token) or await _first_message_token(ws) or _cookie(ws)
        user = await asyncio.to_thread(_user, hub.service, given)
    except ServerError as exc:
        await refuse_socket(ws, exc, lang)
        return
    except (WebSocketDisconnect, OSError, RuntimeError):
        return  # gone before it said who it is
    state = community(hub)
    conn = MeConnection(ws, user.id)
    state.people.setdefault(user.id, set()).add(conn)
    writer = asyncio.create_task(conn.writer())
    try:
        conn.send(tables_message(await asyncio.to_thread(my_tables, hub.service, user.id)))
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                return
            try:
                body = json.loads(frame.get("text") or "")
            except ValueError:
                body = None
            if isinstance(body, dict) and body.get("type") == "ping":
                conn.queue.put_nowait(json.dumps({"type": "pong"}))
            else:
                conn.queue.put_nowait(json.dumps({"type": "error", **error_body(
                    ServerError("message.unknown", "types: ping"), lang)}, ensure_ascii=False))
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("/ws/me connection failed")
    finally:
        group = state.people.get(user.id, set())
        group.discard(conn)
        if not group:
            state.people.pop(user.id, None)
        conn.queue.put_nowait(None)
        writer.cancel()
        await asyncio.gather(writer, return_exceptions=True)

"""One WebSocket connection to a table: a snapshot on connect, an update after every change,
submissions checked against the state id, every message validated, a per-connection rate limit.

Client messages (JSON objects; ``type`` defaults to ``act``):
``{"action": "...", "state_id": N}``, ``{"type": "undo", "state_id": N}``,
``{"type": "resume", "state_id": N}`` (what was missed since N, or a fresh snapshot),
``{"type": "reclaim"}`` (take the seat back from the bot), ``{"type": "ping"}``,
``{"type": "chat", "text": "..."}`` (a chat line: community/chat.py).
Server messages: ``snapshot``, ``update`` (with ``prev_state_id``), ``table`` (seats and clocks
changed), ``error`` (code, rule, translated reason), ``pong``, ``chat``, ``heartbeat`` (the store's
state id of the table, every few seconds: a client whose own state id differs asks to resume).

Who connects: the token comes in the ``Sec-WebSocket-Protocol`` header (offer ``gameshelf`` and
``gameshelf.token.<token>``; the server selects ``gameshelf``), an ``Authorization: Bearer`` header,
the sign-in cookie, or (older clients) ``?token=``, which the server's log redacts. The cookie is
refused from a page of another origin: a browser sends it wherever the socket is opened from.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Annotated, Literal, Union

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, ValidationError

from gameshelf.server import jsontext
from gameshelf.server.auth import same_origin, token_hash, token_owner, user_for_token
from gameshelf.server.hub import Hub, table_message
from gameshelf.server.i18n import ServerError, error_body, pick_lang, refuse_socket
from gameshelf.server.retry import client_error
from gameshelf.server.store import tables as table_store

log = logging.getLogger("gameshelf.server")
SUBPROTOCOL = "gameshelf"
TOKEN_PROTOCOL = "gameshelf.token."


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ActMsg(_Msg):
    type: Literal["act"] = "act"
    action: str = Field(min_length=1, max_length=256)
    state_id: StrictInt = Field(ge=0)


class UndoMsg(_Msg):
    type: Literal["undo"]
    state_id: StrictInt = Field(ge=0)


class ResumeMsg(_Msg):
    type: Literal["resume"]
    state_id: StrictInt = Field(ge=0)


class ReclaimMsg(_Msg):
    type: Literal["reclaim"]


class PingMsg(_Msg):
    type: Literal["ping"]


class ChatMsg(_Msg):
    type: Literal["chat"]
    text: str = Field(max_length=4000)  # community/chat.py allows 500 characters and says so


MESSAGES = {"act": ActMsg, "undo": UndoMsg, "resume": ResumeMsg, "reclaim": ReclaimMsg, "ping": PingMsg,
            "chat": ChatMsg}
ClientMessage = Annotated[Union[ActMsg, UndoMsg, ResumeMsg, ReclaimMsg, PingMsg, ChatMsg],
                          Field(discriminator="type")]
CLIENT_SCHEMA = TypeAdapter(ClientMessage).json_schema()


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, bursts up to ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, float(burst), time.monotonic()

    def allow(self) -> bool:
        moment = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (moment - self.at) * self.rate)
        self.at = moment
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Connection:
    def __init__(self, hub: Hub, ws: WebSocket, table_id: str, seat: int | None, lang: str) -> None:
        self.hub, self.ws, self.table_id, self.seat, self.lang = hub, ws, table_id, seat, lang
        self.last_sid: int | None = None  # the state id this connection has been sent
        self.meta_version = -1
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.retry: asyncio.TimerHandle | None = None
        self.closed = False
        self.user_id: str | None = None  # who is connected (a spectator too, if signed in): chat
        self.sent_at = time.monotonic()  # when this connection was last sent a message
        # False until _open has set the state id the client holds: a change delivered to the table
        # before that would send a full snapshot of a state the client may already hold (say, after
        # its process died), where it must get what it missed or only the table's line.
        self.opened = False

    def send(self, body: dict | str) -> None:
        self.sent_at = time.monotonic()
        self.queue.put_nowait(body if isinstance(body, str) else jsontext.dumps(body))

    def error(self, exc: ServerError, **extra) -> None:
        self.send({"type": "error", **error_body(exc, self.lang, **extra)})

    def push(self) -> None:
        """Send what this connection has not seen: an update, a snapshot, or the table's new seats."""
        live = self.hub.service.cached(self.table_id)
        if live is None or self.closed or not self.opened:
            return
        if not live.lock.acquire(blocking=False):
            # A worker thread is committing at this table: never block the event loop; look again soon.
            if self.retry is None:
                self.retry = asyncio.get_running_loop().call_later(0.001, self._again)
            return
        try:
            # A game every other seat resigned from ends without a new state: a fresh snapshot says so.
            ended = live.meta.get("status") == "over" and self.meta_version != live.meta_version
            if self.last_sid == live.state_id and not ended:
                if self.meta_version != live.meta_version:
                    self.meta_version = live.meta_version
                    self.send(table_message(live.meta, live.state_id))
                return
            since = self.last_sid if self.last_sid is not None and 0 <= self.last_sid < live.state_id else None
            text = live.encoded(self.seat, self.lang, since)
            self.last_sid, self.meta_version = live.state_id, live.meta_version
        finally:
            live.lock.release()
        self.send(text)

    def _again(self) -> None:
        self.retry = None
        self.push()

    async def writer(self) -> None:
        while (text := await self.queue.get()) is not None:
            await self.ws.send_text(text)


async def serve(hub: Hub, ws: WebSocket, table_id: str) -> None:
    """The whole life of one connection; never lets an exception reach the client."""
    offered = ws.scope.get("subprotocols") or []
    query = ws.query_params
    lang = pick_lang(query.get("lang") or ws.headers.get("accept-language"))
    try:
        await ws.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
        last_state_id, spectate = _opening_query(query)
        seat, user_id, disconnected = await asyncio.to_thread(
            _admit, hub, table_id, _credential(ws, offered, query.get("token")), spectate)
    except ServerError as exc:
        await refuse_socket(ws, exc, lang)
        return
    except (WebSocketDisconnect, OSError, RuntimeError):
        return  # gone before the handshake ended
    conn = Connection(hub, ws, table_id, seat, lang)
    conn.user_id = user_id
    hub.add(conn)
    writer = asyncio.create_task(conn.writer())
    try:
        if disconnected:  # (a seat whose last connection closed: marked back; most find nothing to clear)
            await asyncio.to_thread(hub.service.mark_connected, table_id, seat, True)
        await _open(conn, last_state_id)
        await _receive(conn)
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("connection to table %s failed", table_id)
        try:
            await ws.send_text(json.dumps({"type": "error", **error_body(ServerError("server.error"), lang)}))
            await ws.close(code=1011)
        except Exception:
            pass
    finally:
        last = hub.remove(conn)
        conn.closed = True
        if conn.retry is not None:
            conn.retry.cancel()
        conn.queue.put_nowait(None)
        writer.cancel()
        await asyncio.gather(writer, return_exceptions=True)
        if last:
            try:
                await asyncio.to_thread(hub.service.mark_connected, table_id, seat, False)
            except Exception:
                log.exception("could not mark seat %s of %s disconnected", seat, table_id)


TRUE, FALSE = ("true", "1", "yes", "on"), ("false", "0", "no", "off")


def _opening_query(query) -> tuple[int | None, bool]:
    """(``last_state_id``, ``spectate``) from the opening's query; ServerError request.invalid for a
    value that is not one (read here rather than as the route's FastAPI parameters: their
    validation cost more than the rest of an opening, bench/RESULTS.md session 23)."""
    last, spectate = query.get("last_state_id"), (query.get("spectate") or "false").lower()
    if last is not None and not (last.isascii() and last.isdigit() and len(last) < 19):
        raise ServerError("request.invalid", "last_state_id must be a state id (a whole number, 0 or more)")
    if spectate not in TRUE + FALSE:
        raise ServerError("request.invalid", "spectate must be true or false")
    return (int(last) if last is not None else None), spectate in TRUE


def _credential(ws: WebSocket, offered: list[str], query_token: str | None) -> str | None:
    """The token the client offered (see the module's docstring), or None: a spectator."""
    for protocol in offered:
        if protocol.startswith(TOKEN_PROTOCOL):
            return protocol[len(TOKEN_PROTOCOL):]
    auth = ws.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    if query_token:
        return query_token
    cookie = ws.cookies.get("gameshelf_token")
    if cookie and not same_origin(ws.headers.get("origin"), ws.headers.get("host")):
        raise ServerError("auth.origin", "a page of another origin may not use the sign-in cookie")
    return cookie


def _admit(hub: Hub, table_id: str, token: str | None, spectate: bool) -> tuple[int | None, str | None, bool]:
    """(The seat this token holds at the table (None: a spectator), the token's user id, whether
    that seat is marked disconnected); ServerError if refused. One read of plain statements: an
    opening's reads through the ORM were a fifth of its CPU when many open at once (a server's
    restart), bench/RESULTS.md session 23."""
    if token:
        with hub.service.db.read_connection() as conn:
            rows = table_store.admission(conn, table_id, token_hash(token))
        if rows:  # (no such table: the checks below, in their order, name the error)
            spectators, user_id, expires_at, seat, disconnected_at = rows[0]
            user_id = token_owner(user_id, expires_at)
            if spectate:
                seat = disconnected_at = None
            if seat is None and not spectators:
                raise ServerError("table.no_spectators")
            return seat, user_id, disconnected_at is not None
    from gameshelf.server.store import Table

    with hub.service.db.read() as session:
        user = user_for_token(session, token) if token else None
        table = session.get(Table, table_id)
        if table is None:
            raise ServerError("table.not_found", f"no table {table_id!r}")
        seat = hub.service.seat_of(session, table_id, user) if user and not spectate else None
        if seat is None and not table.spectators:
            raise ServerError("table.no_spectators")
        return seat, (user.id if user else None), False


async def _open(conn: Connection, last_state_id: int | None) -> None:
    try:
        # Caught up with the store, not just the cache: this process may hold the match from before
        # (a REST answer loaded it) while another process moved it; it heard no announcement for a
        # table it had no connection to, so the cache alone could be a stale snapshot.
        live = await asyncio.to_thread(conn.hub.service.sync, conn.table_id)
    except ServerError:  # not started: the seats so far; the snapshot comes with the start
        detail = await asyncio.to_thread(conn.hub.service.seats_public, conn.table_id)
        conn.send(table_message({"id": conn.table_id, "status": "open"}, None, detail))
        conn.opened = True  # the start delivers the snapshot
        conn.push()  # (unless it came while the seats were read: then now)
        return
    # Nothing was pushed to this connection before this point (see Connection.opened), and nothing
    # awaits from here to the push: a change delivered while the store was read is in the cache now.
    conn.last_sid = last_state_id if last_state_id is not None and last_state_id <= live.state_id else None
    conn.opened = True
    conn.push()


async def _receive(conn: Connection) -> None:
    hub = conn.hub
    limit = RateLimit(hub.settings.rate_per_second, hub.settings.rate_burst)
    strikes = 0
    while True:
        frame = await conn.ws.receive()
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        if text is None:
            raw = frame.get("bytes") or b""
            text = raw.decode("utf-8", "replace")
        if not limit.allow():
            strikes += 1
            conn.error(ServerError("rate.limited"))
            if strikes > 10 * hub.settings.rate_burst:
                await conn.ws.close(code=1008)
                return
            continue
        if len(text) > hub.settings.max_message_bytes:
            conn.error(ServerError("message.too_large", f"at most {hub.settings.max_message_bytes} bytes"))
            continue
        try:
            message = parse(text)
            await handle(conn, message)
        except ServerError as exc:
            conn.error(exc, state_id=conn.last_sid)
        except Exception as exc:
            log.exception("message on table %s failed", conn.table_id)
            conn.error(client_error(exc))  # the store's passing trouble: server.busy, try again


def parse(text: str) -> _Msg:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ServerError("message.malformed", "not JSON") from None
    if not isinstance(data, dict):
        raise ServerError("message.malformed", "expected a JSON object")
    if len(data) == 2:  # the common message, an action: what ActMsg checks, checked here (no pydantic)
        action, state_id = data.get("action"), data.get("state_id")
        if type(action) is str and action.isascii() and 1 <= len(action) <= 256 and type(state_id) is int \
                and state_id >= 0:  # (any other text: pydantic, which refuses a lone surrogate)
            return ActMsg.model_construct(action=action, state_id=state_id)
    kind = data.get("type", "act" if "action" in data else None)
    model = MESSAGES.get(kind) if isinstance(kind, str) else None
    if model is None:
        raise ServerError("message.unknown", f"types: {', '.join(MESSAGES)}")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise ServerError("message.malformed", f"{where}: {first['msg']}") from None


async def handle(conn: Connection, message: _Msg) -> None:
    hub, service = conn.hub, conn.hub.service
    match message:
        case PingMsg():
            conn.send({"type": "pong", "state_id": conn.last_sid})
        case ChatMsg(text=text):
            from gameshelf.server.community import chat

            await chat.post(conn, text)
        case ResumeMsg(state_id=state_id):
            live = await asyncio.to_thread(service.sync, conn.table_id)
            conn.last_sid = state_id if state_id <= live.state_id else None
            if conn.last_sid == live.state_id:
                conn.meta_version = -1
            conn.push()
        case ActMsg() | UndoMsg() | ReclaimMsg() if conn.seat is None:
            raise ServerError("action.not_seated")
        case ActMsg(action=action, state_id=state_id):
            live = await hub.inline.move(service, conn.table_id, conn.seat, action, state_id)
            if live is None:  # not cached, or a worker thread is at the match or the store: wait there
                live = await asyncio.to_thread(service.submit, conn.table_id, conn.seat, action, state_id)
            await hub.changed(conn.table_id, live.relayed)
        case UndoMsg(state_id=state_id):
            await asyncio.to_thread(service.undo, conn.table_id, conn.seat, state_id)
            await hub.changed(conn.table_id)
        case ReclaimMsg():
            await asyncio.to_thread(service.reclaim_seat, conn.table_id, conn.seat)
            await hub.changed(conn.table_id)

"""Table chat: a line sent over the table's WebSocket (``{"type": "chat", "text": "..."}``) is
checked, stored with the table, then sent to every connection at the table in every process as
``{"type": "chat", "id", "seat", "user_id", "name", "text", "at"}`` with the text unchanged.

Rules: 1 to 500 characters, not only blanks, no control characters (a line is one line; direction
overrides count as control characters); emoji sequences (zero-width joiners) are fine; markup is
not refused: it is stored and shown as the literal characters (pages set ``textContent``). Each
person may send ``BURST`` lines at once and one more every ``1 / RATE`` seconds (per process);
players write, spectators only read unless the table allows them to write. A refused line is
answered with an error naming why, and the client keeps the text so nothing typed is lost.
Muting is the reader's own choice and lives in the browser (js/chat.js): the server sends every
line to everyone, so a mute never hides a line from anyone else.
"""

from __future__ import annotations

import asyncio
import unicodedata
from typing import TYPE_CHECKING, Any


from gameshelf.server.auth import now
from gameshelf.server.community.relay import community, publish
from gameshelf.server.i18n import REASONS, STATUS, ServerError
from gameshelf.server.store import Table, User
from gameshelf.server.store.models import ChatMessage
from gameshelf.server.store import queries

if TYPE_CHECKING:
    from gameshelf.server.hub import Hub

MAX_CHARS = 500
RATE, BURST = 0.5, 5  # a line every two seconds on average, five at once
HISTORY = 200  # lines the history endpoint returns at most
# Direction overrides and isolates would turn the rest of a line (and its name) around on screen.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

REASONS.update({
    "chat.empty": {"en": "Write something before sending.", "ja": "送信する前にメッセージを入力してください。"},
    "chat.too_long": {"en": "A chat message has at most 500 characters.", "ja": "チャットは500文字までです。"},
    "chat.control": {"en": "A chat message cannot contain control characters (such as line breaks or tabs).",
                     "ja": "チャットに制御文字（改行やタブなど）は使えません。"},
    "chat.rate_limited": {"en": "You are writing too fast; wait a moment and send again.",
                          "ja": "送信が速すぎます。少し待ってからもう一度送ってください。"},
    "chat.spectators": {"en": "Spectators can read this table's chat but not write in it.",
                        "ja": "この卓のチャットは、観戦者は読むことだけができます。"},
    "chat.sign_in": {"en": "Sign in to chat.", "ja": "チャットするにはログインしてください。"},
})
STATUS.update({"chat.spectators": 403, "chat.sign_in": 401, "chat.rate_limited": 429})


def check(text: str) -> str:
    """The line unchanged if it may be sent; ServerError naming what is wrong otherwise."""
    if not isinstance(text, str) or not text.strip():
        raise ServerError("chat.empty")
    if len(text) > MAX_CHARS:
        raise ServerError("chat.too_long", f"{len(text)} characters; at most {MAX_CHARS}")
    if any(unicodedata.category(ch) == "Cc" or ch in BIDI_CONTROLS for ch in text):
        raise ServerError("chat.control")
    return text


class _Bucket:
    def __init__(self) -> None:
        self.tokens, self.at = float(BURST), None

    def allow(self, moment: float) -> bool:
        if self.at is not None:
            self.tokens = min(BURST, self.tokens + (moment - self.at) * RATE)
        self.at = moment
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def _store(hub: Hub, table_id: str, seat: int | None, user_id: str | None, text: str) -> dict[str, Any]:
    """Store the line (after the table's rules allow it); the message every connection receives."""
    with hub.service.db.transaction() as session:
        table = session.get(Table, table_id)
        if table is None:
            raise ServerError("table.not_found", f"no table {table_id!r}")
        user = session.get(User, user_id) if user_id else None
        if user is None:
            raise ServerError("chat.sign_in")
        if seat is None and not table.spectator_chat:
            raise ServerError("chat.spectators")
        row = ChatMessage(table_id=table_id, seat=seat, user_id=user.id, name=user.name, text=text,
                          created_at=now())
        session.add(row)
        session.flush()
        return message(row)


def message(row: ChatMessage) -> dict[str, Any]:
    at = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=now().tzinfo)
    return {"type": "chat", "id": row.id, "table": row.table_id, "seat": row.seat, "user_id": row.user_id,
            "name": row.name, "text": row.text, "at": at.isoformat()}


async def post(conn, text: str) -> None:
    """A line from a table connection: checked, rate-limited, stored, delivered everywhere."""
    hub = conn.hub
    check(text)
    user_id = getattr(conn, "user_id", None)
    if user_id is None:
        raise ServerError("chat.spectators" if conn.seat is None else "chat.sign_in")
    buckets = community(hub).buckets
    if len(buckets) > 10_000:  # full buckets of people long gone: forget them all (a fresh bucket is full)
        buckets.clear()
    bucket = buckets.setdefault(user_id, _Bucket())
    if not bucket.allow(asyncio.get_running_loop().time()):
        raise ServerError("chat.rate_limited")
    body = await asyncio.to_thread(_store, hub, conn.table_id, conn.seat, user_id, text)
    deliver(hub, conn.table_id, body)
    await publish(hub, "chat", {"table": conn.table_id, "message": body})


def deliver(hub: Hub, table_id: str, body: dict[str, Any]) -> None:
    for conn in list(hub.conns.get(table_id, ())):
        conn.send(body)


LAST_ID = 2**31 - 1  # the largest id a line can have (a 32-bit integer column)


def history(db, table_id: str, viewer: User | None, seat_of, after: int = 0) -> list[dict[str, Any]]:
    """The table's chat (oldest first, the latest ``HISTORY`` lines after id ``after``) for anyone who
    may watch the table."""
    with db.read() as session:
        table = session.get(Table, table_id)
        if table is None:
            raise ServerError("table.not_found", f"no table {table_id!r}")
        if not table.spectators and (viewer is None or seat_of(session, table_id, viewer) is None):
            raise ServerError("table.no_spectators")
        after = min(after, LAST_ID)  # a larger id is past every line, and past what the column can compare with
        return [message(r) for r in queries.chat_lines(session, table_id, after, HISTORY)]

"""The server's front door: input the store cannot hold, and bodies too large, are refused here.

One ASGI middleware in front of every route (REST, pages and the WebSocket), so no handler ever
meets them:

- a NUL character or a lone surrogate anywhere in the path, the query string or a JSON body's
  strings answers 400 ``request.bad_character`` (PostgreSQL cannot store either; SQLite would, and
  the two stores must agree), a WebSocket is accepted, told why and closed;
- a body larger than :data:`MAX_BODY_BYTES` answers 413 ``request.too_large``: at once when its
  Content-Length says so, else as soon as the chunks received pass the limit. Nothing past the limit
  is ever held in memory.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl

from gameshelf.server.i18n import ServerError, error_body, pick_lang

MAX_BODY_BYTES = 1 << 20  # 1 MiB: the largest body any route takes (a table's spec, a name) is tiny


def storable(text: str) -> bool:
    """False if ``text`` holds a NUL or a lone surrogate (neither can be stored or encoded)."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def storable_json(value: Any) -> bool:
    """Every string (keys too) of a parsed JSON value is :func:`storable`."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not storable(item):
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


class _TooLarge(Exception):
    pass


class InputGuard:
    """Pure ASGI middleware (see the module's docstring)."""

    def __init__(self, app, max_body_bytes: int = MAX_BODY_BYTES) -> None:
        self.app, self.max_body_bytes = app, max_body_bytes

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        lang = _lang(scope)
        if not _request_line_ok(scope):
            error = ServerError("request.bad_character", "NUL or an unpaired surrogate in the path or query")
            if scope["type"] == "websocket":
                return await _refuse_socket(receive, send, error, lang)
            return await _answer(send, error, 400, lang)
        if scope["type"] == "websocket":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or ())
        length = headers.get(b"content-length")
        if length is not None and (not length.strip().isdigit() or int(length) > self.max_body_bytes):
            bad = not length.strip().isdigit()
            error = ServerError("request.invalid" if bad else "request.too_large",
                                "Content-Length" if bad else f"at most {self.max_body_bytes} bytes")
            return await _answer(send, error, 400 if bad else 413, lang, close=True)
        if scope.get("method") in ("GET", "HEAD", "OPTIONS") and length is None \
                and b"chunked" not in headers.get(b"transfer-encoding", b""):
            return await self.app(scope, receive, send)
        try:
            body = await self._read(receive)
        except _TooLarge:
            return await _answer(send, ServerError("request.too_large", f"at most {self.max_body_bytes} bytes"),
                                 413, lang, close=True)
        if body is None:  # the client went away before its body ended
            return
        if body and b"json" in headers.get(b"content-type", b"").lower() and not _json_ok(body):
            return await _answer(send, ServerError("request.bad_character", "NUL or an unpaired surrogate in "
                                                   "the body"), 400, lang)
        return await self.app(scope, _replay(body, receive), send)

    async def _read(self, receive) -> bytes | None:
        """The whole body (at most the limit), or None if the client disconnected."""
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                raise _TooLarge()
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def _request_line_ok(scope) -> bool:
    if not storable(scope.get("path", "")):
        return False
    query = scope.get("query_string", b"")
    if not query:
        return True
    if b"\x00" in query:
        return False
    pairs = parse_qsl(query.decode("latin-1"), keep_blank_values=True, errors="surrogateescape")
    return all(storable(k) and storable(v) for k, v in pairs)


def _json_ok(body: bytes) -> bool:
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        return True  # not JSON: the route refuses it with its own, more precise error
    return storable_json(value)


def _lang(scope) -> str:
    query = scope.get("query_string", b"").decode("latin-1")
    asked = next((v for k, v in parse_qsl(query) if k == "lang"), None)
    if asked is None:
        asked = dict(scope.get("headers") or ()).get(b"accept-language", b"").decode("latin-1")
    return pick_lang(asked)


def _replay(body: bytes, receive):
    """A ``receive`` that hands the app the body already read, then the client's later messages."""
    sent = False

    async def again():
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again


async def _answer(send, error: ServerError, status: int, lang: str, close: bool = False) -> None:
    payload = json.dumps({"error": error_body(error, lang)}, ensure_ascii=False, separators=(",", ":")).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    if close:  # the unread rest of the body must not be taken for the next request
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


async def _refuse_socket(receive, send, error: ServerError, lang: str) -> None:
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    try:
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps({"type": "error", **error_body(error, lang)},
                                                                 ensure_ascii=False)})
        await send({"type": "websocket.close", "code": 4400})
    except OSError:  # the client hung up already: nothing to tell it
        pass

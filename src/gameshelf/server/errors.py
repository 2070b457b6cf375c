"""Every error a client can cause answers ``{"error": {code, rule, reason, message}}`` with the reason
in the request's language (``?lang=ja`` or Accept-Language); nothing else, never a traceback."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from gameshelf.server import retry
from gameshelf.server.i18n import ServerError, error_body, pick_lang

log = logging.getLogger("gameshelf.server")


def install(app: FastAPI) -> None:
    """Answer every error as the envelope: the server's own, invalid requests, HTTP errors, crashes."""

    def respond(request: Request, exc: ServerError) -> JSONResponse:
        lang = pick_lang(request.query_params.get("lang") or request.headers.get("accept-language"))
        return JSONResponse({"error": error_body(exc, lang)}, status_code=exc.status, headers=exc.headers)

    @app.exception_handler(ServerError)
    async def server_error(request: Request, exc: ServerError):
        return respond(request, exc)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid"}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return respond(request, ServerError("request.invalid", f"{where}: {first.get('msg')}"))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        code = {404: "request.not_found", 405: "request.method", 413: "request.too_large"}.get(
            exc.status_code, "request.invalid")
        response = respond(request, ServerError(code, str(exc.detail), headers=exc.headers))
        response.status_code = exc.status_code  # Allow comes with a 405 in exc.headers
        return response

    def crash(request: Request, exc: Exception) -> JSONResponse:
        error = retry.client_error(exc)  # the store's passing trouble: server.busy (503, try again)
        if error.code == "server.busy":
            log.warning("request %s %s: the store is busy (%s)", request.method, request.url.path, retry.summary(exc))
        else:
            log.exception("request %s %s failed", request.method, request.url.path)
        return respond(request, error)

    app.add_middleware(CrashAnswer, answer=crash)


class CrashAnswer:
    """Answers a request whose route failed unexpectedly with the error envelope, and ends there.

    Starlette's outermost handler would answer too, then raise again, and the server then drops the
    kept-alive connection; here the exception stops once answered (unless the answer had begun)."""

    def __init__(self, app, answer) -> None:
        self.app, self.answer = app, answer

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracked(message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception as exc:
            if started:
                raise
            await self.answer(Request(scope, receive), exc)(scope, receive, send)

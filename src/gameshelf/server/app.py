"""The FastAPI application: REST routes (OpenAPI generated from pydantic models) and the WebSocket.

Every error a client can cause answers ``{"error": {code, rule, reason, message}}`` with the reason
in the request's language (``?lang=ja`` or Accept-Language); nothing else, never a traceback.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Annotated

from fastapi import Depends, FastAPI, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy import select
from starlette.exceptions import HTTPException as StarletteHTTPException

from gameshelf.core.record import Record
from gameshelf.games import all_games, game_ids, get_game
from gameshelf.server import auth, bots, ratings, retry, throttle
from gameshelf.server.broker import make_broker
from gameshelf.server.guard import InputGuard
from gameshelf.server.hub import Hub
from gameshelf.server.i18n import ServerError, error_body, pick_lang
from gameshelf.server.schemas import (ErrorEnvelope, FinishedGameOut, GameOut, GuestIn, JoinIn, LoginIn,
                                      RatingOut, RecordOut, RegisterIn, SessionOut, TableIn, TableOut, UserOut)
from gameshelf.server.settings import Settings
from gameshelf.server.store import Database, Rating, Seat, Table, User, default_db_url
from gameshelf.server.tables import TableService, pg_notifier
from gameshelf.server import ws as wsmod

log = logging.getLogger("gameshelf.server")
ERRORS = {status: {"model": ErrorEnvelope} for status in (400, 401, 403, 404, 409, 413, 422)}
bearer = HTTPBearer(auto_error=False)
COOKIE = "gameshelf_token"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    settings.db_url = settings.db_url or default_db_url()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        sys.setswitchinterval(0.0005)  # hand the GIL between the event loop and DB threads quickly
        asyncio.get_running_loop().set_default_executor(  # asyncio.to_thread's threads
            ThreadPoolExecutor(max_workers=settings.threads, thread_name_prefix="gameshelf"))
        db = Database(settings.db_url)
        if settings.migrate:
            await asyncio.to_thread(db.migrate)
        service = TableService(db, settings)
        if not db.is_sqlite:
            service.notify = pg_notifier(db.channel())
        hub = Hub(service, settings, make_broker(settings.broker_url, db))
        await hub.start()
        app.state.db, app.state.service, app.state.hub = db, service, hub
        try:
            yield
        finally:
            await hub.stop()
            bots.shutdown()
            db.dispose()

    app = FastAPI(title="gameshelf", version="1", lifespan=lifespan,
                  description="Tables, seats and WebSocket play for the gameshelf games.")
    app.add_middleware(InputGuard)  # NUL, unpaired surrogates and oversized bodies never reach a route
    _redact_tokens_in_server_logs()
    _errors(app)
    _routes(app)
    __import__("gameshelf.server.hints", fromlist=["register"]).register(app)  # hint and undo status (issue 13)
    # --- the browser UI (issue 13): pages and static files under /web; the only line it adds here ---
    __import__("gameshelf.web", fromlist=["mount"]).mount(app)
    __import__("gameshelf.server.analysis", fromlist=["register"]).register(app)  # issue 15: post-game analysis
    __import__("gameshelf.server.community", fromlist=["register"]).register(app)  # chat, your turn, rematch
    __import__("gameshelf.learn.api", fromlist=["register"]).register(app)  # issue 33: rules, tutorials, puzzles
    return app


def _errors(app: FastAPI) -> None:
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
            log.warning("request %s %s: the store is busy (%s)", request.method, request.url.path, type(exc).__name__)
        else:
            log.exception("request %s %s failed", request.method, request.url.path)
        return respond(request, error)

    app.add_middleware(CrashAnswer, answer=crash)


def _token(request: Request, creds: HTTPAuthorizationCredentials | None = Depends(bearer)) -> str | None:
    return creds.credentials if creds else request.cookies.get(COOKIE)


Token = Annotated[str | None, Depends(_token)]


def _game_out(game) -> GameOut:
    return GameOut(id=game.id, titles=dict(game.info.titles), player_counts=list(game.info.player_counts),
                   options=[{"name": o.name, "choices": list(o.choices), "default": o.default, "help": o.help,
                             "rule": o.rule, "integers": list(o.integers) if o.integers else None}
                            for o in game.info.options],
                   rules_version=game.info.rules_version, traits=game.info.traits.to_json())


def _session_out(response: Response, user: User, token: str) -> SessionOut:
    response.set_cookie(COOKIE, token, httponly=True, samesite="lax")
    return SessionOut(user=UserOut(id=user.id, name=user.name, username=user.username), token=token)


def _routes(app: FastAPI) -> None:
    def service(request: Request) -> TableService:
        return request.app.state.service

    def me(request: Request, token: str | None) -> User:
        with request.app.state.db.read() as session:
            return auth.user_for_token(session, token)

    @app.get("/", include_in_schema=False)
    def root():
        """A person opening the server's address lands in the lobby."""
        return RedirectResponse("/web/")

    @app.get("/api/health")
    def health() -> dict:
        return {"ok": True}

    @app.get("/api/games", response_model=list[GameOut])
    def list_games():
        return [_game_out(g) for g in all_games()]

    @app.get("/api/games/{game_id}", response_model=GameOut, responses=ERRORS)
    def game_detail(game_id: str):
        if game_id not in game_ids():
            raise ServerError("game.not_found", f"unknown game {game_id!r}")
        return _game_out(get_game(game_id))

    @app.get("/api/ws-schema")
    def ws_schema() -> dict:
        """The JSON schema every WebSocket message from a client must match."""
        return wsmod.CLIENT_SCHEMA

    @app.post("/api/auth/guest", response_model=SessionOut, responses=ERRORS)
    def guest(body: GuestIn, request: Request, response: Response):
        settings = request.app.state.hub.settings
        with request.app.state.db.transaction() as session:
            user, token = auth.create_guest(session, body.name, settings.token_ttl_hours)
        return _session_out(response, user, token)

    @app.post("/api/auth/register", response_model=SessionOut, responses=ERRORS)
    def register(body: RegisterIn, request: Request, response: Response, token: Token):
        settings = request.app.state.hub.settings
        with request.app.state.db.transaction() as session:
            user = auth.user_for_token(session, token) if token else None
            user, new_token = auth.register(session, user, body.username, body.password, body.name,
                                            settings.token_ttl_hours)
        return _session_out(response, user, new_token)

    @app.post("/api/auth/login", response_model=SessionOut, responses={**ERRORS, 429: {"model": ErrorEnvelope}})
    def login(body: LoginIn, request: Request, response: Response):
        """Counted per account and per address: past the limit, 429 with Retry-After."""
        settings, db = request.app.state.hub.settings, request.app.state.db
        throttle.attempt(db, body.username, request.client.host if request.client else None)
        with db.transaction() as session:
            user, token = auth.login(session, body.username, body.password, settings.token_ttl_hours)
        throttle.succeeded(db, body.username)
        return _session_out(response, user, token)

    @app.get("/api/me", response_model=UserOut, responses=ERRORS)
    def whoami(request: Request, token: Token):
        user = me(request, token)
        return UserOut(id=user.id, name=user.name, username=user.username)

    @app.post("/api/tables", response_model=TableOut, status_code=201, responses=ERRORS)
    async def create_table(body: TableIn, request: Request, token: Token):
        user = await asyncio.to_thread(me, request, token)
        table_id = await asyncio.to_thread(service(request).create, user, body)
        return await asyncio.to_thread(service(request).detail, table_id, user)

    @app.get("/api/tables", response_model=list[TableOut], responses=ERRORS)
    def open_tables(request: Request, token: Token, game: str | None = Query(None, max_length=32),
                    limit: int = Query(50, ge=1, le=200)):
        viewer = me(request, token) if token else None
        return [service(request).detail(t, viewer) for t in service(request).open_tables(game, limit)]

    @app.get("/api/tables/{table_id}", response_model=TableOut, responses=ERRORS)
    def table_detail(table_id: str, request: Request, token: Token):
        viewer = me(request, token) if token else None
        return service(request).detail(table_id, viewer)

    async def change(request: Request, token: str | None, table_id: str, method: str, *args) -> dict:
        user = await asyncio.to_thread(me, request, token)
        await asyncio.to_thread(getattr(service(request), method), user, table_id, *args)
        await request.app.state.hub.changed(table_id)
        return await asyncio.to_thread(service(request).detail, table_id, user)

    @app.post("/api/tables/{table_id}/join", response_model=TableOut, responses=ERRORS)
    async def join(table_id: str, body: JoinIn, request: Request, token: Token):
        return await change(request, token, table_id, "join", body)

    @app.post("/api/tables/{table_id}/leave", response_model=TableOut, responses=ERRORS)
    async def leave(table_id: str, request: Request, token: Token):
        return await change(request, token, table_id, "leave")

    @app.post("/api/tables/{table_id}/start", response_model=TableOut, responses=ERRORS)
    async def start(table_id: str, request: Request, token: Token):
        return await change(request, token, table_id, "start")

    @app.post("/api/tables/{table_id}/reclaim", response_model=TableOut, responses=ERRORS)
    async def reclaim(table_id: str, request: Request, token: Token):
        """Take your seat back from the bot that plays it."""
        user = await asyncio.to_thread(me, request, token)
        seat = await asyncio.to_thread(_seat_of, request, table_id, user)
        await asyncio.to_thread(service(request).set_zombie, table_id, seat, False, user)
        await request.app.state.hub.changed(table_id)
        return await asyncio.to_thread(service(request).detail, table_id, user)

    @app.get("/api/tables/{table_id}/record", response_model=RecordOut, responses=ERRORS)
    def record(table_id: str, request: Request, token: Token, lang: str = Query("en", max_length=8)):
        """Redacted (the spectator's view and log, no seed, no actions) until the game is over."""
        viewer = me(request, token) if token else None
        return _record(request, table_id, viewer, pick_lang(lang))

    @app.get("/api/users/{user_id}/games", response_model=list[FinishedGameOut], responses=ERRORS)
    def finished_games(user_id: str, request: Request, limit: int = Query(50, ge=1, le=500)):
        with request.app.state.db.read() as session:
            if session.get(User, user_id) is None:
                raise ServerError("user.not_found")
            rows = session.execute(select(Seat, Table).join(Table, Table.id == Seat.table_id)
                                   .where(Seat.user_id == user_id, Table.status == "over")
                                   .order_by(Table.finished_at.desc()).limit(limit)).all()
            return [FinishedGameOut(table_id=t.id, game=t.game, players=t.players, seat=s.seat,
                                    score=(t.outcome or {}).get("scores", [None] * t.players)[s.seat],
                                    rank=(t.outcome or {}).get("ranks", [None] * t.players)[s.seat],
                                    finished_at=t.finished_at.isoformat() if t.finished_at else None)
                    for s, t in rows]

    @app.get("/api/leaderboard/{game_id}", response_model=list[RatingOut], responses=ERRORS)
    def leaderboard(game_id: str, request: Request, limit: int = Query(50, ge=1, le=500)):
        if game_id not in game_ids():
            raise ServerError("game.not_found", f"unknown game {game_id!r}")
        with request.app.state.db.read() as session:
            rows = session.execute(select(Rating, User).join(User, User.id == Rating.user_id)
                                   .where(Rating.game == game_id)).all()
        board = [RatingOut(user_id=u.id, name=u.name, mu=r.mu, sigma=r.sigma,
                           ordinal=ratings.ordinal(r.mu, r.sigma), games=r.games) for r, u in rows]
        return sorted(board, key=lambda r: r.ordinal, reverse=True)[:limit]

    @app.websocket("/ws/tables/{table_id}")
    async def websocket(ws: WebSocket, table_id: str, token: str | None = None, lang: str | None = None,
                        last_state_id: int | None = None, spectate: bool = False):
        await wsmod.serve(ws.app.state.hub, ws, table_id, token, lang, last_state_id, spectate)


class _RedactTokens(logging.Filter):
    """``token=...`` in a logged URL becomes ``token=[redacted]`` (uvicorn logs each WebSocket's path
    and query at info level; clients that still send ``?token=`` must not leave it in the log)."""

    PATTERN = re.compile(r"([?&]token=)[^&\s\"']*")

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args and isinstance(record.args, tuple):
            record.args = tuple(self.PATTERN.sub(r"\1[redacted]", a) if isinstance(a, str) else a
                                for a in record.args)
        elif isinstance(record.msg, str):
            record.msg = self.PATTERN.sub(r"\1[redacted]", record.msg)
        return True


def _redact_tokens_in_server_logs() -> None:
    for name in ("uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, _RedactTokens) for f in logger.filters):
            logger.addFilter(_RedactTokens())


def _seat_of(request: Request, table_id: str, user: User) -> int:
    with request.app.state.db.read() as session:
        if session.get(Table, table_id) is None:
            raise ServerError("table.not_found", f"no table {table_id!r}")
        seat = request.app.state.service.seat_of(session, table_id, user)
    if seat is None:
        raise ServerError("table.not_seated")
    return seat


def _record(request: Request, table_id: str, viewer: User | None, lang: str) -> RecordOut:
    service: TableService = request.app.state.service
    with request.app.state.db.read() as session:
        table = session.get(Table, table_id)
        if table is None:
            raise ServerError("table.not_found", f"no table {table_id!r}")
        seated = viewer is not None and service.seat_of(session, table_id, viewer) is not None
        names = service._names(session, service._seats(session, table_id))
    if not table.spectators and not seated:
        raise ServerError("table.no_spectators")
    base = dict(game=table.game, rules_version=table.rules_version, players=table.players,
                options=table.options, seats=names, state_id=table.state_id)
    if table.status == "open":
        return RecordOut(redacted=True, **base)
    live = service.live(table_id)
    if table.status != "over":
        if live.state_id < table.state_id:  # another process moved it
            live = service.sync(table_id)
        with live.lock:  # the state id, the view and the log of one state
            base["state_id"] = live.state_id
            return RecordOut(redacted=True, view=live.game.view(live.state, None), log=live.log(None, lang)[1], **base)
    with live.lock:
        actions = live.effective_actions() if live.state_id == table.state_id else None
    if actions is None:
        actions = service.sync(table_id).effective_actions()
    record = Record(game=table.game, rules_version=table.rules_version, players=table.players,
                    options=dict(table.options), seed=table.seed, seats=names, actions=actions,
                    final_hash=table.final_hash)
    return RecordOut(redacted=False, seed=table.seed, actions=actions, final_hash=table.final_hash,
                     outcome=table.outcome, record=record.to_json(), **base)


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

"""The FastAPI application factory: the services (store, table service, hub) on the app's state for
the lifetime of the server, the error answers, and the routers (:mod:`gameshelf.server.routes`).

Every error a client can cause answers ``{"error": {code, rule, reason, message}}`` (errors.py).
"""

from __future__ import annotations

import asyncio
import gc
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager

from fastapi import FastAPI

from gameshelf.server import bots, errors
from gameshelf.server.analysis import Analyses
from gameshelf.server.broker import make_broker
from gameshelf.server.guard import InputGuard
from gameshelf.server.hints import Kept
from gameshelf.server.hub import Hub
from gameshelf.server.logs import redact_tokens
from gameshelf.server.routes import ROUTERS
from gameshelf.server.routes.pages import mount_static
from gameshelf.server.settings import Settings
from gameshelf.server.store import Database, default_db_url
from gameshelf.server.tables import TableService, pg_notifier


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server's app; ``settings`` default to the environment's (:meth:`Settings.from_env`)."""
    settings = settings or Settings.from_env()
    settings.db_url = settings.db_url or default_db_url()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        from gameshelf.cli.serve_cmd import follow_parent

        follow_parent()  # a worker of ``gameshelf serve --workers K`` stops when its parent is gone
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
        thresholds = gc.get_threshold()
        quiet_collector(settings)
        try:
            yield
        finally:
            gc.set_threshold(*thresholds)
            if settings.gc_freeze:
                gc.unfreeze()
            await app.state.analyses.stop()
            await hub.stop()
            bots.shutdown()
            db.dispose()

    app = FastAPI(title="gameshelf", version="1", lifespan=lifespan,
                  description="Tables, seats and WebSocket play for the gameshelf games.")
    app.state.settings = settings
    app.state.analyses = Analyses()
    app.state.hint_searches, app.state.undo_answers = Kept(), Kept()  # hints and undo answers, by state
    app.add_middleware(InputGuard)  # NUL, unpaired surrogates and oversized bodies never reach a route
    redact_tokens()
    errors.install(app)
    for router in ROUTERS:
        app.include_router(router)
    mount_static(app)
    return app


def quiet_collector(settings: Settings) -> None:
    """Keep the cyclic garbage collector's pauses out of moves' answers. At 1,000 seats its full
    collections (40-300 ms each, about every 3 s) made the whole of the SQLite p99 (bench/RESULTS.md).

    With ``gc_freeze``, collect once and move everything alive after start-up (modules, game data,
    the app, the store's metadata) out of the collector's reach; garbage is still freed by reference
    counting, only cycles among start-up objects wait for :func:`gc.unfreeze` at shutdown. With
    ``gc_threshold``, a young collection waits for that many new objects instead of Python's 700,
    and the older generations for twice as many young collections, so full collections come about
    thirty times less often."""
    if settings.gc_freeze:
        gc.collect()
        gc.freeze()
    if settings.gc_threshold:
        gc.set_threshold(settings.gc_threshold, 20, 20)

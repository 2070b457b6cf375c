"""Post-game analysis on the server: computed in the background, kept in the store.

``POST /api/tables/{id}/analysis`` starts the analysis of a finished game (idempotent: a game is
analysed once; a second request answers the stored status), ``GET`` answers its status
(``none`` | ``pending`` | ``running`` | ``done`` | ``failed``), its progress in decisions and, once
done, the result: :func:`gameshelf.analysis.analyse_record` at level ``normal`` (every seat, each
decision searched from that seat's own view) as ``Analysis.to_json()``.

Before the game is over the analysis does not exist at all: both routes refuse (``analysis.not_over``).
The analysis follows the record's access rule (a table without spectators is its seats' only).
Starting one needs a signed-in user (a guest is enough): it costs minutes of CPU.

The search runs in its own process (spawned, never on the event loop and never in the bots' pool,
whose decisions must not wait behind a minutes-long analysis), one analysis at a time per server
process, queued in order. The process writes its progress and result to the store itself, so
every server process of a deployment answers the same status. A computation whose process died
(the server was killed) shows no progress for :data:`STALE_SECONDS`; a new request then starts it
again, as it does after a failure. When the server stops, the analysis it is running is stopped
and marked failed, so the next request starts it afresh.

The budget is the analysis's own at level ``normal`` (200 simulations a decision,
:data:`gameshelf.analysis.search.SIMS`); the setting ``analysis_sims`` (``GAMESHELF_ANALYSIS_SIMS``)
replaces it, e.g. a tiny budget in tests. The routes are in :mod:`gameshelf.server.routes.analysis`.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
from datetime import datetime, timedelta, timezone
from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy.exc import IntegrityError

from gameshelf.analysis.labels import label_result
from gameshelf.server import auth, limits
from gameshelf.server.i18n import REASONS, STATUS, ServerError
from gameshelf.server.records import table_record
from gameshelf.server.store.db import Database
from gameshelf.server.store.models import GameAnalysis, User
from gameshelf.server.tables import TableService

log = logging.getLogger("gameshelf.server.analysis")
LEVEL = "normal"
SEED = 0  # the analysis search's own seed (never the game's): the same record gives the same analysis
STALE_SECONDS = 300.0
PROGRESS_SECONDS = 1.0  # the worker writes its progress at most this often

REASONS.setdefault("analysis.not_over", {
    "en": "The analysis exists only once the game is over.",
    "ja": "解析はゲーム終了後にのみ利用できます。"})
STATUS.setdefault("analysis.not_over", 409)


class AnalysisOut(BaseModel):
    table_id: str
    level: str
    status: Literal["none", "pending", "running", "done", "failed"]
    done: int = 0
    total: int = 0
    sims: int | None = None
    error: str | None = None
    result: dict[str, Any] | None = None


def finished_table(service: TableService, table_id: str, token: str | None, need_user: bool) -> User | None:
    """The viewer, once the table is known, theirs to see (the record's rule: a table without
    spectators is its seats' only) and over; a clear error otherwise."""
    with service.db.read() as session:
        viewer = auth.user_for_token(session, token) if (token or need_user) else None
        table = service.table_row(session, table_id)
        if not table.spectators and (viewer is None or service.seat_of(session, table_id, viewer) is None):
            raise ServerError("table.no_spectators")
        if table.status != "over":
            raise ServerError("analysis.not_over", "the game is not over")
    return viewer


def _finished_record(service: TableService, table_id: str, token: str | None) -> tuple[User, dict]:
    """The signed-in viewer and the finished game's whole record (as JSON), as the record route gives it out."""
    viewer = finished_table(service, table_id, token, need_user=True)
    assert viewer is not None  # need_user: a missing token is refused
    out = table_record(service, table_id, viewer, "en")
    if out.record is None:  # the table is over, so this does not happen; never compute on a redacted one
        raise ServerError("analysis.not_over", "the record is not available yet")
    return viewer, out.record


def _out(table_id: str, row: GameAnalysis | None, sims: int | None) -> AnalysisOut:
    if row is None:
        return AnalysisOut(table_id=table_id, level=LEVEL, status="none", sims=sims)
    return AnalysisOut(table_id=table_id, level=row.level, status=row.status, done=row.done, total=row.total,
                       sims=row.sims, error=row.error, result=row.result if row.status == "done" else None)


def status(service: TableService, table_id: str, token: str | None, lang: str = "en") -> AnalysisOut:
    """The analysis's status, progress and (once done) result, each action labelled in ``lang``."""
    finished_table(service, table_id, token, need_user=False)  # a status poll never builds the record
    with service.db.read() as session:
        out = _out(table_id, session.get(GameAnalysis, (table_id, LEVEL)), service.settings.analysis_sims)
    if out.result is not None:  # stored with notations; read with labels in the reader's language
        out.result = label_result(out.result, lang)
    return out


def claim(service: TableService, queue: AnalysisQueue | None, table_id: str,
          token: str | None) -> tuple[AnalysisOut, dict | None]:
    """The row of this game's analysis, created or reclaimed when it must (re)start; with the
    record to analyse in that case, else None (it exists, is queued or runs somewhere)."""
    viewer, record = _finished_record(service, table_id, token)
    settings, db = service.settings, service.db
    sims = settings.analysis_sims
    for _ in range(2):
        try:
            with db.transaction() as session:
                row = session.get(GameAnalysis, (table_id, LEVEL), with_for_update=not db.is_sqlite)
                moment = _now()
                if row is not None and (row.status == "done" or (row.status in ("pending", "running") and (
                        (queue is not None and table_id in queue.known)
                        or moment - _aware(row.updated_at) < timedelta(seconds=STALE_SECONDS)))):
                    return _out(table_id, row, sims), None
                limits.check_analyses(session, viewer.id, settings, moment - timedelta(seconds=STALE_SECONDS))
                if row is None:
                    row = GameAnalysis(table_id=table_id, level=LEVEL, status="pending", sims=sims, done=0, total=0,
                                       runs=1, created_at=moment, updated_at=moment, requested_by=viewer.id)
                    session.add(row)
                    session.flush()
                    return _out(table_id, row, sims), record
                row.status, row.sims, row.done, row.total, row.error = "pending", sims, 0, 0, None
                row.requested_by = viewer.id
                row.runs += 1
                row.updated_at = moment
                return _out(table_id, row, sims), record
        except IntegrityError:  # another server process created it at the same moment
            continue
    with db.read() as session:
        return _out(table_id, session.get(GameAnalysis, (table_id, LEVEL)), sims), None


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)  # SQLite drops the zone


class AnalysisQueue:
    """Analyses waiting for, or running in, a worker process: one at a time, in request order."""

    def __init__(self, db_url) -> None:
        self.db_url = db_url.render_as_string(hide_password=False) if hasattr(db_url, "render_as_string") else db_url
        self.items: asyncio.Queue = asyncio.Queue()
        self.known: set[str] = set()
        self.process: multiprocessing.Process | None = None
        self.current: str | None = None
        self.task = asyncio.get_running_loop().create_task(self._run())

    def put(self, table_id: str, sims: int | None, record: dict) -> None:
        self.known.add(table_id)
        self.items.put_nowait((table_id, sims, record))

    async def _run(self) -> None:
        context = multiprocessing.get_context("spawn")
        while True:
            table_id, sims, record = await self.items.get()
            self.current = table_id
            try:
                self.process = context.Process(target=compute, args=(self.db_url, table_id, LEVEL, sims, record),
                                               name=f"analysis-{table_id}", daemon=True)
                self.process.start()
                while self.process.is_alive():
                    await asyncio.sleep(0.2)
                if self.process.exitcode != 0:  # killed or crashed before it could say so itself
                    await asyncio.to_thread(_mark_failed, self.db_url, table_id, f"exit code {self.process.exitcode}")
            except Exception:  # noqa: BLE001 - the queue must outlive any one analysis
                log.exception("analysis of %s failed", table_id)
            finally:
                self.process, self.current = None, None
                self.known.discard(table_id)

    async def stop(self) -> None:
        self.task.cancel()
        process, current = self.process, self.current
        if process is not None and process.is_alive():
            process.terminate()
            await asyncio.to_thread(process.join, 10)
            await asyncio.to_thread(_mark_failed, self.db_url, current, "the server stopped")


class Analyses:
    """This process's analyses: the queue is made on the first one (it needs the running event loop)."""

    def __init__(self) -> None:
        self.queue: AnalysisQueue | None = None

    def put(self, db_url, table_id: str, sims: int | None, record: dict) -> None:
        if self.queue is None:
            self.queue = AnalysisQueue(db_url)
        self.queue.put(table_id, sims, record)

    async def stop(self) -> None:
        """Stop the running analysis (marked failed, so the next request starts it afresh)."""
        if self.queue is not None:
            await self.queue.stop()
            self.queue = None


def _mark_failed(db_url: str, table_id: str, error: str) -> None:
    db = Database(db_url)
    try:
        with db.transaction() as session:
            row = session.get(GameAnalysis, (table_id, LEVEL))
            if row is not None and row.status != "done":
                row.status, row.error, row.updated_at = "failed", error[:500], _now()
    finally:
        db.dispose()


def compute(db_url: str, table_id: str, level: str, sims: int | None, record_json: dict) -> None:
    """The worker process: analyse the record, writing progress and then the result to the store."""
    from gameshelf.analysis import analyse_record
    from gameshelf.core.record import Record
    from gameshelf.games import get_game

    db = Database(db_url)
    last = [0.0]

    def write(**values: Any) -> None:
        with db.transaction() as session:
            row = session.get(GameAnalysis, (table_id, level))
            if row is None:
                return
            for key, value in values.items():
                setattr(row, key, value)
            row.updated_at = _now()

    def progress(done: int, total: int) -> None:
        if time.monotonic() - last[0] >= PROGRESS_SECONDS or done == total:
            last[0] = time.monotonic()
            write(done=done, total=total)

    try:
        write(status="running")
        record = Record.from_json(record_json)
        analysis = analyse_record(get_game(record.game), record, level=level, seed=SEED, sims=sims,
                                  progress=progress)
        write(status="done", result=analysis.to_json(), sims=analysis.sims, finished_at=_now())
    except Exception as exc:  # noqa: BLE001 - any failure is the row's, reported to whoever asks
        write(status="failed", error=f"{type(exc).__name__}: {exc}"[:500])
    finally:
        db.dispose()

"""A seat's helpers during play, both read-only: the normal bot's hint, and whether it may take back
(the rules are in :mod:`gameshelf.server.hints`)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query

from gameshelf.server import bots
from gameshelf.server.deps import Config, HintSearches, Service, Store, Token, UndoAnswers
from gameshelf.server import hints
from gameshelf.server.i18n import pick_lang
from gameshelf.server.schemas import ERRORS

router = APIRouter()


@router.get("/api/tables/{table_id}/hint", responses=ERRORS)
async def hint(table_id: str, token: Token, db: Store, service: Service, settings: Config, searches: HintSearches,
               state_id: int | None = Query(None, ge=0), lang: str = Query("en", max_length=8)) -> dict[str, Any]:
    """The normal bot's three best actions for your seat's decision, with estimated values."""
    lang = pick_lang(lang)
    game_id, view, legal, seed, sid = await asyncio.to_thread(hints.question, db, service, token, table_id, state_id)
    key = (table_id, sid, seed, lang)
    future = searches.get(key)
    if future is None or future.cancelled() or (future.done() and future.exception() is not None):
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(bots.pool(settings.bot_processes), hints.compute, game_id, view, legal, seed, lang)
        searches.put(key, future)
    found = await asyncio.shield(future)
    return {"state_id": sid, "level": hints.LEVEL, "hints": found}


@router.get("/api/tables/{table_id}/undo", responses=ERRORS)
async def undo_status(table_id: str, token: Token, db: Store, service: Service, known: UndoAnswers,
                      state_id: int | None = Query(None, ge=0)) -> dict[str, Any]:
    """Whether your seat may take its last action back now; ``reason`` says why not."""
    return await asyncio.to_thread(hints.undo_status, db, service, token, table_id, state_id, known)

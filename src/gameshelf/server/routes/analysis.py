"""A finished game's post-game analysis: start it, and read its status, progress and result
(computed in the background: :mod:`gameshelf.server.analysis`)."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Query

from gameshelf.analysis.labels import label_result
from gameshelf.server import analysis
from gameshelf.server.analysis import AnalysisOut
from gameshelf.server.deps import Analysing, Service, Token
from gameshelf.server.i18n import pick_lang
from gameshelf.server.schemas import ERRORS

router = APIRouter()


@router.get("/api/tables/{table_id}/analysis", response_model=AnalysisOut, responses=ERRORS)
async def get_analysis(table_id: str, service: Service, token: Token, lang: str = Query("en", max_length=8)):
    """The analysis of a finished game: its status and progress, and the result once done, each
    action with its label in ``lang``."""
    return await asyncio.to_thread(analysis.status, service, table_id, token, pick_lang(lang))


@router.post("/api/tables/{table_id}/analysis", response_model=AnalysisOut, responses=ERRORS)
async def start_analysis(table_id: str, service: Service, analyses: Analysing, token: Token,
                         lang: str = Query("en", max_length=8)):
    """Start the analysis of a finished game (once: afterwards this answers its status)."""
    out, record = await asyncio.to_thread(analysis.claim, service, analyses.queue, table_id, token)
    if out.result is not None:
        out.result = await asyncio.to_thread(label_result, out.result, pick_lang(lang))
    if record is not None:
        analyses.put(service.db.url, table_id, out.sims, record)
    return out

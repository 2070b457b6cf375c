"""A table's record, and a finished game's replay, position by position, for the replay page."""

from __future__ import annotations

import json

from fastapi import APIRouter, Query

from gameshelf.server.deps import Service, Viewer
from gameshelf.server.i18n import ServerError, pick_lang
from gameshelf.server.records import table_record
from gameshelf.server.schemas import ERRORS, RecordOut
from gameshelf.web import replayed

router = APIRouter()


@router.get("/api/tables/{table_id}/record", response_model=RecordOut, responses=ERRORS)
def record(table_id: str, service: Service, viewer: Viewer, lang: str = Query("en", max_length=8)):
    """Redacted (the spectator's view and log, no seed, no actions) until the game is over."""
    return table_record(service, table_id, viewer, pick_lang(lang))


@router.get("/web/replay/{table_id}", include_in_schema=False)
def replay(table_id: str, service: Service, viewer: Viewer, ply: int = Query(0, ge=0),
           seat: int | None = Query(None, ge=0), lang: str = Query("en", max_length=8)):
    """A finished game's position after ``ply`` actions from ``seat``'s (or a spectator's) point of
    view, rebuilt from the whole record, which the server gives out only once the game is over."""
    lang = pick_lang(lang)
    whole = table_record(service, table_id, viewer, lang)
    if whole.redacted or whole.record is None:
        raise ServerError("table.not_open", "the replay opens once the game is over")
    game, record, states, events = replayed(whole.game, json.dumps(whole.record, sort_keys=True))
    ply = min(ply, len(record.actions))
    if seat is not None and seat >= record.players:
        raise ServerError("request.invalid", "no such seat")
    state, last = states[ply], ply == len(record.actions)
    names = record.seats or [f"P{i + 1}" for i in range(record.players)]
    log = [game.describe(e, names, lang) for happened in events[1:ply + 1] for e in happened
           if last or e.visible_to(seat)]
    pending = game.decision(state)
    decision = None
    if pending is not None:
        decision = {"seat": pending.seat, "kind": pending.kind, "targets": {},
                    "prompt": game.prompt_text(pending, names, lang) if seat == pending.seat else None}
    return {"game": whole.game, "players": record.players, "seats": names, "ply": ply,
            "plies": len(record.actions), "seat": seat, "view": game.view(state, seat),
            "action": record.actions[ply - 1] if ply else None, "log": log, "decision": decision,
            "outcome": whole.outcome if last else None, "over": game.is_over(state)}

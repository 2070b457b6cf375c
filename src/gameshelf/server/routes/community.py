"""Online play as a community: your unfinished tables ("your turn" everywhere), chat, resign and
rematch (the per-process state lives on the hub: :mod:`gameshelf.server.community.relay`)."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Query, WebSocket

from gameshelf.server.community import chat, me, rematch
from gameshelf.server.community.models import ChatLineOut, MyTableOut
from gameshelf.server.community.relay import community, publish
from gameshelf.server.deps import CurrentUser, Service, Store, TableHub, Viewer
from gameshelf.server.schemas import ERRORS, TableOut

router = APIRouter()


@router.get("/api/me/tables", response_model=list[MyTableOut], responses=ERRORS)
async def my_tables(service: Service, user: CurrentUser):
    """Your unfinished tables: ``your_turn`` and the move's ``deadline`` (ISO 8601, UTC) for each."""
    return await asyncio.to_thread(me.my_tables, service, user.id)


@router.websocket("/ws/me")
async def me_socket(ws: WebSocket, hub: TableHub, token: str | None = None, lang: str | None = None):
    await me.serve(hub, ws, token, lang)


@router.get("/api/tables/{table_id}/chat", response_model=list[ChatLineOut], responses=ERRORS)
async def chat_history(table_id: str, db: Store, service: Service, viewer: Viewer,
                       after: int = Query(0, ge=0, le=2**62)):
    """The table's chat, oldest first (players and, at tables that allow them, spectators)."""
    return await asyncio.to_thread(chat.history, db, table_id, viewer, service.seat_of, after)


@router.post("/api/tables/{table_id}/resign", response_model=TableOut, responses=ERRORS)
async def resign(table_id: str, service: Service, hub: TableHub, user: CurrentUser):
    """Concede: ranked last; a bot plays your seat out, or the game ends if one player remains."""
    seat = await asyncio.to_thread(service.seat_number, table_id, user)
    await asyncio.to_thread(service.resign, table_id, seat)
    await hub.changed(table_id)
    return await asyncio.to_thread(service.detail, table_id, user)


@router.post("/api/tables/{table_id}/rematch", response_model=TableOut, responses=ERRORS)
async def make_rematch(table_id: str, service: Service, hub: TableHub, user: CurrentUser):
    """A new table with the same options and players (seats rotated); invites the others. Asked
    again by another player, it takes that player's seat at the same rematch."""
    new_id, created, invited = await asyncio.to_thread(rematch.rematch, service, user, table_id)
    if created:
        invite = await asyncio.to_thread(rematch.invitation, service, new_id, table_id, user)
        me.deliver_invite(community(hub), invited, invite)
        await publish(hub, "invite", {"users": invited, "invite": invite})
    else:
        await asyncio.to_thread(rematch.accept, service, user, new_id)
    await hub.changed(new_id)
    await hub.changed(table_id)  # its detail now names the rematch
    return await asyncio.to_thread(service.detail, new_id, user)

"""Tables: create, list, read, join, leave, start, take a seat back from its bot, and play (WebSocket)."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from fastapi import APIRouter, Query, WebSocket

from gameshelf.server import ws
from gameshelf.server.deps import CurrentUser, Service, TableHub, Viewer
from gameshelf.server.hub import Hub
from gameshelf.server.schemas import ERRORS, JoinIn, TableIn, TableOut
from gameshelf.server.store import User
from gameshelf.server.tables import TableService

router = APIRouter()


@router.post("/api/tables", response_model=TableOut, status_code=201, responses=ERRORS)
async def create_table(body: TableIn, service: Service, user: CurrentUser):
    table_id = await asyncio.to_thread(service.create, user, body)
    return await asyncio.to_thread(service.detail, table_id, user)


@router.get("/api/tables", response_model=list[TableOut], responses=ERRORS)
def open_tables(service: Service, viewer: Viewer, game: str | None = Query(None, max_length=32),
                limit: int = Query(50, ge=1, le=200)):
    return [service.detail(t, viewer) for t in service.open_tables(game, limit)]


@router.get("/api/tables/{table_id}", response_model=TableOut, responses=ERRORS)
def table_detail(table_id: str, service: Service, viewer: Viewer):
    return service.detail(table_id, viewer)


async def changed(service: TableService, hub: Hub, user: User, table_id: str, change: Callable[[], Any]) -> dict:
    """Run ``change`` in a worker thread, tell every connection, answer the table as ``user`` sees it."""
    await asyncio.to_thread(change)
    await hub.changed(table_id)
    return await asyncio.to_thread(service.detail, table_id, user)


@router.post("/api/tables/{table_id}/join", response_model=TableOut, responses=ERRORS)
async def join(table_id: str, body: JoinIn, service: Service, hub: TableHub, user: CurrentUser):
    return await changed(service, hub, user, table_id, lambda: service.join(user, table_id, body))


@router.post("/api/tables/{table_id}/leave", response_model=TableOut, responses=ERRORS)
async def leave(table_id: str, service: Service, hub: TableHub, user: CurrentUser):
    return await changed(service, hub, user, table_id, lambda: service.leave(user, table_id))


@router.post("/api/tables/{table_id}/start", response_model=TableOut, responses=ERRORS)
async def start(table_id: str, service: Service, hub: TableHub, user: CurrentUser):
    return await changed(service, hub, user, table_id, lambda: service.start(user, table_id))


@router.post("/api/tables/{table_id}/reclaim", response_model=TableOut, responses=ERRORS)
async def reclaim(table_id: str, service: Service, hub: TableHub, user: CurrentUser):
    """Take your seat back from the bot that plays it."""
    seat = await asyncio.to_thread(service.seat_number, table_id, user)
    return await changed(service, hub, user, table_id, lambda: service.set_zombie(table_id, seat, False, user))


@router.websocket("/ws/tables/{table_id}")
async def play(socket: WebSocket, table_id: str):
    """A seat's or a spectator's connection to the table (server/ws.py); its query (``token``,
    ``lang``, ``last_state_id``, ``spectate``) is read there."""
    await ws.serve(socket.app.state.hub, socket, table_id)

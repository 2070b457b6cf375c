"""Online play as a community: chat, "your turn" everywhere, resign and rematch, rating history.

``register(app)`` adds the routes; the per-process state lives on the hub (relay.py).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket

from gameshelf.server import auth, ratings
from gameshelf.server.app import ERRORS, Token
from gameshelf.server.community import chat, me, rematch
from gameshelf.server.community.models import ChatLineOut, MyTableOut, RatingHistoryOut
from gameshelf.server.community.relay import community, publish
from gameshelf.server.i18n import ServerError
from gameshelf.server.schemas import TableOut
from gameshelf.server.store import Table, User


def _user(request: Request, token: str | None) -> User:
    with request.app.state.db.read() as session:
        return auth.user_for_token(session, token)


def _viewer(request: Request, token: str | None) -> User | None:
    return _user(request, token) if token else None


def _seat(request: Request, table_id: str, user: User) -> int:
    service = request.app.state.service
    with request.app.state.db.read() as session:
        if session.get(Table, table_id) is None:
            raise ServerError("table.not_found", f"no table {table_id!r}")
        seat = service.seat_of(session, table_id, user)
    if seat is None:
        raise ServerError("table.not_seated")
    return seat


def _history(request: Request, user_id: str) -> dict[str, Any]:
    with request.app.state.db.read() as session:
        if session.get(User, user_id) is None:
            raise ServerError("user.not_found")
        fresh = ratings.model().rating()  # where every player starts: the chart's first point
        return {"user_id": user_id, "start": ratings.ordinal(fresh.mu, fresh.sigma),
                "games": ratings.history(session, user_id)}


def register(app: FastAPI) -> None:
    @app.get("/api/me/tables", response_model=list[MyTableOut], responses=ERRORS)
    async def my_tables(request: Request, token: Token):
        """Your unfinished tables: ``your_turn`` and the move's ``deadline`` (ISO 8601, UTC) for each."""
        user = await asyncio.to_thread(_user, request, token)
        return await asyncio.to_thread(me.my_tables, request.app.state.service, user.id)

    @app.websocket("/ws/me")
    async def me_socket(ws: WebSocket, token: str | None = None, lang: str | None = None):
        await me.serve(ws, token, lang)

    @app.get("/api/tables/{table_id}/chat", response_model=list[ChatLineOut], responses=ERRORS)
    async def chat_history(table_id: str, request: Request, token: Token, after: int = Query(0, ge=0, le=2**62)):
        """The table's chat, oldest first (players and, at tables that allow them, spectators)."""
        viewer = await asyncio.to_thread(_viewer, request, token)
        return await asyncio.to_thread(chat.history, request.app.state.db, table_id, viewer,
                                       request.app.state.service.seat_of, after)

    @app.post("/api/tables/{table_id}/resign", response_model=TableOut, responses=ERRORS)
    async def resign(table_id: str, request: Request, token: Token):
        """Concede: ranked last; a bot plays your seat out, or the game ends if one player remains."""
        service = request.app.state.service
        user = await asyncio.to_thread(_user, request, token)
        seat = await asyncio.to_thread(_seat, request, table_id, user)
        await asyncio.to_thread(service.resign, table_id, seat)
        await request.app.state.hub.changed(table_id)
        return await asyncio.to_thread(service.detail, table_id, user)

    @app.post("/api/tables/{table_id}/rematch", response_model=TableOut, responses=ERRORS)
    async def make_rematch(table_id: str, request: Request, token: Token):
        """A new table with the same options and players (seats rotated); invites the others. Asked
        again by another player, it takes that player's seat at the same rematch."""
        service, hub = request.app.state.service, request.app.state.hub
        user = await asyncio.to_thread(_user, request, token)
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

    @app.get("/api/users/{user_id}/ratings", response_model=RatingHistoryOut, responses=ERRORS)
    def rating_history(user_id: str, request: Request):
        """The player's rating (ordinal: mu - 3 sigma) after each rated game, per game, oldest first."""
        return _history(request, user_id)


__all__ = ["register"]

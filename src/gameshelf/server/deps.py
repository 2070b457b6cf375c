"""What a route needs, as FastAPI dependencies: the services the app holds (store, table service,
hub, settings) and the person asking (from the bearer token, or the session cookie the pages use).

The dependencies that only read the app's state are ``async``: FastAPI runs a plain function
dependency on a worker thread, a hop that cost more than the work (a WebSocket opening spent a
third of its dependency time there, bench/RESULTS.md session 23)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.requests import HTTPConnection

from gameshelf.server import auth
from gameshelf.server.analysis import Analyses
from gameshelf.server.hints import Kept
from gameshelf.server.hub import Hub
from gameshelf.server.settings import Settings
from gameshelf.server.store import Database, User
from gameshelf.server.tables import TableService

COOKIE = "gameshelf_token"
bearer = HTTPBearer(auto_error=False)


async def token(connection: HTTPConnection, credentials: HTTPAuthorizationCredentials | None = Depends(bearer)) -> str | None:
    """The bearer token, else the session cookie, else None."""
    return credentials.credentials if credentials else connection.cookies.get(COOKIE)


async def database(connection: HTTPConnection) -> Database:
    return connection.app.state.db


async def table_service(connection: HTTPConnection) -> TableService:
    return connection.app.state.service


async def hub(connection: HTTPConnection) -> Hub:
    return connection.app.state.hub


async def settings(connection: HTTPConnection) -> Settings:
    return connection.app.state.settings


async def analyses(connection: HTTPConnection) -> Analyses:
    return connection.app.state.analyses


async def hint_searches(connection: HTTPConnection) -> Kept:
    """The hint searches asked for, by (table, state id, seed, language): a second ask waits for the first."""
    return connection.app.state.hint_searches


async def undo_answers(connection: HTTPConnection) -> Kept:
    """Whether a seat may take back, by (table, state id, seat)."""
    return connection.app.state.undo_answers


Token = Annotated[str | None, Depends(token)]
Store = Annotated[Database, Depends(database)]
Service = Annotated[TableService, Depends(table_service)]
TableHub = Annotated[Hub, Depends(hub)]
Config = Annotated[Settings, Depends(settings)]
Analysing = Annotated[Analyses, Depends(analyses)]
HintSearches = Annotated[Kept, Depends(hint_searches)]
UndoAnswers = Annotated[Kept, Depends(undo_answers)]


def user_for(db: Database, token: str | None) -> User:
    """The token's user; ServerError (401) for a missing, unknown or expired token."""
    with db.read() as session:
        return auth.user_for_token(session, token)


def current_user(db: Store, token: Token) -> User:
    """The signed-in person (a guest is one too); 401 otherwise."""
    return user_for(db, token)


def viewer(db: Store, token: Token) -> User | None:
    """The signed-in person, or None for an anonymous reader (a token given must be valid)."""
    return user_for(db, token) if token else None


CurrentUser = Annotated[User, Depends(current_user)]
Viewer = Annotated[User | None, Depends(viewer)]

"""Signing in: a guest session, registering an account, logging in, and who the token belongs to."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from gameshelf.server import auth, throttle
from gameshelf.server.deps import COOKIE, Config, CurrentUser, Store, Token
from gameshelf.server.schemas import ERRORS, ErrorEnvelope, GuestIn, LoginIn, RegisterIn, SessionOut, UserOut
from gameshelf.server.store import User

router = APIRouter()


def session_out(response: Response, user: User, token: str) -> SessionOut:
    """The new session, its token also set as the pages' cookie."""
    response.set_cookie(COOKIE, token, httponly=True, samesite="lax")
    return SessionOut(user=UserOut(id=user.id, name=user.name, username=user.username), token=token)


@router.post("/api/auth/guest", response_model=SessionOut, responses=ERRORS)
def guest(body: GuestIn, response: Response, db: Store, settings: Config):
    with db.transaction() as session:
        user, token = auth.create_guest(session, body.name, settings.token_ttl_hours)
    return session_out(response, user, token)


@router.post("/api/auth/register", response_model=SessionOut, responses=ERRORS)
def register(body: RegisterIn, response: Response, token: Token, db: Store, settings: Config):
    with db.transaction() as session:
        user = auth.user_for_token(session, token) if token else None
        user, new_token = auth.register(session, user, body.username, body.password, body.name,
                                        settings.token_ttl_hours)
    return session_out(response, user, new_token)


@router.post("/api/auth/login", response_model=SessionOut, responses={**ERRORS, 429: {"model": ErrorEnvelope}})
def login(body: LoginIn, request: Request, response: Response, db: Store, settings: Config):
    """Counted per account and per address: past the limit, 429 with Retry-After."""
    throttle.attempt(db, body.username, request.client.host if request.client else None)
    with db.transaction() as session:
        user, token = auth.login(session, body.username, body.password, settings.token_ttl_hours)
    throttle.succeeded(db, body.username)
    return session_out(response, user, token)


@router.get("/api/me", response_model=UserOut, responses=ERRORS)
def whoami(user: CurrentUser):
    return UserOut(id=user.id, name=user.name, username=user.username)

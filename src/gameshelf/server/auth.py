"""Guests and accounts: a secret bearer token per sign-in (stored hashed), argon2 passwords.

A guest is a display name and a token; registering with a user name and password upgrades the
same user (history and rating kept), and logging in from another device issues a new token. A token
alone never renames an account nor replaces its password: registering with the token of a user who
already has a user name is refused (``auth.already_registered``).
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from datetime import datetime, timedelta, timezone
from urllib.parse import urlsplit

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from gameshelf.server.i18n import ServerError
from gameshelf.server.store.models import Token, User
from gameshelf.server.store import queries

_hasher = PasswordHasher()


def now() -> datetime:
    return datetime.now(timezone.utc)


def aware(moment: datetime) -> datetime:
    """SQLite returns naive datetimes; they are UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(session: Session, user: User, ttl_hours: float) -> str:
    token = secrets.token_urlsafe(32)
    session.add(Token(token_hash=token_hash(token), user_id=user.id,
                      expires_at=now() + timedelta(hours=ttl_hours)))
    return token


def create_guest(session: Session, name: str, ttl_hours: float) -> tuple[User, str]:
    user = User(id=uuid.uuid4().hex, name=name, created_at=now())
    session.add(user)
    session.flush()
    return user, issue_token(session, user, ttl_hours)


def user_for_token(session: Session, token: str | None) -> User:
    """The token's user; ServerError auth.required / auth.invalid / auth.expired otherwise."""
    if not token:
        raise ServerError("auth.required")
    row = session.get(Token, token_hash(token))
    return session.get(User, token_owner(row.user_id if row else None, row.expires_at if row else None))


def token_owner(user_id: str | None, expires_at: datetime | None) -> str:
    """The user id of a token row read as (user id, expiry), (None, None) for no such token;
    ServerError auth.invalid / auth.expired otherwise."""
    if user_id is None or expires_at is None:
        raise ServerError("auth.invalid")
    if aware(expires_at) <= now():
        raise ServerError("auth.expired")
    return user_id


def register(session: Session, user: User | None, username: str, password: str, name: str | None,
             ttl_hours: float) -> tuple[User, str]:
    """An account for ``user`` (a guest keeps its history) or for a new user."""
    if queries.user_named(session, username) is not None:
        raise ServerError("auth.username_taken")
    if user is not None and user.username is not None:
        raise ServerError("auth.already_registered")
    if user is None:
        user = User(id=uuid.uuid4().hex, name=name or username, created_at=now())
        session.add(user)
    elif name:
        user.name = name
    user.username, user.password_hash = username, _hasher.hash(password)
    try:
        session.flush()
    except IntegrityError:
        raise ServerError("auth.username_taken") from None
    return user, issue_token(session, user, ttl_hours)


def login(session: Session, username: str, password: str, ttl_hours: float) -> tuple[User, str]:
    user = queries.user_named(session, username)
    try:
        if user is None or not user.password_hash:
            raise VerificationError()
        _hasher.verify(user.password_hash, password)
    except (VerificationError, InvalidHashError):
        raise ServerError("auth.bad_login") from None
    return user, issue_token(session, user, ttl_hours)


def same_origin(origin: str | None, host: str | None) -> bool:
    """No Origin (not a browser) or an Origin naming this server's own host and port."""
    if origin is None:
        return True
    return bool(host) and urlsplit(origin).netloc.lower() == host.lower()

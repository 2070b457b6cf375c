"""Which failures are the store's passing trouble (worth trying again) rather than a defect.

A dropped or refused database connection, a pool with no free connection, a locked or full SQLite
file, a full disk: the same work may succeed a moment later. Clients are told ``server.busy`` (503,
try again) for these, and the bots retry them with growing pauses; anything else is a defect and
stays ``server.error``.
"""

from __future__ import annotations

import errno

from sqlalchemy import exc as sa_exc

from gameshelf.server.i18n import ServerError

PASSING_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EAGAIN, errno.ECONNRESET, errno.ECONNREFUSED, errno.EPIPE,
                  errno.ETIMEDOUT, errno.EDQUOT}


def transient(exc: BaseException) -> bool:
    """True if ``exc`` comes from the store's (or the disk's) passing trouble."""
    if isinstance(exc, (sa_exc.OperationalError, sa_exc.InterfaceError, sa_exc.TimeoutError,
                        sa_exc.DisconnectionError)):
        return True
    if isinstance(exc, sa_exc.DBAPIError) and exc.connection_invalidated:
        return True
    if isinstance(exc, OSError) and exc.errno in PASSING_ERRNOS:
        return True
    if getattr(exc, "passing", False):  # (store/loop_links.py's refusals say so themselves)
        return True
    try:
        import psycopg
    except ImportError:
        return False
    return isinstance(exc, (psycopg.OperationalError, psycopg.InterfaceError))


def client_error(exc: BaseException) -> ServerError:
    """What a client is told about an unexpected failure: retry (``server.busy``, with a
    ``Retry-After`` for HTTP clients) or a defect."""
    if transient(exc):
        return ServerError("server.busy", headers={"Retry-After": "1"})
    return ServerError("server.error")


def summary(exc: BaseException) -> str:
    """The exception's type and the first line of its message, for a log line (no traceback): which
    passing trouble it was (a pool with no free connection, a refused connection, a locked file)."""
    first = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__

"""The sign-in throttle: password guesses are counted per account and per address, in the store.

Every attempt is counted before its password is checked (so concurrent guesses cannot all slip in
before the first failure is written); past the limit of a fixed window, the key is refused with
``auth.throttled`` (HTTP 429 and Retry-After) until the window ends. A successful sign-in clears its
account's count, never its address's (else one valid account would reset an attacker's address).
The counters live in the store, so every worker and every machine on one database shares them.
"""

from __future__ import annotations

import math
import random
from datetime import timedelta

from gameshelf.server.auth import aware, now
from gameshelf.server.i18n import ServerError
from gameshelf.server.store import Database
from gameshelf.server.store import throttle as counters

WINDOW = timedelta(seconds=60)
PER_ACCOUNT = 5  # attempts a window for one user name: a person mistyping is never held up long
PER_ADDRESS = 30  # attempts a window from one client address, over every user name
FORGET_CHANCE = 0.02  # of an attempt also deleting stale counters (the table never grows for ever)


def account_key(username: str) -> str:
    return f"account:{username.strip().lower()}"[:200]


def address_key(address: str | None) -> str:
    return f"address:{address or '?'}"[:200]


def attempt(db: Database, username: str, address: str | None) -> None:
    """Count one sign-in attempt; ServerError ``auth.throttled`` if the account or address is over its
    limit (nothing is counted then)."""
    limits = {account_key(username): PER_ACCOUNT, address_key(address): PER_ADDRESS}
    moment = now()
    with db.transaction() as session:
        if random.random() < FORGET_CHANCE:  # now and then, counters whose window ended long ago go
            counters.forget(session, moment - 10 * WINDOW, list(limits))
        rows = counters.counters(session, list(limits), moment, db.is_sqlite)
        wait = 0.0
        for row in rows:
            if row.blocked_until is not None and aware(row.blocked_until) > moment:
                wait = max(wait, (aware(row.blocked_until) - moment).total_seconds())
            elif aware(row.window_start) + WINDOW <= moment:
                row.attempts, row.window_start, row.blocked_until = 0, moment, None
        if wait == 0:
            for row in rows:
                if row.attempts >= limits[row.key]:
                    row.blocked_until = aware(row.window_start) + WINDOW
                    wait = max(wait, (row.blocked_until - moment).total_seconds())
        if wait == 0:
            for row in rows:
                row.attempts += 1
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise ServerError("auth.throttled", f"try again in {seconds} s", headers={"Retry-After": str(seconds)})


def succeeded(db: Database, username: str) -> None:
    """A correct password: the account's count starts again."""
    with db.transaction() as session:
        counters.clear(session, account_key(username))

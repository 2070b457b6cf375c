"""Server settings: the one place the server reads its configuration.

``gameshelf serve`` builds them from its command line and the environment and hands them to its
worker processes through ``GAMESHELF_*`` environment variables (:meth:`Settings.to_env`), which each
worker reads back with :meth:`Settings.from_env`. Nothing else in the server reads the environment.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping


@dataclass
class Settings:
    db_url: str = ""
    broker_url: str = ""  # "" (PostgreSQL: LISTEN/NOTIFY; SQLite: this process only) or redis://...
    bot_delay: float = 0.8  # seconds a bot waits before acting, so people see its move arrive
    bot_workers: int = 1  # processes in the bots' pool (--bot-workers), shared fairly across tables
    max_bot_tables: int = 2  # bots-only tables one person may have playing at once
    max_analyses: int = 2  # post-game analyses one person may have queued or running at once
    analysis_sims: int | None = None  # a post-game analysis's simulations a decision (None: its level's own)
    # Whether a person's move is committed on the event loop, with no hand-off to a worker thread
    # (server/inline.py): "auto" (or "on") for one SQLite process and for PostgreSQL, or "off" (every move
    # on the worker threads).
    inline_moves: str = "auto"
    threads: int = 16  # worker threads for store work; up to this many transactions wait on commits at once
    sweep_seconds: float = 1.0  # how often clocks, disconnections and pending bot turns are checked
    # A sweep reads only the tables the deadline index (deadlines.py) names; every this many seconds
    # (and on the first sweep, after a relay reconnects or a sweep fails) it reads every playing table.
    reread_seconds: float = 12.0
    heartbeat_seconds: float = 5.0  # how often a process checks its tables with the store and says it runs
    store_retries: int = 6  # a bot's transient store errors in a row before its table waits for the sweep
    grace_seconds: float = 60.0  # real time: a disconnected human's seat goes to a bot after this
    token_ttl_hours: float = 24 * 90
    rate_per_second: float = 30.0
    rate_burst: int = 60
    max_message_bytes: int = 4096
    migrate: bool = True
    gc_freeze: bool = True  # keep start-up objects out of the garbage collector's full passes (p99 pauses)
    gc_threshold: int = 10_000  # new objects before a young collection (Python's 700; 0 keeps Python's)

    @property
    def bot_processes(self) -> int:
        """The pool's size under its former name (callers that size the shared pool)."""
        return self.bot_workers

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """The defaults, with each ``GAMESHELF_<FIELD>`` variable that is set in its place;
        ValueError names a variable whose value does not fit its field."""
        environ = os.environ if environ is None else environ
        values = {}
        for f in fields(cls):
            raw = environ.get(env_name(f.name))
            if raw is not None:
                values[f.name] = _parse(f.name, raw, getattr(cls, f.name))
        return cls(**values)

    def to_env(self) -> dict[str, str]:
        return {env_name(k): "" if v is None else str(v) for k, v in asdict(self).items()}


def env_name(field: str) -> str:
    return f"GAMESHELF_{field.upper()}"


INLINE_MOVES = ("auto", "on", "off")


def _parse(name: str, raw: str, default: Any) -> Any:
    if name == "analysis_sims":
        return positive_sims(raw)
    if name == "inline_moves" and raw not in INLINE_MOVES:
        raise ValueError(f"GAMESHELF_INLINE_MOVES must be one of {', '.join(INLINE_MOVES)}, not {raw!r}")
    if isinstance(default, bool):
        return raw.lower() in ("1", "true", "yes", "on")
    return type(default)(raw)


def positive_sims(raw: str | None) -> int | None:
    """``GAMESHELF_ANALYSIS_SIMS``: empty for the level's own budget, else a positive whole number."""
    if not raw:
        return None
    if not raw.strip().isdigit() or int(raw) <= 0:
        raise ValueError(f"GAMESHELF_ANALYSIS_SIMS must be a positive whole number of simulations, not {raw!r}")
    return int(raw)

"""Server settings, passed to worker processes through ``GAMESHELF_*`` environment variables."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields


@dataclass
class Settings:
    db_url: str = ""
    broker_url: str = ""  # "" (PostgreSQL: LISTEN/NOTIFY; SQLite: this process only) or redis://...
    bot_delay: float = 0.8  # seconds a bot waits before acting, so people see its move arrive
    bot_workers: int = 1  # processes in the bots' pool (--bot-workers), shared fairly across tables
    max_bot_tables: int = 2  # bots-only tables one person may have playing at once
    max_analyses: int = 2  # post-game analyses one person may have queued or running at once
    threads: int = 16  # worker threads for store work; up to this many transactions wait on commits at once
    sweep_seconds: float = 1.0  # how often clocks, disconnections and pending bot turns are checked
    heartbeat_seconds: float = 5.0  # how often a process checks its tables with the store and says it runs
    store_retries: int = 6  # a bot's transient store errors in a row before its table waits for the sweep
    grace_seconds: float = 60.0  # real time: a disconnected human's seat goes to a bot after this
    token_ttl_hours: float = 24 * 90
    rate_per_second: float = 30.0
    rate_burst: int = 60
    max_message_bytes: int = 4096
    migrate: bool = True

    @property
    def bot_processes(self) -> int:
        """The pool's size under its former name (callers that size the shared pool)."""
        return self.bot_workers

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Settings:
        environ = os.environ if environ is None else environ
        values = {}
        for f in fields(cls):
            raw = environ.get(f"GAMESHELF_{f.name.upper()}")
            if raw is not None:
                kind = type(getattr(cls, f.name))
                values[f.name] = raw.lower() in ("1", "true", "yes", "on") if kind is bool else kind(raw)
        return cls(**values)

    def to_env(self) -> dict[str, str]:
        return {f"GAMESHELF_{k.upper()}": str(v) for k, v in asdict(self).items()}

"""Result storage: one SQLite file per tournament directory, one row per game.

``DIR/results.sqlite`` holds a ``meta`` table (the tournament's configuration as JSON) and a
``games`` table with one row per game: index, seed, players, the seats' agent specs, scores,
ranks, winners, breakdown per seat, the outcome's details, game length, final state hash, wall
time, and per seat the decisions with a real choice and the CPU seconds spent on them (stores
written before those two columns gain them, empty, when opened). List and mapping columns hold
JSON text, so any SQLite client can read them.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any, Iterable, Mapping

from gameshelf.core.errors import BadOption
from gameshelf.sim.batch import ResultRow

FILENAME = "results.sqlite"
JSON_COLUMNS = ("options", "seats", "scores", "ranks", "winners", "breakdown", "details", "decisions", "think")
COLUMNS = ("idx", "seed", "game", "players", "options", "seats", "scores", "ranks", "winners",
           "breakdown", "details", "actions", "final_hash", "seconds", "decisions", "think")
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    idx INTEGER PRIMARY KEY, seed INTEGER NOT NULL, game TEXT NOT NULL, players INTEGER NOT NULL,
    options TEXT NOT NULL, seats TEXT NOT NULL, scores TEXT NOT NULL, ranks TEXT NOT NULL,
    winners TEXT NOT NULL, breakdown TEXT NOT NULL, details TEXT NOT NULL, actions INTEGER NOT NULL,
    final_hash TEXT, seconds REAL, decisions TEXT NOT NULL DEFAULT '[]', think TEXT NOT NULL DEFAULT '[]'
);
"""
ADDED_COLUMNS = ("decisions", "think")
"""Columns later than the first stores: an older store gains them (empty lists) when opened."""


# Configuration keys that may differ when a tournament is resumed: the number of games (a resumed
# tournament may be extended) and where the games run (results do not depend on it).
RESUMABLE_CHANGES = ("games", "backend")


class ResultStore:
    """Write rows of one tournament into ``directory``.

    By default any earlier results there are replaced. With ``resume=True`` the rows already
    stored are kept (``self.rows``) and new rows are added, provided the stored configuration is
    the same apart from :data:`RESUMABLE_CHANGES`; otherwise :class:`BadOption` says what differs.
    """

    def __init__(self, directory: str | Path, config: Mapping[str, Any], resume: bool = False) -> None:
        self.path = Path(directory) / FILENAME
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.rows: list[ResultRow] = []
        if resume and self.path.exists():
            stored, self.rows = load(directory)
            _check_same_tournament(stored, config, directory)
            if self.rows and self.rows[-1].index >= config.get("games", len(self.rows)):
                raise BadOption(f"{directory} already holds games up to number {self.rows[-1].index + 1}; "
                                f"a resumed tournament cannot have fewer games")
        elif self.path.exists():
            self.path.unlink()
        self.db = sqlite3.connect(self.path)
        self.db.executescript(SCHEMA)
        _add_missing_columns(self.db)
        self.db.execute("INSERT OR REPLACE INTO meta VALUES ('config', ?)", (json.dumps(dict(config)),))
        self.commit()

    def add(self, row: ResultRow) -> None:
        values = [getattr(row, "index" if c == "idx" else c) for c in COLUMNS]
        values = [json.dumps(v) if c in JSON_COLUMNS else v for c, v in zip(COLUMNS, values)]
        self.db.execute(f"INSERT INTO games VALUES ({','.join('?' * len(COLUMNS))})", values)
        self.pending += 1
        if self.pending >= 50 or time.monotonic() - self.committed > 1.0:
            self.commit()

    def commit(self) -> None:
        """Rows are committed at least every second, so an interrupted tournament loses little."""
        self.db.commit()
        self.pending, self.committed = 0, time.monotonic()

    def close(self) -> None:
        self.commit()
        self.db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def load(directory: str | Path) -> tuple[dict[str, Any], list[ResultRow]]:
    """(configuration, rows in game order) of a tournament directory."""
    path = Path(directory) / FILENAME
    if not path.is_file():
        raise BadOption(f"no tournament results in {directory} (expected {FILENAME})")
    db = sqlite3.connect(path)
    try:
        _add_missing_columns(db)
        config = json.loads(db.execute("SELECT value FROM meta WHERE key='config'").fetchone()[0])
        rows = [_row(r) for r in db.execute(f"SELECT {','.join(COLUMNS)} FROM games ORDER BY idx")]
    except (sqlite3.Error, TypeError, ValueError) as exc:
        raise BadOption(f"{path} does not hold tournament results ({' '.join(str(exc).split())})") from None
    finally:
        db.close()
    return config, rows


def _add_missing_columns(db: sqlite3.Connection) -> None:
    present = {name for _, name, *_ in db.execute("PRAGMA table_info(games)")}
    if not present:
        return
    for column in ADDED_COLUMNS:
        if column not in present:
            db.execute(f"ALTER TABLE games ADD COLUMN {column} TEXT NOT NULL DEFAULT '[]'")
    db.commit()


def _row(values: Iterable[Any]) -> ResultRow:
    row = {}
    for column, value in zip(COLUMNS, values):
        row["index" if column == "idx" else column] = json.loads(value) if column in JSON_COLUMNS else value
    return ResultRow.from_json(row)


def _check_same_tournament(stored: Mapping[str, Any], config: Mapping[str, Any], directory) -> None:
    differ = sorted(key for key in set(stored) | set(config)
                    if key not in RESUMABLE_CHANGES and stored.get(key) != config.get(key))
    if differ:
        raise BadOption(f"cannot resume the tournament in {directory}: its {', '.join(differ)} "
                        f"differ from this one's (use another --out, or drop --resume to start afresh)")

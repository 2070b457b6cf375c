"""The sweep's CPU: what ``TableService.due()`` costs per second with N playing tables.

    python bench/bench_sweep.py [--tables 500] [--sweeps 120] [--moves 20] [--db URL] --json

It fills a fresh store (SQLite in a temporary directory unless ``--db``) with N playing 2-player
tables of people (half turn-based, half real-time), then runs ``--sweeps`` sweeps one simulated
second apart (the service's clock is moved forward; nothing waits), with ``--moves`` moves at random
tables between two sweeps, and prints the thread CPU of ``due()`` per sweep (= per second at the
default ``sweep_seconds``), the mean and the worst. The moves' own CPU is not counted.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from bench_server import drop_schema, fresh_schema  # a PostgreSQL run starts empty and leaves nothing
from gameshelf.server import tables as tables_module
from gameshelf.server.auth import now as real_now
from gameshelf.server.schemas import JoinIn, TableIn
from gameshelf.server.settings import Settings
from gameshelf.server.store import Database, User
from gameshelf.server.tables import TableService

GAME = "midnight_zoo"


class SimulatedClock:
    """The service's ``now``: the real time plus a shift that each sweep moves one second on."""

    def __init__(self) -> None:
        self.shift = timedelta()

    def __call__(self):
        return real_now() + self.shift


def fill(svc: TableService, count: int) -> list[str]:
    """``count`` started tables, each with two people (its own pair of users)."""
    with svc.db.transaction() as session:
        for i in range(2 * count):
            session.add(User(id=f"u{i}", name=f"u{i}", created_at=real_now()))
    ids = []
    for i in range(count):
        with svc.db.read() as session:
            ann, bob = session.get(User, f"u{2 * i}"), session.get(User, f"u{2 * i + 1}")
        mode = "turn" if i % 2 == 0 else "realtime"
        table_id = svc.create(ann, TableIn(game=GAME, players=2, mode=mode, base_seconds=3600))
        svc.join(bob, table_id, JoinIn())
        svc.start(ann, table_id)
        ids.append(table_id)
    return ids


def move(svc: TableService, table_id: str, chooser: random.Random) -> None:
    live = svc.live(table_id)
    seat = live.to_act()
    if seat is None:
        return
    svc.submit(table_id, seat, str(chooser.choice(live.match.legal_for(seat))), live.state_id)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--sweeps", type=int, default=120)
    parser.add_argument("--moves", type=int, default=20, help="moves between two sweeps")
    parser.add_argument("--db", default="")
    parser.add_argument("--reread-seconds", type=float, default=None,
                        help="the service's full-read period (default: its setting's default)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    schema = fresh_schema(args.db) if args.db.startswith("postgresql") else None
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{Path(tmp) / 'sweep.db'}"
        if schema:
            url += ("&" if "?" in url else "?") + f"options=-csearch_path%3D{schema}"
        db = Database(url)
        db.migrate()
        extra = {} if args.reread_seconds is None else {"reread_seconds": args.reread_seconds}
        svc = TableService(db, Settings(db_url=url, **extra))
        svc.relaying = False
        clock = SimulatedClock()
        tables_module.now = clock  # type: ignore[assignment]
        ids = fill(svc, args.tables)
        chooser, costs = random.Random(1), []
        for _ in range(args.sweeps):
            for table_id in chooser.sample(ids, min(args.moves, len(ids))):
                move(svc, table_id, chooser)
            clock.shift += timedelta(seconds=1)
            start = time.thread_time()
            svc.due()
            costs.append((time.thread_time() - start) * 1000)
        db.dispose()
    if schema:
        drop_schema(args.db, schema)
    result = {"tables": args.tables, "sweeps": args.sweeps, "db": url.split(":")[0],
              "due_cpu_ms_per_s": round(sum(costs) / len(costs), 3), "worst_ms": round(max(costs), 3)}
    print(json.dumps(result) if args.json else
          f"{result['tables']} playing tables ({result['db']}), {result['sweeps']} sweeps: the sweep's CPU "
          f"{result['due_cpu_ms_per_s']} ms a second, worst sweep {result['worst_ms']} ms")


if __name__ == "__main__":
    main()

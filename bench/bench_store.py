"""A move's cost in the store: ``TableService``'s commit path alone, per move, without the network.

    python bench/bench_store.py [--tables 50] [--moves 30] [--db URL ...] [--json]

For each store (a fresh SQLite file, and PostgreSQL at each ``--db``, by default the local server's
``test`` database, in a schema of its own dropped at the end), it starts ``--tables`` 2-player
tables of people and plays ``--moves`` rounds of random legal moves, one move at each table in
turn, through the path the server takes:

- ``inline``: ``submit_now`` on the calling thread, as one SQLite process without a broker does;
- ``thread``: ``submit``, as every other set-up does on a store thread (and the event loop's moves
  that go to one), with the move's body built for the other processes (``relaying``: ``relay_body``,
  its state hash, the NOTIFY on PostgreSQL);
- ``loop`` (PostgreSQL): ``submit_soon`` on an event loop, as a server's worker commits a person's
  move, on a link whose round trips the loop does not wait for (store/loop_links.py), with the
  move's body built as on the threads.

It prints the calling thread's CPU time and the elapsed time per move (µs), and how many moves of
the ``inline`` and ``loop`` paths went to a thread after all. The database server's
own CPU is not counted (it is another process). The end-to-end cost, with the WebSocket frames, the
messages and the event loop, is ``bench_server.py``'s; this number isolates the store's share of it,
in a few seconds, and steadier (runs of the same code agree within about 15 %). With python-chess
installed (the ``bench`` extra), the same run measures its random play (bench/reference.py) and
gives the move's CPU in those moves too, which moves far less with the machine's speed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from bench_server import drop_schema, fresh_schema  # a PostgreSQL run starts empty and leaves nothing
from bench_sweep import fill
from reference import chess_rate_if_installed

from gameshelf.server.settings import Settings
from gameshelf.server.store import Database
from gameshelf.server.store.loop_links import Links
from gameshelf.server.tables import TableService

LOCAL_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def measure(url: str, tables: int, rounds: int, path: str, seed: int = 1) -> dict[str, float]:
    """Per move on a fresh store at ``url`` by ``path`` (inline, thread or loop): the calling thread's
    CPU (µs) and the elapsed time (µs)."""
    db = Database(url)
    db.migrate()
    svc = TableService(db, Settings(db_url=url))
    svc.relaying = path != "inline"
    try:
        ids = fill(svc, tables)
        for table_id in ids:
            svc.live(table_id)  # cached, as at a table people play at
        return asyncio.run(_play(svc, ids, rounds, path, random.Random(seed)))
    finally:
        db.dispose()


async def _play(svc: TableService, ids: list[str], rounds: int, path: str, chooser: random.Random) -> dict[str, float]:
    links = Links(svc.db.libpq_url()) if path == "loop" else None
    cpu, wall, moves, elsewhere = 0.0, 0.0, 0, 0
    try:
        for _ in range(rounds):
            for table_id in ids:
                live = svc.live(table_id)
                seat = live.to_act()
                if seat is None:
                    continue
                notation, state_id = str(chooser.choice(live.match.legal_for(seat))), live.state_id
                cpu0, wall0 = time.thread_time(), time.perf_counter()
                if links is not None:
                    done = await svc.submit_soon(links, table_id, seat, notation, state_id)
                else:
                    done = svc.submit_now(table_id, seat, notation, state_id) if path == "inline" else None
                if done is None:
                    elsewhere += path != "thread"
                    svc.submit(table_id, seat, notation, state_id)
                cpu += time.thread_time() - cpu0
                wall += time.perf_counter() - wall0
                moves += 1
    finally:
        if links is not None:
            await links.close()
    return {"moves": moves, "cpu_us": round(cpu / moves * 1e6, 1), "wall_us": round(wall / moves * 1e6, 1),
            "to_threads": elsewhere}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=30, help="rounds: one move at every table each")
    parser.add_argument("--db", action="append", default=[],
                        help="a PostgreSQL URL (repeatable; default: the local server's test database)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for url in args.db:
        if not url.startswith("postgresql"):
            parser.error(f"--db takes a PostgreSQL URL (postgresql+psycopg://...), not {url.split(':')[0]!r}; "
                         "SQLite is measured on a fresh file every run")
    chess_before = chess_rate_if_installed()
    rows = []
    for name, url, path in [("sqlite", "", "inline"), ("sqlite", "", "thread"),
                            *((("postgresql", url, "thread"), ("postgresql", url, "loop"))[i]
                              for url in args.db or [LOCAL_PG] for i in (0, 1))]:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                schema = fresh_schema(url) if url else None
            except Exception as exc:  # (psycopg's OperationalError: no server there)
                print(f"PostgreSQL at {url.split('@')[-1]} could not be reached ({type(exc).__name__}); "
                      "its line is skipped", file=sys.stderr)
                continue
            target = url or f"sqlite:///{Path(tmp) / 'store.db'}"
            if schema:
                target += ("&" if "?" in target else "?") + f"options=-csearch_path%3D{schema}"
            try:
                found = measure(target, args.tables, args.moves, path)
            finally:
                if schema:
                    drop_schema(url, schema)
        rows.append({"store": name, "path": path, **found})
    chess_after = chess_rate_if_installed()
    chess = (chess_before + chess_after) / 2 if chess_before and chess_after else None
    for row in rows:
        row["cpu_in_chess_moves"] = round(row["cpu_us"] * chess / 1e6, 2) if chess else None
    if args.json:
        print(json.dumps({"tables": args.tables, "rounds": args.moves, "chess_moves_per_s": chess and round(chess),
                          "rows": rows}))
        return
    print(f"{args.tables} tables, {args.moves} rounds; python-chess random play: "
          + (f"{chess:,.0f} moves/s" if chess else "not installed (pip install -e '.[bench]')"))
    print(f"{'store':<12}{'path':<8}{'moves':>7}{'CPU µs/move':>13}{'wall µs/move':>14}{'in chess moves':>16}"
          f"{'to a thread':>13}")
    for row in rows:
        print(f"{row['store']:<12}{row['path']:<8}{row['moves']:>7}{row['cpu_us']:>13}{row['wall_us']:>14}"
              f"{row['cpu_in_chess_moves'] if chess else '-':>16}{row['to_threads']:>13}")


if __name__ == "__main__":
    main()

"""Server benchmark: N WebSocket clients on loopback, each a seat in 2-player games, choosing random
legal actions. Prints accepted moves/s and the p50/p99 round trip (send action -> own update).

    python bench/bench_server.py [--seats N] [--seconds S] [--db URL] [--workers W] [--game ID] --json

It starts its own server (``gameshelf serve``), runs, stops it, and prints one JSON line with
``seats``, ``moves``, ``moves_per_s``, ``p50_ms``, ``p99_ms`` and ``errors`` (protocol errors and
lost or duplicated updates; 0 expected). Each pair of clients plays game after game until the time
is up. With SQLite and several workers the server needs ``--broker`` (Redis on loopback by default).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

SRC = str(Path(__file__).resolve().parents[1] / "src")
RECV_TIMEOUT = 30.0  # seconds a seat waits for the next message before counting it as lost


class Stats:
    def __init__(self) -> None:
        self.moves = 0
        self.rtts: list[float] = []
        self.errors = 0
        self.error_codes: dict[str, int] = {}
        self.measuring = False
        self.games = 0
        self.connected = 0
        self.elapsed = self.server_cpu = 0.0

    def error(self, code: str) -> None:
        self.errors += 1
        self.error_codes[code] = self.error_codes.get(code, 0) + 1


async def post(http: httpx.AsyncClient, path: str, **kwargs) -> httpx.Response:
    """A set-up request, sent again if the connection broke under it (a kept-alive connection the
    server closed as the request left): set-up is not what is measured."""
    for attempt in range(4):
        try:
            response = await http.post(path, **kwargs)
            response.raise_for_status()
            return response
        except httpx.TransportError:
            if attempt == 3:
                raise
            await asyncio.sleep(0.2)
    raise AssertionError("unreachable")


async def guest(http: httpx.AsyncClient, name: str) -> str:
    return (await post(http, "/api/auth/guest", json={"name": name})).json()["token"]


async def new_game(http: httpx.AsyncClient, game: str, tokens: list[str]) -> str:
    head = [{"Authorization": f"Bearer {t}"} for t in tokens]
    table = (await post(http, "/api/tables", json={"game": game, "players": 2}, headers=head[0])).json()
    await post(http, f"/api/tables/{table['id']}/join", json={}, headers=head[1])
    await post(http, f"/api/tables/{table['id']}/start", headers=head[0])
    return table["id"]


class Match:
    """What the two seats of one game share: the state id at which one of them stopped playing."""

    def __init__(self) -> None:
        self.quit_at: int | None = None


async def seat(ws_base: str, table_id: str, token: str, rng: random.Random, stats: Stats,
               stop: list[float], match: Match, think: float = 0.0) -> None:
    """Play one seat until the game ends (or the time is up), checking every update's chain.

    When the time is up, the seat to act stops at the state it has; the other seat then waits only
    until it has seen that state too (the move it was waiting for will never be made). An update
    that has not come within RECV_TIMEOUT otherwise is counted as lost."""
    async with connect(f"{ws_base}/ws/tables/{table_id}", subprotocols=["gameshelf", f"gameshelf.token.{token}"],
                       max_size=1 << 24) as ws:
        last = None
        sent_at = None
        waited = 0.0
        while True:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except TimeoutError:
                waited += 0.5
                if match.quit_at is not None and last is not None and last["state_id"] >= match.quit_at:
                    return
                if waited >= RECV_TIMEOUT:  # an update that never came: lost (a bug), not a slow server
                    stats.error("update.missing")
                    return
                continue
            waited = 0.0
            kind = message["type"]
            if kind == "error":
                stats.error(message["code"])
                continue
            if kind not in ("snapshot", "update"):
                continue
            if last is None:
                stats.connected += 1
            else:
                if message.get("prev_state_id") != last["state_id"] or message["state_id"] <= last["state_id"]:
                    stats.error("update.lost_or_repeated")
            if sent_at is not None and message["state_id"] == sent_at[1] + 1:
                if stats.measuring:
                    stats.moves += 1
                    stats.rtts.append(time.perf_counter() - sent_at[0])
                sent_at = None
            last = message
            if message["over"]:
                return
            if match.quit_at is not None and message["state_id"] >= match.quit_at:
                return
            if time.time() >= stop[0] and sent_at is None:
                match.quit_at = message["state_id"] if match.quit_at is None else match.quit_at
                return
            if message["legal"] and sent_at is None:
                action = rng.choice(message["legal"])["action"]
                if think:  # a person's pause before the move (uniform in [0.5, 1.5] x think)
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent_at = (time.perf_counter(), message["state_id"])
                await ws.send(json.dumps({"action": action, "state_id": message["state_id"]}))


async def run_clients(base: str, seats: int, seconds: float, game: str, server: int | None = None,
                      think: float = 0.0) -> Stats:
    stats = Stats()
    ready = asyncio.Event()
    stop = [time.time() + 10_000]  # set when every table is ready
    prepared: set[int] = set()
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as http:
        pairs = [asyncio.create_task(pair(base, game, i, stats, ready, http, stop, prepared, think))
                 for i in range(seats // 2)]
        while len(prepared) < seats // 2:  # every table ready (or its pair failed: an error below)
            if all(i in prepared or p.done() for i, p in enumerate(pairs)):
                break
            await asyncio.sleep(0.05)
        ready.set()
        warm = time.time() + 120
        while stats.connected < seats and time.time() < warm:  # warm up: every seat has its snapshot
            await asyncio.sleep(0.05)
        stop[0] = time.time() + seconds + 0.5
        stats.measuring = True
        t0, cpu0 = time.perf_counter(), session_cpu_seconds(server)
        await asyncio.sleep(seconds)
        stats.measuring = False
        stats.elapsed = time.perf_counter() - t0
        stats.server_cpu = session_cpu_seconds(server) - cpu0
        for result in await asyncio.gather(*pairs, return_exceptions=True):
            if isinstance(result, Exception):
                stats.error(f"client.{type(result).__name__}")
    return stats


async def pair(base: str, game: str, index: int, stats: Stats, ready: asyncio.Event, http: httpx.AsyncClient,
               stop: list[float], prepared: set[int], think: float) -> None:
    """Two seats playing game after game until the time is up."""
    rng = random.Random(index)
    tokens = [await guest(http, f"p{index}a"), await guest(http, f"p{index}b")]
    table_id = await new_game(http, game, tokens)
    prepared.add(index)
    await ready.wait()
    ws_base = base.replace("http://", "ws://")
    while time.time() < stop[0]:
        match = Match()
        await asyncio.gather(*(seat(ws_base, table_id, t, rng, stats, stop, match, think) for t in tokens))
        stats.games += 1
        if time.time() < stop[0]:
            table_id = await new_game(http, game, tokens)


def session_cpu_seconds(session_id: int | None) -> float:
    """CPU time (user + system) used so far by every live process of a session (the server's)."""
    if session_id is None:
        return 0.0
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session_id:  # after the name: state, ppid, pgrp, session, ..., utime, stime
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def _libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://").split("?")[0]


def fresh_schema(url: str) -> str:
    import psycopg

    schema = "bench_" + os.urandom(6).hex()
    with psycopg.connect(_libpq(url), autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    return schema


def drop_schema(url: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(_libpq(url), autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(db: str, port: int, workers: int = 1, broker: str = "", log=subprocess.DEVNULL, src: str = SRC,
                 settings: dict[str, str] | None = None) -> subprocess.Popen:
    """``gameshelf serve`` from the tree ``src`` as its own process group; returns once it answers."""
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "GAMESHELF_RATE_PER_SECOND": "1000", "GAMESHELF_RATE_BURST": "1000", **(settings or {})}
    command = [sys.executable, "-m", "gameshelf.cli.main", "serve", "--port", str(port), "--db", db,
               "--workers", str(workers)]
    if broker:
        command += ["--broker", broker]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise SystemExit("the server stopped at start")
        time.sleep(0.2)
    raise SystemExit("the server did not start")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--db", default="", help="default: a fresh SQLite file")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--broker", default="", help="default with SQLite and several workers: local Redis")
    parser.add_argument("--game", default="midnight_zoo")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="a seat waits about this long before each move (an offered load like people's); "
                             "0: it answers at once (the table's numbers)")
    parser.add_argument("--url", default="", help="use a server already running there (for profiling it)")
    args = parser.parse_args(argv)
    if args.url:
        stats = asyncio.run(run_clients(args.url.rstrip("/"), args.seats, args.seconds, args.game,
                                        think=args.think_ms / 1000))
        print(json.dumps(summary(args, stats, args.url)))
        return 0
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the server on the way out
    folder = tempfile.TemporaryDirectory()
    db = args.db or f"sqlite:///{folder.name}/bench.db"
    schema = fresh_schema(db) if db.startswith("postgresql") else None
    if schema:  # every run starts from empty tables, and leaves none behind
        db += ("&" if "?" in db else "?") + f"options=-csearch_path%3D{schema}"
    broker = args.broker or ("redis://127.0.0.1:6379/0" if db.startswith("sqlite") and args.workers > 1 else "")
    port = free_port()
    log_path = Path(folder.name) / "server.log"
    log = open(log_path, "w")
    proc = start_server(db, port, args.workers, broker, log)
    try:
        stats = asyncio.run(run_clients(f"http://127.0.0.1:{port}", args.seats, args.seconds, args.game, proc.pid,
                                        args.think_ms / 1000))
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()
        text = log_path.read_text()
        if text.strip():
            print("server log (last lines):\n" + "\n".join(text.splitlines()[-40:]), file=sys.stderr)
        folder.cleanup()
        if schema:
            drop_schema(args.db, schema)
    result = summary(args, stats, db)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>12}: {value}")
    return 0


def summary(args: argparse.Namespace, stats: Stats, db: str) -> dict:
    return {"seats": args.seats, "moves": stats.moves,
            "moves_per_s": round(stats.moves / stats.elapsed, 1),
            "p50_ms": round(percentile(stats.rtts, 0.50) * 1000, 2),
            "p99_ms": round(percentile(stats.rtts, 0.99) * 1000, 2),
            "errors": stats.errors, "error_codes": stats.error_codes, "games": stats.games,
            "db": db.split(":", 1)[0].split("+")[0], "workers": args.workers, "game": args.game,
            "seconds": args.seconds, "think_ms": args.think_ms,
            "server_cpu_ms_per_move": round(1000 * stats.server_cpu / stats.moves, 3) if stats.moves else None}


if __name__ == "__main__":
    sys.exit(main())

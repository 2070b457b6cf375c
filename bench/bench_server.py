"""Server benchmark: N WebSocket clients on loopback, each a seat in 2-player games, choosing random
legal actions. Prints accepted moves/s and the p50/p99 round trip (send action -> own update).

    python bench/bench_server.py [--seats N] [--seconds S] [--db URL] [--workers W] [--servers S]
        [--think-ms T] [--kill-worker-at F] [--game ID] --json

It starts its own server (``gameshelf serve``), runs, stops it, and prints one JSON line with
``seats``, ``moves``, ``moves_per_s``, ``p50_ms``, ``p99_ms`` and ``errors`` (protocol errors and
lost or duplicated updates; 0 expected), and the servers' CPU per move: in ms
(``server_cpu_ms_per_move``) and, with python-chess installed (the ``bench`` extra), in python-chess
random-play moves (``server_cpu_in_chess_moves``, with ``chess_moves_per_s`` measured just before the
servers start, bench/reference.py). This machine's speed moves between sessions (python-chess at
15,700-29,500 moves/s) and the ms with it; the figure in chess moves far less (bench/RESULTS.md).
Each pair of clients plays game after game until the time is up. With SQLite and several workers
the server needs ``--broker`` (Redis on loopback by default).

``--servers S`` starts S server commands on their own ports (the same store and broker, as S machines
behind a proxy would run them); the two seats of a table then play through different servers.
``--kill-worker-at 0.5`` kills one server process with SIGKILL halfway through the measured window
(a worker of the first server with ``--workers 2`` or more, else the first server's only process):
its seats reconnect (with ``--workers 2`` to the same port, which the other worker serves; with
several servers to the next server) and resume from the state id they hold. The line then also
has ``reconnections``, ``recovery_s`` (kill -> last seat back), ``p99_after_recovery_ms`` (round
trips of actions sent after every seat is back) and ``lost_moves``: moves a seat saw accepted that
are missing from the game's record, read over the API at the end (each unfinished game is resigned
first, so its record shows its actions).

The end phase is bounded: the games have END_TIMEOUT seconds after the window to stop and the records
RECORDS_TIMEOUT to be read; ``unfinished_seats`` and ``records_unchecked`` count what did not (the
seats' last messages go to stderr). A set-up request answered 503 (``server.busy``) is sent again
(``busy_retries``). ``kill -USR1`` the bench to print its tasks' stacks and every playing seat's
last messages to stderr (what a slow end waits for).
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
from websockets.exceptions import ConnectionClosed, InvalidHandshake

sys.path.insert(0, str(Path(__file__).parent))
from reference import chess_rate_if_installed  # noqa: E402

SRC = str(Path(__file__).resolve().parents[1] / "src")
PROBE = str(Path(__file__).resolve().parent / "probe")  # --probe: the servers' CPU by part (probe/sitecustomize.py)
RECV_TIMEOUT = 30.0  # seconds a seat waits for a new state (heartbeats aside) before counting it as lost
RECONNECT_TIMEOUT = 30.0  # seconds a seat whose connection broke tries to open another
# The end phase never waits for ever: after the measured window the games have this long to stop (a
# seat's own waits are bounded by the two above), the records this long to be read; what did not
# finish is reported (``unfinished_seats``, ``records_unchecked``, stderr) and the run ends.
END_TIMEOUT = RECV_TIMEOUT + RECONNECT_TIMEOUT + 30.0
RECORDS_TIMEOUT = 180.0
BUSY_RETRIES = 8  # a request answered 503 (server.busy: the store's passing trouble) is sent again


class Stats:
    def __init__(self) -> None:
        self.moves = 0
        self.rtts: list[tuple[float, float]] = []  # (when the action was sent, round trip), perf_counter seconds
        self.errors = 0
        self.error_codes: dict[str, int] = {}
        self.measuring = False
        self.games = 0
        self.connected = 0
        self.elapsed = self.server_cpu = 0.0
        self.matches: list[Match] = []  # every game played, for the final check of its record
        self.reconnections = 0  # connections that broke and were opened again
        self.reconnecting = 0  # connections broken and not yet open again
        self.recovered_at: float | None = None  # perf_counter: the last reconnection done
        self.killed_at: float | None = None  # perf_counter: the worker was killed
        self.lost_moves = 0
        self.resumes = 0  # heartbeats that named a newer state than the seat held
        self.unfinished_seats = 0  # seats still playing END_TIMEOUT after the window (then cancelled)
        self.records_unchecked = 0  # games whose record was not read within RECORDS_TIMEOUT
        self.lags: list[float] = []  # seconds the event loop woke late (loop_lag)
        self.handshakes: list[float] = []  # seconds from a connection breaking to each new one's handshake
        self.backs: list[float] = []  # seconds from a connection breaking to the first message on a new one
        self.opens: list[float] = []  # seconds each WebSocket took to open (its opening handshake), every one

    def error(self, code: str) -> None:
        self.errors += 1
        self.error_codes[code] = self.error_codes.get(code, 0) + 1


BUSY = {"retries": 0}  # requests answered 503 and sent again (reported as ``busy_retries``)
# python-chess's random-play moves/s, measured before the servers start (None: not installed)
CHESS: dict[str, float | None] = {"rate": None}


async def request(http: httpx.AsyncClient, method: str, path: str, **kwargs) -> httpx.Response:
    """A set-up (or record) request, sent again if the connection broke under it (a kept-alive
    connection the server closed as the request left) or the server answered 503 ``server.busy`` (the
    store's passing trouble, such as no free pooled connection within its timeout): set-up is not
    what is measured. Any other error status raises."""
    for attempt in range(BUSY_RETRIES + 1):
        try:
            response = await http.request(method, path, **kwargs)
        except httpx.TransportError:
            if attempt >= 3:
                raise
            await asyncio.sleep(0.2)
            continue
        if response.status_code == 503 and attempt < BUSY_RETRIES:
            BUSY["retries"] += 1
            await asyncio.sleep(min(5.0, 0.25 * 2 ** attempt))
            continue
        response.raise_for_status()
        return response
    raise AssertionError("unreachable")


async def post(http: httpx.AsyncClient, path: str, **kwargs) -> httpx.Response:
    return await request(http, "POST", path, **kwargs)


async def guest(http: httpx.AsyncClient, name: str) -> str:
    return (await post(http, "/api/auth/guest", json={"name": name})).json()["token"]


async def new_game(http: httpx.AsyncClient, game: str, tokens: list[str]) -> str:
    head = [{"Authorization": f"Bearer {t}"} for t in tokens]
    table = (await post(http, "/api/tables", json={"game": game, "players": 2}, headers=head[0])).json()
    await post(http, f"/api/tables/{table['id']}/join", json={}, headers=head[1])
    await post(http, f"/api/tables/{table['id']}/start", headers=head[0])
    return table["id"]


class Match:
    """What the two seats of one game share: the table, the seats' tokens, the state id at which one
    of them stopped playing, and every move a seat saw accepted (state id -> action)."""

    def __init__(self, table_id: str, tokens: list[str]) -> None:
        self.table_id, self.tokens = table_id, tokens
        self.quit_at: int | None = None
        self.accepted: dict[int, str] = {}
        self.over = False

    def abandon(self, state_id: int) -> None:
        """A seat stopped for good (an error): the other stops at the state it has, not waiting for it."""
        self.quit_at = state_id if self.quit_at is None else min(self.quit_at, state_id)


class Seat:
    """One seat of one game, over as many connections as it takes.

    The seat checks every update's chain (``prev_state_id`` is the state it holds). When its
    connection breaks (its server process was killed), it opens a new one with ``last_state_id``
    (the state it holds) at the next address of the list (the same one with a single server, whose
    other worker takes it), and goes on: the server sends what it missed, or only the table's line
    when nothing happened; an action it had sent and not seen accepted is sent again.

    When the time is up, the seat to act stops at the state it has; the other seat then waits only
    until it has seen that state too (the move it was waiting for will never be made). An update
    that has not come within RECV_TIMEOUT otherwise is counted as lost."""

    def __init__(self, addresses: list[str], home: int, match: Match, token: str, rng: random.Random,
                 stats: Stats, stop: list[float], think: float) -> None:
        self.addresses, self.where, self.match, self.token = addresses, home, match, token
        self.rng, self.stats, self.stop, self.think = rng, stats, stop, think
        self.last: dict | None = None  # the latest snapshot or update
        self.pending: tuple[str, int, float] | None = None  # (action, at state id, sent at) not yet accepted
        self.waited = 0.0
        self.reopened = True  # False from a broken connection until the next one's first message
        self.behind = 0  # heartbeats in a row that named a newer state than this seat holds
        self.resumed_from: int | None = None  # the state id of the last resume asked for
        self.history: list[str] = []  # what happened to this seat, for a dump of a hung run
        self.broken_at: float | None = None  # perf_counter: its connection broke, and it is not back yet

    async def play(self) -> None:
        SEATS.add(self)
        try:
            await self._play()
        except BaseException:
            self.match.abandon(self.last["state_id"] if self.last is not None else 0)
            raise
        finally:
            SEATS.discard(self)

    async def _play(self) -> None:
        broken_at: float | None = None
        while True:
            query = f"?last_state_id={self.last['state_id']}" if self.last is not None else ""
            url = f"{self.addresses[self.where].replace('http://', 'ws://')}/ws/tables/{self.match.table_id}{query}"
            opening = time.perf_counter()
            try:
                ws = await connect(url, subprotocols=["gameshelf", f"gameshelf.token.{self.token}"],
                                   max_size=1 << 24, open_timeout=10)
                self.stats.opens.append(time.perf_counter() - opening)
            except (OSError, TimeoutError, InvalidHandshake):
                if broken_at is None:
                    raise
                if time.perf_counter() - broken_at > RECONNECT_TIMEOUT:
                    self.stats.error("reconnect.failed")
                    self.match.abandon(self.last["state_id"] if self.last is not None else 0)
                    return
                self.where = (self.where + 1) % len(self.addresses)
                await asyncio.sleep(0.1)
                continue
            self.history.append(f"open@{self.where}")
            if broken_at is not None and self.broken_at is not None:
                self.stats.handshakes.append(time.perf_counter() - self.broken_at)
            try:
                async with ws:
                    await self.converse(ws, reconnected=broken_at is not None)
                return
            except ConnectionClosed:
                self.history.append("broken")
                self.stats.reconnections += 1
                if self.reopened:  # (not again for a new connection that broke before its first message)
                    self.stats.reconnecting += 1
                    self.reopened = False
                broken_at = time.perf_counter()
                if self.broken_at is None:
                    self.broken_at = broken_at
                self.where = (self.where + 1) % len(self.addresses)

    async def converse(self, ws, reconnected: bool) -> None:
        """Play over one connection until the game ends, the time is up, or the connection breaks."""
        first = True
        while True:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except TimeoutError:
                self.waited += 0.5
                if self.match.quit_at is not None and self.last is not None \
                        and self.last["state_id"] >= self.match.quit_at:
                    return
                if self.waited >= RECV_TIMEOUT:  # an update that never came: lost (a bug), not a slow server
                    self.stats.error("update.missing")
                    print(f"update.missing at table {self.match.table_id}: {self.history[-12:]}", file=sys.stderr)
                    self.match.abandon(self.last["state_id"] if self.last is not None else 0)
                    return
                continue
            kind = message["type"]
            if kind not in ("heartbeat", "error", "pong"):  # (a keep-alive is no new state)
                self.waited = 0.0
            if kind != "heartbeat" or len(self.history) < 40:
                self.history.append(f"{kind}:{message.get('state_id')}:{message.get('code', '')}")
            if not self.reopened:  # the first message on a new connection: this seat is back
                self.reopened = True
                self.stats.reconnecting -= 1
                now = time.perf_counter()
                self.stats.recovered_at = max(self.stats.recovered_at or now, now)
                if self.broken_at is not None:
                    self.stats.backs.append(now - self.broken_at)
                    self.broken_at = None
            if kind == "error":
                self.stats.error(message["code"])
                if self.pending is not None and message["code"] == "server.busy":
                    # The store's passing trouble: the action was not taken; send it again shortly.
                    await asyncio.sleep(0.2)
                    self.history.append(f"resend:{self.pending[1]}")
                    await ws.send(json.dumps({"action": self.pending[0], "state_id": self.pending[1]}))
                elif self.pending is not None and message["code"] != "action.stale":
                    self.pending = None  # refused (a stale one is followed by the update that passed it)
                    if await self.move(ws, self.last):
                        return
                continue
            if kind == "heartbeat":
                behind = self.last is not None and (message["state_id"] or 0) > self.last["state_id"]
                self.behind = self.behind + 1 if behind else 0
                if self.behind == 2:
                    # Twice the store was ahead of what this seat was sent (an announcement that never
                    # came, from a killed process; once may be an update on its way): ask for what was
                    # missed, as the protocol says a client does.
                    self.stats.resumes += 1
                    self.behind = 0
                    self.resumed_from = self.last["state_id"]
                    await ws.send(json.dumps({"type": "resume", "state_id": self.last["state_id"]}))
                continue
            resumed, first = first and reconnected, False
            if resumed and kind in ("table", "snapshot") and self.last is not None \
                    and message["state_id"] == self.last["state_id"]:
                # Nothing happened since this seat's state (the table's line; a snapshot of that state
                # from an older server): an action it sent and never saw accepted was lost with the
                # killed process, so it is sent again.
                if self.pending is not None:  # the action never reached the store: send it again
                    self.history.append(f"resend:{self.pending[1]}")
                    await ws.send(json.dumps({"action": self.pending[0], "state_id": self.pending[1]}))
                elif await self.move(ws, self.last):
                    return
                continue
            if kind not in ("snapshot", "update"):
                continue
            if self.last is None:
                self.stats.connected += 1
            elif kind == "update" and message.get("prev_state_id") == self.resumed_from \
                    and message["state_id"] <= self.last["state_id"]:
                continue  # the answer to a resume that an update overtook: what the seat already has
            elif kind == "snapshot":  # after a reconnection: the store's state, never behind what was seen
                if message["state_id"] < self.last["state_id"]:
                    self.stats.error("state.went_back")
            elif message.get("prev_state_id") != self.last["state_id"] or message["state_id"] <= self.last["state_id"]:
                self.stats.error("update.lost_or_repeated")
            if self.pending is not None and message["state_id"] > self.pending[1]:
                action, state_id, sent_at = self.pending
                self.match.accepted[state_id] = action
                if self.stats.measuring and message["state_id"] == state_id + 1:
                    self.stats.moves += 1
                    self.stats.rtts.append((sent_at, time.perf_counter() - sent_at))
                self.pending = None
            self.last = message
            if message["over"]:
                self.match.over = True
                return
            if await self.move(ws, message):
                return

    async def move(self, ws, message: dict) -> bool:
        """Choose and send an action when it is this seat's turn; True when this seat stops here."""
        match = self.match
        if match.quit_at is not None and message["state_id"] >= match.quit_at:
            return True
        if time.time() >= self.stop[0] and self.pending is None:
            match.quit_at = message["state_id"] if match.quit_at is None else match.quit_at
            return True
        if message["legal"] and self.pending is None:
            action = self.rng.choice(message["legal"])["action"]
            if self.think:  # a person's pause before the move (uniform in [0.5, 1.5] x think)
                # ... while the page still hears its connection: one that breaks meanwhile (its
                # process killed) is noticed now, as a browser would, not once the seat has thought.
                try:
                    await asyncio.wait_for(ws.wait_closed(), self.think * self.rng.uniform(0.5, 1.5))
                except TimeoutError:
                    pass
                else:
                    raise ConnectionClosed(None, None)  # not sent: the seat chooses again once back
            self.pending = (action, message["state_id"], time.perf_counter())
            self.history.append(f"send:{message['state_id']}@{time.perf_counter():.2f}")
            await ws.send(json.dumps({"action": action, "state_id": message["state_id"]}))
        return False


def dump_tasks(stats: "Stats") -> None:
    """On SIGUSR1: every task's stack and the live seats, to stderr (what a hung run waits for)."""
    import collections
    out = [f"--- {len(asyncio.all_tasks())} tasks; reconnecting={stats.reconnecting} "
           f"reconnections={stats.reconnections} connected={stats.connected} errors={stats.error_codes} killed_at={stats.killed_at}"]
    where = collections.Counter()
    for task in asyncio.all_tasks():
        frames = task.get_stack(limit=20)
        where[" <- ".join(f"{f.f_code.co_name}:{f.f_lineno}" for f in reversed(frames[-6:]))] += 1
    for key, count in where.most_common():
        out.append(f"{count:6d}  {key}")
    for seat in list(SEATS):
        out.append(f"seat table={seat.match.table_id} last={seat.last and seat.last['state_id']} "
                   f"pending={seat.pending} reopened={seat.reopened} waited={seat.waited} quit_at={seat.match.quit_at} "
                   f"over={seat.match.over} history={seat.history}")
    print("\n".join(out[:400]), file=sys.stderr, flush=True)


SEATS: set = set()


async def run_clients(addresses: list[str], seats: int, seconds: float, game: str, servers: list[int] | None = None,
                      think: float = 0.0, kill_at: float | None = None, victim=None) -> Stats:
    """Every pair plays until the time is up; ``victim()`` (which kills a server process) is called
    ``kill_at`` of the way through the measured window; then every game's record is checked."""
    stats = Stats()
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, dump_tasks, stats)
    ready = asyncio.Event()
    stop = [time.time() + 10_000]  # set when every table is ready
    prepared: set[int] = set()
    limits = httpx.Limits(max_connections=64)
    clients = [httpx.AsyncClient(base_url=a, timeout=120, limits=limits) for a in addresses]
    try:
        pairs = [asyncio.create_task(pair(addresses, clients, game, i, stats, ready, stop, prepared, think))
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
        t0, cpu = time.perf_counter(), ServerCpu(servers or [])
        probe = asyncio.create_task(loop_lag(stats))
        if kill_at is not None and victim is not None:
            await asyncio.sleep(seconds * kill_at)
            cpu.look()
            victim()
            stats.killed_at = time.perf_counter()
            await asyncio.sleep(seconds * (1 - kill_at))
        else:
            await asyncio.sleep(seconds)
        stats.measuring = False
        probe.cancel()
        stats.elapsed = time.perf_counter() - t0
        stats.server_cpu = cpu.used()
        await finish(pairs, stats)
        if kill_at is not None:
            await check_records(clients, stats)
    finally:
        for client in clients:
            await client.aclose()
    return stats


async def loop_lag(stats: Stats) -> None:
    """How late this process's event loop wakes a 50 ms sleep: the clients' own delay, which every
    round trip measured here includes (one Python process drives every seat)."""
    while True:
        start = time.perf_counter()
        await asyncio.sleep(0.05)
        stats.lags.append(time.perf_counter() - start - 0.05)


async def finish(pairs: list[asyncio.Task], stats: Stats) -> None:
    """Wait (at most END_TIMEOUT) for every pair to stop; the seats still playing then are reported
    (``unfinished_seats``, their last messages on stderr) and cancelled."""
    done, hung = await asyncio.wait(pairs, timeout=END_TIMEOUT) if pairs else (set(), set())
    for task in done:
        if not task.cancelled() and task.exception() is not None:
            code = f"client.{type(task.exception()).__name__}"
            if code not in stats.error_codes:  # the first of each kind, said once
                print(f"a pair failed: {task.exception()!r}", file=sys.stderr)
            stats.error(code)
    if hung:
        stats.unfinished_seats = len(SEATS)
        stats.error("end.unfinished")
        print(f"{len(hung)} pairs ({len(SEATS)} seats) still playing {END_TIMEOUT:.0f} s after the window; "
              "their last messages:", file=sys.stderr)
        for seat in sorted(SEATS, key=lambda s: s.match.table_id)[:20]:
            print(f"  table {seat.match.table_id} state {seat.last and seat.last['state_id']} "
                  f"pending {seat.pending}: {seat.history[-12:]}", file=sys.stderr)
        for task in hung:
            task.cancel()
        await asyncio.wait(hung, timeout=10)


async def pair(addresses: list[str], clients: list[httpx.AsyncClient], game: str, index: int, stats: Stats,
               ready: asyncio.Event, stop: list[float], prepared: set[int], think: float) -> None:
    """Two seats playing game after game until the time is up; with several servers the two seats
    of a table play through different ones."""
    rng = random.Random(index)
    homes = [index % len(addresses), (index + 1) % len(addresses)]
    http = clients[homes[0]]
    tokens = [await guest(http, f"p{index}a"), await guest(http, f"p{index}b")]
    table_id = await new_game(http, game, tokens)
    prepared.add(index)
    await ready.wait()
    while time.time() < stop[0]:
        match = Match(table_id, tokens)
        stats.matches.append(match)
        results = await asyncio.gather(*(Seat(addresses, home, match, token, rng, stats, stop, think).play()
                                         for home, token in zip(homes, tokens)), return_exceptions=True)
        for result in results:  # (each seat ended: one that failed made the other stop too)
            if isinstance(result, BaseException):
                raise result
        stats.games += 1
        if time.time() < stop[0]:
            table_id = await new_game(http, game, tokens)


async def check_records(clients: list[httpx.AsyncClient], stats: Stats) -> None:
    """Count the accepted moves missing from the store: every game's record, read over the API (an
    unfinished game is resigned first, since its record shows its actions only once it is over),
    must hold each move a seat saw accepted at the state id it was played at."""
    gate = asyncio.Semaphore(16)
    checked: set[int] = set()

    async def check(index: int, match: Match) -> None:
        async with gate:
            path = f"/api/tables/{match.table_id}/record"
            for http in clients:  # the first server that answers (a killed one may be gone)
                try:
                    head = {"Authorization": f"Bearer {match.tokens[0]}"}
                    record = (await request(http, "GET", path, headers=head)).json()
                    if record.get("redacted"):
                        await post(http, f"/api/tables/{match.table_id}/resign", headers=head)
                        record = (await request(http, "GET", path, headers=head)).json()
                    break
                except httpx.HTTPError:
                    continue
            else:
                stats.error("record.unreadable")
                checked.add(index)
                return
            actions = record.get("actions") or []
            for state_id, action in match.accepted.items():
                if state_id >= len(actions) or actions[state_id] != action:
                    stats.lost_moves += 1
            checked.add(index)

    tasks = [asyncio.create_task(check(i, m)) for i, m in enumerate(stats.matches)]
    if tasks:
        _, late = await asyncio.wait(tasks, timeout=RECORDS_TIMEOUT)
        for task in late:
            task.cancel()
        if late:
            await asyncio.wait(late, timeout=10)
    stats.records_unchecked = len(stats.matches) - len(checked)
    if stats.records_unchecked:
        stats.error("record.unchecked")
        print(f"{stats.records_unchecked} records not read within {RECORDS_TIMEOUT:.0f} s", file=sys.stderr)


def cpu_by_process(session_ids: list[int]) -> dict[int, float]:
    """CPU time (user + system, seconds) used so far by each live process of these sessions."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) in session_ids:  # after the name: state, ppid, pgrp, session, ..., utime, stime
            found[int(entry)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


class ServerCpu:
    """The servers' CPU time over a window, the processes that died in it included (up to the last
    look at them: ``look`` just before killing one)."""

    def __init__(self, session_ids: list[int]) -> None:
        self.session_ids = session_ids
        self.start = cpu_by_process(session_ids)
        self.seen = dict(self.start)

    def look(self) -> None:
        self.seen.update(cpu_by_process(self.session_ids))

    def used(self) -> float:
        self.look()
        return sum(seconds - self.start.get(pid, 0.0) for pid, seconds in self.seen.items())


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
                 settings: dict[str, str] | None = None, loop: str = "auto", http: str = "auto",
                 probe: bool = False) -> subprocess.Popen:
    """``gameshelf serve`` from the tree ``src`` as its own process group; returns once it answers.
    With ``probe``, each of its processes times the parts of a move (bench/probe/sitecustomize.py)."""
    paths = [PROBE, src] if probe else [src]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*paths, os.environ.get("PYTHONPATH", "")]),
           **({"GAMESHELF_PROBE": "1"} if probe else {}),
           "GAMESHELF_RATE_PER_SECOND": "1000", "GAMESHELF_RATE_BURST": "1000", **(settings or {})}
    command = [sys.executable, "-m", "gameshelf.cli.main", "serve", "--port", str(port), "--db", db,
               "--workers", str(workers)]
    # "auto" is serve's default: left out, so a tree older than these options can be measured too
    command += [arg for name, value in (("--loop", loop), ("--http", http)) if value != "auto" for arg in (name, value)]
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


def children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


def command_line(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def worker_pid(supervisor: int) -> int:
    """A process that serves connections under ``gameshelf serve`` (its pid ``supervisor``).

    The command runs one server process (uvicorn) and watches it. With ``--workers 1`` that process
    serves; with more, it is uvicorn's parent, which keeps the listening socket and starts one worker
    process per worker (``multiprocessing``'s spawn; it starts a new one when a worker dies), beside
    ``multiprocessing``'s resource tracker: the worker is one of those spawned children."""
    servers = [pid for pid in children(supervisor) if "gameshelf.cli.main" in command_line(pid)]
    if not servers:
        raise SystemExit("no server process under the supervisor: has it stopped?")
    workers = sorted(pid for pid in children(servers[0]) if "spawn_main" in command_line(pid))
    return workers[0] if workers else servers[0]


def served_by(supervisor: int) -> list[int]:
    """Every process serving connections under ``gameshelf serve`` (its pid ``supervisor``)."""
    servers = [pid for pid in children(supervisor) if "gameshelf.cli.main" in command_line(pid)]
    workers = [pid for pid in children(servers[0]) if "spawn_main" in command_line(pid)] if servers else []
    return sorted(workers or servers)


def stop_server(proc: subprocess.Popen) -> None:
    """SIGTERM to the server's process group (SIGKILL after 20 s); nothing if it is already gone."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(20)
    try:  # a bot pool's process that outlived a killed server process
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--db", default="", help="default: a fresh SQLite file")
    parser.add_argument("--workers", type=int, default=1, help="each server's --workers")
    parser.add_argument("--servers", type=int, default=1,
                        help="server commands on their own ports, sharing the store and the broker; the two "
                             "seats of a table play through different ones")
    parser.add_argument("--broker", default="",
                        help="default with SQLite and several server processes: local Redis")
    parser.add_argument("--game", default="midnight_zoo")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--loop", default="auto", choices=("auto", "uvloop", "asyncio"),
                        help="the servers' event loop (gameshelf serve --loop)")
    parser.add_argument("--http", default="auto", choices=("auto", "httptools", "h11"),
                        help="the servers' HTTP parser (gameshelf serve --http)")
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="a seat waits about this long before each move (an offered load like people's); "
                             "0: it answers at once (the table's numbers)")
    parser.add_argument("--kill-worker-at", type=float, default=None, metavar="FRACTION",
                        help="SIGKILL one server process this far into the measured window (0.5: halfway): a "
                             "worker of the first server with --workers 2 or more, else the first server's only "
                             "one (needs --servers 2 or more); its seats reconnect and every game's record is "
                             "checked for the moves they saw accepted")
    parser.add_argument("--src", default=SRC, help="the servers' source tree (default: this checkout's src): "
                        "another checkout's, to measure it with this bench")
    parser.add_argument("--url", default="", help="use a server already running there (for profiling it)")
    parser.add_argument("--probe", action="store_true",
                        help="the servers' CPU by part of a move, summed over their processes, over their "
                             "whole life (the set-up too): 'probe' in the result (bench/probe/sitecustomize.py)")
    args = parser.parse_args(argv)
    CHESS["rate"] = chess_rate_if_installed()  # before any server starts: the machine's speed now
    if args.kill_worker_at is not None:
        if not 0 < args.kill_worker_at < 1:
            parser.error("--kill-worker-at is a fraction of the measured window, between 0 and 1")
        if args.url or (args.workers < 2 and args.servers < 2):
            parser.error("--kill-worker-at needs another process to reconnect to: --workers 2 or --servers 2")
    if args.url:
        stats = asyncio.run(run_clients([args.url.rstrip("/")], args.seats, args.seconds, args.game,
                                        think=args.think_ms / 1000))
        print(json.dumps(summary(args, stats, args.url)))
        return 0
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the server on the way out
    folder = tempfile.TemporaryDirectory()
    db = args.db or f"sqlite:///{folder.name}/bench.db"
    schema = fresh_schema(db) if db.startswith("postgresql") else None
    if schema:  # every run starts from empty tables, and leaves none behind
        db += ("&" if "?" in db else "?") + f"options=-csearch_path%3D{schema}"
    several = args.workers > 1 or args.servers > 1
    broker = args.broker or ("redis://127.0.0.1:6379/0" if db.startswith("sqlite") and several else "")
    log_path = Path(folder.name) / "server.log"
    log = open(log_path, "w")
    procs: list[subprocess.Popen] = []
    killed: list[int] = []
    before: list[int] = []  # the first server's serving processes just before the kill
    after: list[int] = []  # ... once the clients are done (a worker uvicorn started again is new)

    def victim() -> None:
        pid = worker_pid(procs[0].pid)
        before.extend(served_by(procs[0].pid))
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)

    try:
        ports = []
        for _ in range(args.servers):
            ports.append(free_port())
            procs.append(start_server(db, ports[-1], args.workers, broker, log, src=args.src,
                                      loop=args.loop, http=args.http, probe=args.probe))
        stats = asyncio.run(run_clients([f"http://127.0.0.1:{port}" for port in ports], args.seats, args.seconds,
                                        args.game, [proc.pid for proc in procs], args.think_ms / 1000,
                                        args.kill_worker_at, victim))
        after.extend(served_by(procs[0].pid) if args.kill_worker_at is not None else [])
    finally:
        for proc in procs:
            stop_server(proc)
        log.close()
        text = log_path.read_text()
        probed = probe_parts(text)
        text = "\n".join(line for line in text.splitlines() if not line.startswith("probe "))
        if text.strip():
            print("server log (last lines):\n" + "\n".join(text.splitlines()[-40:]), file=sys.stderr)
        folder.cleanup()
        if schema:
            drop_schema(args.db, schema)
    result = summary(args, stats, db)
    if args.probe:
        result["probe"] = probed
    if killed:
        result["killed_pid"] = killed[0]
        # Every other process that served before the kill should still serve (one that did not was
        # stopped too, say by uvicorn's health check, and its seats reconnected as well).
        result["others_still_serving"] = all(pid in after for pid in before if pid != killed[0])
        result["workers_started_since"] = len([pid for pid in after if pid not in before])
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
    return 0


def probe_parts(log_text: str) -> dict[str, dict[str, float]]:
    """The probe's lines in the servers' log (``probe <pid> <part> <calls> <total ms> <µs a call>``),
    summed over the processes: per part its calls, total CPU ms and µs a call, most costly first."""
    parts: dict[str, list[float]] = {}
    for line in log_text.splitlines():
        fields = line.split()
        if len(fields) == 6 and fields[0] == "probe":
            found = parts.setdefault(fields[2], [0, 0.0])
            found[0] += int(fields[3])
            found[1] += float(fields[4])
    return {part: {"calls": calls, "total_ms": round(total, 1), "us_per_call": round(total * 1000 / calls, 1)}
            for part, (calls, total) in sorted(parts.items(), key=lambda item: -item[1][1]) if calls}


def summary(args: argparse.Namespace, stats: Stats, db: str) -> dict:
    rtts = [rtt for _, rtt in stats.rtts]
    result = {"seats": args.seats, "moves": stats.moves,
              "moves_per_s": round(stats.moves / stats.elapsed, 1),
              "p50_ms": round(percentile(rtts, 0.50) * 1000, 2),
              "p99_ms": round(percentile(rtts, 0.99) * 1000, 2),
              "errors": stats.errors, "error_codes": stats.error_codes, "games": stats.games,
              "unfinished_seats": stats.unfinished_seats,
              "client_loop_lag_p50_p99_ms": [round(percentile(stats.lags, q) * 1000, 1) for q in (0.5, 0.99)],
              # every WebSocket's opening (the clients give up after 10 s): the first burst opens them all at once
              "open_s_p50_p99_max": [round(percentile(stats.opens, 0.5), 2), round(percentile(stats.opens, 0.99), 2),
                                     round(max(stats.opens, default=float("nan")), 2)],
              "busy_retries": BUSY["retries"],
              "db": db.split(":", 1)[0].split("+")[0], "workers": args.workers, "servers": args.servers,
              "game": args.game, "seconds": args.seconds, "think_ms": args.think_ms,
              "server_cpu_ms_per_move": round(1000 * stats.server_cpu / stats.moves, 3) if stats.moves else None,
              # the machine's speed beside it (bench/reference.py, measured before the run): the CPU a move
              # costs in python-chess random-play moves, which moves far less with the machine than the ms
              "chess_moves_per_s": CHESS["rate"] and round(CHESS["rate"]),
              "server_cpu_in_chess_moves": round(stats.server_cpu / stats.moves * CHESS["rate"], 1)
              if stats.moves and CHESS["rate"] else None}
    if args.kill_worker_at is not None:
        recovered = stats.recovered_at if stats.reconnections and not stats.reconnecting else None
        after = [rtt for sent, rtt in stats.rtts if recovered is not None and sent >= recovered]
        result.update({
            "kill_worker_at": args.kill_worker_at, "reconnections": stats.reconnections,
            # from the kill to the last broken connection open again (None: some never were)
            "recovery_s": round(recovered - stats.killed_at, 2) if recovered and stats.killed_at else None,
            "not_back": stats.reconnecting,
            # (the handshake: the surviving process accepted it; back: it sent the first message)
            "reconnect_handshake_s_p50_max": [round(percentile(stats.handshakes, 0.5), 2),
                                              round(max(stats.handshakes, default=float("nan")), 2)],
            "reconnect_back_s_p50_max": [round(percentile(stats.backs, 0.5), 2),
                                         round(max(stats.backs, default=float("nan")), 2)],  # broken connections whose next one had sent nothing when the seat stopped
            "moves_after_recovery": len(after),
            "p99_after_recovery_ms": round(percentile(after, 0.99) * 1000, 2) if after else None,
            "lost_moves": stats.lost_moves, "resumes": stats.resumes,
            "records_unchecked": stats.records_unchecked,
            "moves_checked": sum(len(m.accepted) for m in stats.matches)})
    return result


if __name__ == "__main__":
    sys.exit(main())

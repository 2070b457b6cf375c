"""What hearing another process's change costs: the relay's listener alone, per message.

    python bench/bench_relay.py [--messages 3000] [--every-ms 2] [--pg URL] [--redis URL] [--json]

Every server process with several workers (or several servers) hears every move committed anywhere
(server/broker.py): on PostgreSQL each process LISTENs, and each move's NOTIFY reaches all of them.
This bench starts one listener in this process with a handler that does nothing, and a separate
process that sends ``--messages`` payloads the size of a relayed move, one every ``--every-ms`` (a
pace like the server bench's, so each message wakes the listener as in a server). It prints the
listener's CPU time per message (µs; the sender is another process and is not counted):

- ``postgres``: the server's ``PostgresBroker`` (libpq read on the event loop's reader callback);
- ``postgres-generator``: the same LISTEN read through psycopg's ``AsyncConnection.notifies()``
  generator, the way the broker read before (bench/RESULTS.md, session 26), as a reference;
- ``redis``: the server's ``RedisBroker`` on ``--redis`` (skipped when Redis does not answer).

The event loop is uvloop's when installed, as in ``gameshelf serve``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
import uuid

from gameshelf.server.broker import PostgresBroker, RedisBroker

PG = "postgresql://postgres@127.0.0.1:5432/test"
REDIS = "redis://127.0.0.1:6379/0"
# A relayed move as hub.py reads it: table id, origin, then the move's body (about 400 bytes).
PAYLOAD = "t" * 32 + ":" + "o" * 12 + ":" + json.dumps({"s": 41, "r": [1, False, "draft 3"], "h": "0" * 16,
                                                         "m": {"id": "t" * 32, "status": "playing", "x": "y" * 280}})

SENDER = """
import sys, time
kind, url, channel, count, every = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
payload = sys.stdin.read()
if kind == "redis":
    import redis
    client = redis.Redis.from_url(url)
    send = lambda: client.publish(channel, payload)
else:
    import psycopg
    conn = psycopg.connect(url, autocommit=True)
    send = lambda: conn.execute("SELECT pg_notify(%s, %s)", (channel, payload))
time.sleep(0.3)
for _ in range(count):
    send()
    time.sleep(every)
"""


class Counter:
    """The handler: counts, and notes this process's CPU time at the first and the last message."""

    def __init__(self, count: int) -> None:
        self.count, self.seen, self.first = count, 0, 0.0
        self.done = asyncio.get_running_loop().create_future()

    def __call__(self, payload: str) -> None:
        self.seen += 1
        if self.seen == 1:
            self.first = time.process_time()
        if self.seen == self.count and not self.done.done():
            self.done.set_result(time.process_time())

    async def per_message(self, sender: subprocess.Popen) -> float:
        last = await asyncio.wait_for(self.done, 120)
        sender.wait()
        return (last - self.first) / (self.count - 1)


def send(kind: str, url: str, channel: str, count: int, every_ms: float) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", SENDER, kind, url, channel, str(count), str(every_ms / 1000)],
                            stdin=subprocess.PIPE, text=True)
    proc.stdin.write(PAYLOAD)
    proc.stdin.close()
    return proc


async def broker_line(broker, kind: str, url: str, channel: str, count: int, every_ms: float) -> float:
    counter = Counter(count)
    await broker.start(counter)
    try:
        return await counter.per_message(send(kind, url, channel, count, every_ms))
    finally:
        await broker.stop()


async def generator_line(url: str, channel: str, count: int, every_ms: float) -> float:
    import psycopg

    counter = Counter(count)
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        await conn.execute(f'LISTEN "{channel}"')
        sender = send("postgres", url, channel, count, every_ms)
        async for note in conn.notifies():
            counter(note.payload)
            if counter.done.done():
                break
        return await counter.per_message(sender)


def redis_answers(url: str) -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(url, socket_timeout=1).ping())
    except Exception:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=3000)
    parser.add_argument("--every-ms", type=float, default=2.0)
    parser.add_argument("--pg", default=PG)
    parser.add_argument("--redis", default=REDIS)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        import uvloop

        run = uvloop.run
    except ImportError:
        run = asyncio.run
    n, every = args.messages, args.every_ms
    lines = {
        "postgres": lambda ch: broker_line(PostgresBroker(args.pg, ch), "postgres", args.pg, ch, n, every),
        "postgres-generator": lambda ch: generator_line(args.pg, ch, n, every),
    }
    if redis_answers(args.redis):
        lines["redis"] = lambda ch: broker_line(RedisBroker(args.redis, ch), "redis", args.redis, ch, n, every)
    results = {}
    for name, line in lines.items():
        results[name] = round(1e6 * run(line("gameshelf_bench_" + uuid.uuid4().hex[:12])), 1)
        if not args.json:
            print(f"{name:20} {results[name]:8.1f} µs CPU a message", flush=True)
    if args.json:
        print(json.dumps({"messages": n, "every_ms": every, "cpu_us_per_message": results}))


if __name__ == "__main__":
    main()

"""The server's CPU by part, for ``bench_server.py --probe`` (never imported by gameshelf itself).

``bench_server.py --probe`` puts this folder first on the servers' ``PYTHONPATH`` with
``GAMESHELF_PROBE=1``, so every server process imports it at start (Python's ``sitecustomize``).
It wraps the parts of a move listed in ``PARTS`` with a reader of the thread's CPU clock
(``time.thread_time``: the event loop's or a worker thread's own CPU, nothing another thread
spent), and when the hub stops, writes one line a part to stderr (the server's log)::

    probe <pid> <part> <calls> <total ms> <µs a call>

A part's time includes the parts it calls (``hub.deliver`` includes ``conn.push``). A handful of
clock reads a move cost nothing measurable beside a move's millisecond. Cumulative timers built this
way put each part where it runs in place (cold caches, 1,000 connections), where ``timeit`` alone
gives a part a third of that and cProfile inflates code of many small calls (bench/RESULTS.md,
session 24).
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
import time

PARTS = (  # (module, class or "", function, label)
    ("gameshelf.server.ws", "", "parse", "ws.parse"),
    ("gameshelf.server.ws", "Connection", "push", "conn.push"),
    ("gameshelf.server.live", "LiveMatch", "apply", "live.apply"),
    ("gameshelf.server.live", "LiveMatch", "encoded", "live.encoded"),
    ("gameshelf.server.live", "LiveMatch", "decision", "live.decision"),
    ("gameshelf.server.live", "LiveMatch", "log", "live.log"),
    ("gameshelf.match", "InteractiveMatch", "view", "match.view"),
    ("gameshelf.server.tables", "TableService", "submit_now", "store.submit_now"),
    ("gameshelf.server.tables", "TableService", "_locked_change", "store.locked_change"),
    ("gameshelf.server.tables", "TableService", "_changed", "store.changed"),
    ("gameshelf.server.tables", "TableService", "_act", "store.act"),
    ("gameshelf.server.tables", "", "relay_body", "relay.body"),
    ("gameshelf.server.tables", "", "relay_digest", "relay.digest"),
    ("gameshelf.server.hub", "", "read_relayed", "relay.read"),
    ("gameshelf.server.hub", "Hub", "remote_change", "hub.remote_change"),
    ("gameshelf.server.hub", "Hub", "_apply_move", "hub.apply_move"),
    ("gameshelf.server.hub", "Hub", "deliver", "hub.deliver"),
)
ALIASES = (("gameshelf.server.hub", "relay_digest", "gameshelf.server.tables"),)  # imported by name there

totals: dict[str, list[float]] = {}  # label -> [seconds, calls]


def timed(function, label: str):
    record = totals.setdefault(label, [0.0, 0])
    clock = time.thread_time

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        start = clock()
        try:
            return function(*args, **kwargs)
        finally:
            record[0] += clock() - start
            record[1] += 1

    return wrapper


def report() -> None:
    lines = [f"probe {os.getpid()} {label} {calls} {seconds * 1e3:.1f} {seconds / calls * 1e6:.1f}"
             for label, (seconds, calls) in sorted(totals.items(), key=lambda item: -item[1][0]) if calls]
    sys.stderr.write("".join(line + "\n" for line in lines))
    sys.stderr.flush()


def install() -> None:
    """Wrap every part this tree has (an older tree lacks some: they are named on stderr)."""
    missing = []
    for module_name, owner_name, name, label in PARTS:
        try:
            module = importlib.import_module(module_name)
            owner = getattr(module, owner_name) if owner_name else module
            setattr(owner, name, timed(getattr(owner, name), label))
        except (ImportError, AttributeError):
            missing.append(label)
    for module_name, name, source in ALIASES:
        module = importlib.import_module(module_name)
        if hasattr(module, name):
            setattr(module, name, getattr(importlib.import_module(source), name))
    if missing:
        sys.stderr.write(f"probe: this tree has no {', '.join(missing)}\n")
    hub = importlib.import_module("gameshelf.server.hub").Hub
    stop = hub.stop

    async def stopping(self):
        report()
        return await stop(self)

    hub.stop = stopping


if os.environ.get("GAMESHELF_PROBE"):
    try:
        install()
    except Exception as exc:  # a tree without a hub: say so, serve unprobed
        sys.stderr.write(f"probe: not installed ({exc!r})\n")

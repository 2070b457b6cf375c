"""``gameshelf serve``: the online server (FastAPI + uvicorn), SQLite by default, PostgreSQL to scale.

The command migrates the store, then runs the server (uvicorn and its workers) in a child process
and watches it. A server process that dies of a fault the process itself cannot report (SIGBUS when
SQLite's memory-mapped ``-shm`` file cannot be written, SIGSEGV, the kernel's OOM kill) is reported
here in plain words, with the exit status 128 + the signal. Stop requests (SIGINT, SIGTERM, SIGHUP;
Ctrl-C reaches every process of the group) become one SIGTERM for the server, which stops its
workers and their bots' pools; every server process (uvicorn's main process and each of its workers)
also stops once its own parent is gone, so nothing keeps running after the command ends or after a
kill -9 of any of its processes. Every server process prints the Python stack of the thread that
met such a fault (only that thread: the others may be running while SQLite's call has let go of the
interpreter, and walking their frames then can itself crash).
"""

from __future__ import annotations

import argparse
import faulthandler
import os
import signal
import subprocess
import sys
import threading
import time

GRACEFUL_SECONDS = 5  # how long a stopping server waits for its connections to close
CHILD = "GAMESHELF_SERVE_CHILD"  # set in the server process: it serves instead of supervising
PARENT = "GAMESHELF_SERVE_PARENT"  # the pid a server process follows (its parent when it was started)
FAULTS = {signal.SIGBUS: "a bus error (SIGBUS)", signal.SIGSEGV: "a segmentation fault (SIGSEGV)",
          signal.SIGKILL: "SIGKILL (the kernel's out-of-memory killer, or someone)",
          signal.SIGABRT: "an abort (SIGABRT)"}
LOOPS = ("auto", "uvloop", "asyncio")
HTTP_PARSERS = ("auto", "httptools", "h11")


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("serve", help="run the online server (tables, seats, WebSockets, bots)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default="", help="SQLAlchemy URL (default: an SQLite file in the user data "
                                                 "directory; postgresql+psycopg://... to scale)")
    parser.add_argument("--workers", type=int, default=1, help="server processes on this machine")
    parser.add_argument("--bot-workers", type=int, default=None,
                        help="processes each server process gives its bots, shared fairly across tables "
                             "(default: 1)")
    parser.add_argument("--broker", default="", help="redis://HOST:PORT for Redis pub/sub (default: "
                                                     "PostgreSQL LISTEN/NOTIFY, or none with SQLite)")
    parser.add_argument("--bot-delay", type=float, default=None, help="seconds a bot waits before acting")
    parser.add_argument("--log-level", default="warning")
    parser.add_argument("--loop", choices=LOOPS, default="auto",
                        help="event loop: uvloop (faster; installed with the 'server' extra), asyncio, or "
                             "auto (uvloop when installed)")
    parser.add_argument("--http", choices=HTTP_PARSERS, default="auto",
                        help="HTTP parser: httptools (faster; installed with the 'server' extra), h11, or "
                             "auto (httptools when installed)")
    return parser


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn  # noqa: F401  (checked here: the supervising process never imports the app)

        from gameshelf.server.settings import Settings
        from gameshelf.server.store import Database, default_db_url
    except ImportError as exc:
        raise SystemExit(f"the server needs the 'server' extra: pip install 'gameshelf[server]' ({exc})")
    if os.environ.get(CHILD) == "1":
        return _serve(args)
    _check_speedups(args)
    settings = Settings.from_env()
    settings.db_url = args.db or settings.db_url or default_db_url()
    settings.broker_url = args.broker or settings.broker_url
    if args.bot_delay is not None:
        settings.bot_delay = args.bot_delay
    if args.bot_workers is not None:
        if args.bot_workers < 1:
            raise SystemExit("--bot-workers must be at least 1")
        settings.bot_workers = args.bot_workers
    db = Database(settings.db_url)
    if args.workers > 1 and db.is_sqlite and not settings.broker_url:
        raise SystemExit("several workers on SQLite need a broker: add --broker redis://127.0.0.1:6379")
    sqlite_file = db.url.database if db.is_sqlite and db.url.database not in (None, "", ":memory:") else None
    if sqlite_file:
        _check_files(sqlite_file)
    db.migrate()  # once, before any worker starts
    db.dispose()
    settings.migrate = False
    base = f"http://{args.host}:{args.port}"
    print(f"gameshelf server: open {base}/web/ to play  (API: {base}/docs; store: {db.url.render_as_string()})",
          flush=True)
    env = {**os.environ, **settings.to_env(), CHILD: "1", PARENT: str(os.getpid())}
    return _supervise([sys.executable, "-m", "gameshelf.cli.main", "serve", "--host", args.host, "--port",
                       str(args.port), "--workers", str(args.workers), "--log-level", args.log_level,
                       "--loop", args.loop, "--http", args.http], env,
                      sqlite_file)


def _serve(args: argparse.Namespace) -> int:
    """In the server process: run uvicorn (settings come from the environment)."""
    import uvicorn

    follow_parent()
    os.environ[PARENT] = str(os.getpid())  # the workers uvicorn starts follow this process
    uvicorn.run("gameshelf.server.app:create_app", factory=True, host=args.host, port=args.port,
                workers=args.workers, log_level=args.log_level, ws_max_size=1 << 20, lifespan="on",
                loop=args.loop, http=args.http,  # auto: uvloop and httptools when installed (less CPU a move)
                ws_per_message_deflate=False,  # messages are small; compression costs more CPU than it saves
                ws="gameshelf.server.ws_handshake:WebSocketProtocol",  # answers an over-long handshake
                # A client that never answers the closing handshake must not hold the stop for ever.
                timeout_graceful_shutdown=GRACEFUL_SECONDS)
    return 0


_following = threading.Lock()


def follow_parent() -> None:
    """In a server process: report a fault's stack, and stop (as SIGTERM would) once its parent is
    gone. uvicorn's main process follows the supervising command; with ``--workers K`` each worker
    follows uvicorn's main process, so a SIGKILL of either leaves no process serving on. The parent's pid comes from the environment
    its parent set before starting it: a worker whose parent died while the worker was still starting
    (before this call) has already been given another parent, and stops at once. Once per process
    (the app's start calls it again in the single-process case)."""
    if os.environ.get(CHILD) != "1" or not _following.acquire(blocking=False):
        return
    faulthandler.enable(all_threads=False)
    parent = int(os.environ.get(PARENT) or os.getppid())
    threading.Thread(target=_follow, args=(parent,), name="follow-parent", daemon=True).start()


def _follow(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os.kill(os.getpid(), signal.SIGTERM)


def _check_speedups(args: argparse.Namespace) -> None:
    """A named event loop or HTTP parser must be installed (auto falls back to asyncio and h11)."""
    for option, name in (("--loop", args.loop), ("--http", args.http)):
        if name in ("uvloop", "httptools"):
            try:
                __import__(name)
            except ImportError:
                raise SystemExit(f"{option} {name} needs the package {name}: pip install 'gameshelf[server]'")


def _supervise(command: list[str], env: dict[str, str], sqlite_file: str | None) -> int:
    """Run the server process; turn stop requests into one SIGTERM for it; report how it ended."""
    child = subprocess.Popen(command, env=env)
    stopping = threading.Event()

    def stop(signum, frame) -> None:
        stopping.set()
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, stop)
    code = child.wait()
    if code >= 0:
        return code
    signum = -code
    if stopping.is_set() and signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        return 0
    print(_death_message(signum, sqlite_file), file=sys.stderr, flush=True)
    return 128 + signum


def _death_message(signum: int, sqlite_file: str | None) -> str:
    what = FAULTS.get(signum) or signal.Signals(signum).name
    text = f"gameshelf server: the server process died of {what}; its bots' processes stop with it."
    if signum == signal.SIGBUS and sqlite_file:
        text += (f" SQLite could not read or write the memory it maps from {sqlite_file}-shm: the disk may be "
                 "full, or another program changed, truncated or made unwritable the store's files "
                 f"({sqlite_file}, -wal, -shm). What was committed is kept; fix the files or the disk and "
                 "start the server again.")
    return text


def _check_files(path: str) -> None:
    """Refuse to start on an SQLite store whose files exist but cannot be written."""
    for name in (path, f"{path}-wal", f"{path}-shm"):
        if os.path.exists(name) and not os.access(name, os.R_OK | os.W_OK):
            raise SystemExit(f"the store's file {name} cannot be read and written by this user: "
                             "fix its permissions (SQLite needs the database, -wal and -shm files writable)")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(folder) and not os.access(folder, os.W_OK | os.X_OK):
        raise SystemExit(f"the store's folder {folder} is not writable: SQLite creates its -wal and -shm "
                         "files there")

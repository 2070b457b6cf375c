"""``gameshelf serve``: the online server (FastAPI + uvicorn), SQLite by default, PostgreSQL to scale."""

from __future__ import annotations

import argparse
import os


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("serve", help="run the online server (tables, seats, WebSockets, bots)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default="", help="SQLAlchemy URL (default: an SQLite file in the user data "
                                                 "directory; postgresql+psycopg://... to scale)")
    parser.add_argument("--workers", type=int, default=1, help="server processes on this machine")
    parser.add_argument("--broker", default="", help="redis://HOST:PORT for Redis pub/sub (default: "
                                                     "PostgreSQL LISTEN/NOTIFY, or none with SQLite)")
    parser.add_argument("--bot-delay", type=float, default=None, help="seconds a bot waits before acting")
    parser.add_argument("--log-level", default="warning")
    return parser


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from gameshelf.server.settings import Settings
        from gameshelf.server.store import Database, default_db_url
    except ImportError as exc:
        raise SystemExit(f"the server needs the 'server' extra: pip install 'gameshelf[server]' ({exc})")
    settings = Settings.from_env()
    settings.db_url = args.db or settings.db_url or default_db_url()
    settings.broker_url = args.broker or settings.broker_url
    if args.bot_delay is not None:
        settings.bot_delay = args.bot_delay
    db = Database(settings.db_url)
    if args.workers > 1 and db.is_sqlite and not settings.broker_url:
        raise SystemExit("several workers on SQLite need a broker: add --broker redis://127.0.0.1:6379")
    db.migrate()  # once, before any worker starts
    db.dispose()
    settings.migrate = False
    os.environ.update(settings.to_env())
    base = f"http://{args.host}:{args.port}"
    print(f"gameshelf server: open {base}/web/ to play  (API: {base}/docs; store: {db.url.render_as_string()})",
          flush=True)
    uvicorn.run("gameshelf.server.app:create_app", factory=True, host=args.host, port=args.port,
                workers=args.workers, log_level=args.log_level, ws_max_size=1 << 20, lifespan="on",
                ws_per_message_deflate=False,  # messages are small; compression costs more CPU than it saves
                ws="gameshelf.server.ws_handshake:WebSocketProtocol")  # answers an over-long handshake
    return 0

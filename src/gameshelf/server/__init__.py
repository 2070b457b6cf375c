"""The gameshelf server: tables, seats, WebSockets, bots and clocks over the game protocol.

Heavy dependencies (FastAPI, SQLAlchemy, ...) are imported only inside this package, installed by
the ``server`` extra. Layout: ``app`` (REST routes), ``ws`` (one WebSocket connection), ``tables``
(table lifecycle, seats, clocks, bots at tables), ``live`` (a match's state, cached and rebuilt by
replaying its actions), ``store`` (SQLAlchemy models and Alembic migrations), ``broker``
(cross-process updates), ``auth``, ``ratings``, ``bots`` (the process pool), ``i18n`` (errors).
"""

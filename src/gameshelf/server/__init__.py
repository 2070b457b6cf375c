"""The gameshelf server: tables, seats, WebSockets, bots and clocks over the game protocol.

Heavy dependencies (FastAPI, SQLAlchemy, ...) are imported only inside this package, installed by
the ``server`` extra. Layout: ``app`` (the app factory), ``routes`` (one router per resource),
``deps`` (the services and the person asking, as FastAPI dependencies), ``settings`` (the one
Settings object), ``ws`` (one WebSocket connection), ``tables`` (table lifecycle, seats, clocks,
bots at tables), ``live`` (a table's interactive match, rebuilt by replaying its actions),
``records`` (a table's record as a reader may see it), ``store`` (SQLAlchemy models, every SQL
statement, Alembic migrations), ``broker`` (cross-process updates), ``auth``, ``ratings``, ``bots``
(the process pool), ``errors`` and ``i18n`` (the error envelope).
"""

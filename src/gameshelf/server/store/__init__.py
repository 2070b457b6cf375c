"""The store: SQLAlchemy 2 models, the engine, Alembic migrations run at start, and every SQL
statement the server runs (``tables``: tables, seats and actions; ``queries``: what the routes read;
``throttle``: the sign-in counters; ``alive``: the server-alive row). The rest of the server reads and
writes model objects in sessions, and asks these modules for anything more."""

from gameshelf.server.store.db import Database, default_db_url
from gameshelf.server.store.models import Action, Base, Rating, Seat, Table, Token, User

__all__ = ["Action", "Base", "Database", "Rating", "Seat", "Table", "Token", "User", "default_db_url"]

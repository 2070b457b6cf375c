"""The store: SQLAlchemy 2 models, the engine, and Alembic migrations run at start."""

from gameshelf.server.store.db import Database, default_db_url
from gameshelf.server.store.models import Action, Base, Rating, Seat, Table, Token, User

__all__ = ["Action", "Base", "Database", "Rating", "Seat", "Table", "Token", "User", "default_db_url"]

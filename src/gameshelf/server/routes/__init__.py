"""The server's routes, one router per resource; :data:`ROUTERS` in the order the app includes them
(the static files under ``/web`` are mounted after all of them)."""

from __future__ import annotations

from gameshelf.server.routes import (analysis, community, games, hints, learn, pages, records, sessions, tables,
                                     users)

ROUTERS = [games.router, sessions.router, tables.router, records.router, users.router, hints.router,
           pages.router, analysis.router, community.router, learn.router]

__all__ = ["ROUTERS"]

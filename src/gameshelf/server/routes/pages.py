"""The browser UI's pages and the game data they draw with; :func:`mount_static` serves the files
under ``/web`` (after every route, so the routes under ``/web`` answer first)."""

from __future__ import annotations

import threading

from fastapi import APIRouter, FastAPI
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.staticfiles import StaticFiles

from gameshelf.server.routes.games import known_game
from gameshelf.web import PAGES, STATIC, game_data_json, page, warm

router = APIRouter(include_in_schema=False)


@router.get("/favicon.ico")
def favicon():
    # Browsers ask for /favicon.ico whatever the page links: the same SVG icon, so no page logs a 404.
    return Response((STATIC / "img" / "icon.svg").read_bytes(), media_type="image/svg+xml",
                    headers={"Cache-Control": "max-age=86400"})


@router.get("/web")
def web_root():
    return RedirectResponse("/web/")


@router.get("/web/")
def lobby():
    return HTMLResponse(page("index"))


@router.get("/web/{name}.html")
def html_page(name: str):
    if name not in PAGES:
        return HTMLResponse("<!doctype html><title>gameshelf</title><p>No such page.</p>", status_code=404)
    return HTMLResponse(page(name))


@router.get("/web/data/{game_id}.json")
def data(game_id: str):
    known_game(game_id)
    return Response(game_data_json(game_id), media_type="application/json",
                    headers={"Cache-Control": "max-age=3600"})


def mount_static(app: FastAPI) -> None:
    """Serve ``static/`` under ``/web``, and read every game's data ahead of the first table page."""
    app.mount("/web", StaticFiles(directory=STATIC, html=True), name="web")
    threading.Thread(target=warm, name="web-data", daemon=True).start()

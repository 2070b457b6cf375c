"""The browser UI (issue 13): static ES modules, SVG and CSS under ``/web``, served by the API's process.

No build step and nothing fetched from elsewhere: ``static/`` is served as it is, except the
pages (lobby, table, replay, players, and the learning pages rules, learn and puzzles), whose bodies
live in ``static/pages/`` and are served behind one shared head (:func:`page`). Besides the files, two
read-only routes feed the pages:

- ``/web/data/{game}.json``: the game's data files (YAML, as JSON), its terms and its explanation
  texts in en/ja, so a board renderer can draw cards, tiles and maps by id and explain them; nothing
  in it is secret.
- ``/web/replay/{table}?ply=N&seat=S&lang=L``: a finished game's position after N actions from a seat's
  (or the spectator's) point of view, rebuilt from the whole record, which the server gives out
  only once the game is over.
"""


import functools
from pathlib import Path
from typing import Any

STATIC = Path(__file__).parent / "static"
PAGES = {"index": "lobby", "table": "table", "replay": "replay", "players": "players",
         "rules": "rules", "learn": "learn", "puzzles": "puzzles"}  # page -> its script
HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>gameshelf</title>
<link rel="icon" href="/web/img/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/web/css/app.css">
<script type="module" src="/web/js/{script}.js"></script>
</head>
"""


@functools.lru_cache(maxsize=len(PAGES))
def page(name: str) -> str:
    """A whole page: the shared head with the page's script, then its body from ``static/pages/``."""
    return HEAD.format(script=PAGES[name]) + (STATIC / "pages" / f"{name}.html").read_text(encoding="utf-8")


# Data files that hold whole positions, hidden parts included (the tutorial's start position, the
# puzzles' positions): served through the learning routes as one seat's view, never as files.
NOT_SERVED = {"tutorial", "puzzles"}


@functools.lru_cache(maxsize=8)
def game_data(game_id: str) -> dict[str, Any]:
    """Every YAML file under the game's ``data/`` folder (but :data:`NOT_SERVED`), keyed by its path
    without the suffix."""
    import importlib

    from gameshelf.games import get_game

    game = get_game(game_id)
    root = Path(importlib.import_module(f"gameshelf.games.{game_id}").__file__).parent / "data"
    out: dict[str, Any] = {}
    for path in sorted(root.rglob("*.yaml")):
        key = str(path.relative_to(root).with_suffix(""))
        if key not in NOT_SERVED:
            out[key] = _load(path)
    return {"game": game_id, "files": out, "terms": dict(getattr(game, "terms", {}) or {}),
            "explain": {lang: _explanations(game, lang) for lang in ("en", "ja")}}


def _explanations(game, lang: str) -> dict[str, list[str]]:
    """The texts the terminal's ``explain`` shows (id -> [name, text]), for the board's explain dialog."""
    from gameshelf.cli.play_help import explanations

    return {key: [name, text] for key, (name, text) in explanations(game, lang).items()}


@functools.lru_cache(maxsize=8)
def game_data_json(game_id: str) -> bytes:
    """:func:`game_data` encoded once: every table page of the game asks for it."""
    import json

    return json.dumps(game_data(game_id), ensure_ascii=False, separators=(",", ":")).encode()


def warm() -> None:
    """Read every game's data ahead of the first table page (in a background thread at start)."""
    from gameshelf.games import game_ids

    for game_id in game_ids():
        game_data_json(game_id)


def _load(path: Path) -> Any:
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=16)
def _replayed(game_id: str, record_json: str):
    """States after each action of a finished record (a small cache: replays step back and forth)."""
    import json

    from gameshelf.core.record import Record, record_states
    from gameshelf.games import get_game

    game = get_game(game_id)
    record = Record.from_json(json.loads(record_json))
    states, events = [], []
    for step in record_states(game, record, verify=False):
        states.append(game.copy(step.state))
        events.append(list(step.events))
    return game, record, states, events


def mount(app) -> None:
    """Add the UI's routes and static files to the FastAPI ``app``."""
    import json

    from fastapi import Query, Request
    import threading

    from fastapi.responses import HTMLResponse, RedirectResponse, Response
    from starlette.staticfiles import StaticFiles

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon():
        # Browsers ask for /favicon.ico whatever the page links: the same SVG icon, so no page logs a 404.
        return Response((STATIC / "img" / "icon.svg").read_bytes(), media_type="image/svg+xml",
                        headers={"Cache-Control": "max-age=86400"})

    @app.get("/web", include_in_schema=False)
    def web_root():
        return RedirectResponse("/web/")

    @app.get("/web/", include_in_schema=False)
    def lobby():
        return HTMLResponse(page("index"))

    @app.get("/web/{name}.html", include_in_schema=False)
    def html_page(name: str):
        if name not in PAGES:
            return HTMLResponse("<!doctype html><title>gameshelf</title><p>No such page.</p>", status_code=404)
        return HTMLResponse(page(name))

    @app.get("/web/data/{game_id}.json", include_in_schema=False)
    def data(game_id: str):
        from gameshelf.games import game_ids
        from gameshelf.server.i18n import ServerError

        if game_id not in game_ids():
            raise ServerError("game.not_found", f"unknown game {game_id!r}")
        return Response(game_data_json(game_id), media_type="application/json",
                        headers={"Cache-Control": "max-age=3600"})

    @app.get("/web/replay/{table_id}", include_in_schema=False)
    def replay(table_id: str, request: Request, ply: int = Query(0, ge=0), seat: int | None = Query(None, ge=0),
               lang: str = Query("en", max_length=8)):
        from gameshelf.server import app as appmod
        from gameshelf.server.i18n import ServerError, pick_lang

        token = request.headers.get("authorization", "")[7:].strip() or request.cookies.get(appmod.COOKIE)
        viewer = None
        if token:
            with request.app.state.db.read() as session:
                viewer = appmod.auth.user_for_token(session, token)
        lang = pick_lang(lang)
        rec = appmod._record(request, table_id, viewer, lang)
        if rec.redacted or rec.record is None:
            raise ServerError("table.not_open", "the replay opens once the game is over")
        game, record, states, events = _replayed(rec.game, json.dumps(rec.record, sort_keys=True))
        ply = min(ply, len(record.actions))
        if seat is not None and seat >= record.players:
            raise ServerError("request.invalid", "no such seat")
        state = states[ply]
        names = record.seats or [f"P{i + 1}" for i in range(record.players)]
        log = [game.describe(e, names, lang) for evs in events[1:ply + 1] for e in evs
               if ply == len(record.actions) or e.visible_to(seat)]
        dec = game.decision(state)
        decision = None
        if dec is not None:
            decision = {"seat": dec.seat, "kind": dec.kind, "targets": {},
                        "prompt": game.prompt_text(dec, names, lang) if seat == dec.seat else None}
        return {"game": rec.game, "players": record.players, "seats": names, "ply": ply,
                "plies": len(record.actions), "seat": seat, "view": game.view(state, seat),
                "action": record.actions[ply - 1] if ply else None, "log": log, "decision": decision,
                "outcome": rec.outcome if ply == len(record.actions) else None, "over": game.is_over(state)}

    app.mount("/web", StaticFiles(directory=STATIC, html=True), name="web")
    threading.Thread(target=warm, name="web-data", daemon=True).start()


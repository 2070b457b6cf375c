"""The browser UI: static ES modules, SVG and CSS under ``/web``, served by the API's process.

No build step and nothing fetched from elsewhere: ``static/`` is served as it is, except the
pages (lobby, table, replay, players, and the learning pages rules, learn and puzzles), whose bodies
live in ``static/pages/`` and are served behind one shared head (:func:`page`). The server's routes
(``gameshelf.server.routes.pages`` and ``.records``) serve them; besides the files, two read-only
routes feed the pages:

- ``/web/data/{game}.json``: the game's data files (YAML, as JSON; the folder ``data/`` next to the
  game's module, a plugin's too), its summary, its terms and its explanation texts in en/ja, so a board renderer can draw cards, tiles and maps by id and explain them; nothing
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
    from gameshelf.games import data_folder, get_game

    game = get_game(game_id)
    root = data_folder(game_id)
    out: dict[str, Any] = {}
    for path in sorted(root.rglob("*.yaml")):
        key = str(path.relative_to(root).with_suffix(""))
        if key not in NOT_SERVED:
            out[key] = _load(path)
    return {"game": game_id, "summary": dict(game.info.summary or {}), "files": out,
            "terms": dict(getattr(game, "terms", {}) or {}),
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
    """Read every game's data ahead of the first table page (in a background thread at start); a
    game whose plugin does not load is left for its own page to report."""
    from gameshelf.games import GameUnavailable, game_ids

    for game_id in game_ids():
        try:
            game_data_json(game_id)
        except GameUnavailable:
            continue


def _load(path: Path) -> Any:
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=16)
def replayed(game_id: str, record_json: str):
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

"""The games the server offers, the WebSocket's message schema, and the server's health."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import RedirectResponse

from gameshelf.games import GameUnavailable, all_games, game_ids, get_game
from gameshelf.server import ws
from gameshelf.server.i18n import ServerError
from gameshelf.server.schemas import ERRORS, GameOut

router = APIRouter()


def game_out(game) -> GameOut:
    return GameOut(id=game.id, titles=dict(game.info.titles), player_counts=list(game.info.player_counts),
                   options=[{"name": o.name, "choices": list(o.choices), "default": o.default, "help": o.help,
                             "rule": o.rule, "integers": list(o.integers) if o.integers else None}
                            for o in game.info.options],
                   rules_version=game.info.rules_version, traits=game.info.traits.to_json())


def known_game(game_id: str) -> None:
    """ServerError (404) for a game the server does not offer, or whose plugin does not load (named)."""
    if game_id not in game_ids():
        raise ServerError("game.not_found", f"unknown game {game_id!r}")
    try:
        get_game(game_id)
    except GameUnavailable as exc:
        raise ServerError("game.not_found", exc.message) from None


@router.get("/", include_in_schema=False)
def root():
    """A person opening the server's address lands in the lobby."""
    return RedirectResponse("/web/")


@router.get("/api/health")
def health() -> dict:
    return {"ok": True}


@router.get("/api/games", response_model=list[GameOut])
def list_games():
    return [game_out(g) for g in all_games()]


@router.get("/api/games/{game_id}", response_model=GameOut, responses=ERRORS)
def game_detail(game_id: str):
    known_game(game_id)
    return game_out(get_game(game_id))


@router.get("/api/ws-schema")
def ws_schema() -> dict:
    """The JSON schema every WebSocket message from a client must match."""
    return ws.CLIENT_SCHEMA

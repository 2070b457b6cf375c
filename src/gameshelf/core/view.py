"""The view header: the fields every game's view starts with, under the same names.

A view is what one seat (or a spectator, ``seat`` None) may see, as JSON data. Every game's typed
view extends :class:`ViewHeader`, so an adapter that knows no game (the generic board, the RL
encoders, the terminal's status line, the server) reads whose decision it is, how far the game has
gone and whether it is over from the same keys in every game.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on Python < 3.12

HEADER_KEYS = ("game", "seat", "players", "to_act", "ply", "over", "decision")


class ViewHeader(TypedDict):
    """The keys every view has.

    ``players`` is the number of seats; ``to_act`` the seat whose decision it is (None once the game
    is over); ``ply`` the number of actions applied so far; ``decision`` the pending decision frame
    as JSON (:func:`gameshelf.core.frames.frame_to_json`: its ``kind``, ``seat`` and the frame's
    own fields), or None once the game is over.
    """

    game: str
    seat: int | None
    players: int
    to_act: int | None
    ply: int
    over: bool
    decision: dict[str, Any] | None


def view_header(game: str, seat: int | None, players: int, to_act: int | None, ply: int,
                decision: dict[str, Any] | None) -> ViewHeader:
    """The header of a view; the game is over exactly when nobody is to act."""
    return {"game": game, "seat": seat, "players": players, "to_act": to_act, "ply": ply,
            "over": to_act is None, "decision": decision}


def check_header(view: Any) -> None:
    """AssertionError unless ``view`` carries every header key with a value of the right type."""
    assert isinstance(view, dict), f"a view is a dict, not {type(view).__name__}"
    missing = [key for key in HEADER_KEYS if key not in view]
    assert not missing, f"the view lacks the header keys {missing}"
    assert isinstance(view["game"], str)
    assert view["seat"] is None or type(view["seat"]) is int
    assert type(view["players"]) is int and view["players"] >= 1
    assert view["to_act"] is None or type(view["to_act"]) is int
    assert type(view["ply"]) is int and view["ply"] >= 0
    assert type(view["over"]) is bool and view["over"] == (view["to_act"] is None)
    assert (view["decision"] is None) == view["over"], "a decision exactly while the game is not over"
    if view["decision"] is not None:
        assert isinstance(view["decision"], dict) and isinstance(view["decision"].get("kind"), str)
        assert view["decision"].get("seat") == view["to_act"], "the decision is the seat to act's"

"""What a learning page gets for one position: one seat's view, its decision and legal actions.

Shared by tutorial steps, puzzles and the rules page's figures, so that each is drawn by the
table's own renderer. Only the given seat's view ever leaves: never the state or its position.
"""

from __future__ import annotations

from typing import Any, Sequence

from gameshelf.core.decision import Decision, Prompt
from gameshelf.core.game import Game

NAMES = {"en": ["You", "Easy bot"], "ja": ["あなた", "弱いボット"]}
OPPONENT = {"en": "Opponent", "ja": "相手"}


def seat_names(players: int, seat: int, lang: str, other: str | None = None) -> list[str]:
    """The learner is "You"; the others are "Easy bot" (or ``other``), numbered beyond two players."""
    you, bot = NAMES.get(lang, NAMES["en"])
    other = other or bot
    names = [f"{other} {i + 1}" if players > 2 else other for i in range(players)]
    names[seat] = you
    return names


def decision_json(game: Game, state: Any, seat: int | None, names: Sequence[str], lang: str) -> dict[str, Any] | None:
    """The pending decision as the table sends it: the full prompt and targets only to its own seat."""
    decision = game.decision(state)
    if decision is None:
        return None
    public = Decision(decision.seat, decision.kind, Prompt("decision.turn", {"seat": decision.seat}))
    if seat != decision.seat:
        return {"seat": decision.seat, "kind": decision.kind, "prompt": game.prompt_text(public, names, lang),
                "targets": {}}
    try:
        prompt = game.prompt_text(decision, names, lang)
    except (KeyError, IndexError, ValueError):
        prompt = game.prompt_text(public, names, lang)
    return {"seat": decision.seat, "kind": decision.kind, "prompt": prompt,
            "targets": {k: list(v) for k, v in decision.targets.items()}}


def player_names(players: int, lang: str) -> list[str]:
    """Neutral names (Player 1, Player 2, ...) for a game between bots shown as an example."""
    return [(f"プレイヤー{i + 1}" if lang == "ja" else f"Player {i + 1}") for i in range(players)]


def position_payload(game: Game, state: Any, seat: int | None, lang: str,
                     names: Sequence[str] | None = None) -> dict[str, Any]:
    """``seat``'s view of ``state`` with its decision and (if it decides) its legal actions, labelled.

    ``names`` defaults to "You" for ``seat`` (seat 0 for a spectator) and "Easy bot" for the others."""
    players = game.num_players(state)
    names = list(names) if names is not None else seat_names(players, seat if seat is not None else 0, lang)
    deciding = seat is not None and game.to_act(state) == seat
    legal = [{"action": str(a), "label": game.action_label(a, lang)} for a in game.legal_actions(state)] \
        if deciding else []
    return {"game": game.id, "players": players, "seat": seat, "names": names, "view": game.view(state, seat),
            "decision": decision_json(game, state, seat, names, lang), "legal": legal, "over": game.is_over(state)}

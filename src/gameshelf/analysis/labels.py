"""An analysis's actions as a person reads them: each notation's label in the reader's language.

The stored analysis keeps notations (they replay and compare); a page or a terminal shows labels.
:func:`label_result` adds ``action_label`` and ``best_label`` to every decision, and ``label`` to
each of its best actions, in ``lang``, from the game's own ``action_label``. A notation that does
not parse (an older record, another version's notation) keeps the notation as its label.
"""

from __future__ import annotations

import copy
from typing import Any

from gameshelf.core.game import Game


def action_text(game: Game, notation: str, lang: str) -> str:
    """The label of ``notation`` in ``lang``, or the notation itself when it does not parse."""
    try:
        return game.action_label(game.parse_action(notation), lang)
    except Exception:  # noqa: BLE001 - any parse failure keeps the notation: the reader still sees something true
        return notation


def label_decision(game: Game, decision: dict[str, Any], lang: str) -> dict[str, Any]:
    """One decision's JSON with labels beside its notations."""
    out = dict(decision)
    out["action_label"] = action_text(game, decision["action"], lang)
    out["best_label"] = action_text(game, decision["best"], lang)
    out["top"] = [{**top, "label": action_text(game, top["action"], lang)} for top in decision.get("top", [])]
    return out


def label_result(result: dict[str, Any], lang: str, game: Game | None = None) -> dict[str, Any]:
    """A copy of an :meth:`Analysis.to_json` result with every action labelled in ``lang`` (by
    ``game``, else the registered game the result names)."""
    if game is None:
        from gameshelf.games import get_game

        game = get_game(result["game"])
    out = copy.copy(result)
    out["lang"] = lang
    out["seats"] = {}
    for seat, review in result.get("seats", {}).items():
        review = dict(review)
        for key in ("decisions", "costliest"):
            review[key] = [label_decision(game, d, lang) for d in review.get(key, [])]
        out["seats"][seat] = review
    return out

"""Learning: the rules page, tutorial steps and puzzles. All read-only and stateless: a tutorial
step's state is rebuilt from the tutorial's data, a puzzle's from its stored position. Every answer
carries one seat's view only (the learner's or a spectator's), never a state, a position or a seed;
a puzzle's answer and reason come back only with a guess.

- ``GET /api/rules/{game}``: the player summary (HTML, escaped) and three figures.
- ``GET /api/learn/{game}``: the tutorial's intro, outro and number of steps.
- ``GET /api/learn/{game}/steps/{n}``: step n (1-based): the text, the rule, the move wanted, the position.
- ``POST /api/learn/{game}/steps/{n}`` ``{"move": notation}``: whether it is the move, and why not.
- ``GET /api/puzzles/{game}``: how many puzzles; ``GET /api/puzzles/{game}/{n}``: puzzle n's position.
- ``POST /api/puzzles/{game}/{n}`` ``{"move": notation}``: right or not, the answer, margin and reason.
"""

from __future__ import annotations

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from gameshelf.core.errors import BadOption, GameError
from gameshelf.games import get_game
from gameshelf.learn import puzzles as puzzle_data
from gameshelf.learn import rules_page, tutorial as tut
from gameshelf.learn.api import puzzle_json, step_json
from gameshelf.learn.texts import ui
from gameshelf.server.i18n import REASONS, STATUS, ServerError, pick_lang
from gameshelf.server.routes.games import known_game

REASONS.update({
    "learn.no_rules": {"en": "This game has no rules summary.", "ja": "このゲームにはルールの要約がありません。"},
    "learn.no_tutorial": {"en": "This game has no tutorial.", "ja": "このゲームにはチュートリアルがありません。"},
    "learn.no_step": {"en": "The tutorial has no such step.", "ja": "チュートリアルにそのステップはありません。"},
    "puzzle.not_found": {"en": "No such puzzle.", "ja": "そのパズルはありません。"},
})
STATUS.update({"learn.no_rules": 404, "learn.no_tutorial": 404, "learn.no_step": 404, "puzzle.not_found": 404})

router = APIRouter()


class MoveIn(BaseModel):
    move: str = Field(..., max_length=200, description="a move in the game's notation")


def _game(game_id: str):
    known_game(game_id)
    return get_game(game_id)


def _tutorial(game_id: str) -> tut.Tutorial:
    known_game(game_id)
    try:
        return tut.load_tutorial(game_id)
    except BadOption as exc:
        raise ServerError("learn.no_tutorial", str(exc)) from None


def _index(tutorial: tut.Tutorial, n: int) -> int:
    if not 1 <= n <= len(tutorial.steps):
        raise ServerError("learn.no_step", f"steps are 1 to {len(tutorial.steps)}")
    return n - 1


def _puzzle(game_id: str, n: int) -> tuple[puzzle_data.Puzzle, int]:
    known_game(game_id)
    found = puzzle_data.load_puzzles(game_id)
    if not found:
        raise ServerError("puzzle.not_found", f"{game_id} has no puzzles")
    if not 1 <= n <= len(found):
        raise ServerError("puzzle.not_found", f"{game_id} has puzzles 1 to {len(found)}")
    return found[n - 1], len(found)


@router.get("/api/rules/{game_id}")
def rules(game_id: str, lang: str = Query("en", max_length=8)) -> dict:
    game, lang = _game(game_id), pick_lang(lang)
    try:
        html = rules_page.summary_html(game_id, lang)
    except BadOption as exc:
        raise ServerError("learn.no_rules", str(exc)) from None
    return {"game": game_id, "title": game.info.titles.get(lang, game_id), "lang": lang,
            "html": html, "figures": rules_page.figures(game_id, lang)}


@router.get("/api/learn/{game_id}")
def tutorial_info(game_id: str, lang: str = Query("en", max_length=8)) -> dict:
    tutorial, lang = _tutorial(game_id), pick_lang(lang)
    return {"game": game_id, "steps": len(tutorial.steps), "intro": tutorial.intro[lang],
            "outro": tutorial.outro[lang], "seat": tutorial.seat}


@router.get("/api/learn/{game_id}/steps/{n}")
def tutorial_step(game_id: str, n: int, lang: str = Query("en", max_length=8)) -> dict:
    tutorial = _tutorial(game_id)
    return step_json(tutorial, _index(tutorial, n), pick_lang(lang))


@router.post("/api/learn/{game_id}/steps/{n}")
def tutorial_move(game_id: str, n: int, body: MoveIn, lang: str = Query("en", max_length=8)) -> dict:
    tutorial, lang = _tutorial(game_id), pick_lang(lang)
    index = _index(tutorial, n)
    verdict = tut.judge(tutorial, index, body.move, lang)
    done = verdict.ok and index + 1 == len(tutorial.steps)
    return {**verdict.to_json(), "next": n + 1 if verdict.ok and not done else None, "finished": done}


@router.get("/api/puzzles/{game_id}")
def puzzle_list(game_id: str) -> dict:
    _game(game_id)
    return {"game": game_id, "puzzles": len(puzzle_data.load_puzzles(game_id))}


@router.get("/api/puzzles/{game_id}/{n}")
def puzzle(game_id: str, n: int, lang: str = Query("en", max_length=8)) -> dict:
    found, total = _puzzle(game_id, n)
    return puzzle_json(found, n, total, pick_lang(lang))


@router.post("/api/puzzles/{game_id}/{n}")
def puzzle_guess(game_id: str, n: int, body: MoveIn, lang: str = Query("en", max_length=8)) -> dict:
    (found, _), lang = _puzzle(game_id, n), pick_lang(lang)
    game = get_game(game_id)
    state = found.state(game)
    try:
        action = game.parse_action(body.move.strip())
    except GameError as exc:
        raise ServerError.from_game(exc) from None
    if action not in game.legal_actions(state):
        raise ServerError.from_game(game.why_illegal(state, action))
    label = game.action_label(game.parse_action(found.answer), lang)
    right = str(action) == found.answer
    return {"correct": right, "answer": found.answer, "answer_label": label,
            "verdict": ui("right" if right else "wrong", lang, label=label),
            "margin": found.margin, "margin_text": ui("margin", lang, margin=found.margin),
            "reason": found.reason.get(lang) or found.reason.get("en", "")}

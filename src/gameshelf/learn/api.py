"""What the learning routes answer (:mod:`gameshelf.server.routes.learn`): a tutorial step's and a
puzzle's position, as one seat's view, never a state, a position or a seed."""

from __future__ import annotations

from typing import Any

from gameshelf.games import get_game
from gameshelf.learn import puzzles as puzzle_data
from gameshelf.learn import tutorial as tut
from gameshelf.learn.payload import OPPONENT, position_payload, seat_names
from gameshelf.learn.texts import ui


def step_json(tutorial: tut.Tutorial, index: int, lang: str) -> dict[str, Any]:
    game = get_game(tutorial.game)
    step = tutorial.steps[index]
    label = tut.step_label(tutorial, index, lang)
    body = position_payload(game, tut.state_at(tutorial, index), tutorial.seat, lang)
    body.update(step=index + 1, steps=len(tutorial.steps), rule=step.rule, text=step.text[lang], any=step.any,
                move=None if step.any else step.move, move_label=label,
                do=ui("do", lang, label=label) if label else ui("do_any", lang))
    return body


def puzzle_json(puzzle: puzzle_data.Puzzle, n: int, total: int, lang: str) -> dict[str, Any]:
    game = get_game(puzzle.game)
    state = puzzle.state(game)
    names = seat_names(game.num_players(state), puzzle.seat, lang, OPPONENT[lang])
    body = position_payload(game, state, puzzle.seat, lang, names)
    body.update(puzzle=n, puzzles=total, prompt=ui("puzzle", lang, n=n, total=total))
    return body

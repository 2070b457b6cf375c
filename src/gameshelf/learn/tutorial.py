"""Guided first games: a tutorial is data, a list of steps the learner plays through the engine.

``games/<game>/data/tutorial.yaml`` holds the learner's seat, a start position (the public
position format, see docs/positions/<game>.md) and 10-25 steps. Each step has a text in en and ja
that explains the rule at work (citing its R-number), the intended move (notation), a text saying
why another legal move is not the one this step wants, and the other seats' replies (notation)
played after the intended move so that the next step starts on the learner's decision. A step may
start from a position of its own; otherwise it continues from the previous step's position after
its intended move and replies. A step marked ``any`` takes any legal move; such a step is the last,
or the next one brings its own position, so a tutorial never depends on a move it did not script.

The learner only ever sees its own seat's view; the other seats' hands and the deck in the start
position stay on the server. The tutorial ends by inviting a real game against the ``easy`` bot.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import yaml

from gameshelf.core.errors import BadData, BadOption, GameError, brief
from gameshelf.core.game import Game
from gameshelf.games import data_folder, get_game

LANGS = ("en", "ja")
MIN_STEPS, MAX_STEPS = 10, 25


@dataclass(frozen=True)
class Step:
    """One step: what to read, what to play, and what the other seats answer."""

    text: Mapping[str, str]
    rule: str
    move: str | None
    why: Mapping[str, str] = field(default_factory=dict)
    replies: tuple[str, ...] = ()
    any: bool = False
    position: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Tutorial:
    game: str
    seat: int
    steps: tuple[Step, ...]
    intro: Mapping[str, str]
    outro: Mapping[str, str]


@dataclass(frozen=True)
class Verdict:
    """The answer to a move: ``ok`` moves on; ``kind`` is intended, any, other, illegal or notation."""

    ok: bool
    kind: str
    message: str
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "kind": self.kind, "message": self.message, "rule": self.rule}


def tutorial_path(game_id: str) -> Path:
    return data_folder(game_id) / "tutorial.yaml"


def _texts(data: Any, where: str) -> dict[str, str]:
    if not isinstance(data, Mapping) or any(not isinstance(data.get(lang), str) or not data[lang].strip()
                                            for lang in LANGS):
        raise BadData(f"{where}: a text in both en and ja is needed")
    return {lang: data[lang].strip() for lang in LANGS}


def _step(data: Mapping[str, Any], where: str) -> Step:
    any_move = bool(data.get("any", False))
    move = data.get("move")
    if move is None and not any_move:
        raise BadData(f"{where}: a step names its move, or says any: true")
    return Step(text=_texts(data.get("text"), f"{where} text"), rule=str(data.get("rule", "")),
                move=None if move is None else str(move),
                why=_texts(data["why"], f"{where} why") if "why" in data else {},
                replies=tuple(str(r) for r in data.get("replies", ()) or ()), any=any_move,
                position=data.get("position"))


def parse_tutorial(game_id: str, data: Any) -> Tutorial:
    """A tutorial from its YAML data, with its shape checked (the moves are checked by :func:`walk`)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("steps"), list):
        raise BadData(f"{game_id} tutorial: a mapping with a list of steps is needed")
    steps = tuple(_step(s, f"{game_id} tutorial step {i + 1}") for i, s in enumerate(data["steps"]))
    if not MIN_STEPS <= len(steps) <= MAX_STEPS:
        raise BadData(f"{game_id} tutorial: {len(steps)} steps; a tutorial has {MIN_STEPS} to {MAX_STEPS}")
    if steps[0].position is None:
        raise BadData(f"{game_id} tutorial: the first step needs a position")
    for i, step in enumerate(steps[:-1]):
        if step.any and steps[i + 1].position is None:
            raise BadData(f"{game_id} tutorial step {i + 1}: a step taking any move is the last, "
                          "or the next step brings its own position")
        if not step.any and not step.why:
            raise BadData(f"{game_id} tutorial step {i + 1}: say why another move is not the one wanted")
    return Tutorial(game_id, int(data.get("seat", 0)), steps, _texts(data.get("intro"), f"{game_id} intro"),
                    _texts(data.get("outro"), f"{game_id} outro"))


@functools.lru_cache(maxsize=8)
def load_tutorial(game_id: str) -> Tutorial:
    """The game's tutorial; BadOption for an unknown game or one without a tutorial."""
    get_game(game_id)
    path = tutorial_path(game_id)
    if not path.exists():
        raise BadOption(f"{game_id} has no tutorial yet")
    return parse_tutorial(game_id, yaml.safe_load(path.read_text(encoding="utf-8")))


def check_index(tutorial: Tutorial, index: object) -> int:
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(tutorial.steps):
        raise BadOption(f"the {tutorial.game} tutorial has steps 1 to {len(tutorial.steps)}, not {brief(index)}")
    return index


def walk(tutorial: Tutorial, game: Game | None = None) -> list[Any]:
    """The state at the start of every step, checking each position, move and reply on the way.

    Raises BadData naming the step when a move or reply is not legal, or when a step does not
    start on the learner's decision.
    """
    game = game or get_game(tutorial.game)
    states: list[Any] = []
    state = None
    for i, step in enumerate(tutorial.steps):
        where = f"{tutorial.game} tutorial step {i + 1}"
        if step.position is not None:
            try:
                state = game.from_position(dict(step.position))
            except GameError as exc:
                raise BadData(f"{where}: bad position: {exc}") from None
        if game.to_act(state) != tutorial.seat:
            raise BadData(f"{where}: it is not the learner's (seat {tutorial.seat}) decision")
        states.append(game.copy(state))
        if step.move is None:
            continue
        try:
            game.checked_apply(state, step.move, tutorial.seat)
            for reply in step.replies:
                game.checked_apply(state, reply)
        except GameError as exc:
            raise BadData(f"{where}: {exc}") from None
    return states


@functools.lru_cache(maxsize=8)
def _states(game_id: str) -> tuple[Any, ...]:
    return tuple(walk(load_tutorial(game_id)))


def state_at(tutorial: Tutorial, index: int) -> Any:
    """A fresh copy of the state at the start of step ``index``."""
    game = get_game(tutorial.game)
    return game.copy(_states(tutorial.game)[check_index(tutorial, index)])


def judge(tutorial: Tutorial, index: int, text: object, lang: str = "en") -> Verdict:
    """The answer to the learner playing ``text`` at step ``index``: on only with the intended move
    (or any legal one where the step says so); else why not, in ``lang``."""
    from gameshelf.learn.texts import ui

    game = get_game(tutorial.game)
    step = tutorial.steps[check_index(tutorial, index)]
    state = state_at(tutorial, index)
    if not isinstance(text, str) or not text.strip():
        return Verdict(False, "notation", ui("empty", lang))
    try:
        action = game.parse_action(text.strip())
    except GameError as exc:
        return Verdict(False, "notation", ui("notation", lang, message=str(exc)), exc.rule)
    if action not in game.legal_actions(state):
        exc = game.why_illegal(state, action)
        return Verdict(False, "illegal", ui("illegal", lang, message=str(exc)), exc.rule)
    if step.any:
        return Verdict(True, "any", ui("good_any", lang))
    if str(action) == step.move:
        return Verdict(True, "intended", ui("good", lang))
    return Verdict(False, "other", step.why.get(lang) or step.why.get("en", ""), step.rule)


def step_label(tutorial: Tutorial, index: int, lang: str = "en") -> str | None:
    """The intended move of step ``index`` as a label in ``lang`` (None where any move will do)."""
    step = tutorial.steps[check_index(tutorial, index)]
    if step.any or step.move is None:
        return None
    game = get_game(tutorial.game)
    return game.action_label(game.parse_action(step.move), lang)

"""Puzzles: "find the best move" positions stored as data, with the answer and its reason.

Each game's ``data/puzzles.yaml`` lists puzzles mined and checked by
:mod:`gameshelf.learn.mine_puzzles`. A puzzle holds a whole position (hidden parts included, so
the engine can rebuild it), but a player is only ever shown the deciding seat's view; the answer,
the margin and the reason are given only after a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import yaml

from gameshelf.core.errors import BadOption, GameError
from gameshelf.core.game import Action, Game
from gameshelf.games import data_folder, get_game

LANGS = ("en", "ja")


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the position, who decides, the answer and how clearly the analysis prefers it.

    ``value`` and ``second_value`` are the seat's expected results (0..1) with the answer and with
    the next best action ``second``; ``margin`` is the smaller of the two hard runs' margins.
    ``source_seed`` is the bot game it came from (for the miner's top-ups; never shown).
    """

    game: str
    seat: int
    position: Mapping[str, Any]
    answer: str
    second: str
    value: float
    second_value: float
    margin: float
    reason: Mapping[str, str]
    source_seed: int = 0
    level: str = "hard"
    sims: int = 0
    seeds: tuple[int, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def key(self) -> str:
        """Identifies the position (two puzzles never share one)."""
        return yaml.safe_dump(dict(self.position), sort_keys=True)

    def state(self, game: Game | None = None) -> Any:
        """The engine state of the position (validated by the game)."""
        return (game or get_game(self.game)).from_position(dict(self.position))

    def to_data(self) -> dict[str, Any]:
        return {"seat": self.seat, "answer": self.answer, "second": self.second, "value": self.value,
                "second_value": self.second_value, "margin": self.margin, "level": self.level,
                "sims": self.sims, "seeds": list(self.seeds), "source_seed": self.source_seed,
                "reason": dict(self.reason), "position": dict(self.position)}

    @classmethod
    def from_data(cls, game_id: str, data: Mapping[str, Any]) -> "Puzzle":
        return cls(game=game_id, seat=data["seat"], position=data["position"], answer=data["answer"],
                   second=data["second"], value=data["value"], second_value=data["second_value"],
                   margin=data["margin"], reason=data["reason"], source_seed=data.get("source_seed", 0),
                   level=data.get("level", "hard"), sims=data.get("sims", 0), seeds=tuple(data.get("seeds", ())))


def data_path(game_id: str, out: str | Path | None = None) -> Path:
    """Where a game's puzzles live: its data folder, or ``out/<game>.puzzles.yaml``."""
    if out is not None:
        return Path(out) / f"{game_id}.puzzles.yaml"
    return data_folder(game_id) / "puzzles.yaml"


def load_puzzles(game_id: str, out: str | Path | None = None) -> list[Puzzle]:
    """The game's puzzles (empty when it has none yet)."""
    get_game(game_id)  # a clear error for an unknown game
    path = data_path(game_id, out)
    if not path.exists():
        return []
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return [Puzzle.from_data(game_id, item) for item in data.get("puzzles", [])]


def save_puzzles(game_id: str, puzzles: list[Puzzle], out: str | Path | None = None) -> None:
    path = data_path(game_id, out)
    path.parent.mkdir(parents=True, exist_ok=True)
    header = (f"# {game_id}: find-the-best-move puzzles, mined from easy-bot games and checked by the hard\n"
              "# analysis (python -m gameshelf.learn.mine_puzzles). Generated: rerun the miner, do not edit.\n")
    body = yaml.safe_dump({"puzzles": [p.to_data() for p in puzzles]}, allow_unicode=True, sort_keys=False,
                          default_flow_style=None,
                          width=120)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(header + body, encoding="utf-8")
    tmp.replace(path)


def get_puzzle(game_id: str, index: object) -> Puzzle:
    """Puzzle ``index`` (0-based) of a game; BadOption naming the range for anything else."""
    puzzles = load_puzzles(game_id)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(puzzles):
        raise BadOption(f"{game_id} has puzzles 1 to {len(puzzles)}; there is no puzzle {index!r}"
                        if puzzles else f"{game_id} has no puzzles yet")
    return puzzles[index]


def _points(game: Game, state: Any, action: Action, seat: int) -> int | None:
    """The points ``seat`` gains at once by ``action``, if that is public (no chance, nothing hidden)."""
    try:
        before = game.score_now(state).scores[seat]
        after_state = game.copy(state)
        events = game.apply(after_state, action)
        if not game.can_undo(state, after_state, events):
            return None
        return game.score_now(after_state).scores[seat] - before
    except (NotImplementedError, GameError):
        return None


def reason_texts(game: Game, state: Any, best: Action, second: Action, value: float,
                 second_value: float) -> dict[str, str]:
    """Why the answer is best, in en and ja: the analysis's values and, when public, the points."""
    seat = game.to_act(state)
    gain, gain2 = _points(game, state, best, seat), _points(game, state, second, seat)
    out = {}
    for lang in LANGS:
        b, s = game.action_label(best, lang), game.action_label(second, lang)
        if lang == "en":
            text = (f"{b} is clearly best: the hard analysis (two searches with different seeds) gives it "
                    f"{value:.0%} expected result, against {second_value:.0%} for the next best, {s}.")
            if gain is not None and gain2 is not None and gain != gain2:
                text += f" It scores {gain} points at once, against {gain2}."
        else:
            text = (f"「{b}」が明らかに最善です。ハード解析（シードの異なる2回の探索）では期待結果{value:.0%}、"
                    f"次善の「{s}」は{second_value:.0%}です。")
            if gain is not None and gain2 is not None and gain != gain2:
                text += f"この手はすぐに{gain}点を得ます（次善は{gain2}点）。"
        out[lang] = text
    return out

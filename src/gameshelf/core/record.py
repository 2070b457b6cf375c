"""Match records (our PGN): game, rules version, options, seed, seats and actions in notation.

Replaying a record re-simulates every action through the legality check and compares the final
state hash, so a record that no longer replays exactly is reported, never silently accepted.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gameshelf.core.errors import BadRecord, GameError
from gameshelf.core.game import Game

FORMAT = "gameshelf-record/1"


@dataclass
class Record:
    game: str
    rules_version: str
    players: int
    options: dict[str, str]
    seed: int
    seats: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    final_hash: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **asdict(self)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadRecord(f"not a gameshelf record (expected format {FORMAT!r})")
        try:
            record = cls(
                game=str(data["game"]),
                rules_version=str(data["rules_version"]),
                players=int(data["players"]),
                options={str(k): str(v) for k, v in dict(data["options"]).items()},
                seed=int(data["seed"]),
                seats=[str(s) for s in data.get("seats", [])],
                actions=[str(a) for a in data["actions"]],
                final_hash=data.get("final_hash"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise BadRecord(f"malformed record field: {exc}") from None
        return record

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise BadRecord(f"cannot read {path}: {exc.strerror}") from None
        except json.JSONDecodeError as exc:
            raise BadRecord(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
        return cls.from_json(data)


def replay(game: Game, record: Record, *, verify: bool = True):
    """Re-simulate ``record``; returns the final state. Raises BadRecord naming the failing ply."""
    if record.game != game.id:
        raise BadRecord(f"record is for {record.game!r}, not {game.id!r}")
    if record.rules_version != game.info.rules_version:
        raise BadRecord(
            f"record uses rules version {record.rules_version}, this engine has {game.info.rules_version}"
        )
    try:
        state = game.setup(record.players, record.options, record.seed)
    except GameError as exc:
        raise BadRecord(f"setup failed: {exc}") from None
    for ply, text in enumerate(record.actions):
        try:
            game.checked_apply(state, text)
        except GameError as exc:
            raise BadRecord(f"action {ply + 1} ({text!r}) does not replay: {exc}") from None
    if verify and record.final_hash and game.state_hash(state) != record.final_hash:
        raise BadRecord("the replayed final state does not match the recorded hash")
    return state

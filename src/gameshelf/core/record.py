"""Match records (our PGN): game, rules version, options, seed, seats and actions in notation.

Replaying a record re-simulates every action through the legality check and compares the final
state hash, so a record that no longer replays exactly is reported, never silently accepted.

The hash is taken over the state's position (``Game.state_hash``). Records of format
``gameshelf-record/1`` carry a hash of an older full-state format: they are read and replayed as
before, and their hash is dropped (it cannot be checked against today's), so a replay of one is
checked action by action only.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterator, NamedTuple

from gameshelf.core.chance import MAX_SEED
from gameshelf.core.errors import BadRecord, GameError, brief
from gameshelf.core.game import Action, Event, Game

FORMAT = "gameshelf-record/2"
LEGACY_FORMATS = frozenset({"gameshelf-record/1"})


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

    @property
    def verifiable(self) -> bool:
        """Whether the record carries a final state hash to verify a replay against."""
        return bool(self.final_hash)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """A record from its JSON data, every field checked strictly; BadRecord names the first bad one."""
        if not isinstance(data, dict) or not isinstance(data.get("format"), str) or (
                data["format"] != FORMAT and data["format"] not in LEGACY_FORMATS):
            raise BadRecord(f"not a gameshelf record (expected format {FORMAT!r})")
        missing = [name for name in ("game", "rules_version", "players", "options", "seed", "seats", "actions")
                   if name not in data]
        if missing:
            raise BadRecord(f"the record has no {', '.join(missing)}")
        players = _whole(data["players"], "players", 1, MAX_PLAYERS)
        return cls(
            game=_text(data["game"], "game"),
            rules_version=_text(data["rules_version"], "rules_version"),
            players=players,
            options=_options(data["options"]),
            seed=_whole(data["seed"], "seed", 0, MAX_SEED),
            seats=_seats(data["seats"], players),
            actions=_texts(data["actions"], "actions", MAX_ACTIONS),
            final_hash=None if data["format"] in LEGACY_FORMATS else _final_hash(data.get("final_hash")),
        )

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read and check a record file; BadRecord (one line) for anything that is not a record."""
        try:
            raw = Path(path).read_bytes()
        except OSError as exc:
            raise BadRecord(f"cannot read {brief(str(path), 200)}: {exc.strerror or type(exc).__name__}") from None
        path = brief(str(path), 200)
        if len(raw) > MAX_BYTES:
            raise BadRecord(f"{path} is larger than a record can be ({MAX_BYTES // 1_000_000} MB)")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadRecord(f"{path} is not UTF-8 text (byte {exc.start})") from None
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except json.JSONDecodeError as exc:
            raise BadRecord(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
        except (ValueError, RecursionError) as exc:
            reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc).splitlines()[0]
            raise BadRecord(f"{path} is not valid JSON: {reason}") from None
        return cls.from_json(data)


MAX_BYTES = 50_000_000
MAX_PLAYERS = 100
MAX_ACTIONS = 1_000_000
_HEX = frozenset("0123456789abcdef")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a record may hold")


def _text(value: Any, name: str, limit: int = 200) -> str:
    if not isinstance(value, str) or not value or len(value) > limit:
        raise BadRecord(f"record field {name!r} must be non-empty text of at most {limit} characters, "
                        f"not {brief(value)}")
    return value


def _whole(value: Any, name: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise BadRecord(f"record field {name!r} must be a whole number from {lo} to {hi}, not {brief(value)}")
    return value


def _texts(value: Any, name: str, limit: int) -> list[str]:
    if not isinstance(value, list) or len(value) > limit or not all(isinstance(v, str) for v in value):
        raise BadRecord(f"record field {name!r} must be a list of text")
    return list(value)


def _seats(value: Any, players: int) -> list[str]:
    seats = _texts(value, "seats", MAX_PLAYERS)
    if len(seats) != players:
        raise BadRecord(f"record field 'seats' must name {players} players, one per seat, not {len(seats)}")
    return seats


def _options(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise BadRecord("record field 'options' must map option names to text values")
    return dict(value)


def _final_hash(value: Any) -> str | None:
    """A SHA-256 hex digest, or ``None`` when the record has none (missing, null, empty or false)."""
    if value is None or value is False or value == "":
        return None
    if not isinstance(value, str) or len(value) != 64 or not set(value) <= _HEX:
        raise BadRecord(f"record field 'final_hash' must be a SHA-256 hex digest, not {brief(value)}")
    return value


class Step(NamedTuple):
    """One point of a replayed record: the state after ``ply`` actions, the action that led there
    (parsed; ``None`` at ply 0, the setup), the seat that took it and the events it caused.

    ``state`` is the replay's own state, changed in place by the next step: copy it to keep it.
    """

    ply: int
    state: Any
    action: Action | None
    seat: int | None
    events: list[Event]


def record_states(game: Game, record: Record, *, verify: bool = True, start: Any = None) -> Iterator[Step]:
    """Replay ``record`` from its setup, yielding the state after each action (ply 0 to the last).

    Every action goes through the legality check; BadRecord names the first one that does not
    replay (or a setup that fails). With ``verify``, after the last step the final state is checked
    against the record's hash when it has one. ``start``: the record's set-up state, when the
    caller has set it up already (it is replayed in place).
    """
    if record.game != game.id:
        raise BadRecord(f"record is for {record.game!r}, not {game.id!r}")
    if record.rules_version != game.info.rules_version:
        raise BadRecord(
            f"record uses rules version {record.rules_version}, this engine has {game.info.rules_version}"
        )
    state = start
    if state is None:
        try:
            state = game.setup(record.players, record.options, record.seed)
        except GameError as exc:
            raise BadRecord(f"setup failed: {exc}") from None
    yield Step(0, state, None, None, [])
    for ply, text in enumerate(record.actions, 1):
        try:
            action = game.parse_action(text)
            seat = game.to_act(state)
            events = game.checked_apply(state, action)
        except GameError as exc:
            raise BadRecord(f"action {ply} ({text!r}) does not replay: {exc}") from None
        yield Step(ply, state, action, seat, events)
    if verify and record.verifiable and game.state_hash(state) != record.final_hash:
        raise BadRecord("the replayed final state does not match the recorded hash")


def replay(game: Game, record: Record, *, verify: bool = True) -> Any:
    """Re-simulate ``record``; returns the final state. Raises BadRecord naming the failing ply."""
    for step in record_states(game, record, verify=verify):
        pass
    return step.state

"""The decision-frame model: every pending decision is a frame on the state's stack.

A frame is a small frozen value: the seat that decides, and what that decision needs to know (a
count so far, a territory chosen earlier ...). Its class names the kind (``<game>.<name>``) and the
rule that asks for it. ``state.pending`` holds the frames, the decision now on top (last); the game
is over exactly when the stack is empty. Each game's ``decisions.py`` declares its frame classes
(data only: it imports nothing from the rules) and how each decision is shown: the prompt's
arguments and the view elements each legal action targets. :func:`decision_of` builds the
protocol's :class:`~gameshelf.core.decision.Decision` from those, the same way for every game.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, Callable, ClassVar, Iterable, Mapping

from gameshelf.core.decision import Decision, Prompt
from gameshelf.core.errors import BadPosition, brief


@dataclass(frozen=True, slots=True)
class Frame:
    """One pending decision: ``seat`` decides; subclasses add the fields the decision needs.

    ``kind`` (``<game>.<name>``) and ``rule`` (the rule number that asks for this decision) are
    class constants.
    """

    seat: int
    kind: ClassVar[str] = "frame"
    rule: ClassVar[str] = ""

    @property
    def name(self) -> str:
        """The kind without the game: the prompt's message key is ``decision.<name>``."""
        return self.kind.split(".", 1)[-1]


def frame_to_json(frame: Frame) -> dict[str, Any]:
    """A frame as JSON data: ``kind``, then every field by name (tuples as lists)."""
    out: dict[str, Any] = {"kind": frame.kind}
    for item in fields(frame):
        out[item.name] = _json(getattr(frame, item.name))
    return out


def _json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    return value


def frame_from_json(data: Any, kinds: Mapping[str, type[Frame]]) -> Frame:
    """The frame ``data`` describes (see :func:`frame_to_json`), every field checked against the
    frame's field types (whole numbers, truth values, text, lists for tuples); BadPosition names
    the first problem."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise BadPosition(f"a decision frame is an object with a 'kind', not {brief(data)}")
    cls = kinds.get(data["kind"])
    if cls is None:
        raise BadPosition(f"unknown decision kind {brief(data['kind'])} (known: {', '.join(kinds)})")
    names = {item.name: item for item in fields(cls)}
    extra = sorted(set(data) - set(names) - {"kind"})
    if extra:
        raise BadPosition(f"decision {cls.kind} has no field(s) {', '.join(extra)}")
    values = {}
    for name, item in names.items():
        if name not in data:
            if item.default is not MISSING or item.default_factory is not MISSING:
                continue
            raise BadPosition(f"decision {cls.kind} needs the field {name!r}")
        values[name] = _field_value(cls.kind, name, _annotation(item.type), data[name])
    return cls(**values)


def _annotation(annotation: Any) -> str:
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))


def _field_value(kind: str, name: str, annotation: str, value: Any) -> Any:
    if annotation.startswith("tuple"):
        if not isinstance(value, list) or len(value) > 1000:
            raise BadPosition(f"decision {kind} field {name!r} must be a list, not {brief(value)}")
        return tuple(tuple(v) if isinstance(v, list) else _scalar(kind, name, v) for v in value)
    if annotation == "bool":
        if type(value) is not bool:
            raise BadPosition(f"decision {kind} field {name!r} must be true or false, not {brief(value)}")
        return value
    if annotation == "str":
        if not isinstance(value, str) or len(value) > 200:
            raise BadPosition(f"decision {kind} field {name!r} must be text, not {brief(value)}")
        return value
    return _scalar(kind, name, value)


def _scalar(kind: str, name: str, value: Any) -> Any:
    if type(value) is int and -10**9 <= value <= 10**9:
        return value
    if type(value) in (bool, str):
        return value
    raise BadPosition(f"decision {kind} field {name!r} holds {brief(value)}, not a whole number")


TargetsOf = Callable[[Any, Frame, Any], tuple[str, ...]]
PromptArgs = Callable[[Any, Frame], Mapping[str, Any]]


def decision_of(state: Any, frame: Frame | None, legal: Iterable[Any], targets_of: TargetsOf,
                prompt_args: PromptArgs | None = None) -> Decision | None:
    """The protocol's decision for the frame on top of the stack (None once the game is over).

    The prompt is the message ``decision.<name>`` with the seat and the game's ``prompt_args``;
    each legal action (by its notation) targets the view element ids ``targets_of`` gives.
    """
    if frame is None:
        return None
    args: dict[str, Any] = {"seat": frame.seat}
    if prompt_args is not None:
        args.update(prompt_args(state, frame))
    targets = {str(action): targets_of(state, frame, action) for action in legal}
    return Decision(frame.seat, frame.kind, Prompt(f"decision.{frame.name}", args), targets)

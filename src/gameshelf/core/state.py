"""A game's state declared once: its class annotations are the fields.

``@game_state`` turns a class whose body annotates its fields into a slotted class, and writes its
``copy`` from the annotations, so a new field is one annotated line and can be forgotten nowhere::

    @game_state
    class State(GameState):
        catalogue: Shared[Catalogue]    # fixed for the game: copies share it
        round: int                      # immutable values (int, bool, str, tuples, frozen frames)
        deck: list[int]                 # a flat list: copied with [:]
        boards: list[list[int]]         # a list of lists: each inner list copied
        chance: Copied[Chance]          # an object with its own copy()
        players: CopiedEach[list[Board]]  # a list of such objects, each copied

The copy is generated as straight-line code (one assignment per field), as fast as a hand-written
one. Methods defined in the class body stay; they must not use zero-argument ``super()`` (the
decorator builds a new class, as ``dataclass(slots=True)`` does).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, TypeVar

T = TypeVar("T")
SelfState = TypeVar("SelfState", bound="GameState")

Shared = Annotated[T, "shared"]
Copied = Annotated[T, "copied"]
CopiedEach = Annotated[T, "copied each"]

_COPY_SOURCE = {
    "shared": "self.{0}",
    "value": "self.{0}",
    "list": "self.{0}[:]",
    "nested": "[inner[:] for inner in self.{0}]",
    "copied": "self.{0}.copy()",
    "copied each": "[item.copy() for item in self.{0}]",
    "dict": "self.{0}.copy()",
}


class GameState:
    """The base of every declared state: ``FIELDS`` (every field, in declaration order) and
    ``SHARED`` (the fields copies share) are filled in by :func:`game_state`."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()
    SHARED: ClassVar[frozenset[str]] = frozenset()
    COPY_KINDS: ClassVar[dict[str, str]] = {}

    def copy(self: SelfState) -> SelfState:
        """An independent copy (written by :func:`game_state` from the declaration)."""
        raise TypeError(f"{type(self).__name__} is not declared with @game_state")


def copy_kind(annotation: str) -> str:
    """How a field of this annotation is copied (see the module docstring)."""
    text = annotation.replace(" ", "")
    for marker, kind in (("Shared[", "shared"), ("CopiedEach[", "copied each"), ("Copied[", "copied")):
        if text.startswith(marker):
            return kind
    if text.startswith("list[list["):
        return "nested"
    if text.startswith("list["):
        return "list"
    if text.startswith("dict["):
        return "dict"
    if text.startswith(("set[", "bytearray")):
        raise TypeError(f"declare {annotation!r} as Copied[...] (it is copied with its copy())")
    return "value"


def game_state(cls: type[SelfState]) -> type[SelfState]:
    """The class rebuilt with ``__slots__`` from its annotations and a generated ``copy``."""
    annotations = {name: (a if isinstance(a, str) else getattr(a, "__name__", str(a)))
                   for name, a in cls.__dict__.get("__annotations__", {}).items()}
    kinds = {name: copy_kind(a) for name, a in annotations.items() if not a.startswith("ClassVar")}
    namespace = {key: value for key, value in cls.__dict__.items()
                 if key not in ("__dict__", "__weakref__") and key not in kinds}
    namespace["__slots__"] = tuple(kinds)
    namespace["FIELDS"] = tuple(kinds)
    namespace["SHARED"] = frozenset(name for name, kind in kinds.items() if kind == "shared")
    namespace["COPY_KINDS"] = dict(kinds)
    built = type(cls.__name__, cls.__bases__, namespace)
    setattr(built, "copy", _compiled_copy(built, kinds))
    return built


def _compiled_copy(cls: type, kinds: dict[str, str]) -> Any:
    lines = ["def copy(self):", "    new = _new(_cls)"]
    lines += [f"    new.{name} = {_COPY_SOURCE[kind].format(name)}" for name, kind in kinds.items()]
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), namespace)  # generated from the class's own annotations, no outside input
    copy = namespace["copy"]
    copy.__doc__ = GameState.copy.__doc__
    copy.__qualname__ = f"{cls.__name__}.copy"
    return copy

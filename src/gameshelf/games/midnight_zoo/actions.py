"""Midnight Zoo actions: small frozen values with a short notation that parses back.

Decision points of 4.14: draft pick, placement menu, cell, effect order/option, discover,
bonus terrain/use, move point (animal, then its move), group moves, variability cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core.errors import BadNotation

from .catalog import CAT, DIRS


@dataclass(frozen=True, slots=True)
class Take:
    """Draft the market tile at position ``pos`` (0-based; notation 1-based)."""
    pos: int

    def __str__(self) -> str:
        return f"take {self.pos + 1}"


@dataclass(frozen=True, slots=True)
class Use:
    """Resolve a tile: ``verb`` place/store/discard; ``tile`` an id (bonus tiles: BR/BG/BS)."""
    verb: str
    tile: str

    def __str__(self) -> str:
        return f"{self.verb} {self.tile}"


@dataclass(frozen=True, slots=True)
class At:
    """The district cell for the tile being placed."""
    cell: int

    def __str__(self) -> str:
        r, c = divmod(self.cell, CAT.cols)
        return f"at {r},{c}"


@dataclass(frozen=True, slots=True)
class Effect:
    """Resolve one effect of a placement: ``tile <symbol>``, ``space``, ``space <reward>``, ``skip``."""
    source: str
    what: str = ""

    def __str__(self) -> str:
        return f"{self.source} {self.what}" if self.what else self.source


@dataclass(frozen=True, slots=True)
class Discover:
    """Discover the animal of an undiscovered spot (named without ``U_``)."""
    spot: str

    def __str__(self) -> str:
        return f"discover {self.spot}"


@dataclass(frozen=True, slots=True)
class Bonus:
    """Take a bonus tile of this terrain."""
    terrain: str

    def __str__(self) -> str:
        return f"bonus {self.terrain}"


@dataclass(frozen=True, slots=True)
class Pick:
    """Choose the animal (named by its spot) that spends the next move."""
    spot: str

    def __str__(self) -> str:
        return f"animal {self.spot}"


@dataclass(frozen=True, slots=True)
class Go:
    """One animal move: ``go D`` (step/slide/forward), ``turn L|R``, ``face D``, ``wake``."""
    kind: str
    dir: str = ""

    def __str__(self) -> str:
        return f"{self.kind} {self.dir}" if self.dir else self.kind


@dataclass(frozen=True, slots=True)
class Stop:
    """Stop: forfeit the remaining move points / group moves / the cheetah's extra step."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Done:
    """End your tile-placement phase (R13)."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Cards:
    """Variability cards: the letters of the cards covering pairs A, B, C (R88)."""
    letters: str

    def __str__(self) -> str:
        return f"cards {self.letters}"


STOP, DONE, SKIP = Stop(), Done(), Effect("skip")
TAKE = tuple(Take(i) for i in range(CAT.market_spaces))
AT = tuple(At(i) for i in range(CAT.cells))
GO = tuple(Go("go", d) for d in DIRS)
FACE = tuple(Go("face", d) for d in DIRS)
TURN_L, TURN_R, WAKE = Go("turn", "L"), Go("turn", "R"), Go("wake")
PICK = tuple(Pick(s) for s in CAT.spot_names)
DISCOVER = tuple(Discover(s) for s in CAT.spot_names)
BONUS = tuple(Bonus(t) for t in CAT.terrains)
USE = {(v, t): Use(v, CAT.tile_id[t]) for v in ("place", "store", "discard")
       for t in range(len(CAT.tile_id))}
SPOT_INDEX = {s: i for i, s in enumerate(CAT.spot_names)}

_VERBS = ("place", "store", "discard")


def parse_action(text: str):
    """Notation back to an action; raises BadNotation."""
    words = text.strip().split()
    if not words:
        raise BadNotation("empty action")
    head, rest = words[0], words[1:]
    try:
        action = _parse(head, rest)
    except (ValueError, IndexError):
        action = None
    if action is None:
        raise BadNotation(f"cannot read {text!r} as a Midnight Zoo action")
    return action


def _parse(head: str, rest: list[str]):
    if len(rest) > 1:
        return None
    arg = rest[0] if rest else ""
    if head in ("stop", "done", "wake", "skip", "space") and not arg:
        return {"stop": STOP, "done": DONE, "wake": WAKE, "skip": SKIP, "space": Effect("space")}[head]
    if not arg:
        return None
    if head == "take" and arg.isdigit() and 1 <= int(arg) <= CAT.market_spaces:
        return TAKE[int(arg) - 1]
    if head in _VERBS and arg in CAT.tile_index:
        return USE[(head, CAT.tile_index[arg])]
    if head == "at":
        r, c = (int(x) for x in arg.split(","))
        ok = 0 <= r < CAT.rows and 0 <= c < CAT.cols and f"{r},{c}" == arg
        return AT[r * CAT.cols + c] if ok else None
    if head in ("tile", "space") and arg in CAT.symbols_all:
        return Effect(head, arg)
    if head == "discover" and arg in SPOT_INDEX:
        return DISCOVER[SPOT_INDEX[arg]]
    if head == "animal" and arg in SPOT_INDEX:
        return PICK[SPOT_INDEX[arg]]
    if head == "bonus" and arg in CAT.terrains:
        return BONUS[CAT.terrains.index(arg)]
    if head in ("go", "face") and arg in DIRS and len(arg) == 1:
        return (GO if head == "go" else FACE)[DIRS.index(arg)]
    if head == "turn" and arg in ("L", "R"):
        return TURN_L if arg == "L" else TURN_R
    if head == "cards" and len(arg) <= len(CAT.pairs) and arg.isalpha() and arg.isupper():
        return Cards(arg)
    return None

"""Midnight Zoo actions: small frozen values with a short notation that parses back.

Decision points of 4.14: draft pick, placement menu, cell, effect order/option, discover,
bonus terrain/use, move point (animal, then its move), group moves, variability cards. The
notation is the core grammar's ``verb arg…`` (``GRAMMAR``). Each action prints itself through its
verb (``Verb.format``); the verbs declare every token of their arguments.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from gameshelf.core.data import load_yaml
from gameshelf.core.errors import BadNotation
from gameshelf.core.notation import Grammar, Verb, parse_int

from .catalog import CAT, DATA, DIRS


@dataclass(frozen=True, slots=True)
class Take:
    """Draft the market tile at position ``pos`` (0-based; notation 1-based)."""
    pos: int

    def __str__(self) -> str:
        return TAKE_VERB.format(self.pos + 1)


@dataclass(frozen=True, slots=True)
class Use:
    """Resolve a tile: ``verb`` place/store/discard; ``tile`` an id (bonus tiles: BR/BG/BS)."""
    verb: str
    tile: str

    def __str__(self) -> str:
        return USE_VERBS[self.verb].format(self.tile)


@dataclass(frozen=True, slots=True)
class At:
    """The district cell for the tile being placed."""
    cell: int

    def __str__(self) -> str:
        r, c = divmod(self.cell, CAT.cols)
        return AT_VERB.format(f"{r},{c}")


@dataclass(frozen=True, slots=True)
class Effect:
    """Resolve one effect of a placement: ``tile <symbol>``, ``space``, ``reward <symbol>``, ``skip``."""
    source: str
    what: str = ""

    def __str__(self) -> str:
        return EFFECT_VERBS[self.source].format(*((self.what,) if self.what else ()))


@dataclass(frozen=True, slots=True)
class Discover:
    """Discover the animal of an undiscovered spot (named without ``U_``)."""
    spot: str

    def __str__(self) -> str:
        return DISCOVER_VERB.format(self.spot)


@dataclass(frozen=True, slots=True)
class Bonus:
    """Take a bonus tile of this terrain."""
    terrain: str

    def __str__(self) -> str:
        return BONUS_VERB.format(self.terrain)


@dataclass(frozen=True, slots=True)
class Pick:
    """Choose the animal (named by its spot) that spends the next move."""
    spot: str

    def __str__(self) -> str:
        return ANIMAL_VERB.format(self.spot)


@dataclass(frozen=True, slots=True)
class Go:
    """One animal move: ``go D`` (step/slide/forward), ``turn L|R``, ``face D``, ``wake``."""
    kind: str
    dir: str = ""

    def __str__(self) -> str:
        return MOVE_VERBS[self.kind].format(*((self.dir,) if self.dir else ()))


@dataclass(frozen=True, slots=True)
class Stop:
    """Stop: forfeit the remaining move points / group moves / the cheetah's extra step."""

    def __str__(self) -> str:
        return STOP_VERB.format()


@dataclass(frozen=True, slots=True)
class Done:
    """End your tile-placement phase (R13)."""

    def __str__(self) -> str:
        return DONE_VERB.format()


@dataclass(frozen=True, slots=True)
class Cards:
    """Variability cards: the letters of the cards covering pairs A, B, C (R88)."""
    letters: str

    def __str__(self) -> str:
        return CARDS_VERB.format(self.letters)


STOP, DONE, SKIP, SPACE = Stop(), Done(), Effect("skip"), Effect("space")
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
PLACE, STORE, DISCARD = (tuple(USE[(verb, t)] for t in range(len(CAT.tile_id))) for verb in ("place", "store", "discard"))
SPOT_INDEX = {s: i for i, s in enumerate(CAT.spot_names)}



def _take(pos: str) -> Take:
    return TAKE[parse_int(pos, what="market position", lo=1, hi=CAT.market_spaces) - 1]


def _use(verb: str):
    return lambda tile: USE[(verb, CAT.tile_index[tile])]


def _at(where: str) -> At:
    r, c = where.split(",")
    row = parse_int(r, what="row", lo=0, hi=CAT.rows - 1)
    col = parse_int(c, what="column", lo=0, hi=CAT.cols - 1)
    if f"{row},{col}" != where:
        raise BadNotation(f"write a space as row,column without leading zeros, not {where!r}")
    return AT[row * CAT.cols + col]


def _symbol(source: str):
    def build(symbol: str) -> Effect:
        if symbol not in CAT.symbols_all:
            raise KeyError(symbol)
        return Effect(source, symbol)
    return build


def _cards(letters: str) -> Cards:
    if not (len(letters) <= len(CAT.pairs) and letters.isascii() and letters.isalpha() and letters.isupper()):
        raise ValueError(letters)
    return Cards(letters)


def _one_of(table: dict):
    return lambda word: table[word]


def _card_orders() -> tuple[str, ...]:
    """Per seat colour, one card or an order of all of them, as letters (R88)."""
    letters: list[str] = []
    for cards in CAT.cards:
        word = "".join(c.letter for c in cards)
        letters += [*word, *("".join(p) for p in permutations(word))]
    return tuple(dict.fromkeys(letters))


# The tokens each argument can take.
POSITIONS = tuple(str(i) for i in range(1, CAT.market_spaces + 1))
CELLS = tuple(f"{r},{c}" for r in range(CAT.rows) for c in range(CAT.cols))
SYMBOLS = tuple(sorted(CAT.symbols_all))
DIRECTIONS = tuple(DIRS)

TAKE_VERB = Verb("take", ("position",), _take, "take 1", domains=(POSITIONS,))
USE_VERBS = {
    "place": Verb("place", ("tile",), _use("place"), "place R17", domains=(CAT.tile_id,)),
    "store": Verb("store", ("tile",), _use("store"), "store G07", domains=(CAT.tile_id,)),
    "discard": Verb("discard", ("tile",), _use("discard"), "discard BR", domains=(CAT.tile_id,)),
}
AT_VERB = Verb("at", ("row,col",), _at, "at 0,4", domains=(CELLS,))
EFFECT_VERBS = {
    "tile": Verb("tile", ("symbol",), _symbol("tile"), "tile move_2", domains=(SYMBOLS,)),
    "space": Verb("space", (), lambda: SPACE, "space"),
    "reward": Verb("reward", ("symbol",), _symbol("reward"), "reward vp_5", domains=(SYMBOLS,)),
    "skip": Verb("skip", (), lambda: SKIP, "skip"),
}
DISCOVER_VERB = Verb("discover", ("spot",), _one_of({s: DISCOVER[i] for s, i in SPOT_INDEX.items()}), "discover L2",
                     domains=(CAT.spot_names,))
BONUS_VERB = Verb("bonus", ("terrain",), _one_of({t: BONUS[i] for i, t in enumerate(CAT.terrains)}), "bonus sand",
                  domains=(CAT.terrains,))
ANIMAL_VERB = Verb("animal", ("spot",), _one_of({s: PICK[i] for s, i in SPOT_INDEX.items()}), "animal T3",
                   domains=(CAT.spot_names,))
MOVE_VERBS = {
    "go": Verb("go", ("direction",), _one_of(dict(zip(DIRS, GO))), "go N", domains=(DIRECTIONS,)),
    "turn": Verb("turn", ("side",), _one_of({"L": TURN_L, "R": TURN_R}), "turn L", domains=(("L", "R"),)),
    "face": Verb("face", ("direction",), _one_of(dict(zip(DIRS, FACE))), "face W", domains=(DIRECTIONS,)),
    "wake": Verb("wake", (), lambda: WAKE, "wake"),
}
STOP_VERB = Verb("stop", (), lambda: STOP, "stop")
DONE_VERB = Verb("done", (), lambda: DONE, "done")
CARDS_VERB = Verb("cards", ("letters",), _cards, "cards FMT", domains=(_card_orders(),))

GRAMMAR = Grammar("Midnight Zoo", (
    TAKE_VERB, *USE_VERBS.values(), AT_VERB, *EFFECT_VERBS.values(), DISCOVER_VERB, BONUS_VERB, ANIMAL_VERB,
    *MOVE_VERBS.values(), STOP_VERB, DONE_VERB, CARDS_VERB,
), load_yaml(DATA / "notation.yaml"))


def parse_action(text: str):
    """Notation back to an action; raises BadNotation."""
    return GRAMMAR.parse(text)

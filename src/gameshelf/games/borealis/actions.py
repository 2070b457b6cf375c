"""Borealis actions: small frozen values with a short notation that parses back (section 4.10).

Notation: ``play 9 R`` (observe card 9 at RIGHT), ``regroup``, ``discard 9`` (mulligan or
regroup discard, one card at a time), ``done`` (end the discards), ``to C`` (regroup location),
``take 12`` (a pool card), ``deck`` (the deck top), ``refresh`` (pay 1 star, new pool).
"""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core.errors import BadNotation
from gameshelf.games.borealis.catalog import CARD_IDS, LOC_LETTERS, N_CARDS


@dataclass(frozen=True, slots=True)
class Observe:
    card: int
    loc: int            # zone index 1..3

    def __str__(self) -> str:
        return f"play {self.card} {LOC_LETTERS[self.loc]}"


@dataclass(frozen=True, slots=True)
class Regroup:
    def __str__(self) -> str:
        return "regroup"


@dataclass(frozen=True, slots=True)
class Discard:
    card: int

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Done:
    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class RegroupTo:
    loc: int

    def __str__(self) -> str:
        return f"to {LOC_LETTERS[self.loc]}"


@dataclass(frozen=True, slots=True)
class TakePool:
    card: int

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class TakeDeck:
    def __str__(self) -> str:
        return "deck"


@dataclass(frozen=True, slots=True)
class Refresh:
    def __str__(self) -> str:
        return "refresh"


Action = Observe | Regroup | Discard | Done | RegroupTo | TakePool | TakeDeck | Refresh

# shared instances, so legal_actions never allocates
OBSERVE = tuple(tuple(Observe(c, z) if c and 1 <= z <= 3 else None for z in range(5))
                for c in range(N_CARDS + 1))
DISCARD = tuple(Discard(c) if c else None for c in range(N_CARDS + 1))
TAKE = tuple(TakePool(c) if c else None for c in range(N_CARDS + 1))
REGROUP_TO = (None, RegroupTo(1), RegroupTo(2), RegroupTo(3))
REGROUP = Regroup()
DONE = Done()
DECK = TakeDeck()
REFRESH = Refresh()

_LOC = {"L": 1, "C": 2, "R": 3}
_WORDS = {"regroup": REGROUP, "done": DONE, "deck": DECK, "refresh": REFRESH}


def _card(text: str, whole: str) -> int:
    if not text.isdigit() or str(int(text)) != text or int(text) not in CARD_IDS:
        raise BadNotation(f"{whole!r}: {text!r} is not a card id 1..{N_CARDS}")
    return int(text)


def _loc(text: str, whole: str) -> int:
    if text not in _LOC:
        raise BadNotation(f"{whole!r}: location must be L, C or R, not {text!r}")
    return _LOC[text]


def parse_action(text: str) -> Action:
    """Notation back to an action; raises BadNotation on anything else."""
    if not isinstance(text, str):
        raise BadNotation(f"notation must be text, not {type(text).__name__}")
    parts = text.split(" ")
    head = parts[0]
    if len(parts) == 1 and head in _WORDS:
        return _WORDS[head]
    if head == "play" and len(parts) == 3:
        return OBSERVE[_card(parts[1], text)][_loc(parts[2], text)]
    if head == "discard" and len(parts) == 2:
        return DISCARD[_card(parts[1], text)]
    if head == "take" and len(parts) == 2:
        return TAKE[_card(parts[1], text)]
    if head == "to" and len(parts) == 2:
        return REGROUP_TO[_loc(parts[1], text)]
    raise BadNotation(f"unknown Borealis action {text!r} (try: play 9 R, regroup, discard 9, done, "
                      "to C, take 12, deck, refresh)")

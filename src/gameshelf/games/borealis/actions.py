"""Borealis actions: small frozen values with a notation that parses back through the core grammar
(``verb arg arg…``; reference 4.10).

Notation: ``play 9 R`` (observe card 9 at RIGHT), ``regroup``, ``discard 9`` (mulligan or
regroup discard, one card at a time), ``done`` (end the discards), ``to C`` (regroup location),
``take 12`` (a pool card), ``deck`` (the deck top), ``refresh`` (pay 1 star, new pool).
Each action prints itself through its verb (``Verb.format``); the verbs declare every card id and
location their arguments can take.
"""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core.data import load_yaml
from gameshelf.core.errors import BadNotation
from gameshelf.core.notation import Grammar, Verb, parse_int
from gameshelf.games.borealis.catalog import DATA, LOC_LETTERS, N_CARDS


@dataclass(frozen=True, slots=True)
class Observe:
    card: int
    loc: int            # zone index 1..3

    def __str__(self) -> str:
        return PLAY_VERB.format(self.card, LOC_LETTERS[self.loc])


@dataclass(frozen=True, slots=True)
class Regroup:
    def __str__(self) -> str:
        return REGROUP_VERB.format()


@dataclass(frozen=True, slots=True)
class Discard:
    card: int

    def __str__(self) -> str:
        return DISCARD_VERB.format(self.card)


@dataclass(frozen=True, slots=True)
class Done:
    def __str__(self) -> str:
        return DONE_VERB.format()


@dataclass(frozen=True, slots=True)
class RegroupTo:
    loc: int

    def __str__(self) -> str:
        return TO_VERB.format(LOC_LETTERS[self.loc])


@dataclass(frozen=True, slots=True)
class TakePool:
    card: int

    def __str__(self) -> str:
        return TAKE_VERB.format(self.card)


@dataclass(frozen=True, slots=True)
class TakeDeck:
    def __str__(self) -> str:
        return DECK_VERB.format()


@dataclass(frozen=True, slots=True)
class Refresh:
    def __str__(self) -> str:
        return REFRESH_VERB.format()


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


def _card(token: str) -> int:
    """A card id 1..90, written without leading zeros (the notation is canonical)."""
    card = parse_int(token, what="card id", lo=1, hi=N_CARDS)
    if str(card) != token:
        raise BadNotation(f"card id {token!r} is written {card}")
    return card


def _loc(token: str) -> int:
    if token not in _LOC:
        raise BadNotation(f"location must be L, C or R, not {token!r}")
    return _LOC[token]


CARD_IDS = tuple(str(card) for card in range(1, N_CARDS + 1))
LOCATIONS = tuple(_LOC)

PLAY_VERB = Verb("play", ("card", "location"), lambda c, z: OBSERVE[_card(c)][_loc(z)], "play 9 R",
                 domains=(CARD_IDS, LOCATIONS))
REGROUP_VERB = Verb("regroup", (), lambda: REGROUP, "regroup")
DISCARD_VERB = Verb("discard", ("card",), lambda c: DISCARD[_card(c)], "discard 9", domains=(CARD_IDS,))
DONE_VERB = Verb("done", (), lambda: DONE, "done")
TO_VERB = Verb("to", ("location",), lambda z: REGROUP_TO[_loc(z)], "to C", domains=(LOCATIONS,))
TAKE_VERB = Verb("take", ("card",), lambda c: TAKE[_card(c)], "take 12", domains=(CARD_IDS,))
DECK_VERB = Verb("deck", (), lambda: DECK, "deck")
REFRESH_VERB = Verb("refresh", (), lambda: REFRESH, "refresh")

GRAMMAR = Grammar("Borealis", (PLAY_VERB, REGROUP_VERB, DISCARD_VERB, DONE_VERB, TO_VERB, TAKE_VERB, DECK_VERB,
                               REFRESH_VERB), load_yaml(DATA / "notation.yaml"))
parse_action = GRAMMAR.parse

"""Iwari action values and their notation (R11-R31, R50-R54, R71).

Notation, the core grammar ``verb arg arg…`` (biome letters t f g c d from data/cards.yaml; a
doubled letter is a wild pair): ``exchange c`` discard a coast card (R13) | ``place N05`` choose
the Place target (R15) | ``tent n22 c`` / ``tent n22 ff`` a tent paid by a card / a pair (R17,
R20) | ``totem c`` | ``done`` end the Place action | ``draw deck`` / ``draw g`` take a card (R29,
R71) | ``unity N10`` / ``honor 4`` place a feat token on a territory / line number |
``decline unity``. Each action prints itself through its verb (``Verb.format``); the verbs declare
the tokens of every argument, per map where the map decides (territories, spaces, line numbers).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

from gameshelf.core.data import load_yaml
from gameshelf.core.errors import BadNotation
from gameshelf.core.notation import Grammar, Verb, parse_int
from gameshelf.games.iwari.catalog import BIOMES, DATA, FEATS, LETTER_INDEX, MapData

FEAT_IDS = tuple(f.id for f in FEATS)
LETTERS = tuple(b.letter for b in BIOMES)
PAYMENTS = (*LETTERS, *(letter + letter for letter in LETTERS))   # a card, or a pair (R17)


@dataclass(frozen=True, slots=True)
class Exchange:
    """Discard one card of this biome, then take one (R13)."""

    biome: str

    def __str__(self) -> str:
        return EXCHANGE_VERB.format(self.biome)


@dataclass(frozen=True, slots=True)
class Target:
    """Choose the one territory of a Place action (R15)."""

    territory: str

    def __str__(self) -> str:
        return PLACE_VERB.format(self.territory)


@dataclass(frozen=True, slots=True)
class Tent:
    """Put a tent on ``space``, paid with ``pay`` (one letter: a card; doubled: a pair)."""

    space: str
    pay: str

    def __str__(self) -> str:
        return TENT_VERB.format(self.space, self.pay)


@dataclass(frozen=True, slots=True)
class Totem:
    """Put a totem on the target's totem space, paid with ``pay``."""

    pay: str

    def __str__(self) -> str:
        return TOTEM_VERB.format(self.pay)


@dataclass(frozen=True, slots=True)
class Done:
    """End the Place action (at least one piece placed, R26)."""

    def __str__(self) -> str:
        return DONE_VERB.format()


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the deck's top card (``deck``) or a display card of a biome letter (R29)."""

    source: str

    def __str__(self) -> str:
        return DRAW_VERB.format(self.source)


@dataclass(frozen=True, slots=True)
class PlaceFeat:
    """Put an earned feat token on a territory id or an alliance line number (R50-R53)."""

    feat: str
    target: str

    def __str__(self) -> str:
        return FEAT_VERBS[self.feat].format(self.target)


@dataclass(frozen=True, slots=True)
class Decline:
    """Do not place an earned feat token; the slot is used up anyway (R54)."""

    feat: str

    def __str__(self) -> str:
        return DECLINE_VERB.format(self.feat)


IwariAction = Exchange | Target | Tent | Totem | Done | Draw | PlaceFeat | Decline
DONE = Done()


def _pay(text: str) -> str:
    """A payment: one biome letter (a card) or a doubled letter (a pair, R17)."""
    if text in LETTER_INDEX or (len(text) == 2 and text[0] == text[1] and text[0] in LETTER_INDEX):
        return text
    raise BadNotation(f"a payment is a biome letter ({', '.join(LETTER_INDEX)}) or a doubled one, not {text!r}")


def _letter(text: str) -> str:
    if text not in LETTER_INDEX:
        raise BadNotation(f"a biome letter is one of {', '.join(LETTER_INDEX)}, not {text!r}")
    return text


def _source(text: str) -> str:
    return "deck" if text == "deck" else _letter(text)


def _map(options: Mapping[str, str]):
    from gameshelf.games.iwari.catalog import MAPS

    return MAPS[options["map"]]


def _territories(players: int, options: Mapping[str, str]) -> tuple[str, ...]:
    return tuple(t.id for t in _map(options).territories)


def _spaces(players: int, options: Mapping[str, str]) -> tuple[str, ...]:
    return _map(options).space_ids


def _line_numbers(players: int, options: Mapping[str, str]) -> tuple[str, ...]:
    return tuple(str(line.n) for line in _map(options).lines)


def _feat_verb(f) -> Verb:
    if f.goes_on == "territory":
        return Verb(f.id, ("territory",), lambda t, f=f: PlaceFeat(f.id, t), f"{f.id} N10",
                    domains=(_territories,))
    return Verb(f.id, ("line",), lambda n, f=f: PlaceFeat(f.id, str(parse_int(n, what="line number"))),
                f"{f.id} 4", domains=(_line_numbers,))


def _decline(feat: str) -> Decline:
    if feat not in FEAT_IDS:
        raise BadNotation(f"a feat is one of {', '.join(FEAT_IDS)}, not {feat!r}")
    return Decline(feat)


EXCHANGE_VERB = Verb("exchange", ("biome",), lambda b: Exchange(_letter(b)), "exchange c", domains=(LETTERS,))
PLACE_VERB = Verb("place", ("territory",), Target, "place N05", domains=(_territories,))
TENT_VERB = Verb("tent", ("space", "pay"), lambda sp, pay: Tent(sp, _pay(pay)), "tent n22 c",
                 domains=(_spaces, PAYMENTS))
TOTEM_VERB = Verb("totem", ("pay",), lambda pay: Totem(_pay(pay)), "totem cc", domains=(PAYMENTS,))
DONE_VERB = Verb("done", (), lambda: DONE, "done")
DRAW_VERB = Verb("draw", ("source",), lambda x: Draw(_source(x)), "draw deck", domains=(("deck", *LETTERS),))
FEAT_VERBS = {f.id: _feat_verb(f) for f in FEATS}
DECLINE_VERB = Verb("decline", ("feat",), _decline, "decline unity", domains=(FEAT_IDS,))

GRAMMAR = Grammar("Iwari", (EXCHANGE_VERB, PLACE_VERB, TENT_VERB, TOTEM_VERB, DONE_VERB, DRAW_VERB,
                            *FEAT_VERBS.values(), DECLINE_VERB), load_yaml(DATA / "notation.yaml"))


def parse_action(text: str) -> IwariAction:
    """Notation back to an action; raises BadNotation."""
    return GRAMMAR.parse(text)


class ActionTable:
    """Every action object a map can use, built once, so legal_actions only picks them."""

    __slots__ = ("target", "tent_single", "tent_pair", "totem_single", "totem_pair",
                 "exchange", "draw_take", "draw_deck", "feat_terr", "feat_line", "decline")

    def __init__(self, m: MapData) -> None:
        letters = [b.letter for b in BIOMES]
        self.target = tuple(Target(t.id) for t in m.territories)
        self.tent_single = tuple(Tent(s, letters[m.territories[m.space_territory[i]].biome])
                                 for i, s in enumerate(m.space_ids))
        self.tent_pair = tuple(tuple(Tent(s, x + x) for x in letters) for s in m.space_ids)
        self.totem_single = tuple(Totem(x) for x in letters)
        self.totem_pair = tuple(Totem(x + x) for x in letters)
        self.exchange = tuple(Exchange(x) for x in letters)
        self.draw_take = tuple(Draw(x) for x in letters)
        self.draw_deck = Draw("deck")
        self.feat_terr = {f.id: tuple(PlaceFeat(f.id, t.id) for t in m.territories) for f in FEATS}
        self.feat_line = {f.id: tuple(PlaceFeat(f.id, str(ln.n)) for ln in m.lines) for f in FEATS}
        self.decline = {f.id: Decline(f.id) for f in FEATS}


@lru_cache(maxsize=None)
def action_table(map_id: str) -> ActionTable:
    from gameshelf.games.iwari.catalog import MAPS

    return ActionTable(MAPS[map_id])

"""Mariposas actions: small frozen values, one per kind of sub-decision, with a notation (R6-R80).

Notation (``verb arg``, one core grammar; ``str(action)`` parses back through ``GRAMMAR``):
  play move_1x3 / play move_1x3+a1 / play move_1x3+a1+a2   an action card, with bonus_add_1 / bonus_add_2 (R6, R65, R66)
  reuse move_2x2            the movement card a reuse card copies (R62, R63)
  seg 3 / seg 1+2 / stop    start the next segment (optionally enlarged by bonus_add_2) / decline the rest (R15)
  fly 4                     which of your butterflies (marker 0-9) carries the segment (R10)
  to r05c07                 one step to an adjacent space (R12)
  pick white                a flower of your choice (wild die face, wildflower city) (R44, R50)
  take green_egg            a card chosen with the two_cards ability (R52)
  adj r05c07 / adj none     move_4_flower's adjacent collection (R61)
  hatch orange / hatch any / hatch none   pay a matched cost of one type, an any-mix cost, or decline (R30)
  pay pink                  one token of an any-mix payment
  bonus32 yes / bonus32 no  use bonus_move_3_2 after the action card (R67)
  exchange none / exchange move_5 / exchange both   keep the hand, or exchange a redundant one (R71)
  free r05c07 / free none   the free hatch between seasons, on a parent's space (R80)
"""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core.data import load_yaml
from gameshelf.core.errors import BadNotation
from gameshelf.core.notation import Grammar, Verb, join, parse_int
from gameshelf.games.mariposas.catalog import CAT, DATA

ANY = 5
BOTH = 7
NONE = -1


@dataclass(frozen=True, slots=True)
class Play:
    card: int
    add1: bool = False
    add2: bool = False

    def __str__(self) -> str:
        return join("play", CAT.action_ids[self.card] + ("+a1" if self.add1 else "") + ("+a2" if self.add2 else ""))


@dataclass(frozen=True, slots=True)
class Reuse:
    card: int

    def __str__(self) -> str:
        return join("reuse", CAT.action_ids[self.card])


@dataclass(frozen=True, slots=True)
class Segment:
    length: int
    plus2: bool = False

    def __str__(self) -> str:
        return join("seg", f"{self.length}+2" if self.plus2 else self.length)


@dataclass(frozen=True, slots=True)
class Stop:
    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Fly:
    slot: int

    def __str__(self) -> str:
        return join("fly", self.slot)


@dataclass(frozen=True, slots=True)
class Step:
    space: int

    def __str__(self) -> str:
        return join("to", CAT.space_ids[self.space])


@dataclass(frozen=True, slots=True)
class Pick:
    flower: int

    def __str__(self) -> str:
        return join("pick", CAT.flower_types[self.flower])


@dataclass(frozen=True, slots=True)
class TakeCard:
    kind: int

    def __str__(self) -> str:
        return join("take", card_kind_id(self.kind))


@dataclass(frozen=True, slots=True)
class Adjacent:
    space: int

    def __str__(self) -> str:
        return join("adj", "none" if self.space < 0 else CAT.space_ids[self.space])


@dataclass(frozen=True, slots=True)
class Hatch:
    mode: int

    def __str__(self) -> str:
        if self.mode < 0:
            return "hatch none"
        return "hatch any" if self.mode == ANY else join("hatch", CAT.flower_types[self.mode])


@dataclass(frozen=True, slots=True)
class Pay:
    flower: int

    def __str__(self) -> str:
        return join("pay", CAT.flower_types[self.flower])


@dataclass(frozen=True, slots=True)
class Bonus32:
    use: bool

    def __str__(self) -> str:
        return "bonus32 yes" if self.use else "bonus32 no"


@dataclass(frozen=True, slots=True)
class Exchange:
    which: int

    def __str__(self) -> str:
        if self.which < 0:
            return "exchange none"
        return "exchange both" if self.which == BOTH else join("exchange", CAT.action_ids[self.which])


@dataclass(frozen=True, slots=True)
class FreeHatch:
    space: int

    def __str__(self) -> str:
        return join("free", "none" if self.space < 0 else CAT.space_ids[self.space])


def card_kind_id(kind: int) -> str:
    """Cards for two_cards: 0-11 life cycle kinds, 12-14 bonus move types."""
    n = len(CAT.lifecycle_ids)
    return CAT.lifecycle_ids[kind] if kind < n else CAT.bonus_ids[kind - n]


CARD_KINDS = tuple(card_kind_id(k) for k in range(len(CAT.lifecycle_ids) + len(CAT.bonus_ids)))


def _index(table: tuple[str, ...], text: str, what: str) -> int:
    try:
        return table.index(text)
    except ValueError:
        raise BadNotation(f"unknown {what} {text!r}") from None


def _space(text: str) -> int:
    if text not in CAT.space_index:
        raise BadNotation(f"unknown space {text!r}")
    return CAT.space_index[text]


def _play(arg: str) -> Play:
    card, *flags = arg.split("+")
    if any(f not in ("a1", "a2") for f in flags) or len(set(flags)) != len(flags) or flags != sorted(flags):
        raise BadNotation(f"bad bonus flags in {arg!r} (write play <card>, <card>+a1, <card>+a2 or <card>+a1+a2)")
    return PLAY[_index(CAT.action_ids, card, "action card"), "a1" in flags, "a2" in flags]


def _number(token: str, what: str, lo: int, hi: int) -> int:
    """A canonical whole number (no leading zeros, so each action has one notation)."""
    value = parse_int(token, what=what, lo=lo, hi=hi)
    if str(value) != token:
        raise BadNotation(f"{what} is written without leading zeros, not {token!r}")
    return value


def _seg(arg: str) -> Segment:
    base, plus, rest = arg.partition("+")
    if plus and rest != "2":
        raise BadNotation(f"bad segment {arg!r} (write seg <length> or seg <length>+2)")
    return Segment(_number(base, "segment length", 1, 99), bool(plus))


def _fly(arg: str) -> Fly:
    return FLY[_number(arg, "butterfly marker", 0, len(CAT.slot_gen) - 1)]


def _exchange(arg: str) -> Exchange:
    if arg == "none":
        return Exchange(NONE)
    if arg == "both":
        return Exchange(BOTH)
    return Exchange(_index(CAT.action_ids, arg, "action card"))


def _hatch(arg: str) -> Hatch:
    if arg == "none":
        return HATCH[NONE]
    if arg == "any":
        return HATCH[ANY]
    return HATCH[_index(CAT.flower_types, arg, "flower")]


def _yes_no(arg: str) -> Bonus32:
    if arg not in ("yes", "no"):
        raise BadNotation(f"bonus32 takes yes or no, not {arg!r}")
    return BONUS32[arg == "yes"]


GRAMMAR = Grammar("Mariposas", (
    Verb("play", ("card",), _play, "play move_1x3"),
    Verb("reuse", ("card",), lambda a: Reuse(_index(CAT.action_ids, a, "action card")), "reuse move_2x2"),
    Verb("seg", ("length",), _seg, "seg 3"),
    Verb("stop", (), lambda: STOP, "stop"),
    Verb("fly", ("marker",), _fly, "fly 0"),
    Verb("to", ("space",), lambda a: STEP[_space(a)], "to r05c07"),
    Verb("pick", ("flower",), lambda a: PICK[_index(CAT.flower_types, a, "flower")], "pick white"),
    Verb("take", ("card",), lambda a: TakeCard(_index(CARD_KINDS, a, "card")), "take green_egg"),
    Verb("adj", ("space",), lambda a: Adjacent(NONE if a == "none" else _space(a)), "adj none"),
    Verb("hatch", ("payment",), _hatch, "hatch any"),
    Verb("pay", ("flower",), lambda a: PAY[_index(CAT.flower_types, a, "flower")], "pay pink"),
    Verb("bonus32", ("yes/no",), _yes_no, "bonus32 yes"),
    Verb("exchange", ("card",), _exchange, "exchange none"),
    Verb("free", ("space",), lambda a: FreeHatch(NONE if a == "none" else _space(a)), "free none"),
), load_yaml(DATA / "notation.yaml"))


def parse_action(text: str):
    """Notation back to an action; raises BadNotation."""
    return GRAMMAR.parse(text)


# Interned values so legal_actions allocates nothing.
NSP = len(CAT.space_ids)
STEP = tuple(Step(i) for i in range(NSP))
STEP_LISTS = tuple(tuple(STEP[j] for j in CAT.adj[i]) for i in range(NSP))
FLY = tuple(Fly(i) for i in range(len(CAT.slot_gen)))
PICK = tuple(Pick(i) for i in range(len(CAT.flower_types)))
PICK_ALL = list(PICK)
PAY = tuple(Pay(i) for i in range(len(CAT.flower_types)))
HATCH = {i: Hatch(i) for i in (NONE, 0, 1, 2, 3, 4, ANY)}
PLAY = {(c, a, b): Play(c, a, b) for c in range(len(CAT.action_ids)) for a in (False, True) for b in (False, True)}
STOP = Stop()
BONUS32 = {True: Bonus32(True), False: Bonus32(False)}

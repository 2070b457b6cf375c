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
Each action prints itself through its verb (``Verb.format``); the verbs declare every token of
their argument.
"""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core.data import load_yaml
from gameshelf.core.errors import BadNotation
from gameshelf.core.notation import Grammar, Verb, parse_int
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
        return PLAY_VERB.format(CAT.action_ids[self.card] + ("+a1" if self.add1 else "") + ("+a2" if self.add2 else ""))


@dataclass(frozen=True, slots=True)
class Reuse:
    card: int

    def __str__(self) -> str:
        return REUSE_VERB.format(CAT.action_ids[self.card])


@dataclass(frozen=True, slots=True)
class Segment:
    length: int
    plus2: bool = False

    def __str__(self) -> str:
        return SEGMENT_VERB.format(f"{self.length}+2" if self.plus2 else self.length)


@dataclass(frozen=True, slots=True)
class Stop:
    def __str__(self) -> str:
        return STOP_VERB.format()


@dataclass(frozen=True, slots=True)
class Fly:
    slot: int

    def __str__(self) -> str:
        return FLY_VERB.format(self.slot)


@dataclass(frozen=True, slots=True)
class Step:
    space: int

    def __str__(self) -> str:
        return STEP_VERB.format(CAT.space_ids[self.space])


@dataclass(frozen=True, slots=True)
class Pick:
    flower: int

    def __str__(self) -> str:
        return PICK_VERB.format(CAT.flower_types[self.flower])


@dataclass(frozen=True, slots=True)
class TakeCard:
    kind: int

    def __str__(self) -> str:
        return TAKE_VERB.format(card_kind_id(self.kind))


@dataclass(frozen=True, slots=True)
class Adjacent:
    space: int

    def __str__(self) -> str:
        return ADJACENT_VERB.format("none" if self.space < 0 else CAT.space_ids[self.space])


@dataclass(frozen=True, slots=True)
class Hatch:
    mode: int

    def __str__(self) -> str:
        if self.mode < 0:
            return HATCH_VERB.format("none")
        return HATCH_VERB.format("any" if self.mode == ANY else CAT.flower_types[self.mode])


@dataclass(frozen=True, slots=True)
class Pay:
    flower: int

    def __str__(self) -> str:
        return PAY_VERB.format(CAT.flower_types[self.flower])


@dataclass(frozen=True, slots=True)
class Bonus32:
    use: bool

    def __str__(self) -> str:
        return BONUS32_VERB.format("yes" if self.use else "no")


@dataclass(frozen=True, slots=True)
class Exchange:
    which: int

    def __str__(self) -> str:
        if self.which < 0:
            return EXCHANGE_VERB.format("none")
        return EXCHANGE_VERB.format("both" if self.which == BOTH else CAT.action_ids[self.which])


@dataclass(frozen=True, slots=True)
class FreeHatch:
    space: int

    def __str__(self) -> str:
        return FREE_HATCH_VERB.format("none" if self.space < 0 else CAT.space_ids[self.space])


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


# The tokens each argument can take.
SEGMENT_LENGTHS = range(1, 12)
ACTION_CARDS = CAT.action_ids
SPACES = CAT.space_ids
FLOWERS = CAT.flower_types
PLAY_TOKENS = tuple(card + flags for card in ACTION_CARDS for flags in ("", "+a1", "+a2", "+a1+a2"))
SEGMENT_TOKENS = tuple(f"{length}{plus}" for length in SEGMENT_LENGTHS for plus in ("", "+2"))

PLAY_VERB = Verb("play", ("card",), _play, "play move_1x3", domains=(PLAY_TOKENS,))
REUSE_VERB = Verb("reuse", ("card",), lambda a: Reuse(_index(ACTION_CARDS, a, "action card")), "reuse move_2x2",
                  domains=(ACTION_CARDS,))
SEGMENT_VERB = Verb("seg", ("length",), _seg, "seg 3", domains=(SEGMENT_TOKENS,))
STOP_VERB = Verb("stop", (), lambda: STOP, "stop")
FLY_VERB = Verb("fly", ("marker",), _fly, "fly 0", domains=(tuple(str(m) for m in range(len(CAT.slot_gen))),))
STEP_VERB = Verb("to", ("space",), lambda a: STEP[_space(a)], "to r05c07", domains=(SPACES,))
PICK_VERB = Verb("pick", ("flower",), lambda a: PICK[_index(FLOWERS, a, "flower")], "pick white", domains=(FLOWERS,))
TAKE_VERB = Verb("take", ("card",), lambda a: TakeCard(_index(CARD_KINDS, a, "card")), "take green_egg",
                 domains=(CARD_KINDS,))
ADJACENT_VERB = Verb("adj", ("space",), lambda a: Adjacent(NONE if a == "none" else _space(a)), "adj none",
                     domains=(("none", *SPACES),))
HATCH_VERB = Verb("hatch", ("payment",), _hatch, "hatch any", domains=(("none", "any", *FLOWERS),))
PAY_VERB = Verb("pay", ("flower",), lambda a: PAY[_index(FLOWERS, a, "flower")], "pay pink", domains=(FLOWERS,))
BONUS32_VERB = Verb("bonus32", ("yes/no",), _yes_no, "bonus32 yes", domains=(("yes", "no"),))
EXCHANGE_VERB = Verb("exchange", ("card",), _exchange, "exchange none", domains=(("none", "both", *ACTION_CARDS),))
FREE_HATCH_VERB = Verb("free", ("space",), lambda a: FreeHatch(NONE if a == "none" else _space(a)), "free none",
                       domains=(("none", *SPACES),))

GRAMMAR = Grammar("Mariposas", (
    PLAY_VERB, REUSE_VERB, SEGMENT_VERB, STOP_VERB, FLY_VERB, STEP_VERB, PICK_VERB, TAKE_VERB, ADJACENT_VERB,
    HATCH_VERB, PAY_VERB, BONUS32_VERB, EXCHANGE_VERB, FREE_HATCH_VERB,
), load_yaml(DATA / "notation.yaml"))


def parse_action(text: str):
    """Notation back to an action; raises BadNotation."""
    return GRAMMAR.parse(text)

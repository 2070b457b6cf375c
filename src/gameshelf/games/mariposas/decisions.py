"""Pending decisions as typed frozen values on one stack, and ``decision(state)`` (R6-R80).

``state.pending`` is a list of frames, the top (last) is the decision to take now; it is empty
only when the game is over. Every frame is a small frozen value naming who decides and the
context the choice needs (the flying butterfly, steps left, tokens left to pay):

==================  ==============================  =============================================
frame               kind                            when
==================  ==============================  =============================================
ChoosePlay          ``mariposas.play``              the action card of a turn (R6)
ChooseReuse         ``mariposas.reuse_target``      the card a reuse card copies (R62-R64)
ChooseSegment       ``mariposas.segment``           the next segment, or stop (R9, R15)
ChooseButterfly     ``mariposas.butterfly``         who flies the segment (R10)
ChooseStep          ``mariposas.step``              one step of the segment (R12)
PickFlower          ``mariposas.pick_flower``       a flower of your choice (R44, R50)
ChooseCard          ``mariposas.take_card``         a card with two_cards (R52)
ChooseAdjacent      ``mariposas.adjacent_flowers``  move_4_flower's adjacent space (R61)
ChooseHatch         ``mariposas.hatch``             hatch and how to pay, or not (R26, R30)
PayFlower           ``mariposas.pay``               one token of an any-mix payment (R30)
ChooseBonus32       ``mariposas.bonus_move_3_2``    use bonus_move_3_2 or not (R67)
ChooseExchange      ``mariposas.exchange``          keep or exchange a full hand (R71, setup 15)
ChooseFreeHatch     ``mariposas.free_hatch``        the free hatch between seasons (R80)
==================  ==============================  =============================================

One frame is not a decision but the landing in progress (:class:`Landing`, R17): it lies under
the landing's decisions and records the next landing stage, so the landing resumes where it
stopped. Frames are interned (:func:`frame`), so pushing one allocates nothing in play.

Targets (``Decision.targets``) use the view's element ids: ``card:<action card id>``,
``butterfly:<seat>.<marker>``, ``space:<space id>``, ``flower:<flower type>``,
``lifecycle:<card id>`` / ``bonus:<card id>`` (cards of the supply) and ``hand:<seat>``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from gameshelf.core.decision import Decision, Prompt
from gameshelf.games.mariposas import actions as A
from gameshelf.games.mariposas.catalog import CAT

# Landing stages (R17): reward, marker/flowers, adjacent collection, hatch, done.
L_REWARD, L_MARKER, L_ADJ, L_HATCH, L_DONE = range(5)
STAGES = ("reward", "marker", "adjacent", "hatch", "done")


@dataclass(frozen=True, slots=True)
class ChoosePlay:
    """R6: play an action card (with add cards)."""
    CODE: ClassVar[int] = 0
    NAME: ClassVar[str] = "play"
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseReuse:
    """R62: the movement card a reuse card copies."""
    CODE: ClassVar[int] = 1
    NAME: ClassVar[str] = "reuse_target"
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseSegment:
    """R9/R15: start the next segment (state.seg_left) or stop."""
    CODE: ClassVar[int] = 2
    NAME: ClassVar[str] = "segment"
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseButterfly:
    """R10: the butterfly that flies a segment of ``steps`` (``adjacent``: move_4_flower's R61)."""
    CODE: ClassVar[int] = 3
    NAME: ClassVar[str] = "butterfly"
    seat: int
    steps: int
    adjacent: bool


@dataclass(frozen=True, slots=True)
class ChooseStep:
    """R12: one more step of butterfly ``slot``; ``steps`` left including this one."""
    CODE: ClassVar[int] = 4
    NAME: ClassVar[str] = "step"
    seat: int
    slot: int
    steps: int
    adjacent: bool


@dataclass(frozen=True, slots=True)
class PickFlower:
    """R44/R50: a flower type of your choice."""
    CODE: ClassVar[int] = 5
    NAME: ClassVar[str] = "pick_flower"
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseCard:
    """R52: a card with the two_cards ability; ``takes`` left including this one."""
    CODE: ClassVar[int] = 6
    NAME: ClassVar[str] = "take_card"
    seat: int
    takes: int


@dataclass(frozen=True, slots=True)
class ChooseAdjacent:
    """R61: the adjacent flower space butterfly ``slot`` collects from, or none."""
    CODE: ClassVar[int] = 7
    NAME: ClassVar[str] = "adjacent_flowers"
    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class ChooseHatch:
    """R26/R30: hatch on butterfly ``slot``'s space (how to pay), or decline."""
    CODE: ClassVar[int] = 8
    NAME: ClassVar[str] = "hatch"
    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class PayFlower:
    """R30: one token of an any-mix payment for butterfly ``slot``; ``left`` tokens to pay."""
    CODE: ClassVar[int] = 9
    NAME: ClassVar[str] = "pay"
    seat: int
    slot: int
    left: int


@dataclass(frozen=True, slots=True)
class ChooseBonus32:
    """R67: use bonus_move_3_2 after the action card, or not."""
    CODE: ClassVar[int] = 10
    NAME: ClassVar[str] = "bonus_move_3_2"
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseExchange:
    """R71 (``setup``: setup step 15, A6): keep the hand or exchange a redundant one."""
    CODE: ClassVar[int] = 11
    NAME: ClassVar[str] = "exchange"
    seat: int
    setup: bool


@dataclass(frozen=True, slots=True)
class ChooseFreeHatch:
    """R80: the free hatch on a previous-generation butterfly's space, or none."""
    CODE: ClassVar[int] = 12
    NAME: ClassVar[str] = "free_hatch"
    seat: int


@dataclass(frozen=True, slots=True)
class Landing:
    """R17: the landing of butterfly ``slot`` in progress; ``stage`` is the next stage to run."""
    CODE: ClassVar[int] = 13
    NAME: ClassVar[str] = "landing"
    seat: int
    slot: int
    stage: int
    adjacent: bool


DECISIONS = (ChoosePlay, ChooseReuse, ChooseSegment, ChooseButterfly, ChooseStep, PickFlower,
             ChooseCard, ChooseAdjacent, ChooseHatch, PayFlower, ChooseBonus32, ChooseExchange,
             ChooseFreeHatch)
FRAMES = DECISIONS + (Landing,)
BY_NAME = {cls.NAME: cls for cls in FRAMES}
KIND_PREFIX = "mariposas."
_INTERNED: dict[tuple, Any] = {}


def frame(cls, *args):
    """The interned frame ``cls(*args)`` (frames are immutable, so equal frames are shared)."""
    key = (cls, *args)
    value = _INTERNED.get(key)
    if value is None:
        value = _INTERNED[key] = cls(*args)
    return value


def _table(cls, *ranges):
    """Nested tuples of interned frames: ``_table(C, r1, r2)[a][b] is frame(C, a, b)`` (for the hot paths)."""
    if not ranges:
        return None
    def build(prefix, rest):
        if not rest:
            return frame(cls, *prefix)
        return tuple(build((*prefix, x), rest[1:]) for x in rest[0])
    return build((), ranges)


SEATS, MARKERS, BOOL = range(CAT.max_players), range(len(CAT.slot_gen)), (False, True)
MAX_STEPS = 14
PLAY_FRAMES = _table(ChoosePlay, SEATS)
SEGMENT_FRAMES = _table(ChooseSegment, SEATS)
BUTTERFLY_FRAMES = _table(ChooseButterfly, SEATS, range(MAX_STEPS), BOOL)
STEP_FRAMES = _table(ChooseStep, SEATS, MARKERS, range(MAX_STEPS), BOOL)
LANDING_FRAMES = _table(Landing, SEATS, MARKERS, range(len(STAGES)), BOOL)
EXCHANGE_FRAMES = _table(ChooseExchange, SEATS, BOOL)


def field_names(cls) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def frame_to_json(f) -> dict[str, Any]:
    """A frame as data: its name and its fields (stage by name)."""
    out: dict[str, Any] = {"kind": f.NAME}
    for name in field_names(type(f)):
        out[name] = STAGES[f.stage] if name == "stage" else getattr(f, name)
    return out


def kind(f) -> str:
    return KIND_PREFIX + f.NAME


# ---- decision(state) ---------------------------------------------------------------------------

def decision(s) -> Decision | None:
    """The pending decision: seat, kind, prompt and, per legal action, the view elements it targets."""
    if s.over:
        return None
    from gameshelf.games.mariposas.rules import legal_actions
    top = s.pending[-1]
    targets = {}
    for action in legal_actions(s):
        ids = targets_of(s, top, action)
        if ids:
            targets[str(action)] = ids
    return Decision(top.seat, kind(top), Prompt(f"decision.{top.NAME}", prompt_args(s, top)), targets)


def prompt_args(s, top) -> dict[str, Any]:
    args: dict[str, Any] = {"seat": top.seat}
    if isinstance(top, (ChooseStep, ChooseButterfly)):
        args["steps"] = top.steps
    if isinstance(top, PayFlower):
        args["left"] = top.left
    if isinstance(top, ChooseCard):
        args["takes"] = top.takes
    return args


# ---- targets: the view elements each legal action points at ------------------------------------

def _card(c: int) -> str:
    return f"card:{CAT.action_ids[c]}"


def _space(sp: int) -> tuple[str, ...]:
    return (f"space:{CAT.space_ids[sp]}",) if sp >= 0 else ()


def _flower(f: int) -> str:
    return f"flower:{CAT.flower_types[f]}"


def _play_targets(s, top, a) -> tuple[str, ...]:
    return (_card(a.card),) + (f"bonus:{CAT.bonus_ids[1]}",) * a.add1 + (f"bonus:{CAT.bonus_ids[2]}",) * a.add2


def _take_targets(s, top, a) -> tuple[str, ...]:
    kind = "lifecycle" if a.kind < len(CAT.lifecycle_ids) else "bonus"
    return (f"{kind}:{A.CARD_KINDS[a.kind]}",)


def _hatch_targets(s, top, a) -> tuple[str, ...]:
    if a.mode < 0:
        return ()
    return (f"butterfly:{top.seat}.{top.slot}",) + ((_flower(a.mode),) if a.mode != A.ANY else ())


def _exchange_targets(s, top, a) -> tuple[str, ...]:
    if a.which == A.BOTH:
        return tuple(sorted({_card(c) for c in s.hands[top.seat]}))
    return (_card(a.which),) if a.which >= 0 else ()


_TARGETERS = {
    A.Play: _play_targets,
    A.Reuse: lambda s, top, a: (_card(a.card),),
    A.Fly: lambda s, top, a: (f"butterfly:{top.seat}.{a.slot}",),
    A.Step: lambda s, top, a: _space(a.space),
    A.Pick: lambda s, top, a: (_flower(a.flower),),
    A.TakeCard: _take_targets,
    A.Adjacent: lambda s, top, a: _space(a.space),
    A.Hatch: _hatch_targets,
    A.Pay: lambda s, top, a: (_flower(a.flower),),
    A.Bonus32: lambda s, top, a: ("bonus:bonus_move_3_2",) if a.use else (),
    A.Exchange: _exchange_targets,
    A.FreeHatch: lambda s, top, a: _space(a.space),
}


def targets_of(s, top, action) -> tuple[str, ...]:
    """The view element ids ``action`` targets (empty for a segment length, stop, or declining)."""
    targeter = _TARGETERS.get(type(action))
    return targeter(s, top, action) if targeter else ()

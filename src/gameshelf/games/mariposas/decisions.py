"""Pending decisions as frames on one stack, and what each decision shows (R6-R80).

``state.pending`` is a list of frames (core.frames.Frame), the top (last) is the decision to take
now; it is empty only when the game is over. Every frame is a small frozen value naming who
decides and the context the choice needs (the flying butterfly, steps left, tokens left to pay):

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
stopped. Frames are interned (:func:`frame` and the tables below), so pushing one allocates
nothing in play.

Targets (``Decision.targets``, :func:`targets_of`) use the view's element ids: ``card:<action card
id>``, ``butterfly:<seat>.<marker>``, ``space:<space id>``, ``flower:<flower type>``,
``lifecycle:<card id>`` / ``bonus:<card id>`` (cards of the supply) and ``hand:<seat>``.

This module is data and presentation only: it imports nothing from the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, ClassVar, Mapping, TypeVar

from gameshelf.core.frames import Frame
from gameshelf.games.mariposas import actions
from gameshelf.games.mariposas.catalog import BONUS_ADD_1, BONUS_ADD_2, BONUS_MOVE_3_2, CAT

# Landing stages (R17), in order: reward (waystation reveal), marker or flowers, adjacent
# collection, hatch, done.
STAGE_REWARD, STAGE_MARKER, STAGE_ADJACENT, STAGE_HATCH, STAGE_DONE = range(5)
STAGES = ("reward", "marker", "adjacent", "hatch", "done")


@dataclass(frozen=True, slots=True)
class ChoosePlay(Frame):
    """R6: play an action card (with add cards)."""
    kind: ClassVar[str] = "mariposas.play"
    rule: ClassVar[str] = "R6"


@dataclass(frozen=True, slots=True)
class ChooseReuse(Frame):
    """R62: the movement card a reuse card copies."""
    kind: ClassVar[str] = "mariposas.reuse_target"
    rule: ClassVar[str] = "R62"


@dataclass(frozen=True, slots=True)
class ChooseSegment(Frame):
    """R9/R15: start the next segment (state.segments_left) or stop."""
    kind: ClassVar[str] = "mariposas.segment"
    rule: ClassVar[str] = "R9"


@dataclass(frozen=True, slots=True)
class ChooseButterfly(Frame):
    """R10: the butterfly that flies a segment of ``steps`` (``adjacent``: move_4_flower's R61)."""
    kind: ClassVar[str] = "mariposas.butterfly"
    rule: ClassVar[str] = "R10"
    steps: int
    adjacent: bool


@dataclass(frozen=True, slots=True)
class ChooseStep(Frame):
    """R12: one more step of butterfly ``marker``; ``steps`` left including this one."""
    kind: ClassVar[str] = "mariposas.step"
    rule: ClassVar[str] = "R12"
    marker: int
    steps: int
    adjacent: bool


@dataclass(frozen=True, slots=True)
class PickFlower(Frame):
    """R44/R50: a flower type of your choice."""
    kind: ClassVar[str] = "mariposas.pick_flower"
    rule: ClassVar[str] = "R44"


@dataclass(frozen=True, slots=True)
class ChooseCard(Frame):
    """R52: a card with the two_cards ability; ``takes`` left including this one."""
    kind: ClassVar[str] = "mariposas.take_card"
    rule: ClassVar[str] = "R52"
    takes: int


@dataclass(frozen=True, slots=True)
class ChooseAdjacent(Frame):
    """R61: the adjacent flower space butterfly ``marker`` collects from, or none."""
    kind: ClassVar[str] = "mariposas.adjacent_flowers"
    rule: ClassVar[str] = "R61"
    marker: int


@dataclass(frozen=True, slots=True)
class ChooseHatch(Frame):
    """R26/R30: hatch on butterfly ``marker``'s space (how to pay), or decline."""
    kind: ClassVar[str] = "mariposas.hatch"
    rule: ClassVar[str] = "R26"
    marker: int


@dataclass(frozen=True, slots=True)
class PayFlower(Frame):
    """R30: one token of an any-mix payment for butterfly ``marker``; ``left`` tokens to pay."""
    kind: ClassVar[str] = "mariposas.pay"
    rule: ClassVar[str] = "R30"
    marker: int
    left: int


@dataclass(frozen=True, slots=True)
class ChooseBonus32(Frame):
    """R67: use bonus_move_3_2 after the action card, or not."""
    kind: ClassVar[str] = "mariposas.bonus_move_3_2"
    rule: ClassVar[str] = "R67"


@dataclass(frozen=True, slots=True)
class ChooseExchange(Frame):
    """R71 (``setup``: setup step 15, A6): keep the hand or exchange a redundant one."""
    kind: ClassVar[str] = "mariposas.exchange"
    rule: ClassVar[str] = "R71"
    setup: bool


@dataclass(frozen=True, slots=True)
class ChooseFreeHatch(Frame):
    """R80: the free hatch on a previous-generation butterfly's space, or none."""
    kind: ClassVar[str] = "mariposas.free_hatch"
    rule: ClassVar[str] = "R80"


@dataclass(frozen=True, slots=True)
class Landing(Frame):
    """R17: the landing of butterfly ``marker`` in progress; ``stage`` is the next stage to run
    (an index into :data:`STAGES`)."""
    kind: ClassVar[str] = "mariposas.landing"
    rule: ClassVar[str] = "R17"
    marker: int
    stage: int
    adjacent: bool


DECISIONS = (ChoosePlay, ChooseReuse, ChooseSegment, ChooseButterfly, ChooseStep, PickFlower,
             ChooseCard, ChooseAdjacent, ChooseHatch, PayFlower, ChooseBonus32, ChooseExchange,
             ChooseFreeHatch)
FRAMES: tuple[type[Frame], ...] = DECISIONS + (Landing,)
KINDS: dict[str, type[Frame]] = {cls.kind: cls for cls in FRAMES}

FrameType = TypeVar("FrameType", bound=Frame)
_INTERNED: dict[tuple[Any, ...], Any] = {}


def frame(cls: type[FrameType], *args: Any) -> FrameType:
    """The interned frame ``cls(*args)`` (frames are immutable, so equal frames are shared)."""
    key = (cls, *args)
    value = _INTERNED.get(key)
    if value is None:
        value = _INTERNED[key] = cls(*args)
    return value


def interned(value: FrameType) -> FrameType:
    """The interned frame equal to ``value`` (a frame read from a position)."""
    return frame(type(value), *(getattr(value, item.name) for item in fields(value)))


def _table(cls: type[Frame], *ranges: range | tuple[bool, ...]) -> Any:
    """Nested tuples of interned frames: ``_table(C, r1, r2)[a][b] is frame(C, a, b)`` (for the hot paths)."""
    def build(prefix: tuple[Any, ...], rest: tuple[Any, ...]) -> Any:
        if not rest:
            return frame(cls, *prefix)
        return tuple(build((*prefix, value), rest[1:]) for value in rest[0])
    return build((), ranges)


SEATS, MARKERS, BOOLEANS = range(CAT.max_players), range(len(CAT.slot_gen)), (False, True)
MAX_STEPS = 14
PLAY_FRAMES: tuple[ChoosePlay, ...] = _table(ChoosePlay, SEATS)
SEGMENT_FRAMES: tuple[ChooseSegment, ...] = _table(ChooseSegment, SEATS)
BUTTERFLY_FRAMES = _table(ChooseButterfly, SEATS, range(MAX_STEPS), BOOLEANS)
STEP_FRAMES = _table(ChooseStep, SEATS, MARKERS, range(MAX_STEPS), BOOLEANS)
LANDING_FRAMES = _table(Landing, SEATS, MARKERS, range(len(STAGES)), BOOLEANS)
EXCHANGE_FRAMES = _table(ChooseExchange, SEATS, BOOLEANS)


# ---- the prompt and the view elements each legal action points at --------------------------------

def prompt_args(state: Any, top: Frame) -> dict[str, Any]:
    """The prompt's arguments besides the seat: steps left, tokens left to pay, cards left to take."""
    if isinstance(top, (ChooseStep, ChooseButterfly)):
        return {"steps": top.steps}
    if isinstance(top, PayFlower):
        return {"left": top.left}
    if isinstance(top, ChooseCard):
        return {"takes": top.takes}
    return {}


def _card(card: int) -> str:
    return f"card:{CAT.action_ids[card]}"


def _space(space: int) -> tuple[str, ...]:
    return (f"space:{CAT.space_ids[space]}",) if space >= 0 else ()


def _flower(flower: int) -> str:
    return f"flower:{CAT.flower_types[flower]}"


def _play_targets(state: Any, top: Any, action: actions.Play) -> tuple[str, ...]:
    return ((_card(action.card),) + (f"bonus:{CAT.bonus_ids[BONUS_ADD_1]}",) * action.add1
            + (f"bonus:{CAT.bonus_ids[BONUS_ADD_2]}",) * action.add2)


def _take_targets(state: Any, top: Any, action: actions.TakeCard) -> tuple[str, ...]:
    family = "lifecycle" if action.kind < len(CAT.lifecycle_ids) else "bonus"
    return (f"{family}:{actions.CARD_KINDS[action.kind]}",)


def _hatch_targets(state: Any, top: Any, action: actions.Hatch) -> tuple[str, ...]:
    if action.mode < 0:
        return ()
    butterfly = f"butterfly:{top.seat}.{top.marker}"
    return (butterfly,) + ((_flower(action.mode),) if action.mode != actions.ANY else ())


def _exchange_targets(state: Any, top: Any, action: actions.Exchange) -> tuple[str, ...]:
    if action.which == actions.BOTH:
        return tuple(sorted({_card(card) for card in state.hands[top.seat]}))
    return (_card(action.which),) if action.which >= 0 else ()


_TARGETERS: Mapping[type, Callable[[Any, Any, Any], tuple[str, ...]]] = {
    actions.Play: _play_targets,
    actions.Reuse: lambda state, top, action: (_card(action.card),),
    actions.Fly: lambda state, top, action: (f"butterfly:{top.seat}.{action.slot}",),
    actions.Step: lambda state, top, action: _space(action.space),
    actions.Pick: lambda state, top, action: (_flower(action.flower),),
    actions.TakeCard: _take_targets,
    actions.Adjacent: lambda state, top, action: _space(action.space),
    actions.Hatch: _hatch_targets,
    actions.Pay: lambda state, top, action: (_flower(action.flower),),
    actions.Bonus32: lambda state, top, action: (f"bonus:{CAT.bonus_ids[BONUS_MOVE_3_2]}",) if action.use else (),
    actions.Exchange: _exchange_targets,
    actions.FreeHatch: lambda state, top, action: _space(action.space),
}


def targets_of(state: Any, top: Frame, action: Any) -> tuple[str, ...]:
    """The view element ids ``action`` targets (empty for a segment length, stop, or declining)."""
    targeter = _TARGETERS.get(type(action))
    return targeter(state, top, action) if targeter else ()

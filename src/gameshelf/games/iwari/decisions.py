"""Iwari's pending decisions: one frame class per kind (core.frames.Frame), kept on
``State.pending`` (top = last).

A turn (R10-R14) is a short sequence of decisions, each a frame naming who decides and what it
needs to know:

=====================  =================================  =========================================
frame                  kind                               what the seat decides
=====================  =================================  =========================================
``ChooseAction``       ``iwari.choose_action``            Exchange a card or choose a Place target
                                                          (R11-R15)
``PlacePieces``        ``iwari.place_pieces``             the next piece of a Place action, or done
                                                          (R16-R26; the third tribe's too, R40-R41)
``ThirdTribeTarget``   ``iwari.third_tribe_target``       the third tribe's territory (R40-R42)
``PlaceFeatToken``     ``iwari.place_feat``               where an earned feat token goes (R50-R55)
``DrawCards``          ``iwari.draw``                     deck or display, until the hand holds 3
                                                          (R29-R30)
``DraftPick``          ``iwari.draft_pick``               a starting card in the draft (R71, A24)
=====================  =================================  =========================================

Earned feat tokens are stacked so the first to resolve (R59) is on top. The game is over when the
stack is empty. The protocol's decision is built from the top frame (core.frames.decision_of):
the prompt ``decision.<name>`` (data/messages.yaml) with :func:`prompt_args`, and the view element
ids each legal action targets (:func:`targets_of`): ``territory:<id>`` (a territory of the map),
``space:<id>`` (a tent space), ``line:<n>`` (an alliance line by number), ``hand:<biome>`` (a card
of that biome in the seat's hand), ``display:<biome>`` (a display card of that biome),
``deck:top`` (the deck's top card). Each id names an entry of the view (see view.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from gameshelf.core.frames import Frame
from gameshelf.games.iwari.actions import Draw, Exchange, PlaceFeat, Target, Tent, Totem
from gameshelf.games.iwari.catalog import BIOMES, FEAT_INDEX, FEATS, LETTER_INDEX


@dataclass(frozen=True, slots=True)
class ChooseAction(Frame):
    """``seat`` chooses its action: Exchange (R13) or the target of a Place action (R15)."""

    kind = "iwari.choose_action"
    rule = "R11"


@dataclass(frozen=True, slots=True)
class PlacePieces(Frame):
    """``seat`` places pieces of ``tribe`` in the territory of index ``territory`` (R16-R26, R40-R41).

    ``pieces`` and ``cards`` placed and paid so far in this action; ``unexplored``: the territory
    was unexplored when chosen (R19); ``filled``: a territory index this action filled (R51), or -1.
    """

    kind = "iwari.place_pieces"
    rule = "R16"
    tribe: int
    territory: int
    pieces: int = 0
    cards: int = 0
    unexplored: bool = False
    filled: int = -1


_new = object.__new__
_SETTERS: tuple[Callable[[Any, Any], None], ...] = tuple(
    getattr(PlacePieces, name).__set__
    for name in ("seat", "tribe", "territory", "pieces", "cards", "unexplored", "filled"))


@lru_cache(maxsize=None, typed=True)
def place_pieces(seat: int, tribe: int, territory: int, pieces: int, cards: int, unexplored: bool,
                 filled: int) -> PlacePieces:
    """``PlacePieces(...)``, built once per value: frames are immutable, so every Place action
    with the same fields shares one (search applies one per piece placed). Built with its fields
    set straight through the slots (the frozen dataclass's ``__init__`` sets each through
    ``object.__setattr__``); ``typed``: ``unexplored`` True and 1 stay apart."""
    setters = _SETTERS
    frame = _new(PlacePieces)
    setters[0](frame, seat), setters[1](frame, tribe), setters[2](frame, territory)
    setters[3](frame, pieces), setters[4](frame, cards), setters[5](frame, unexplored)
    setters[6](frame, filled)
    return frame


@dataclass(frozen=True, slots=True)
class ThirdTribeTarget(Frame):
    """``seat`` chooses where the third tribe places, with the cards left in hand (R40-R42)."""

    kind = "iwari.third_tribe_target"
    rule = "R42"


@dataclass(frozen=True, slots=True)
class PlaceFeatToken(Frame):
    """``seat`` places (or declines) the earned ``feat`` token (feat index; R50-R55).

    ``filled``: the territory index the Place action filled (R51: discovery goes elsewhere), or -1;
    ``cards``: the cards that action used (R43 decides the third-tribe step after the feats).
    """

    kind = "iwari.place_feat"
    rule = "R54"
    feat: int
    filled: int = -1
    cards: int = 0


@dataclass(frozen=True, slots=True)
class DrawCards(Frame):
    """``seat`` takes cards from the deck or the display until the hand holds 3 (R29-R30)."""

    kind = "iwari.draw"
    rule = "R29"


@dataclass(frozen=True, slots=True)
class DraftPick(Frame):
    """``seat`` drafts its starting cards (R71); ``left``: drafters still to pick, this one included (A24)."""

    kind = "iwari.draft_pick"
    rule = "R71"
    left: int


# The one-field frames are immutable, so one value per seat serves every turn (no allocation in
# the hot path of search).
CHOOSE_ACTION = tuple(ChooseAction(seat) for seat in range(5))
DRAW_CARDS = tuple(DrawCards(seat) for seat in range(5))
THIRD_TRIBE_TARGET = tuple(ThirdTribeTarget(seat) for seat in range(5))

PendingDecision = ChooseAction | PlacePieces | ThirdTribeTarget | PlaceFeatToken | DrawCards | DraftPick
FRAMES: tuple[type[Frame], ...] = (ChooseAction, PlacePieces, ThirdTribeTarget, PlaceFeatToken, DrawCards,
                                   DraftPick)
KINDS: dict[str, type[Frame]] = {cls.kind: cls for cls in FRAMES}


def _hand(pay: str) -> tuple[str, ...]:
    return (f"hand:{BIOMES[LETTER_INDEX[pay[0]]].id}",)


def targets_of(state: Any, frame: Frame, action: Any) -> tuple[str, ...]:
    """The view element ids ``action`` targets (see the module docstring)."""
    match action:
        case Exchange():
            return _hand(action.biome)
        case Target():
            return (f"territory:{action.territory}",)
        case Tent():
            return (f"space:{action.space}",) + _hand(action.pay)
        case Totem() if isinstance(frame, PlacePieces):
            return (f"territory:{state.map.territories[frame.territory].id}",) + _hand(action.pay)
        case Draw():
            if action.source == "deck":
                return ("deck:top",)
            return (f"display:{BIOMES[LETTER_INDEX[action.source]].id}",)
        case PlaceFeat():
            place = "territory" if FEATS[FEAT_INDEX[action.feat]].goes_on == "territory" else "line"
            return (f"{place}:{action.target}",)
    return ()


def prompt_args(state: Any, frame: Frame) -> dict[str, Any]:
    """The prompt's arguments beside the seat: the territory, tribe or feat it is about."""
    if isinstance(frame, PlacePieces):
        return {"territory": state.map.territories[frame.territory].id,
                "player": frame.tribe if frame.tribe < state.players else "third_tribe"}
    if isinstance(frame, PlaceFeatToken):
        return {"feat": FEATS[frame.feat].id}
    return {}

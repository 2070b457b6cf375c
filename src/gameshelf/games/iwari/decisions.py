"""Iwari's pending decisions: one frozen value per kind, kept on ``State.pending`` (top = last).

A turn (R10-R14) is a short sequence of decisions, each a value naming who decides and what it
needs to know:

=====================  =================================  =========================================
value                  kind                               what the seat decides
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
stack is empty. ``decision(state)`` describes the top for a client: the seat, the kind, the prompt
(``decision.<name>`` in data/messages.yaml) and the view element ids each legal action targets:
``territory:<id>`` (a territory of the map), ``space:<id>`` (a tent space), ``line:<n>`` (an
alliance line by number), ``hand:<biome>`` (a card of that biome in the seat's hand),
``display:<biome>`` (a display card of that biome), ``deck:top`` (the deck's top card). Each id
names an entry of the view (see view.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core.decision import Decision, Prompt
from gameshelf.games.iwari.actions import Draw, Exchange, PlaceFeat, Target, Tent, Totem
from gameshelf.games.iwari.catalog import BIOMES, FEAT_INDEX, FEATS, LETTER_INDEX


@dataclass(frozen=True, slots=True)
class ChooseAction:
    """``seat`` chooses its action: Exchange (R13) or the target of a Place action (R15)."""

    KIND = "iwari.choose_action"
    seat: int


@dataclass(frozen=True, slots=True)
class PlacePieces:
    """``seat`` places pieces of ``tribe`` in territory index ``terr`` (R16-R26, R40-R41).

    ``pieces`` and ``cards`` placed and paid so far in this action; ``unexplored``: the territory
    was unexplored when chosen (R19); ``filled``: a territory index this action filled (R51), or -1.
    """

    KIND = "iwari.place_pieces"
    seat: int
    tribe: int
    terr: int
    pieces: int = 0
    cards: int = 0
    unexplored: bool = False
    filled: int = -1


_new = object.__new__
_SET = tuple(PlacePieces.__dict__[name].__set__
             for name in ("seat", "tribe", "terr", "pieces", "cards", "unexplored", "filled"))


def place_pieces(seat: int, tribe: int, terr: int, pieces: int, cards: int, unexplored: bool,
                 filled: int, _set=_SET) -> PlacePieces:
    """``PlacePieces(...)`` without the frozen dataclass's ``__init__`` (the same value, built in
    about half the time: search builds one per piece placed)."""
    d = _new(PlacePieces)
    _set[0](d, seat), _set[1](d, tribe), _set[2](d, terr), _set[3](d, pieces)
    _set[4](d, cards), _set[5](d, unexplored), _set[6](d, filled)
    return d


@dataclass(frozen=True, slots=True)
class ThirdTribeTarget:
    """``seat`` chooses where the third tribe places, with the cards left in hand (R40-R42)."""

    KIND = "iwari.third_tribe_target"
    seat: int


@dataclass(frozen=True, slots=True)
class PlaceFeatToken:
    """``seat`` places (or declines) the earned ``feat`` token (feat index; R50-R55).

    ``filled``: the territory index the Place action filled (R51: discovery goes elsewhere), or -1;
    ``cards``: the cards that action used (R43 decides the third-tribe step after the feats).
    """

    KIND = "iwari.place_feat"
    seat: int
    feat: int
    filled: int = -1
    cards: int = 0


@dataclass(frozen=True, slots=True)
class DrawCards:
    """``seat`` takes cards from the deck or the display until the hand holds 3 (R29-R30)."""

    KIND = "iwari.draw"
    seat: int


@dataclass(frozen=True, slots=True)
class DraftPick:
    """``seat`` drafts its starting cards (R71); ``left``: drafters still to pick, this one included (A24)."""

    KIND = "iwari.draft_pick"
    seat: int
    left: int


# The one-field decisions are immutable, so one value per seat serves every turn (no allocation in
# the hot path of search).
CHOOSE_ACTION = tuple(ChooseAction(seat) for seat in range(5))
DRAW_CARDS = tuple(DrawCards(seat) for seat in range(5))
THIRD_TRIBE_TARGET = tuple(ThirdTribeTarget(seat) for seat in range(5))

PendingDecision = ChooseAction | PlacePieces | ThirdTribeTarget | PlaceFeatToken | DrawCards | DraftPick
KINDS = {cls.KIND.split(".", 1)[1]: cls for cls in
         (ChooseAction, PlacePieces, ThirdTribeTarget, PlaceFeatToken, DrawCards, DraftPick)}
KIND_NAME = {cls: name for name, cls in KINDS.items()}


def decision(state) -> Decision | None:
    """The top of the decision stack with its prompt and the targets of each legal action."""
    if not state.pending:
        return None
    from gameshelf.games.iwari.rules import legal_actions

    top = state.pending[-1]
    targets = {str(a): targets_of(state, top, a) for a in legal_actions(state)}
    prompt = Prompt(f"decision.{KIND_NAME[type(top)]}", prompt_args(state, top))
    return Decision(top.seat, top.KIND, prompt, targets)


def _hand(pay: str) -> tuple[str, ...]:
    return (f"hand:{BIOMES[LETTER_INDEX[pay[0]]].id}",)


def targets_of(state, top, a) -> tuple[str, ...]:
    """The view element ids action ``a`` targets (see the module docstring)."""
    m = state.map
    match a:
        case Exchange():
            return _hand(a.biome)
        case Target():
            return (f"territory:{a.territory}",)
        case Tent():
            return (f"space:{a.space}",) + _hand(a.pay)
        case Totem():
            return (f"territory:{m.territories[top.terr].id}",) + _hand(a.pay)
        case Draw():
            return ("deck:top",) if a.source == "deck" else (f"display:{BIOMES[LETTER_INDEX[a.source]].id}",)
        case PlaceFeat():
            kind = "territory" if FEATS[FEAT_INDEX[a.feat]].goes_on == "territory" else "line"
            return (f"{kind}:{a.target}",)
    return ()


def prompt_args(state, top) -> dict:
    """The prompt's arguments: the seat, and the territory, tribe or feat it is about."""
    args: dict = {"seat": top.seat}
    if isinstance(top, PlacePieces):
        args["territory"] = state.map.territories[top.terr].id
        args["player"] = top.tribe if top.tribe < state.players else "third_tribe"
    elif isinstance(top, PlaceFeatToken):
        args["feat"] = FEATS[top.feat].id
    return args

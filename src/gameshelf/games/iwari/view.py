"""Iwari per-seat views (R27) and determinization for search bots.

A view is the header every game's view starts with (core.view), then the public part of the
position (position.py) with the counts a player sees at a glance, the seat's own hand and the
board's element ids; ``determinize`` deals the unseen cards at random and reseeds the chance
stream, then decodes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from typing_extensions import TypedDict

from gameshelf.core.chance import Chance
from gameshelf.core.frames import frame_to_json
from gameshelf.core.view import ViewHeader, view_header
from gameshelf.games.iwari.catalog import BIOME_INDEX, MAPS, NB, deck_counts
from gameshelf.games.iwari.heuristics import board_terms
from gameshelf.games.iwari.position import cards, counts, decode, public
from gameshelf.games.iwari.state import State


class SupplyView(TypedDict):
    """Pieces a tribe has not placed yet (2.3)."""

    tents: int
    totems: int


class FinalView(TypedDict):
    """A tribe's final scoring (R73), by category."""

    tents: int
    settlements: int
    totems: int
    long_road: int


class IwariView(ViewHeader):
    """What one seat (or a spectator, ``seat`` None) sees: everything but the deck order, the
    chance stream and the other seats' hands (R27).

    ``decision`` (the header's) is the top pending frame as JSON (decisions.py: ``kind``,
    ``seat`` and the frame's fields, territories and feats by index); ``pending`` is the whole
    stack, top last. Element ids a decision targets (decisions.py) and where they are:
    ``territory:<id>`` a key of ``territories``; ``space:<id>`` a space listed there; ``line:<n>``
    a number in ``lines``; ``hand:<biome>`` a card of ``hand``; ``display:<biome>`` a card of
    ``display``; ``deck:top`` the deck (``deck_size`` cards). Tribes are numbers: seats, then the
    2-player third tribe.
    """

    map: str                                # the board's id (options.map)
    tribes: int                             # players, plus the third tribe with 2 players
    options: dict[str, str]
    territories: dict[str, list[str]]       # territory id -> its tent space ids
    lines: list[int]                        # alliance line numbers
    mountains: list[int]                    # blocked alliance lines
    first_player: int
    pending: list[dict[str, Any]]           # the decision stack as frame JSON, top last
    deck_size: int
    discard: dict[str, int]                 # biome id -> cards
    display: list[str]                      # biome ids
    hand_sizes: list[int]
    hand: list[str] | None                  # the seat's own cards; None for a spectator
    exhaustions: int
    tents: dict[str, int]                   # space id -> tribe
    totems: dict[str, list[int]]            # territory id -> totems per tribe
    supply: list[SupplyView]
    territory_feats: dict[str, int]         # territory id -> feat tokens on it
    line_feats: dict[str, int]              # line number -> feat tokens on it
    feats_earned: dict[str, list[int]]      # feat id -> seats, in order
    feat_tokens: list[list[str]]            # [feat id, territory id or line number], in order
    feat_interim: dict[str, list[int]]      # feat id -> interim bonus per tribe
    expeditions: list[str]
    expeditions_scored: list[list[int]]
    scores: list[int]
    interim: list[int]
    expedition_points: list[int]
    final: list[FinalView] | None
    end_reason: str | None


@lru_cache(maxsize=None)
def _board(map_id: str) -> tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[int, ...]]:
    board = MAPS[map_id]
    return (tuple((place.id, tuple(board.space_ids[space] for space in place.spaces)) for place in board.territories),
            tuple(line.n for line in board.lines))


def view(state: State, seat: int | None) -> IwariView:
    """R27: everything public, the seat's own hand; deck order and other hands never."""
    board = state.map
    territories, lines = _board(board.id)
    shared = public(state)
    to_act = state.pending[-1].seat if state.pending else None
    data: Any = view_header("iwari", seat, state.players, to_act, state.ply,
                            frame_to_json(state.pending[-1]) if state.pending else None)
    data.update(shared)
    data.update(
        map=board.id, tribes=state.tribes, territories={territory: list(spaces) for territory, spaces in territories},
        lines=list(lines), deck_size=len(state.deck),
        hand_sizes=[sum(state.hands[player * NB:(player + 1) * NB]) for player in range(state.players)],
        hand=cards(state.hands[seat * NB:(seat + 1) * NB]) if seat is not None else None,
        supply=[{"tents": state.supply_tents[tribe], "totems": state.supply_totems[tribe]}
                for tribe in range(state.tribes)],
        territory_feats={board.territories[territory].id: tokens
                         for territory, tokens in enumerate(state.territory_feats) if tokens},
        line_feats={str(board.lines[index].n): tokens for index, tokens in enumerate(state.line_feats) if tokens},
    )
    return data


def determinize(view_data: dict[str, Any], chance: Chance) -> State:
    """A full state consistent with ``view_data``: unseen cards dealt from ``chance``, chance reseeded.

    The draws, in order: one shuffle of the unseen cards (hidden hands in seat order take cards
    from its end, the deck keeps the rest), then the new stream's seed. Everything else comes from
    the view alone, so it is built once per view (a search determinizes the same view thousands
    of times) and copied: the state equals the plain version's
    (tests/agents/test_determinize_templates.py)."""
    template = _template(view_data)
    unseen = list(template.unseen)
    chance.shuffle(unseen)
    state = template.state.copy()
    hands = state.hands
    for seat, size in template.hidden_hands:
        base = seat * NB
        for _ in range(size):
            hands[base + unseen.pop()] += 1
    state.deck = unseen
    state.chance = Chance(chance.next64())
    return state


def current_seat(view_data: dict[str, Any]) -> int:
    """The seat whose turn it is, as the state keeps it: the seat to act (the first player once
    the game is over: no rule reads it then)."""
    to_act = view_data["to_act"]
    return view_data["first_player"] if to_act is None else to_act


class _Template:
    """What a view fixes for every determinization: the state with its hidden parts left blank."""

    __slots__ = ("view", "state", "unseen", "hidden_hands")

    view: dict[str, Any]
    state: State
    unseen: tuple[int, ...]
    hidden_hands: tuple[tuple[int, int], ...]


_LAST: list[_Template] = []  # the last view's template (a search asks for the same view again and again)


def _template(view_data: dict[str, Any]) -> _Template:
    last = _LAST[0] if _LAST else None  # read once: another thread may replace it meanwhile
    if last is not None and last.view is view_data:
        return last
    seat = view_data["seat"]
    pool = deck_counts(view_data["players"])
    seen = counts(view_data["display"])
    for biome, count in view_data["discard"].items():
        seen[BIOME_INDEX[biome]] += count
    if seat is not None:
        seen = [public + own for public, own in zip(seen, counts(view_data["hand"]))]
    template = _Template()
    template.view = view_data
    template.unseen = tuple(biome for biome in range(NB) for _ in range(pool[biome] - seen[biome]))
    template.hidden_hands = tuple((player, size) for player, size in enumerate(view_data["hand_sizes"])
                                  if player != seat)
    hands = [list(view_data["hand"]) if player == seat else [] for player in range(len(view_data["hand_sizes"]))]
    template.state = decode(dict(view_data, current=current_seat(view_data), hands=hands, deck=[], chance=0))
    board_terms(template.state)  # the board's heuristic terms, shared by every determinization's copy
    _LAST[:] = [template]
    return template

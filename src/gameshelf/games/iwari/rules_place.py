"""The Place action, one small decision at a time (R15-R26, the 3-2-1 rule; R40-R41 for the third
tribe): its legality, its pieces, and why a choice is illegal.

A Place action is: choose the territory (``place T``), then up to two pieces each with its payment
(``tent space pay`` / ``totem pay``), then ``done`` (rules_feats.py: what follows the action). The
totem limit K(T) <= M(T) (R23) is judged on the END state of the action (R24, A4), and the player
chooses the order of the two pieces: a first totem may exceed the limit when the tribe's own tent
can still lift M(T) (the tribe holds M(T) tents, a tent, an empty space and a payment remain);
``done`` is then refused until that tent is placed.
"""

from __future__ import annotations

from functools import lru_cache
from operator import lt
from typing import Any, NamedTuple

from gameshelf.core.game import Event
from gameshelf.games.iwari.actions import DONE, Target, Tent, Totem, action_table
from gameshelf.games.iwari.catalog import LETTER_INDEX, MAPS, NB
from gameshelf.games.iwari.events import piece_event, target_event
from gameshelf.games.iwari.heuristics import area_changed
from gameshelf.games.iwari.decisions import PlacePieces, place_pieces
from gameshelf.games.iwari.rules_draw import tribe_arg
from gameshelf.games.iwari.scoring import in_settlement
from gameshelf.games.iwari.state import State

Reason = tuple[str, str]  # (rule, why a choice is illegal)


def hand_of(state: State, seat: int) -> list[int]:
    return state.hands[seat * NB:(seat + 1) * NB]


def max_tents(state: State, territory: int) -> int:
    """M(T): the largest tent count of any tribe in the territory (R8)."""
    return max(state.tents[territory::len(state.map.territories)])


def can_payment(hand: list[int], biome: int) -> bool:
    """R17: a matching card, or any pair."""
    return hand[biome] > 0 or max(hand) >= 2


def totem_room(state: State, tribe: int, territory: int) -> bool:
    """R21-R23: a totem space, a totem in supply, and K(T) + 1 <= M(T)."""
    return (state.map.territories[territory].totem_space and state.supply_totems[tribe] > 0
            and state.totem_stacks[territory] < max_tents(state, territory))


def pays_tent_after(hand: list[int], biome: int, pay: int, paid: int) -> bool:
    """After paying ``paid`` cards of biome ``pay``, can the rest still pay one piece in ``biome``?"""
    rest = hand[:]
    rest[pay] -= paid
    return rest[biome] > 0 or max(rest) >= 2


def totem_first_over_limit(state: State, tribe: int, territory: int, pieces: int) -> bool:
    """R24: a first totem with K(T) + 1 > M(T) is possible only if this tribe's own second piece,
    a tent, lifts M(T) enough: the tribe holds K(T) tents there, a tent and an empty space remain."""
    place = state.map.territories[territory]
    return (pieces == 0 and place.totem_space and state.supply_totems[tribe] > 0
            and state.supply_tents[tribe] > 0 and state.filled[territory] < len(place.spaces)
            and state.totem_stacks[territory] <= state.tents[tribe * len(state.map.territories) + territory])


def limit_exceeded(state: State, frame: PlacePieces) -> bool:
    """Mid-action only: a first totem above the limit awaits its tent (R23, R24)."""
    return state.totem_stacks[frame.territory] > max_tents(state, frame.territory)


def can_place_in(state: State, tribe: int, territory: int, hand: list[int]) -> bool:
    """Is there at least one legal first piece, with a payment, for ``tribe`` in the territory?"""
    place = state.map.territories[territory]
    if not can_payment(hand, place.biome):
        return False
    if state.supply_tents[tribe] > 0 and state.filled[territory] < len(place.spaces):
        return True
    return state.filled[territory] > 0 and totem_room(state, tribe, territory)


class TerritoryRow(NamedTuple):
    """What the Place target rules read of one territory, fixed by the map."""

    territory: int
    biome: int
    spaces: int        # tent spaces
    totem_space: bool
    target: Target     # its ``place`` action


@lru_cache(maxsize=None)
def territory_rows(map_id: str) -> tuple[TerritoryRow, ...]:
    """Every territory of the map as a :class:`TerritoryRow`, in territory order (built once)."""
    board, table = MAPS[map_id], action_table(map_id)
    return tuple(TerritoryRow(place.index, place.biome, len(place.spaces), place.totem_space, table.target[place.index])
                 for place in board.territories)


class Payable(NamedTuple):
    """The territories where a hand (cards per biome) pays a piece, in territory order."""

    rows: tuple[TerritoryRow, ...]
    targets: tuple[Target, ...]   # their ``place`` actions


@lru_cache(maxsize=None)
def payable_rows(map_id: str, hand: tuple[int, ...]) -> Payable:
    """The territories where ``hand`` (cards per biome) pays a piece (R17: a matching card, or
    any pair). Built once per map and hand: a hand holds a few cards, so there are few hands, and
    the Place target rules then visit only these territories."""
    any_pair = max(hand) >= 2
    rows = tuple(row for row in territory_rows(map_id) if any_pair or hand[row.biome])
    return Payable(rows, tuple(row.target for row in rows))


@lru_cache(maxsize=None)
def tent_spaces(map_id: str) -> tuple[int, ...]:
    """Per territory, its number of tent spaces."""
    return tuple(row.spaces for row in territory_rows(map_id))


@lru_cache(maxsize=None)
def space_rows(map_id: str) -> tuple[tuple[tuple[int, Tent, tuple[Tent, ...]], ...], ...]:
    """Per territory, per tent space: (space, its tent paid by a matching card, its tents paid by
    a pair of each biome), in the map's space order (built once)."""
    board, table = MAPS[map_id], action_table(map_id)
    return tuple(tuple((space, table.tent_single[space], table.tent_pair[space]) for space in place.spaces)
                 for place in board.territories)


@lru_cache(maxsize=None)
def exchange_choices(map_id: str, hand: tuple[int, ...]) -> tuple[Any, ...]:
    """R13: an Exchange of each biome ``hand`` (cards per biome) holds, once per map and hand."""
    table = action_table(map_id)
    return tuple(table.exchange[biome] for biome, held in enumerate(hand) if held)


def target_choices(state: State, tribe: int, seat: int, first: bool = False) -> list[Any]:
    """Territories where ``tribe`` can place with ``seat``'s hand (R15, R26): :func:`can_place_in`
    for every territory the hand pays in (:func:`payable_rows`), with what it reads of the
    supplies read once. With ``first``, only the first such territory (to learn whether there is one)."""
    base = seat * NB
    tent_left, totem_left = state.supply_tents[tribe] > 0, state.supply_totems[tribe] > 0
    filled, stacks, tents = state.filled, state.totem_stacks, state.tents
    payable = payable_rows(state.map.id, tuple(state.hands[base:base + NB]))
    if not first and tent_left and all(map(lt, filled, tent_spaces(state.map.id))):  # none full: a tent fits anywhere
        return list(payable.targets)
    out = []
    for territory, _, spaces, totem_space, target in payable.rows:
        on_board = filled[territory]
        if ((tent_left and on_board < spaces)                    # R20, R22: a tent
                or (on_board and totem_space and totem_left     # R21-R23: a totem
                    and stacks[territory] < max(tents[territory::len(filled)]))):
            out.append(target)
            if first:
                break
    return out


class Payments(NamedTuple):
    """The pieces a hand pays for in one territory (R17: a matching card, or a pair of any biome),
    fixed by the map, the territory and the hand (cards per biome)."""

    single: bool                                 # a matching card
    pairs: tuple[int, ...]                       # the biomes held twice or more
    tents: tuple[tuple[int, tuple[Tent, ...]], ...]  # per tent space: (space, its payable tents)
    totems: tuple[Totem, ...]                    # the payable totems (none without a totem space, R21):
                                                 # matching card first, then pairs


@lru_cache(maxsize=None)
def payments(map_id: str, territory: int, hand: tuple[int, ...]) -> Payments:
    """:class:`Payments` of ``hand`` in ``territory``, built once per map, territory and hand (a hand
    holds a few cards, so there are few hands)."""
    table = action_table(map_id)
    biome = territory_rows(map_id)[territory].biome
    single, pairs = hand[biome] > 0, pair_biomes(hand)
    tents = tuple((space, ((tent,) if single else ()) + tuple(paired[pair] for pair in pairs))
                  for space, tent, paired in space_rows(map_id)[territory])
    totems = ((table.totem_single[biome],) if single else ()) + tuple(table.totem_pair[pair] for pair in pairs)
    return Payments(single, pairs, tents, totems if territory_rows(map_id)[territory].totem_space else ())


def piece_choices(state: State, frame: PlacePieces) -> list[Any]:
    """The next piece of the current Place action, or ``done`` once one piece is placed."""
    pieces, territory, tribe = frame.pieces, frame.territory, frame.tribe
    stacks = state.totem_stacks
    most = max(state.tents[territory::len(stacks)])  # M(T) (R8)
    # done once a piece is placed, unless a first totem above the limit awaits its tent (R23, R24)
    out: list[Any] = [DONE] if pieces and stacks[territory] <= most else []
    if pieces >= 2 or (pieces == 1 and frame.unexplored):  # R16, R19
        return out
    base = state.current * NB
    hand = state.hands[base:base + NB]
    pay = payments(state.map.id, territory, tuple(hand))
    if not pay.single and not pay.pairs:
        return out
    if state.supply_tents[tribe] > 0 and state.filled[territory] < len(pay.tents):
        owner = state.owner
        for space, payable in pay.tents:
            if owner[space] < 0:
                out += payable
    if frame.unexplored or not state.supply_totems[tribe]:  # R19, R22
        return out
    if stacks[territory] < most:  # R21-R23: K(T) + 1 <= M(T)
        out += pay.totems
        return out
    return out + _totem_over_limit(state, frame, hand, pay)


@lru_cache(maxsize=None)
def pair_biomes(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The biomes ``hand`` (cards per biome) holds a pair of, each a payment for any piece (R17);
    once per hand (a hand holds a few cards, so there are few hands)."""
    return tuple(biome for biome, held in enumerate(hand) if held >= 2)


def _totem_over_limit(state: State, frame: PlacePieces, hand: list[int], pay: Payments) -> list[Any]:
    """R24: a first totem above the limit, when the tribe's own tent can follow and lift it."""
    territory = frame.territory
    out: list[Any] = []
    if totem_first_over_limit(state, frame.tribe, territory, frame.pieces):
        biome = state.map.territories[territory].biome
        table = action_table(state.map.id)
        if pay.single and pays_tent_after(hand, biome, biome, 1):
            out.append(table.totem_single[biome])
        for pair in pay.pairs:
            if pays_tent_after(hand, biome, pair, 2):
                out.append(table.totem_pair[pair])
    return out


def pay_problem(state: State, pay: str, biome: int) -> Reason | None:
    """Why a payment is not possible (R17, R18), or None."""
    hand = hand_of(state, state.current)
    paid = LETTER_INDEX[pay[0]]
    if len(pay) == 1 and paid != biome:
        return "R17", "a single card must match the territory's biome (or use a pair)"
    if hand[paid] < len(pay):
        return "R18", "those cards are not in the acting hand"
    return None


# ---- applying the Place action's choices --------------------------------------------------------

def _start_place(state: State, tribe: int, action: Target, event: str) -> list[Event]:
    """Fix the territory of a Place action; whether it is unexplored is judged now (R19)."""
    territory = state.map.territory_index[action.territory]
    state.pending[-1] = place_pieces(state.current, tribe, territory, 0, 0, state.filled[territory] == 0, -1)
    return [target_event(event, state.current, action.territory)]


def apply_target(state: State, action: Target) -> list[Event]:
    """R15: the territory of the seat's own Place action."""
    return _start_place(state, state.current, action, "place_target")


def apply_third_target(state: State, action: Target) -> list[Event]:
    """R40-R41: the territory where the third tribe places."""
    return _start_place(state, state.players, action, "third_target")


def _pay(state: State, pay: str) -> None:
    biome = LETTER_INDEX[pay[0]]
    paid = len(pay)
    state.hands[state.current * NB + biome] -= paid
    state.discard[biome] += paid  # R25


def apply_tent(state: State, action: Tent) -> list[Event]:
    board, frame = state.map, state.pending[-1]
    assert isinstance(frame, PlacePieces)
    tribe, territory, on_board = frame.tribe, frame.territory, state.filled
    space = board.space_index[action.space]
    state.owner[space] = tribe
    state.tents[tribe * len(on_board) + territory] += 1
    on_board[territory] += 1
    state.supply_tents[tribe] -= 1
    if not state.settled[tribe] and in_settlement(state, tribe, space):  # R49: a group of 4 (state.py: settled)
        state.settled = state.settled[:tribe] + (True,) + state.settled[tribe + 1:]
    area_changed(state, territory)  # the heuristic's majority terms
    place = board.territories[territory]
    full = on_board[territory] == len(place.spaces)
    filled = territory if full and tribe < state.players else frame.filled  # R51
    state.pending[-1] = place_pieces(frame.seat, tribe, territory, frame.pieces + 1, frame.cards + len(action.pay),
                                     frame.unexplored, filled)
    _pay(state, action.pay)
    return [piece_event("place_tent", tribe_arg(state, tribe), action.space, place.id, action.pay)]


def apply_totem(state: State, action: Totem) -> list[Event]:
    board, frame = state.map, state.pending[-1]
    assert isinstance(frame, PlacePieces)
    tribe, territory = frame.tribe, frame.territory
    state.totems[tribe * len(board.territories) + territory] += 1
    state.totem_stacks[territory] += 1
    state.supply_totems[tribe] -= 1
    state.line_terms = state.margins = None  # the heuristic's line terms change
    state.pending[-1] = place_pieces(frame.seat, tribe, territory, frame.pieces + 1, frame.cards + len(action.pay),
                                     frame.unexplored, frame.filled)
    _pay(state, action.pay)
    return [piece_event("place_totem", tribe_arg(state, tribe), None, board.territories[territory].id, action.pay)]


# ---- why a choice is illegal: (rule, reason) or None ---------------------------------------------

def _why_place(state: State, tribe: int, action: Target) -> Reason | None:
    territory = state.map.territory_index.get(action.territory)
    if territory is None:
        return "R15", f"no territory {action.territory} on this map"
    if not can_place_in(state, tribe, territory, hand_of(state, state.current)):
        return "R26", f"no legal piece with a legal payment exists in {action.territory} (R17-R23)"
    return None


def why_target(state: State, action: Target) -> Reason | None:
    return _why_place(state, state.current, action)


def why_third_target(state: State, action: Target) -> Reason | None:
    return _why_place(state, state.players, action)


def _piece_common(state: State, frame: PlacePieces, pay: str) -> Reason | None:
    if frame.pieces >= 2:
        return "R16", "a Place action places at most 2 pieces"
    if frame.pieces == 1 and frame.unexplored:
        return "R19", "only one tent may be placed in a territory unexplored at the start of the action"
    return pay_problem(state, pay, state.map.territories[frame.territory].biome)


def _place_frame(state: State) -> PlacePieces:
    frame = state.pending[-1]
    assert isinstance(frame, PlacePieces)
    return frame


def why_tent(state: State, action: Tent) -> Reason | None:
    frame = _place_frame(state)
    space = state.map.space_index.get(action.space)
    if space is None or state.map.space_territory[space] != frame.territory:
        return "R15", f"{action.space} is not a tent space of the chosen territory"
    if state.owner[space] >= 0:
        return "R3", f"{action.space} already holds a tent"
    if state.supply_tents[frame.tribe] == 0:
        return "R22", "no tent left in supply"
    return _piece_common(state, frame, action.pay)


def why_totem(state: State, action: Totem) -> Reason | None:
    frame = _place_frame(state)
    territory = frame.territory
    if frame.unexplored and frame.pieces == 0:
        return "R19", "the first piece in an unexplored territory must be a tent"
    if not state.map.territories[territory].totem_space:
        return "R21", "this territory has no totem space"
    if state.supply_totems[frame.tribe] == 0:
        return "R22", "no totem left in supply"
    problem = _piece_common(state, frame, action.pay)
    if problem:
        return problem
    if state.totem_stacks[territory] + 1 > max_tents(state, territory):
        biome = state.map.territories[territory].biome
        paid = LETTER_INDEX[action.pay[0]]
        if not (totem_first_over_limit(state, frame.tribe, territory, frame.pieces)
                and pays_tent_after(hand_of(state, state.current), biome, paid, len(action.pay))):
            return "R23", ("totems would exceed the largest tent count of any tribe here, "
                           "and no own tent of this action can lift it")
    return None


def why_done(state: State, action: Any) -> Reason | None:
    frame = _place_frame(state)
    if not frame.pieces:
        return "R26", "a Place action must place at least one piece"
    if limit_exceeded(state, frame):
        return "R23", "the totems exceed the largest tent count here: place the tent that lifts it"
    return None

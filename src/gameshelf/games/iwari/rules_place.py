"""The Place action's legality, one small decision at a time (R15-R26, the 3-2-1 rule).

A Place action is: choose the territory (``place:T``), then up to two pieces each with its payment
(``tent:space:pay`` / ``totem:pay``), then ``done``. Each intermediate state must satisfy the totem
limit K(T) <= M(T) (R23), which reaches exactly the legal end states when the tent goes first (R24).
"""

from __future__ import annotations

from gameshelf.games.iwari.actions import DONE, action_table
from gameshelf.games.iwari.catalog import NB
from gameshelf.games.iwari.state import State


def hand_of(s: State, seat: int) -> list[int]:
    return s.hands[seat * NB:(seat + 1) * NB]


def max_tents(s: State, t: int) -> int:
    """M(T): the largest tent count of any tribe in territory t (R8)."""
    return max(s.tents[t::len(s.map.territories)])


def can_payment(hand: list[int], biome: int) -> bool:
    """R17: a matching card, or any pair."""
    return hand[biome] > 0 or max(hand) >= 2


def totem_room(s: State, tribe: int, t: int) -> bool:
    """R21-R23: a totem space, a totem in supply, and K(T) + 1 <= M(T)."""
    terr = s.map.territories[t]
    return terr.totem_space and s.supply_totems[tribe] > 0 and s.ktot[t] < max_tents(s, t)


def can_place_in(s: State, tribe: int, t: int, hand: list[int]) -> bool:
    """Is there at least one legal first piece, with a payment, for ``tribe`` in territory t?"""
    terr = s.map.territories[t]
    if not can_payment(hand, terr.biome):
        return False
    if s.supply_tents[tribe] > 0 and s.filled[t] < len(terr.spaces):
        return True
    return s.filled[t] > 0 and totem_room(s, tribe, t)


def target_choices(s: State, tribe: int, seat: int) -> list:
    """Territories where ``tribe`` can place with ``seat``'s hand (R15, R26)."""
    hand = hand_of(s, seat)
    table = action_table(s.map.id)
    return [table.target[t] for t in range(len(s.map.territories)) if can_place_in(s, tribe, t, hand)]


def piece_choices(s: State) -> list:
    """The next piece of the current Place action, or ``done`` once one piece is placed."""
    out = [DONE] if s.p_pieces else []
    if s.p_pieces >= 2 or (s.p_pieces == 1 and s.p_unexplored):  # R16, R19
        return out
    hand = hand_of(s, s.current)
    t, tribe = s.p_terr, s.p_tribe
    terr = s.map.territories[t]
    single = hand[terr.biome] > 0
    pairs = [x for x in range(NB) if hand[x] >= 2]
    if not single and not pairs:
        return out
    table = action_table(s.map.id)
    if s.supply_tents[tribe] > 0 and s.filled[t] < len(terr.spaces):
        owner = s.owner
        for sp in terr.spaces:
            if owner[sp] < 0:
                if single:
                    out.append(table.tent_single[sp])
                for x in pairs:
                    out.append(table.tent_pair[sp][x])
    if not s.p_unexplored and totem_room(s, tribe, t):
        if single:
            out.append(table.totem_single[terr.biome])
        for x in pairs:
            out.append(table.totem_pair[x])
    return out


def pay_problem(s: State, pay: str, biome: int, letters: dict[str, int]) -> tuple[str, str] | None:
    """Why a payment is not possible (R17, R18), or None."""
    hand = hand_of(s, s.current)
    x = letters[pay[0]]
    if len(pay) == 1 and x != biome:
        return "R17", "a single card must match the territory's biome (or use a pair)"
    if hand[x] < len(pay):
        return "R18", "those cards are not in the acting hand"
    return None

"""The Place action's legality, one small decision at a time (R15-R26, the 3-2-1 rule).

A Place action is: choose the territory (``place:T``), then up to two pieces each with its payment
(``tent:space:pay`` / ``totem:pay``), then ``done``. The totem limit K(T) <= M(T) (R23) is judged on
the END state of the action (R24, A4), and the player chooses the order of the two pieces: a first
totem may exceed the limit when the tribe's own tent can still lift M(T) (the tribe holds M(T) tents,
a tent, an empty space and a payment remain); ``done`` is then refused until that tent is placed.
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


def pays_tent_after(hand: list[int], biome: int, pay: int, n: int) -> bool:
    """After paying ``n`` cards of biome ``pay``, can the rest still pay one piece in ``biome``?"""
    rest = hand[:]
    rest[pay] -= n
    return rest[biome] > 0 or max(rest) >= 2


def totem_first_over_limit(s: State, tribe: int, t: int) -> bool:
    """R24: a first totem with K(T) + 1 > M(T) is possible only if this tribe's own second piece,
    a tent, lifts M(T) enough: the tribe holds K(T) tents there, a tent and an empty space remain."""
    terr = s.map.territories[t]
    return (s.p_pieces == 0 and terr.totem_space and s.supply_totems[tribe] > 0
            and s.supply_tents[tribe] > 0 and s.filled[t] < len(terr.spaces)
            and s.ktot[t] <= s.tents[tribe * len(s.map.territories) + t])


def limit_exceeded(s: State) -> bool:
    """Mid-action only: a first totem above the limit awaits its tent (R23, R24)."""
    return s.p_terr >= 0 and s.ktot[s.p_terr] > max_tents(s, s.p_terr)


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
    out = [DONE] if s.p_pieces and not limit_exceeded(s) else []
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
    if s.p_unexplored:
        return out
    if totem_room(s, tribe, t):
        if single:
            out.append(table.totem_single[terr.biome])
        for x in pairs:
            out.append(table.totem_pair[x])
    elif totem_first_over_limit(s, tribe, t):  # R24: the tent must follow
        b = terr.biome
        if single and pays_tent_after(hand, b, b, 1):
            out.append(table.totem_single[b])
        for x in pairs:
            if pays_tent_after(hand, b, x, 2):
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

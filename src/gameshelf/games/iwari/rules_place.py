"""The Place action, one small decision at a time (R15-R26, the 3-2-1 rule; R40-R41 for the third
tribe): its legality, its pieces, and why a choice is illegal.

A Place action is: choose the territory (``place T``), then up to two pieces each with its payment
(``tent space pay`` / ``totem pay``), then ``done`` (rules_feats.py: what follows the action). The totem limit K(T) <= M(T) (R23) is judged on
the END state of the action (R24, A4), and the player chooses the order of the two pieces: a first
totem may exceed the limit when the tribe's own tent can still lift M(T) (the tribe holds M(T) tents,
a tent, an empty space and a payment remain); ``done`` is then refused until that tent is placed.
"""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.iwari.actions import DONE, Target, Tent, Totem, action_table
from gameshelf.games.iwari.catalog import LETTER_INDEX, NB
from gameshelf.games.iwari.decisions import PlacePieces, ThirdTribeTarget, place_pieces
from gameshelf.games.iwari.rules_draw import BIOME_IDS, tribe_arg
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


def totem_first_over_limit(s: State, tribe: int, t: int, pieces: int) -> bool:
    """R24: a first totem with K(T) + 1 > M(T) is possible only if this tribe's own second piece,
    a tent, lifts M(T) enough: the tribe holds K(T) tents there, a tent and an empty space remain."""
    terr = s.map.territories[t]
    return (pieces == 0 and terr.totem_space and s.supply_totems[tribe] > 0
            and s.supply_tents[tribe] > 0 and s.filled[t] < len(terr.spaces)
            and s.ktot[t] <= s.tents[tribe * len(s.map.territories) + t])


def limit_exceeded(s: State, p: PlacePieces) -> bool:
    """Mid-action only: a first totem above the limit awaits its tent (R23, R24)."""
    return s.ktot[p.terr] > max_tents(s, p.terr)


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


def piece_choices(s: State, p: PlacePieces) -> list:
    """The next piece of the current Place action, or ``done`` once one piece is placed."""
    out = [DONE] if p.pieces and not limit_exceeded(s, p) else []
    if p.pieces >= 2 or (p.pieces == 1 and p.unexplored):  # R16, R19
        return out
    hand = hand_of(s, s.current)
    t, tribe = p.terr, p.tribe
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
    if p.unexplored:
        return out
    return out + _totem_choices(s, p, hand, single, pairs)


def _totem_choices(s: State, p: PlacePieces, hand: list[int], single: bool, pairs: list[int]) -> list:
    t, tribe = p.terr, p.tribe
    terr = s.map.territories[t]
    table = action_table(s.map.id)
    out = []
    if totem_room(s, tribe, t):
        if single:
            out.append(table.totem_single[terr.biome])
        for x in pairs:
            out.append(table.totem_pair[x])
    elif totem_first_over_limit(s, tribe, t, p.pieces):  # R24: the tent must follow
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


# ---- applying the Place action's choices --------------------------------------------------------

def apply_target(s: State, a: Target) -> list[Event]:
    """R15 (own action) or R40-R41 (third tribe): fix the territory; unexplored judged now."""
    t = s.map.terr_index[a.territory]
    third = isinstance(s.pending.pop(), ThirdTribeTarget)
    tribe = s.players if third else s.current
    s.pending.append(place_pieces(s.current, tribe, t, 0, 0, s.filled[t] == 0, -1))
    key = "third_target" if third else "place_target"
    return [Event(key, {"seat": s.current, "territory": a.territory})]


def _pay(s: State, pay: str) -> list[str]:
    b = LETTER_INDEX[pay[0]]
    n = len(pay)
    s.hands[s.current * NB + b] -= n
    s.discard[b] += n  # R25
    return [BIOME_IDS[b]] * n


def apply_tent(s: State, a: Tent) -> list[Event]:
    m, p = s.map, s.pending[-1]
    tribe, t = p.tribe, p.terr
    sp = m.space_index[a.space]
    s.owner[sp] = tribe
    s.tents[tribe * len(m.territories) + t] += 1
    s.filled[t] += 1
    s.supply_tents[tribe] -= 1
    filled = t if s.filled[t] == len(m.territories[t].spaces) and tribe < s.players else p.filled  # R51
    s.pending[-1] = place_pieces(p.seat, tribe, t, p.pieces + 1, p.cards + len(a.pay), p.unexplored, filled)
    cards = _pay(s, a.pay)
    return [Event("place_tent", {"player": tribe_arg(s, tribe), "space": a.space,
                                 "territory": m.territories[t].id, "cards": cards})]


def apply_totem(s: State, a: Totem) -> list[Event]:
    m, p = s.map, s.pending[-1]
    tribe, t = p.tribe, p.terr
    s.totems[tribe * len(m.territories) + t] += 1
    s.ktot[t] += 1
    s.supply_totems[tribe] -= 1
    s.pending[-1] = place_pieces(p.seat, tribe, t, p.pieces + 1, p.cards + len(a.pay), p.unexplored, p.filled)
    cards = _pay(s, a.pay)
    return [Event("place_totem", {"player": tribe_arg(s, tribe), "territory": m.territories[t].id,
                                  "cards": cards})]


# ---- why a choice is illegal: (rule, reason) or None ---------------------------------------------

def why_target(s: State, a: Target):
    t = s.map.terr_index.get(a.territory)
    if t is None:
        return "R15", f"no territory {a.territory} on this map"
    tribe = s.players if isinstance(s.pending[-1], ThirdTribeTarget) else s.current
    if not can_place_in(s, tribe, t, hand_of(s, s.current)):
        return "R26", f"no legal piece with a legal payment exists in {a.territory} (R17-R23)"
    return None


def _piece_common(s: State, p: PlacePieces, pay: str):
    if p.pieces >= 2:
        return "R16", "a Place action places at most 2 pieces"
    if p.pieces == 1 and p.unexplored:
        return "R19", "only one tent may be placed in a territory unexplored at the start of the action"
    terr = s.map.territories[p.terr]
    return pay_problem(s, pay, terr.biome, LETTER_INDEX)


def why_tent(s: State, a: Tent):
    p = s.pending[-1]
    sp = s.map.space_index.get(a.space)
    if sp is None or s.map.space_terr[sp] != p.terr:
        return "R15", f"{a.space} is not a tent space of the chosen territory"
    if s.owner[sp] >= 0:
        return "R3", f"{a.space} already holds a tent"
    if s.supply_tents[p.tribe] == 0:
        return "R22", "no tent left in supply"
    return _piece_common(s, p, a.pay)


def why_totem(s: State, a: Totem):
    p = s.pending[-1]
    t = p.terr
    if p.unexplored and p.pieces == 0:
        return "R19", "the first piece in an unexplored territory must be a tent"
    if not s.map.territories[t].totem_space:
        return "R21", "this territory has no totem space"
    if s.supply_totems[p.tribe] == 0:
        return "R22", "no totem left in supply"
    problem = _piece_common(s, p, a.pay)
    if problem:
        return problem
    if s.ktot[t] + 1 > max_tents(s, t):
        terr = s.map.territories[t]
        x = LETTER_INDEX[a.pay[0]]
        if not (totem_first_over_limit(s, p.tribe, t, p.pieces)
                and pays_tent_after(hand_of(s, s.current), terr.biome, x, len(a.pay))):
            return "R23", ("totems would exceed the largest tent count of any tribe here, "
                           "and no own tent of this action can lift it")
    return None


def why_done(s: State, a):
    p = s.pending[-1]
    if not p.pieces:
        return "R26", "a Place action must place at least one piece"
    if limit_exceeded(s, p):
        return "R23", "the totems exceed the largest tent count here: place the tent that lifts it"
    return None


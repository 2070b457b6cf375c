"""Landing: flowers, waystations, life cycle sets and abilities, adjacent flowers, hatching (R17-R56, R61).

Each function takes the state and the event list it appends to. The landing is a small machine
(a :class:`Landing` frame under the landing's decisions on ``state.pending``) that stops whenever
the player must decide (a flower of choice, a card for two_cards, the adjacent space, the hatch)
and resumes after that decision.
"""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.mariposas.actions import ANY, NONE
from gameshelf.games.mariposas.catalog import CAT, CITY_KIND, FLOWER_KIND
from gameshelf.games.mariposas.decisions import (
    L_ADJ, L_DONE, L_MARKER, L_REWARD, LANDING_FRAMES, ChooseAdjacent, ChooseCard, ChooseHatch, PayFlower, PickFlower, frame,
)
from gameshelf.games.mariposas.state import C_BREED, C_HATCHPT, CARD_MAX, NSLOT, SUPPLY, card_loc

KIND, FLOWER, NFLOW, MILKWEED, ADJ = CAT.kind, CAT.flower, CAT.nflowers, CAT.milkweed, CAT.adj
CITY_SLOT = CAT.city_slot
SLOT_GEN = CAT.slot_gen
NLIFE = len(CAT.lifecycle_ids)
NKINDS = NLIFE + len(CAT.bonus_ids)
ABIL = {a: i for i, a in enumerate(CAT.ability_ids)}
A_HATCH_POINT, A_FLOWER_EACH, A_EXTRA_TURN = ABIL["hatch_point"], ABIL["flower_each"], ABIL["extra_turn"]
A_TWO_CARDS = ABIL["two_cards"]
WILD_FACE = len(CAT.flower_types)
NFT = len(CAT.flower_types)


def has_ability(s, p: int, ability: int) -> bool:
    return bool(s.abil[p] >> ability & 1)


def is_wildflower_city(s, sp: int) -> bool:
    """A face-up wildflower marker turns its city into a wildflower space (R50)."""
    if KIND[sp] != CITY_KIND:
        return False
    c = CITY_SLOT[sp]
    return bool(s.way_up >> c & 1) and CAT.marker_reward[s.way[c]][0] == "wild"


def can_collect(s, slot: int, sp: int) -> bool:
    """R19 start space (per butterfly) and R20 once per space per turn."""
    return s.start[slot] != sp and not (s.collected >> sp & 1)


def land(s, seat: int, slot: int, adjacent: bool, ev: list) -> None:
    """The flying butterfly has used its last step: resolve the landing (R17)."""
    s.pending.append(LANDING_FRAMES[seat][slot][L_REWARD][adjacent])
    resume(s, ev)


def resume(s, ev: list) -> None:
    """Advance the landing (the Landing frame on top) until a decision is needed or it is over.

    The frame is moved to the next stage before a stage runs, so a decision taken in that stage
    resumes the landing after it.
    """
    from gameshelf.games.mariposas.rules_turn import after_segment
    f = s.pending[-1]
    p, slot, adj = f.seat, f.slot, f.adjacent
    stages = LANDING_FRAMES[p][slot]
    sp = s.loc[p * NSLOT + slot]
    stage = f.stage
    while stage != L_DONE:
        s.pending[-1] = stages[stage + 1][adj]
        if stage == L_REWARD:
            ev.append(Event("land", {"player": p, "gen": SLOT_GEN[slot], "space": CAT.space_ids[sp]}))
            if KIND[sp] == CITY_KIND and not s.way_up >> CITY_SLOT[sp] & 1 and _reveal(s, p, sp, ev):
                return
        elif stage == L_MARKER:
            if _marker_or_flowers(s, p, slot, sp, ev):
                return
        elif stage == L_ADJ:
            if adj and adjacent_options(s, p, slot):
                s.pending.append(frame(ChooseAdjacent, p, slot))
                return
        elif hatch_options(s, p, slot):
            s.pending.append(frame(ChooseHatch, p, slot))
            return
        stage += 1
    s.pending.pop()
    after_segment(s, ev)


def _reveal(s, p: int, sp: int, ev: list) -> bool:
    """R44: flip the marker, roll the flower die; True when the wild face asks for a choice."""
    c = CITY_SLOT[sp]
    s.way_up |= 1 << c
    ev.append(Event("waystation_revealed", {"player": p, "space": CAT.space_ids[sp],
                                            "marker": CAT.marker_ids[s.way[c]]}))
    face = s.chance.below(WILD_FACE + 1)
    ev.append(Event("die", {"player": p, "face": CAT.die_faces[face]}))
    if face == WILD_FACE:
        s.pending.append(frame(PickFlower, p))
        return True
    s.flowers[p][face] += 1
    return False


def _marker_or_flowers(s, p: int, slot: int, sp: int, ev: list) -> bool:
    """R18-R21 flowers, R45-R50 waystation rewards; True when a decision is pending."""
    k = KIND[sp]
    if k == FLOWER_KIND:
        if can_collect(s, slot, sp):
            s.collected |= 1 << sp
            f = FLOWER[sp]
            s.flowers[p][f] += NFLOW[sp]
            ev.append(Event("collect", {"player": p, "flower": CAT.flower_types[f], "count": NFLOW[sp],
                                        "space": CAT.space_ids[sp]}))
        return False
    if k != CITY_KIND:
        return False
    kind, idx = CAT.marker_reward[s.way[CITY_SLOT[sp]]]
    if kind == "wild":
        if can_collect(s, slot, sp):
            s.collected |= 1 << sp
            s.pending.append(frame(PickFlower, p))
            return True
        return False
    if kind == "life":
        return gain_card(s, p, idx, ev)
    return gain_card(s, p, NLIFE + idx, ev)


def owns(s, p: int, kind: int) -> bool:
    if kind < NLIFE:
        return bool(s.life[p] >> kind & 1)
    return bool(s.bonus[p] >> (kind - NLIFE) & 1)


def gain_card(s, p: int, kind: int, ev: list) -> bool:
    """Take a life cycle or bonus move card unless owned (R47); True when two_cards must choose."""
    from gameshelf.games.mariposas.actions import card_kind_id
    if owns(s, p, kind):
        ev.append(Event("already_owned", {"player": p, "card": card_kind_id(kind)}))
        return False
    if kind >= NLIFE:
        s.bonus[p] |= 1 << (kind - NLIFE)
        ev.append(Event("take_bonus", {"player": p, "card": card_kind_id(kind)}))
        return False
    s.life[p] |= 1 << kind
    ev.append(Event("take_lifecycle", {"player": p, "card": card_kind_id(kind)}))
    color = kind // 4
    if (s.life[p] >> (color * 4)) & 15 == 15:
        return _complete_set(s, p, color, ev)
    return False


def _complete_set(s, p: int, color: int, ev: list) -> bool:
    """R52-R54: gain the row's ability; flower_each and two_cards act at once."""
    a = s.rows[color]
    if s.abil[p] >> a & 1:
        return False
    s.abil[p] |= 1 << a
    ev.append(Event("set_complete", {"player": p, "color": CAT.lifecycle_colors[color],
                                     "ability": CAT.ability_ids[a]}))
    if a == A_FLOWER_EACH:
        fl = s.flowers[p]
        for f in range(NFT):
            fl[f] += 1
    elif a == A_TWO_CARDS:
        takes = min(2, len(take_options(s, p)))
        if takes:
            s.pending.append(frame(ChooseCard, p, takes))
            return True
    return False


def take_options(s, p: int) -> list[int]:
    return [k for k in range(NKINDS) if not owns(s, p, k)]


def take_card(s, top: ChooseCard, kind: int, ev: list) -> None:
    """One card chosen with two_cards; chains into further set completions (R54)."""
    p = top.seat
    if gain_card(s, p, kind, ev):
        return
    if top.takes > 1 and take_options(s, p):
        s.pending.append(frame(ChooseCard, p, top.takes - 1))
        return
    resume(s, ev)


def adjacent_options(s, p: int, slot: int) -> list[int]:
    """R61: flower spaces and a face-up wildflower city next to the landing, not blocked."""
    sp = s.loc[p * NSLOT + slot]
    out = []
    for a in ADJ[sp]:
        if (KIND[a] == FLOWER_KIND or is_wildflower_city(s, a)) and can_collect(s, slot, a):
            out.append(a)
    return out


def take_adjacent(s, top: ChooseAdjacent, sp: int, ev: list) -> None:
    p = top.seat
    if sp == NONE:
        resume(s, ev)
        return
    s.collected |= 1 << sp
    if KIND[sp] == FLOWER_KIND:
        f = FLOWER[sp]
        s.flowers[p][f] += NFLOW[sp]
        ev.append(Event("adjacent", {"player": p, "flower": CAT.flower_types[f], "count": NFLOW[sp],
                                     "space": CAT.space_ids[sp]}))
        resume(s, ev)
    else:
        s.pending.append(frame(PickFlower, p))


def pick_flower(s, top: PickFlower, f: int, ev: list) -> None:
    s.flowers[top.seat][f] += 1
    ev.append(Event("pick", {"player": top.seat, "flower": CAT.flower_types[f]}))
    resume(s, ev)


# ---- hatching (R25-R40) -----------------------------------------------------------------------

def new_marker(s, p: int, gen: int) -> int:
    """R32/R33: the marker to hatch, from a face-down card first, else the supply; -1 if none."""
    base = p * NSLOT
    fallback = -1
    for slot in CAT.gen_slots[gen]:
        where = s.loc[base + slot]
        if where <= CARD_MAX:
            return slot
        if where == SUPPLY and fallback < 0:
            fallback = slot
    return fallback


def hatch_cost(s, g: int):
    """(matched, any) for the landed butterfly, or None when it cannot hatch (R29, R33)."""
    slot = g % NSLOT
    gen = SLOT_GEN[slot]
    if gen == 4:
        return None if s.dbl[g] else CAT.hatch_cost["double"]
    if new_marker(s, g // NSLOT, gen + 1) < 0:
        return None
    return CAT.hatch_cost[gen + 1]


def hatch_options(s, p: int, slot: int) -> list[int]:
    """Affordable payment modes at this landing: flower types (matched), ANY; empty if none."""
    g = p * NSLOT + slot
    if not MILKWEED[s.loc[g]]:
        return []
    cost = hatch_cost(s, g)
    if cost is None:
        return []
    fl = s.flowers[p]
    out = [f for f in range(NFT) if fl[f] >= cost[0]]
    if sum(fl) >= cost[1]:
        out.append(ANY)
    return out


def choose_hatch(s, top: ChooseHatch, mode: int, ev: list) -> None:
    if mode == NONE:
        resume(s, ev)
        return
    p = top.seat
    g = p * NSLOT + top.slot
    matched, anyc = hatch_cost(s, g)
    if mode == ANY:
        s.pending.append(frame(PayFlower, p, top.slot, anyc))
        return
    s.flowers[p][mode] -= matched
    do_hatch(s, p, g, ev, free=False)
    resume(s, ev)


def pay_one(s, top: PayFlower, f: int, ev: list) -> None:
    p = top.seat
    s.flowers[p][f] -= 1
    if top.left > 1:
        s.pending.append(frame(PayFlower, p, top.slot, top.left - 1))
        return
    do_hatch(s, p, p * NSLOT + top.slot, ev, free=False)
    resume(s, ev)


def do_hatch(s, p: int, g: int, ev: list, free: bool) -> None:
    """Place the new generation (or flip a single gen-4) on the parent's space (R29, R34-R39)."""
    sp = s.loc[g]
    gen = SLOT_GEN[g % NSLOT]
    goal = CAT.goals[s.goals[s.season]]
    in_region = not free and goal.region >> sp & 1
    if gen == 4:
        s.dbl[g] = 1
        ev.append(Event("flip_double", {"player": p, "space": CAT.space_ids[sp]}))
    else:
        slot = new_marker(s, p, gen + 1)
        ng = p * NSLOT + slot
        was = s.loc[ng]
        s.loc[ng] = sp
        s.dbl[ng] = 1 if (gen == 3 and in_region and goal.type == "breeding_effect") else 0
        ev.append(Event("hatch", {"player": p, "gen": gen + 1, "space": CAT.space_ids[sp],
                                  "double": bool(s.dbl[ng])}))
        if was <= CARD_MAX:
            check_card_empty(s, -10 - was, ev)
    if in_region and goal.type == "breeding":
        s.pts[p][C_BREED] += goal.points
        s.gpts[s.season * s.n + p] += goal.points
        ev.append(Event("breeding_points", {"player": p, "points": goal.points, "goal": goal.id}))
    if has_ability(s, p, A_HATCH_POINT):
        s.pts[p][C_HATCHPT] += 1
        ev.append(Event("hatch_point", {"player": p}))


def check_card_empty(s, season: int, ev: list) -> None:
    """R35: the last marker leaving a face-down goal card turns it face up."""
    if s.goal_up[season]:
        return
    code = card_loc(season)
    if code in s.loc:
        return
    s.goal_up[season] = True
    ev.append(Event("goal_revealed", {"season": CAT.seasons[season], "goal": CAT.goals[s.goals[season]].id}))

"""Landing: flowers, waystations, life cycle sets and abilities, adjacent flowers, hatching (R17-R56, R61).

Each function takes the state and the event list it appends to. The landing is a small machine
(a :class:`Landing` frame under the landing's decisions on ``state.pending``) that stops whenever
the player must decide (a flower of choice, a card for two_cards, the adjacent space, the hatch)
and resumes after that decision.
"""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.mariposas.events import COLLECT, HATCH, LAND
from gameshelf.games.mariposas.actions import ANY, NONE, Adjacent, Hatch, Pay, Pick, TakeCard, card_kind_id
from gameshelf.games.mariposas.catalog import CAT, CITY_KIND, FLOWER_KIND
from gameshelf.games.mariposas.decisions import (
    LANDING_FRAMES, STAGE_ADJACENT, STAGE_DONE, STAGE_MARKER, STAGE_REWARD, ChooseAdjacent, ChooseCard, ChooseHatch,
    Landing, PayFlower, PickFlower, frame,
)
from gameshelf.games.mariposas.state import (
    BREEDING_GOAL, CARD_MAX, HATCH_POINT, MARKERS, SUPPLY, State, card_location, card_season,
)

KIND, FLOWER, FLOWER_COUNT, MILKWEED, NEIGHBOURS = CAT.kind, CAT.flower, CAT.nflowers, CAT.milkweed, CAT.adj
CITY_INDEX = CAT.city_slot
MARKER_GENERATION = CAT.slot_gen
LIFECYCLE_KINDS = len(CAT.lifecycle_ids)
CARD_KINDS = LIFECYCLE_KINDS + len(CAT.bonus_ids)   # life cycle cards, then bonus move cards (actions.card_kind_id)
ABILITY = {ability: index for index, ability in enumerate(CAT.ability_ids)}
HATCH_POINT_ABILITY, FLOWER_EACH, EXTRA_TURN = ABILITY["hatch_point"], ABILITY["flower_each"], ABILITY["extra_turn"]
TWO_CARDS = ABILITY["two_cards"]
WILD_FACE = len(CAT.flower_types)
FLOWER_TYPES = len(CAT.flower_types)


def has_ability(state: State, seat: int, ability: int) -> bool:
    return bool(state.abilities[seat] >> ability & 1)


def is_wildflower_city(state: State, space: int) -> bool:
    """A face-up wildflower marker turns its city into a wildflower space (R50)."""
    if KIND[space] != CITY_KIND:
        return False
    city = CITY_INDEX[space]
    return bool(state.waystations_up >> city & 1) and CAT.marker_reward[state.waystations[city]][0] == "wild"


def can_collect(state: State, marker: int, space: int) -> bool:
    """R19 start space (per butterfly) and R20 once per space per turn."""
    return state.start_spaces[marker] != space and not (state.collected >> space & 1)


def land(state: State, seat: int, marker: int, adjacent: bool, events: list[Event]) -> None:
    """The flying butterfly has used its last step: resolve the landing (R17)."""
    state.pending.append(LANDING_FRAMES[seat][marker][STAGE_REWARD][adjacent])
    resume(state, events)


def resume(state: State, events: list[Event]) -> None:
    """Advance the landing (the Landing frame on top) until a decision is needed or it is over.

    The frame is moved to the next stage before a stage runs, so a decision taken in that stage
    resumes the landing after it.
    """
    from gameshelf.games.mariposas.rules_turn import after_segment
    landing = state.pending[-1]
    assert isinstance(landing, Landing), "the landing in progress is on top of the stack"
    seat, marker, adjacent = landing.seat, landing.marker, landing.adjacent
    stages = LANDING_FRAMES[seat][marker]
    space = state.locations[seat * MARKERS + marker]
    stage = landing.stage
    while stage != STAGE_DONE:
        state.pending[-1] = stages[stage + 1][adjacent]
        if stage == STAGE_REWARD:
            events.append(LAND(seat, MARKER_GENERATION[marker], CAT.space_ids[space]))
            if KIND[space] == CITY_KIND and not state.waystations_up >> CITY_INDEX[space] & 1 and _reveal(state, seat, space, events):
                return
        elif stage == STAGE_MARKER:
            if _marker_or_flowers(state, seat, marker, space, events):
                return
        elif stage == STAGE_ADJACENT:
            if adjacent and adjacent_options(state, seat, marker):
                state.pending.append(frame(ChooseAdjacent, seat, marker))
                return
        elif hatch_options(state, seat, marker):
            state.pending.append(frame(ChooseHatch, seat, marker))
            return
        stage += 1
    state.pending.pop()
    after_segment(state, events)


def _reveal(state: State, seat: int, space: int, events: list[Event]) -> bool:
    """R44: flip the marker, roll the flower die; True when the wild face asks for a choice."""
    city = CITY_INDEX[space]
    state.waystations_up |= 1 << city
    events.append(Event("waystation_revealed", {"player": seat, "space": CAT.space_ids[space],
                                            "marker": CAT.marker_ids[state.waystations[city]]}))
    face = state.chance.below(WILD_FACE + 1)
    events.append(Event("die", {"player": seat, "face": CAT.die_faces[face]}))
    if face == WILD_FACE:
        state.pending.append(frame(PickFlower, seat))
        return True
    state.flowers[seat][face] += 1
    return False


def _marker_or_flowers(state: State, seat: int, marker: int, space: int, events: list[Event]) -> bool:
    """R18-R21 flowers, R45-R50 waystation rewards; True when a decision is pending."""
    space_kind = KIND[space]
    if space_kind == FLOWER_KIND:
        if can_collect(state, marker, space):
            state.collected |= 1 << space
            flower = FLOWER[space]
            state.flowers[seat][flower] += FLOWER_COUNT[space]
            events.append(COLLECT(seat, CAT.flower_types[flower], FLOWER_COUNT[space], CAT.space_ids[space]))
        return False
    if space_kind != CITY_KIND:
        return False
    reward, index = CAT.marker_reward[state.waystations[CITY_INDEX[space]]]
    if reward == "wild":
        if can_collect(state, marker, space):
            state.collected |= 1 << space
            state.pending.append(frame(PickFlower, seat))
            return True
        return False
    if reward == "life":
        return gain_card(state, seat, index, events)
    return gain_card(state, seat, LIFECYCLE_KINDS + index, events)


def owns(state: State, seat: int, kind: int) -> bool:
    if kind < LIFECYCLE_KINDS:
        return bool(state.lifecycle[seat] >> kind & 1)
    return bool(state.bonus[seat] >> (kind - LIFECYCLE_KINDS) & 1)


def gain_card(state: State, seat: int, kind: int, events: list[Event]) -> bool:
    """Take a life cycle or bonus move card unless owned (R47); True when two_cards must choose."""
    if owns(state, seat, kind):
        events.append(Event("already_owned", {"player": seat, "card": card_kind_id(kind)}))
        return False
    if kind >= LIFECYCLE_KINDS:
        state.bonus[seat] |= 1 << (kind - LIFECYCLE_KINDS)
        events.append(Event("take_bonus", {"player": seat, "card": card_kind_id(kind)}))
        return False
    state.lifecycle[seat] |= 1 << kind
    events.append(Event("take_lifecycle", {"player": seat, "card": card_kind_id(kind)}))
    color = kind // 4
    if (state.lifecycle[seat] >> (color * 4)) & 15 == 15:
        return _complete_set(state, seat, color, events)
    return False


def _complete_set(state: State, seat: int, color: int, events: list[Event]) -> bool:
    """R52-R54: gain the row's ability; flower_each and two_cards act at once."""
    ability = state.ability_rows[color]
    if state.abilities[seat] >> ability & 1:
        return False
    state.abilities[seat] |= 1 << ability
    events.append(Event("set_complete", {"player": seat, "color": CAT.lifecycle_colors[color],
                                         "ability": CAT.ability_ids[ability]}))
    if ability == FLOWER_EACH:
        flowers = state.flowers[seat]
        for flower in range(FLOWER_TYPES):
            flowers[flower] += 1
    elif ability == TWO_CARDS:
        takes = min(2, len(take_options(state, seat)))
        if takes:
            state.pending.append(frame(ChooseCard, seat, takes))
            return True
    return False


def take_options(state: State, seat: int) -> list[int]:
    return [kind for kind in range(CARD_KINDS) if not owns(state, seat, kind)]


def take_card(state: State, top: ChooseCard, action: TakeCard, events: list[Event]) -> None:
    """One card chosen with two_cards; chains into further set completions (R54)."""
    seat = top.seat
    if gain_card(state, seat, action.kind, events):
        return
    if top.takes > 1 and take_options(state, seat):
        state.pending.append(frame(ChooseCard, seat, top.takes - 1))
        return
    resume(state, events)


def adjacent_options(state: State, seat: int, marker: int) -> list[int]:
    """R61: flower spaces and a face-up wildflower city next to the landing, not blocked."""
    space = state.locations[seat * MARKERS + marker]
    out = []
    for neighbour in NEIGHBOURS[space]:
        if (KIND[neighbour] == FLOWER_KIND or is_wildflower_city(state, neighbour)) and can_collect(state, marker, neighbour):
            out.append(neighbour)
    return out


def take_adjacent(state: State, top: ChooseAdjacent, action: Adjacent, events: list[Event]) -> None:
    """R61: collect the flowers of the adjacent space chosen (a wildflower city: one of your choice), or none."""
    seat, space = top.seat, action.space
    if space == NONE:
        resume(state, events)
        return
    state.collected |= 1 << space
    if KIND[space] == FLOWER_KIND:
        flower = FLOWER[space]
        state.flowers[seat][flower] += FLOWER_COUNT[space]
        events.append(Event("adjacent", {"player": seat, "flower": CAT.flower_types[flower], "count": FLOWER_COUNT[space],
                                     "space": CAT.space_ids[space]}))
        resume(state, events)
    else:
        state.pending.append(frame(PickFlower, seat))


def pick_flower(state: State, top: PickFlower, action: Pick, events: list[Event]) -> None:
    """R44/R50: one flower token of the type chosen."""
    state.flowers[top.seat][action.flower] += 1
    events.append(Event("pick", {"player": top.seat, "flower": CAT.flower_types[action.flower]}))
    resume(state, events)


# ---- hatching (R25-R40) -----------------------------------------------------------------------

def new_marker(state: State, seat: int, gen: int) -> int:
    """R32/R33: the marker to hatch, from a face-down card first, else the supply; -1 if none."""
    base = seat * MARKERS
    fallback = -1
    for marker in CAT.gen_slots[gen]:
        where = state.locations[base + marker]
        if where <= CARD_MAX:
            return marker
        if where == SUPPLY and fallback < 0:
            fallback = marker
    return fallback


def hatch_cost(state: State, butterfly: int) -> tuple[int, int] | None:
    """(matched, any) for the landed butterfly, or None when it cannot hatch (R29, R33)."""
    marker = butterfly % MARKERS
    gen = MARKER_GENERATION[marker]
    if gen == 4:
        return None if state.doubles[butterfly] else CAT.hatch_cost["double"]
    if new_marker(state, butterfly // MARKERS, gen + 1) < 0:
        return None
    return CAT.hatch_cost[gen + 1]


def hatch_options(state: State, seat: int, marker: int) -> list[int]:
    """Affordable payment modes at this landing: flower types (matched), ANY; empty if none."""
    butterfly = seat * MARKERS + marker
    if not MILKWEED[state.locations[butterfly]]:
        return []
    cost = hatch_cost(state, butterfly)
    if cost is None:
        return []
    flowers = state.flowers[seat]
    out = [flower for flower in range(FLOWER_TYPES) if flowers[flower] >= cost[0]]
    if sum(flowers) >= cost[1]:
        out.append(ANY)
    return out


def choose_hatch(state: State, top: ChooseHatch, action: Hatch, events: list[Event]) -> None:
    """R26/R30: pay a matched cost at once, start paying an any-mix cost token by token, or decline."""
    mode = action.mode
    if mode == NONE:
        resume(state, events)
        return
    seat = top.seat
    butterfly = seat * MARKERS + top.marker
    cost = hatch_cost(state, butterfly)
    assert cost is not None, "a hatch mode is legal only when the butterfly can hatch"
    matched, any_cost = cost
    if mode == ANY:
        state.pending.append(frame(PayFlower, seat, top.marker, any_cost))
        return
    state.flowers[seat][mode] -= matched
    do_hatch(state, seat, butterfly, events, free=False)
    resume(state, events)


def pay_one(state: State, top: PayFlower, action: Pay, events: list[Event]) -> None:
    """R30: one token of an any-mix payment; the last one hatches."""
    seat = top.seat
    state.flowers[seat][action.flower] -= 1
    if top.left > 1:
        state.pending.append(frame(PayFlower, seat, top.marker, top.left - 1))
        return
    do_hatch(state, seat, seat * MARKERS + top.marker, events, free=False)
    resume(state, events)


def do_hatch(state: State, seat: int, butterfly: int, events: list[Event], free: bool) -> None:
    """Place the new generation (or flip a single gen-4) on the parent's space (R29, R34-R39)."""
    space = state.locations[butterfly]
    gen = MARKER_GENERATION[butterfly % MARKERS]
    goal = CAT.goals[state.goals[state.season]]
    in_region = not free and goal.region >> space & 1
    if gen == 4:
        state.doubles[butterfly] = 1
        events.append(Event("flip_double", {"player": seat, "space": CAT.space_ids[space]}))
    else:
        marker = new_marker(state, seat, gen + 1)
        child = seat * MARKERS + marker
        was = state.locations[child]
        state.locations[child] = space
        state.doubles[child] = 1 if (gen == 3 and in_region and goal.type == "breeding_effect") else 0
        events.append(HATCH(seat, gen + 1, CAT.space_ids[space], bool(state.doubles[child])))
        if was <= CARD_MAX:
            check_card_empty(state, card_season(was), events)
    if in_region and goal.type == "breeding":
        state.points[seat][BREEDING_GOAL] += goal.points
        state.goal_points[state.season * state.players + seat] += goal.points
        events.append(Event("breeding_points", {"player": seat, "points": goal.points, "goal": goal.id}))
    if has_ability(state, seat, HATCH_POINT_ABILITY):
        state.points[seat][HATCH_POINT] += 1
        events.append(Event("hatch_point", {"player": seat}))


def check_card_empty(state: State, season: int, events: list[Event]) -> None:
    """R35: the last marker leaving a face-down goal card turns it face up."""
    if state.goals_up[season]:
        return
    code = card_location(season)
    if code in state.locations:
        return
    state.goals_up[season] = True
    events.append(Event("goal_revealed", {"season": CAT.seasons[season], "goal": CAT.goals[state.goals[season]].id}))

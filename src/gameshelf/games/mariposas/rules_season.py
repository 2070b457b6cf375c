"""Setup exchanges, turn order, end of season, free hatch, extra turns, final scoring (setup 15, R1-R5, R55, R76-R86)."""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.mariposas.events import GOAL_SCORED
from gameshelf.games.mariposas.actions import NONE, FreeHatch
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.decisions import ChooseExchange, ChooseFreeHatch, frame
from gameshelf.games.mariposas.rules_land import EXTRA_TURN, do_hatch, has_ability, new_marker
from gameshelf.games.mariposas.rules_turn import can_be_asked, refill, start_turn
from gameshelf.games.mariposas.scoring import end_points, goal_points, score
from gameshelf.games.mariposas.state import (
    ABILITY_END, LIFECYCLE_CARDS, MARKERS, MICHOACAN, REMOVED, SEASON_GOAL_CATEGORIES, SUPPLY, State, card_location,
)

MARKER_GENERATION = CAT.slot_gen


def order(state: State) -> list[int]:
    """The seats in turn order from the season's first player (R3)."""
    return [(state.first_player + offset) % state.players for offset in range(state.players)]


def next_setup_exchange(state: State, events: list[Event]) -> None:
    """Setup step 15 (A6): every seat in turn order is asked (keep, or exchange a redundant hand once)."""
    while state.queue:
        if can_be_asked(state, state.queue[0]):
            state.pending.append(frame(ChooseExchange, state.queue[0], True))
            return
        state.queue.pop(0)
    state.turn_seat = state.first_player
    start_turn(state, events)


def after_exchange(state: State, setup: bool, events: list[Event]) -> None:
    if setup:
        state.queue.pop(0)
        next_setup_exchange(state, events)
    else:
        advance(state, events)


def advance(state: State, events: list[Event]) -> None:
    """R3: the next turn clockwise; the season ends after its last round (R2)."""
    if state.in_extra_turns:
        state.extra_turns.pop(0)
        if state.extra_turns:
            _extra_turn(state, events)
        else:
            final_scoring(state, events)
        return
    state.turns_taken += 1
    if state.turns_taken < state.players * CAT.turns[state.season]:
        state.turn_seat = (state.first_player + state.turns_taken) % state.players
        start_turn(state, events)
    else:
        end_season(state, events)


def end_season(state: State, events: list[Event]) -> None:
    """R76/R77 steps 1-4 (the rest after the free hatches); R82 at the end of fall."""
    season = state.season
    events.append(Event("season_end", {"season": CAT.seasons[season]}))
    if season == len(CAT.seasons) - 1:
        state.extra_turns = [other for other in order(state) if has_ability(state, other, EXTRA_TURN)]
        if state.extra_turns:
            state.in_extra_turns = True
            _extra_turn(state, events)
        else:
            final_scoring(state, events)
        return
    for seat in range(state.players):
        state.discard.extend(state.played[seat])
        state.played[seat] = []
    score_goal(state, season, events)
    state.first_player = next_first_player(state)
    events.append(Event("first_player", {"player": state.first_player, "season": CAT.seasons[season + 1]}))
    state.queue = order(state)
    next_free_hatch(state, events)


def _extra_turn(state: State, events: list[Event]) -> None:
    """R55: the extra fall turn; the hand is refilled first."""
    state.turn_seat = state.extra_turns[0]
    events.append(Event("extra_turn", {"player": state.turn_seat}))
    refill(state, state.turn_seat, events)
    start_turn(state, events)


def score_goal(state: State, season: int, events: list[Event]) -> None:
    goal = CAT.goals[state.goals[season]]
    for seat in range(state.players):
        points = goal_points(state, seat, goal)
        state.points[seat][SEASON_GOAL_CATEGORIES[season]] += points
        state.goal_points[season * state.players + seat] += points
        events.append(GOAL_SCORED(seat, goal.id, points))


def next_first_player(state: State) -> int:
    """R79: fewest points; ties clockwise from the previous first player (included)."""
    low = min(score(state, seat) for seat in range(state.players))
    return next(other for other in order(state) if score(state, other) == low)


def free_hatch_options(state: State, seat: int) -> list[int]:
    """R80: spaces of your previous-generation butterflies, if a new-generation marker is off the map."""
    parent_gen = state.season + 1
    if new_marker(state, seat, parent_gen + 1) < 0:
        return []
    base = seat * MARKERS
    return sorted({state.locations[base + marker] for marker in CAT.gen_slots[parent_gen] if state.locations[base + marker] >= 0})


def next_free_hatch(state: State, events: list[Event]) -> None:
    while state.queue:
        if free_hatch_options(state, state.queue[0]):
            state.pending.append(frame(ChooseFreeHatch, state.queue[0]))
            return
        state.queue.pop(0)
    finish_season_change(state, events)


def free_hatch(state: State, top: ChooseFreeHatch, action: FreeHatch, events: list[Event]) -> None:
    """R80: hatch for free on the chosen previous-generation butterfly's space, or not; ask the next seat."""
    seat, space = top.seat, action.space
    if space != NONE:
        base = seat * MARKERS
        parent = next(base + marker for marker in CAT.gen_slots[state.season + 1] if state.locations[base + marker] == space)
        events.append(Event("free_hatch", {"player": seat}))
        do_hatch(state, seat, parent, events, free=True)
    state.queue.pop(0)
    next_free_hatch(state, events)


def finish_season_change(state: State, events: list[Event]) -> None:
    """R76/R77 steps 5-6, R78: remove the old generation, reveal the next card, start the season."""
    gen = state.season + 1
    removed = 0
    for butterfly, where in enumerate(state.locations):
        if where >= 0 and MARKER_GENERATION[butterfly % MARKERS] == gen:
            state.locations[butterfly] = REMOVED
            removed += 1
    events.append(Event("generation_removed", {"gen": gen, "count": removed}))
    next_season = state.season + 1
    if not state.goals_up[next_season]:
        code = card_location(next_season)
        state.locations = [SUPPLY if location == code else location for location in state.locations]
        state.goals_up[next_season] = True
        events.append(Event("goal_revealed", {"season": CAT.seasons[next_season], "goal": CAT.goals[state.goals[next_season]].id}))
    state.season = next_season
    state.turns_taken = 0
    state.turn_seat = state.first_player
    start_turn(state, events)


def final_scoring(state: State, events: list[Event]) -> None:
    """R83: fall goal, Michoacan, life cycle cards, end-game ability points."""
    state.in_extra_turns = False
    score_goal(state, state.season, events)
    for seat in range(state.players):
        michoacan, lifecycle, ability = end_points(state, seat)
        state.points[seat][MICHOACAN] += michoacan
        state.points[seat][LIFECYCLE_CARDS] += lifecycle
        state.points[seat][ABILITY_END] += ability
        events.append(Event("final_points", {"player": seat, "michoacan": michoacan, "lifecycle": lifecycle,
                                               "ability": ability}))
    state.over = True
    events.append(Event("game_over", {}))

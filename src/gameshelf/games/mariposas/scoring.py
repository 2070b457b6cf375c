"""Scoring: season goals (R74-R75), Michoacan table (R84-R85), final scoring and tie-breakers (R83-R88).

``outcome`` is None until the game is over; ``score_now`` scores a running game as if it ended now:
the points so far plus the current season goal (unless already scored) and the end-game points
(R83), so it equals the outcome at the end.
"""

from __future__ import annotations

from collections.abc import Sequence

from gameshelf.core.game import Outcome, rank_players
from gameshelf.games.mariposas.catalog import CAT, Goal
from gameshelf.games.mariposas.decisions import ChooseFreeHatch
from gameshelf.games.mariposas.state import (
    ABILITY_END, CATEGORIES, LIFECYCLE_CARDS, MARKERS, MICHOACAN, SEASON_GOAL_CATEGORIES, State,
)

MICHOACAN_SPACE = CAT.michoacan
MICHOACAN_DOUBLE = CAT.ability_ids.index("michoacan_double")


def placed(state: State, seat: int) -> list[tuple[int, int]]:
    """(space, weight) of a player's markers on the map; a double gen-4 weighs 2 (R36, R75)."""
    base = seat * MARKERS
    out = []
    for butterfly in range(base, base + MARKERS):
        space = state.locations[butterfly]
        if space >= 0:
            out.append((space, 2 if state.doubles[butterfly] else 1))
    return out


def weight_in(markers: Sequence[tuple[int, int]], mask: int) -> int:
    return sum(weight for space, weight in markers if mask >> space & 1)


def goal_points(state: State, seat: int, goal: Goal) -> int:
    """Points a season goal gives at the end of its season (breeding goals score at hatches)."""
    return goal_points_of(placed(state, seat), state.flowers[seat], goal)


def goal_points_of(markers: Sequence[tuple[int, int]], flowers: Sequence[int], goal: Goal) -> int:
    """:func:`goal_points` from a player's markers (as :func:`placed` lists them) and flowers."""
    kind = goal.type
    if kind == "per_butterfly":
        return goal.points * weight_in(markers, goal.region)
    if kind == "once":
        if goal.own_each_flower:
            ok = all(count >= 1 for count in flowers)
        else:
            ok = all(weight_in(markers, mask) >= need for mask, need in goal.conditions)
        return goal.points if ok else 0
    if kind == "compound":
        ok = sum(weight for _, weight in markers) >= goal.on_map_min and weight_in(markers, goal.none_in) == 0
        return goal.points if ok else 0
    return 0


def michoacan_count(state: State, seat: int) -> int:
    """R84/R85: weight of gen-4 markers in Michoacan; michoacan_double makes each marker 2."""
    base = seat * MARKERS
    doubled = state.abilities[seat] >> MICHOACAN_DOUBLE & 1
    count = 0
    for marker in CAT.gen_slots[4]:
        butterfly = base + marker
        if state.locations[butterfly] == MICHOACAN_SPACE:
            count += 2 if (doubled or state.doubles[butterfly]) else 1
    return count


def michoacan_points(count: int) -> int:
    """R84/R85: the Michoacan table's points for ``count`` butterflies there."""
    table = CAT.michoacan_table
    if count < len(table):
        return table[count]
    return table[-1] + CAT.michoacan_beyond * (count - len(table) + 1)


def tiebreak_keys(state: State, seat: int) -> tuple[int, int, int]:
    """R88: butterflies in Michoacan (any gen, doubles 2, no ability), flowers, life cycle cards."""
    in_michoacan = sum(weight for space, weight in placed(state, seat) if space == MICHOACAN_SPACE)
    return in_michoacan, sum(state.flowers[seat]), bin(state.lifecycle[seat]).count("1")


def score(state: State, seat: int) -> int:
    return sum(state.points[seat])


def balance(state: State) -> dict[str, list[int]]:
    """Study convention: ``season_goal:<id>`` -> points that goal card gave each seat, its end-of-season
    scoring plus any points it gave at hatches (breeding goals, R74). Read from ``state.goal_points``, which is
    credited at the same moment as the breakdown categories (spring/summer/fall_goal, breeding_goal)."""
    seats = state.players
    return {f"season_goal:{CAT.goals[goal].id}": state.goal_points[season * seats:(season + 1) * seats]
            for season, goal in enumerate(state.goals)}


LIFECYCLE_KINDS = len(CAT.lifecycle_ids)


def end_points(state: State, seat: int) -> tuple[int, int, int]:
    """R83: (Michoacan, life cycle cards, end-game ability points) of the seat now."""
    michoacan = michoacan_points(michoacan_count(state, seat))
    lifecycle = bin(state.lifecycle[seat] & ((1 << LIFECYCLE_KINDS) - 1)).count("1") * CAT.lifecycle_points
    ability = sum(CAT.ability_end_points[index] for index in range(len(CAT.ability_ids))
                  if state.abilities[seat] >> index & 1)
    return michoacan, lifecycle, ability


def _scored(state: State, points: list[list[int]]) -> Outcome:
    scores = tuple(sum(points[seat]) for seat in range(state.players))
    keys = [(scores[seat],) + tiebreak_keys(state, seat) for seat in range(state.players)]
    breakdown = tuple({category: points[seat][index] for index, category in enumerate(CATEGORIES)}
                      for seat in range(state.players))
    details = {"tiebreak": [list(key[1:]) for key in keys], "balance": balance(state)}
    return Outcome(scores, rank_players(keys), breakdown, details)


def points_so_far(state: State) -> Outcome:
    """The points scored so far (no end-game scoring), ranked like an outcome (for studies and tests)."""
    return _scored(state, state.points)


def outcome(state: State) -> Outcome | None:
    """The final scores, ranks after tie-breakers (R88) and breakdown; None until the game is over."""
    return _scored(state, state.points) if state.over else None


def score_now(state: State) -> Outcome:
    """The outcome if the game ended now (R83 applied to the running game)."""
    if state.over:
        return _scored(state, state.points)
    season_scored = isinstance(state.pending[-1], ChooseFreeHatch)   # between seasons: R76 step 2 done
    goal = CAT.goals[state.goals[state.season]]
    points = [row[:] for row in state.points]
    for seat in range(state.players):
        if not season_scored:
            points[seat][SEASON_GOAL_CATEGORIES[state.season]] += goal_points(state, seat, goal)
        michoacan, lifecycle, ability = end_points(state, seat)
        points[seat][MICHOACAN] += michoacan
        points[seat][LIFECYCLE_CARDS] += lifecycle
        points[seat][ABILITY_END] += ability
    return _scored(state, points)

"""A fast evaluation for bots: points so far, end-game points already secured, and progress terms."""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.scoring import MICHOACAN_DOUBLE, goal_points_of, michoacan_points
from gameshelf.games.mariposas.state import MARKERS, State

END_POINTS = CAT.ability_end_points
ABILITIES = len(CAT.ability_ids)
GEN4 = CAT.gen_slots[4]
IS_GEN4 = tuple(marker in GEN4 for marker in range(MARKERS))
FLOWER_GOAL = tuple(goal.own_each_flower for goal in CAT.goals)


def _distances(start: int) -> tuple[int, ...]:
    """Steps from ``start`` to every space (breadth first; 99 for a space out of reach)."""
    distance = {start: 0}
    queue = deque([start])
    while queue:
        space = queue.popleft()
        for neighbour in CAT.adj[space]:
            if neighbour not in distance:
                distance[neighbour] = distance[space] + 1
                queue.append(neighbour)
    return tuple(distance.get(space, 99) for space in range(len(CAT.space_ids)))


TO_MICHOACAN = _distances(CAT.michoacan)


@lru_cache(maxsize=4096)
def card_points(lifecycle: int, abilities: int) -> int:
    """Life cycle cards held plus the end points of the abilities owned (R83), from the seat's masks."""
    return bin(lifecycle).count("1") + sum(END_POINTS[index] for index in range(ABILITIES) if abilities >> index & 1)


@lru_cache(maxsize=8192)
def board_terms(locations: tuple[int, ...], doubles: tuple[int, ...], migrating: bool, goal_index: int,
                michoacan_double: bool, flowers_complete: bool) -> tuple[float, ...]:
    """The estimate's terms from one player's markers (``locations``/``doubles``: their MARKERS markers), in
    the order they are added, cached: Michoacan points (R84, R85), 0.7 x the season goal's
    points now, then per marker 0.6 a weight and, from season 1 on, a gen-4's nearness to
    Michoacan. ``flowers_complete`` (one of each flower) only matters for a flower goal."""
    markers: list[tuple[int, int]] = []
    terms: list[float] = []
    in_michoacan = 0
    for marker, space in enumerate(locations):
        if space >= 0:
            weight = 2 if doubles[marker] else 1
            markers.append((space, weight))
            terms.append(0.6 * weight)
            if IS_GEN4[marker]:
                if space == CAT.michoacan:
                    in_michoacan += 2 if (michoacan_double or doubles[marker]) else 1
                elif migrating:
                    terms.append(weight * max(0.0, 2.5 - 0.15 * TO_MICHOACAN[space]))
    flowers = (1,) if flowers_complete else (0,)    # any flowers equally complete score alike
    goal = 0.7 * goal_points_of(markers, flowers, CAT.goals[goal_index])
    return (michoacan_points(in_michoacan), goal, *terms)


@lru_cache(maxsize=16384)
def player_estimate(points: int, lifecycle: int, abilities: int, locations: tuple[int, ...], doubles: tuple[int, ...],
                    migrating: bool, goal_index: int, flowers: tuple[int, ...]) -> float:
    """The estimate of a player in a game not over, cached (a search meets the same players again
    and again): the terms added one at a time in a fixed order, so the float is always the same."""
    value = float(points)
    value += card_points(lifecycle, abilities)
    for term in board_terms(locations, doubles, migrating, goal_index, bool(abilities >> MICHOACAN_DOUBLE & 1),
                            FLOWER_GOAL[goal_index] and min(flowers) >= 1):
        value += term
    value += 0.15 * sum(flowers)
    return value


def estimate(state: State, seat: int) -> float:
    """Score + secured end-game points + the current goal's value now + small progress terms."""
    if state.over:
        return float(sum(state.points[seat]))
    base = seat * MARKERS
    return player_estimate(sum(state.points[seat]), state.lifecycle[seat], state.abilities[seat],
                           tuple(state.locations[base:base + MARKERS]), tuple(state.doubles[base:base + MARKERS]),
                           state.season >= 1, state.goals[state.season], tuple(state.flowers[seat]))


def heuristic(state: State, seat: int) -> float:
    """Own estimate minus the best opponent's."""
    mine = estimate(state, seat)
    if state.players == 2:
        return mine - estimate(state, 1 - seat)
    best = max((estimate(state, other) for other in range(state.players) if other != seat), default=0.0)
    return mine - best

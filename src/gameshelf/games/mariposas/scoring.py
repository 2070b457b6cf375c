"""Scoring: season goals (R74-R75), Michoacan table (R84-R85), final scoring and tie-breakers (R83-R88).

``outcome`` is None until the game is over; ``score_now`` scores a running game as if it ended now:
the points so far plus the current season goal (unless already scored) and the end-game points
(R83), so it equals the outcome at the end.
"""

from __future__ import annotations

from collections.abc import Sequence

from gameshelf.core.game import Outcome, rank_players
from gameshelf.games.mariposas.catalog import CAT, Goal
from gameshelf.games.mariposas.state import C_ABIL, C_GOAL, C_LIFE, C_MICH, CATEGORIES, NSLOT

MICH = CAT.michoacan
SLOT_GEN = CAT.slot_gen
A_MICH_DOUBLE = CAT.ability_ids.index("michoacan_double")


def placed(s, p: int) -> list[tuple[int, int]]:
    """(space, weight) of a player's markers on the map; a double gen-4 weighs 2 (R36, R75)."""
    base = p * NSLOT
    out = []
    for g in range(base, base + NSLOT):
        sp = s.loc[g]
        if sp >= 0:
            out.append((sp, 2 if s.dbl[g] else 1))
    return out


def weight_in(markers: Sequence[tuple[int, int]], mask: int) -> int:
    return sum(w for sp, w in markers if mask >> sp & 1)


def goal_points(s, p: int, goal: Goal) -> int:
    """Points a season goal gives at the end of its season (breeding goals score at hatches)."""
    return goal_points_of(placed(s, p), s.flowers[p], goal)


def goal_points_of(markers: Sequence[tuple[int, int]], flowers: Sequence[int], goal: Goal) -> int:
    """:func:`goal_points` from a player's markers (as :func:`placed` lists them) and flowers."""
    t = goal.type
    if t == "per_butterfly":
        return goal.points * weight_in(markers, goal.region)
    if t == "once":
        if goal.own_each_flower:
            ok = all(x >= 1 for x in flowers)
        else:
            ok = all(weight_in(markers, mask) >= need for mask, need in goal.conditions)
        return goal.points if ok else 0
    if t == "compound":
        ok = sum(w for _, w in markers) >= goal.on_map_min and weight_in(markers, goal.none_in) == 0
        return goal.points if ok else 0
    return 0


def michoacan_count(s, p: int) -> int:
    """R84/R85: weight of gen-4 markers in Michoacan; michoacan_double makes each marker 2."""
    base = p * NSLOT
    doubled = s.abil[p] >> A_MICH_DOUBLE & 1
    n = 0
    for slot in CAT.gen_slots[4]:
        g = base + slot
        if s.loc[g] == MICH:
            n += 2 if (doubled or s.dbl[g]) else 1
    return n


def michoacan_points(n: int) -> int:
    table = CAT.michoacan_table
    if n < len(table):
        return table[n]
    return table[-1] + CAT.michoacan_beyond * (n - len(table) + 1)


def tiebreak_keys(s, p: int) -> tuple[int, int, int]:
    """R88: butterflies in Michoacan (any gen, doubles 2, no ability), flowers, life cycle cards."""
    mich = sum(w for sp, w in placed(s, p) if sp == MICH)
    return mich, sum(s.flowers[p]), bin(s.life[p]).count("1")


def score(s, p: int) -> int:
    return sum(s.pts[p])


def balance(s) -> dict[str, list[int]]:
    """Study convention: ``season_goal:<id>`` -> points that goal card gave each seat, its end-of-season
    scoring plus any points it gave at hatches (breeding goals, R74). Read from ``s.gpts``, which is
    credited at the same moment as the breakdown categories (spring/summer/fall_goal, breeding_goal)."""
    n = s.n
    return {f"season_goal:{CAT.goals[g].id}": s.gpts[k * n:(k + 1) * n] for k, g in enumerate(s.goals)}


NLIFE = len(CAT.lifecycle_ids)


def end_points(s, p: int) -> tuple[int, int, int]:
    """R83: (Michoacan, life cycle cards, end-game ability points) of seat p now."""
    m = michoacan_points(michoacan_count(s, p))
    life = bin(s.life[p] & ((1 << NLIFE) - 1)).count("1") * CAT.lifecycle_points
    abil = sum(CAT.ability_end_points[a] for a in range(len(CAT.ability_ids)) if s.abil[p] >> a & 1)
    return m, life, abil


def _scored(s, pts: list[list[int]]) -> Outcome:
    scores = tuple(sum(pts[p]) for p in range(s.n))
    keys = [(scores[p],) + tiebreak_keys(s, p) for p in range(s.n)]
    breakdown = tuple({c: pts[p][i] for i, c in enumerate(CATEGORIES)} for p in range(s.n))
    details = {"tiebreak": [list(k[1:]) for k in keys], "balance": balance(s)}
    return Outcome(scores, rank_players(keys), breakdown, details)


def points_so_far(s) -> Outcome:
    """The points scored so far (no end-game scoring), ranked like an outcome (for studies and tests)."""
    return _scored(s, s.pts)


def outcome(s) -> Outcome | None:
    """The final scores, ranks after tie-breakers (R88) and breakdown; None until the game is over."""
    return _scored(s, s.pts) if s.over else None


def score_now(s) -> Outcome:
    """The outcome if the game ended now (R83 applied to the running game)."""
    if s.over:
        return _scored(s, s.pts)
    from gameshelf.games.mariposas.decisions import ChooseFreeHatch
    season_scored = isinstance(s.pending[-1], ChooseFreeHatch)   # between seasons: R76 step 2 done
    goal = CAT.goals[s.goals[s.season]]
    pts = [row[:] for row in s.pts]
    for p in range(s.n):
        if not season_scored:
            pts[p][C_GOAL[s.season]] += goal_points(s, p, goal)
        m, life, abil = end_points(s, p)
        pts[p][C_MICH] += m
        pts[p][C_LIFE] += life
        pts[p][C_ABIL] += abil
    return _scored(s, pts)

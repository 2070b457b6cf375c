"""Iwari scoring: tent majorities (R76, R57), settlements (R49, R77), totem lines (R78, R58),
the Long Road (R68), interim and final scoring (R72, R73) and the winner (R79, R46)."""

from __future__ import annotations

from gameshelf.core.game import Outcome, rank_players
from gameshelf.games.iwari.catalog import TENTS, TOTEMS
from gameshelf.games.iwari.state import State

CATEGORIES = ("interim", "tents", "settlements", "totems", "long_road", "expeditions")


def score_area(counts: list[int], multiplier: int = 1) -> list[int]:
    """R76: the top count scores every tent; others score the next higher count present."""
    present = sorted({n for n in counts if n > 0})
    if not present:
        return [0] * len(counts)
    total, top = sum(counts), present[-1]
    above = {present[i]: present[i + 1] for i in range(len(present) - 1)}
    return [0 if n <= 0 else multiplier * (total if n == top else above[n]) for n in counts]


def tent_majority(s: State) -> list[int]:
    """Every territory scored for tent majority with its feat multiplier (R72, R57)."""
    nt, T = s.ntribes, len(s.map.territories)
    points = [0] * nt
    tents = s.tents
    for t in range(T):
        if not s.filled[t]:
            continue
        counts = tents[t::T]
        for p, v in enumerate(score_area(counts, 1 + s.terr_feats[t])):
            points[p] += v
    return points


def settlements(s: State, tribe: int) -> list[list[int]]:
    """The tribe's maximal road-connected groups of at least 4 tents (R49)."""
    owner, adj = s.owner, s.adj
    seen: set[int] = set()
    groups = []
    for sp in range(len(owner)):
        if owner[sp] != tribe or sp in seen:
            continue
        group, stack = [sp], [sp]
        seen.add(sp)
        while stack:
            for nb in adj[stack.pop()]:
                if owner[nb] == tribe and nb not in seen:
                    seen.add(nb)
                    group.append(nb)
                    stack.append(nb)
        if len(group) >= 4:
            groups.append(group)
    return groups


def settlement_points(s: State) -> list[int]:
    """R77: one VP per tent in each settlement, no multiplier."""
    return [sum(len(g) for g in settlements(s, p)) for p in range(s.ntribes)]


def qualifies(s: State, tribe: int, a: int, b: int) -> bool:
    """R78/R52: at least one totem on each side and the most (ties count) on each side."""
    T, totems = len(s.map.territories), s.totems
    ka, kb = totems[tribe * T + a], totems[tribe * T + b]
    return ka > 0 and kb > 0 and ka == max(totems[a::T]) and kb == max(totems[b::T])


def totem_points(s: State) -> list[int]:
    """R78, R58: usable lines in number order; each qualifying tribe scores both stacks."""
    points = [0] * s.ntribes
    for line in s.map.lines:
        if s.blocked[line.index] or not s.ktot[line.a] or not s.ktot[line.b]:
            continue
        value = (s.ktot[line.a] + s.ktot[line.b]) * (1 + s.line_feats[line.index])
        for p in range(s.ntribes):
            if qualifies(s, p, line.a, line.b):
                points[p] += value
    return points


def long_road_points(s: State) -> list[int]:
    """R68: the Long Road spaces scored once more as one area, multiplier 1."""
    if not s.map.long_road_spaces:
        return [0] * s.ntribes
    counts = [0] * s.ntribes
    for sp in s.map.long_road_spaces:
        if s.owner[sp] >= 0:
            counts[s.owner[sp]] += 1
    return score_area(counts)


def final_scoring(s: State) -> list[dict[str, int]]:
    """R73: tents, settlements, totems, Long Road, per tribe (not yet added to the scores)."""
    parts = (tent_majority(s), settlement_points(s), totem_points(s), long_road_points(s))
    return [{"tents": a, "settlements": b, "totems": c, "long_road": d}
            for a, b, c, d in zip(*parts)]


def unused_pieces(s: State, tribe: int) -> int:
    return s.supply_tents[tribe] + s.supply_totems[tribe]


def breakdown(s: State, tribe: int) -> dict[str, int]:
    """R80: points per category (sums to the score)."""
    final = s.final[tribe] if s.final else {"tents": 0, "settlements": 0, "totems": 0, "long_road": 0}
    return {"interim": s.interim[tribe], **final, "expeditions": s.exp_points[tribe]}


def outcome(s: State) -> Outcome:
    """R79 ranks with the unused-pieces tie-break; R46: a winning third tribe makes both lose."""
    keys = [(s.score[p], unused_pieces(s, p)) for p in range(s.ntribes)]
    ranks = list(rank_players(keys))
    players = s.players
    details: dict = {"unused_pieces": [unused_pieces(s, p) for p in range(s.ntribes)],
                     "end_reason": s.end_reason}
    if s.ntribes > players:
        third_wins = ranks[players] == 1
        if third_wins:
            ranks = [max(r, 2) for r in ranks]
        details["third_tribe"] = {"score": s.score[players], "breakdown": breakdown(s, players),
                                  "wins": third_wins}
        details["all_players_lose"] = third_wins
    return Outcome(tuple(s.score[:players]), tuple(ranks[:players]),
                   tuple(breakdown(s, p) for p in range(players)), details)


def assert_breakdown(s: State) -> None:
    for p in range(s.ntribes):
        assert sum(breakdown(s, p).values()) == s.score[p], "breakdown must sum to the score"
    assert all(0 <= s.supply_tents[p] <= TENTS and 0 <= s.supply_totems[p] <= TOTEMS
               for p in range(s.ntribes))

"""Iwari scoring: tent majorities (R76, R57), settlements (R49, R77), totem lines (R78, R58),
the Long Road (R68), interim and final scoring (R72, R73) and the winner (R79, R46)."""

from __future__ import annotations

from gameshelf.core.game import Outcome, rank_players
from gameshelf.games.iwari.catalog import EXPEDITIONS, FEATS, TENTS, TOTEMS
from gameshelf.games.iwari.state import State

FEAT_COUNT = len(FEATS)

CATEGORIES = ("interim", "tents", "settlements", "totems", "long_road", "expeditions")


def score_area(counts: list[int], multiplier: int = 1) -> list[int]:
    """R76: the top count scores every tent; others score the next higher count present."""
    present = sorted({n for n in counts if n > 0})
    if not present:
        return [0] * len(counts)
    total, top = sum(counts), present[-1]
    above = {present[i]: present[i + 1] for i in range(len(present) - 1)}
    return [0 if n <= 0 else multiplier * (total if n == top else above[n]) for n in counts]


def territory_base(s: State):
    """(territory, per-tribe tent-majority points without feat multiplier) for every explored one."""
    T, tents = len(s.map.territories), s.tents
    for t in range(T):
        if s.filled[t]:
            yield t, score_area(tents[t::T])


def tent_majority(s: State) -> list[int]:
    """Every territory scored for tent majority with its feat multiplier (R72, R57)."""
    points = [0] * s.ntribes
    terr_feats = s.terr_feats
    for t, base in territory_base(s):
        m = 1 + terr_feats[t]
        for p, v in enumerate(base):
            points[p] += m * v
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


def line_base(s: State):
    """(line, value without feat multiplier, qualifying tribes) for every line that pays (R78)."""
    for line in s.map.lines:
        if s.blocked[line.index] or not s.ktot[line.a] or not s.ktot[line.b]:
            continue
        yield (line.index, s.ktot[line.a] + s.ktot[line.b],
               [p for p in range(s.ntribes) if qualifies(s, p, line.a, line.b)])


def totem_points(s: State) -> list[int]:
    """R78, R58: usable lines in number order; each qualifying tribe scores both stacks."""
    points = [0] * s.ntribes
    for i, value, winners in line_base(s):
        for p in winners:
            points[p] += value * (1 + s.line_feats[i])
    return points


def feat_bonus(s: State, lines: bool = True) -> tuple[int, ...]:
    """Points the placed feat tokens add to the current tent scoring (and, with ``lines``, to the
    totem scoring), per feat type and tribe (flat: feat * ntribes + tribe). A multiplier
    (1 + k) is the base score plus one base score per token (R57, R58), so each token earns its
    feat the base points of its territory or line; the sum over feats is exactly the difference
    the multipliers make in :func:`tent_majority` / :func:`totem_points`."""
    nt = s.ntribes
    out = [0] * (FEAT_COUNT * nt)
    if not s.feat_log:
        return tuple(out)
    terr = dict(territory_base(s))
    line = {i: (value, winners) for i, value, winners in line_base(s)} if lines else {}
    for f, x in s.feat_log:
        if FEATS[f].goes_on == "territory":
            for p, v in enumerate(terr.get(x, ())):
                out[f * nt + p] += v
        elif x in line:
            value, winners = line[x]
            for p in winners:
                out[f * nt + p] += value
    return tuple(out)


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


def breakdown(s: State, tribe: int, final=None) -> dict[str, int]:
    """R80: points per category (sums to the score); ``final``: final parts to use instead of the
    state's own (for :func:`score_now`)."""
    final = final or s.final
    parts = final[tribe] if final else {"tents": 0, "settlements": 0, "totems": 0, "long_road": 0}
    return {"interim": s.interim[tribe], **parts, "expeditions": s.exp_points[tribe]}


def balance(s: State) -> dict[str, list[int]]:
    """Points per component and seat (sim convention): ``feat:<id>`` (feats on) is the interim
    plus final bonus its tokens' multipliers gave (these sums are part of the interim, tents and
    totems categories); ``expedition:<id>`` (expeditions on) is what each face-up card paid
    (these sum to the expeditions category)."""
    players, nt = s.players, s.ntribes
    out: dict[str, list[int]] = {}
    if s.config.feats:
        final = feat_bonus(s) if s.final else (0,) * (FEAT_COUNT * nt)
        for f in FEATS:
            base = f.index * nt
            out[f"feat:{f.id}"] = [s.feat_interim[base + p] + final[base + p] for p in range(players)]
    if s.config.expeditions:
        for i, card_index in enumerate(s.expeditions):
            card = EXPEDITIONS[card_index]
            points = [0] * players
            for j, seat in enumerate(s.exp_scored[i]):
                points[seat] += card.points[j]
            out[f"expedition:{card.id}"] = points
    return out


def outcome(s: State) -> Outcome | None:
    """None until the game is over; then the scores and ranks (R79, R46)."""
    return None if s.pending else _outcome(s, s.score, None)


def score_now(s: State) -> Outcome:
    """The outcome if the game ended now: the final scoring (R73) added to the scores so far."""
    if not s.pending:
        return _outcome(s, s.score, None)
    final = final_scoring(s)
    scores = [s.score[p] + sum(final[p].values()) for p in range(s.ntribes)]
    return _outcome(s, scores, final)


def _outcome(s: State, scores: list[int], final) -> Outcome:
    """R79 ranks with the unused-pieces tie-break; R46: a winning third tribe makes both lose."""
    keys = [(scores[p], unused_pieces(s, p)) for p in range(s.ntribes)]
    ranks = list(rank_players(keys))
    players = s.players
    details: dict = {"unused_pieces": [unused_pieces(s, p) for p in range(s.ntribes)],
                     "end_reason": s.end_reason}
    bal = balance(s) if final is None else {}
    if bal:
        details["balance"] = bal
    if s.ntribes > players:
        third_wins = ranks[players] == 1
        if third_wins:
            ranks = [max(r, 2) for r in ranks]
        details["third_tribe"] = {"score": scores[players], "breakdown": breakdown(s, players, final),
                                  "wins": third_wins}
        details["all_players_lose"] = third_wins
    return Outcome(tuple(scores[:players]), tuple(ranks[:players]),
                   tuple(breakdown(s, p, final) for p in range(players)), details)


def assert_breakdown(s: State) -> None:
    for p in range(s.ntribes):
        assert sum(breakdown(s, p).values()) == s.score[p], "breakdown must sum to the score"
    assert all(0 <= s.supply_tents[p] <= TENTS and 0 <= s.supply_totems[p] <= TOTEMS
               for p in range(s.ntribes))

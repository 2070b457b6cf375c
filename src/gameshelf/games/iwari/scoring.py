"""Iwari scoring: tent majorities (R76, R57), settlements (R49, R77), totem lines (R78, R58),
the Long Road (R68), interim and final scoring (R72, R73) and the winner (R79, R46)."""

from __future__ import annotations

from functools import lru_cache

from gameshelf.core.game import Outcome, rank_players
from gameshelf.games.iwari.catalog import EXPEDITIONS, FEATS, TENTS, TOTEMS
from gameshelf.games.iwari.state import State

FEAT_COUNT = len(FEATS)

CATEGORIES = ("interim", "tents", "settlements", "totems", "long_road", "expeditions")


def score_area(counts: list[int], multiplier: int = 1) -> list[int]:
    """R76: the top count scores every tent; others score the next higher count present."""
    return [multiplier * points for points in area_points(tuple(counts))]


@lru_cache(maxsize=4096)
def area_points(counts: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`score_area` without multiplier, once per count combination: a territory holds at
    most 7 tents, so few combinations occur, and every scoring (interim, final, the bot's
    heuristic) meets the same ones again."""
    present = sorted({n for n in counts if n > 0})
    if not present:
        return (0,) * len(counts)
    total, top = sum(counts), present[-1]
    above = {present[i]: present[i + 1] for i in range(len(present) - 1)}
    return tuple(0 if n <= 0 else (total if n == top else above[n]) for n in counts)


def territory_base(state: State):
    """(territory, per-tribe tent-majority points without feat multiplier) for every explored one."""
    territories, tents = len(state.map.territories), state.tents
    for territory in range(territories):
        if state.filled[territory]:
            yield territory, area_points(tuple(tents[territory::territories]))


def tent_majority(state: State) -> list[int]:
    """Every territory scored for tent majority with its feat multiplier (R72, R57)."""
    points = [0] * state.tribes
    territory_feats = state.territory_feats
    for territory, base in territory_base(state):
        multiplier = 1 + territory_feats[territory]
        for tribe, gained in enumerate(base):
            points[tribe] += multiplier * gained
    return points


SETTLEMENT = 4  # R49: tents in a settlement, at least


def has_settlement(state: State, tribe: int) -> bool:
    """Whether :func:`settlements` is not empty: stops at the first group of 4 tents (R49)."""
    owner, adjacency = state.owner, state.adjacency
    unseen = owner[:]  # the tribe's tents not reached yet still hold ``tribe`` (a list: cheaper than a set)
    space = -1
    for _ in range(owner.count(tribe)):
        space = owner.index(tribe, space + 1)  # the tribe's next tent, found in C
        if unseen[space] != tribe:
            continue
        unseen[space] = -1
        size, stack = 1, [space]
        while stack:
            for neighbour in adjacency[stack.pop()]:
                if unseen[neighbour] == tribe:
                    unseen[neighbour] = -1
                    size += 1
                    if size >= SETTLEMENT:
                        return True
                    stack.append(neighbour)
    return False


def in_settlement(state: State, tribe: int, space: int) -> bool:
    """Whether the tribe's tent on ``space`` belongs to a group of at least 4 tents (R49): the
    search of :func:`has_settlement` from that one tent."""
    owner, adjacency = state.owner, state.adjacency
    seen, stack = {space}, [space]
    while stack:
        for neighbour in adjacency[stack.pop()]:
            if owner[neighbour] == tribe and neighbour not in seen:
                seen.add(neighbour)
                if len(seen) >= SETTLEMENT:
                    return True
                stack.append(neighbour)
    return False


def settlements(state: State, tribe: int) -> list[list[int]]:
    """The tribe's maximal road-connected groups of at least 4 tents (R49)."""
    owner, adjacency = state.owner, state.adjacency
    unseen = owner[:]  # as in has_settlement
    groups = []
    space = -1
    for _ in range(owner.count(tribe)):
        space = owner.index(tribe, space + 1)
        if unseen[space] != tribe:
            continue
        unseen[space] = -1
        group, stack = [space], [space]
        while stack:
            for neighbour in adjacency[stack.pop()]:
                if unseen[neighbour] == tribe:
                    unseen[neighbour] = -1
                    group.append(neighbour)
                    stack.append(neighbour)
        if len(group) >= SETTLEMENT:
            groups.append(group)
    return groups


def settlement_points(state: State) -> list[int]:
    """R77: one VP per tent in each settlement, no multiplier."""
    return [sum(len(group) for group in settlements(state, tribe)) if state.settled[tribe] else 0  # none: no search
            for tribe in range(state.tribes)]


def qualifies(state: State, tribe: int, first: int, second: int) -> bool:
    """R78/R52: at least one totem on each side and the most (ties count) on each side."""
    territories, totems = len(state.map.territories), state.totems
    on_first, on_second = totems[tribe * territories + first], totems[tribe * territories + second]
    return (on_first > 0 and on_second > 0 and on_first == max(totems[first::territories])
            and on_second == max(totems[second::territories]))


def line_base(state: State):
    """(line, value without feat multiplier, qualifying tribes) for every line that pays (R78)."""
    for line in state.map.lines:
        if state.blocked[line.index] or not state.totem_stacks[line.a] or not state.totem_stacks[line.b]:
            continue
        yield (line.index, state.totem_stacks[line.a] + state.totem_stacks[line.b],
               [tribe for tribe in range(state.tribes) if qualifies(state, tribe, line.a, line.b)])


def totem_points(state: State) -> list[int]:
    """R78, R58: usable lines in number order; each qualifying tribe scores both stacks."""
    points = [0] * state.tribes
    for i, value, winners in line_base(state):
        for tribe in winners:
            points[tribe] += value * (1 + state.line_feats[i])
    return points


def feat_bonus(state: State, lines: bool = True) -> tuple[int, ...]:
    """Points the placed feat tokens add to the current tent scoring (and, with ``lines``, to the
    totem scoring), per feat type and tribe (flat: feat * tribes + tribe). A multiplier
    (1 + k) is the base score plus one base score per token (R57, R58), so each token earns its
    feat the base points of its territory or line; the sum over feats is exactly the difference
    the multipliers make in :func:`tent_majority` / :func:`totem_points`."""
    tribes = state.tribes
    out = [0] * (FEAT_COUNT * tribes)
    if not state.feat_tokens:
        return tuple(out)
    territory_points = dict(territory_base(state))
    line = {i: (value, winners) for i, value, winners in line_base(state)} if lines else {}
    for feat, target in state.feat_tokens:
        if FEATS[feat].goes_on == "territory":
            for tribe, gained in enumerate(territory_points.get(target, ())):
                out[feat * tribes + tribe] += gained
        elif target in line:
            value, winners = line[target]
            for tribe in winners:
                out[feat * tribes + tribe] += value
    return tuple(out)


def long_road_points(state: State) -> list[int]:
    """R68: the Long Road spaces scored once more as one area, multiplier 1."""
    if not state.map.long_road_spaces:
        return [0] * state.tribes
    counts = [0] * state.tribes
    for space in state.map.long_road_spaces:
        if state.owner[space] >= 0:
            counts[state.owner[space]] += 1
    return score_area(counts)


def final_scoring(state: State) -> list[dict[str, int]]:
    """R73: tents, settlements, totems, Long Road, per tribe (not yet added to the scores)."""
    parts = (tent_majority(state), settlement_points(state), totem_points(state), long_road_points(state))
    return [{"tents": tents, "settlements": settled, "totems": totems, "long_road": road}
            for tents, settled, totems, road in zip(*parts)]


def unused_pieces(state: State, tribe: int) -> int:
    return state.supply_tents[tribe] + state.supply_totems[tribe]


def breakdown(state: State, tribe: int, final=None) -> dict[str, int]:
    """R80: points per category (sums to the score); ``final``: final parts to use instead of the
    state's own (for :func:`score_now`)."""
    final = final or state.final
    parts = final[tribe] if final else {"tents": 0, "settlements": 0, "totems": 0, "long_road": 0}
    return {"interim": state.interim[tribe], **parts, "expeditions": state.expedition_points[tribe]}


def balance(state: State) -> dict[str, list[int]]:
    """Points per component and seat (sim convention): ``feat:<id>`` (feats on) is the interim
    plus final bonus its tokens' multipliers gave (these sums are part of the interim, tents and
    totems categories); ``expedition:<id>`` (expeditions on) is what each face-up card paid
    (these sum to the expeditions category)."""
    players, tribes = state.players, state.tribes
    out: dict[str, list[int]] = {}
    if state.config.feats:
        final = feat_bonus(state) if state.final else (0,) * (FEAT_COUNT * tribes)
        for feat in FEATS:
            base = feat.index * tribes
            out[f"feat:{feat.id}"] = [state.feat_interim[base + tribe] + final[base + tribe] for tribe in range(players)]
    if state.config.expeditions:
        for i, card_index in enumerate(state.expeditions):
            card = EXPEDITIONS[card_index]
            points = [0] * players
            for j, seat in enumerate(state.expeditions_scored[i]):
                points[seat] += card.points[j]
            out[f"expedition:{card.id}"] = points
    return out


def outcome(state: State) -> Outcome | None:
    """None until the game is over; then the scores and ranks (R79, R46)."""
    return None if state.pending else _outcome(state, state.scores, None)


def score_now(state: State) -> Outcome:
    """The outcome if the game ended now: the final scoring (R73) added to the scores so far."""
    if not state.pending:
        return _outcome(state, state.scores, None)
    final = final_scoring(state)
    scores = [state.scores[tribe] + sum(final[tribe].values()) for tribe in range(state.tribes)]
    return _outcome(state, scores, final)


def _outcome(state: State, scores: list[int], final) -> Outcome:
    """R79 ranks with the unused-pieces tie-break; R46: a winning third tribe makes both lose."""
    keys = [(scores[tribe], unused_pieces(state, tribe)) for tribe in range(state.tribes)]
    ranks = list(rank_players(keys))
    players = state.players
    details: dict = {"unused_pieces": [unused_pieces(state, tribe) for tribe in range(state.tribes)],
                     "end_reason": state.end_reason}
    balances = balance(state) if final is None else {}
    if balances:
        details["balance"] = balances
    if state.tribes > players:
        third_wins = ranks[players] == 1
        if third_wins:
            ranks = [max(r, 2) for r in ranks]
        details["third_tribe"] = {"score": scores[players], "breakdown": breakdown(state, players, final),
                                  "wins": third_wins}
        details["all_players_lose"] = third_wins
    return Outcome(tuple(scores[:players]), tuple(ranks[:players]),
                   tuple(breakdown(state, tribe, final) for tribe in range(players)), details)


def assert_breakdown(state: State) -> None:
    for tribe in range(state.tribes):
        assert sum(breakdown(state, tribe).values()) == state.scores[tribe], "breakdown must sum to the score"
    assert all(0 <= state.supply_tents[tribe] <= TENTS and 0 <= state.supply_totems[tribe] <= TOTEMS
               for tribe in range(state.tribes))

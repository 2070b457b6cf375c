"""Iwari heuristic for greedy/ISMCTS bots: VP so far plus the tent-majority points the board
would pay now (R76) and a small settlement/totem term, minus the best other tribe.

The board terms depend on the public board only, and the same boards come back again and again in
a search (every determinization starts from the same board), so each is cached as the list of
(tribe, points) it adds, in the order the estimate adds them: the sums, and so the floats, are
those of adding term by term. The state keeps its terms and the values (state.py): copies share
them, a tent updates one territory's terms, and the heuristic's values are computed again only
after a change.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from gameshelf.games.iwari.catalog import DISPLAY, MapData
from gameshelf.games.iwari.actions import Tent, Totem
from gameshelf.games.iwari.decisions import ChooseAction, DraftPick, DrawCards, PlacePieces, ThirdTribeTarget
from gameshelf.games.iwari.scoring import score_area
from gameshelf.games.iwari.state import State

_MAPS: dict[str, MapData] = {}  # map id -> its data, for the cached line terms


@lru_cache(maxsize=8192)
def area_gains(counts: tuple[int, ...], multiplier: int) -> tuple[tuple[int, int], ...]:
    """(tribe, points) for every tribe a territory with these tent counts pays (R76), cached:
    the same few count patterns come up again and again."""
    return tuple((tribe, points) for tribe, points in enumerate(score_area(list(counts), multiplier)) if points)


@lru_cache(maxsize=8192)
def line_gains(map_id: str, totems: tuple[int, ...], totem_stacks: tuple[int, ...], blocked: tuple[bool, ...],
               line_feats: tuple[int, ...], tribes: int) -> tuple[tuple[int, float], ...]:
    """(tribe, value) for every open line whose both ends a tribe leads in totems, line by line:
    0.7 x the totems at both ends x the line's feat multiplier."""
    territories = len(totem_stacks)
    out: list[tuple[int, float]] = []
    for line in _MAPS[map_id].lines:
        first, second = line.a, line.b
        if blocked[line.index] or not totem_stacks[first] or not totem_stacks[second]:
            continue
        on_a, on_b = totems[first::territories], totems[second::territories]
        most_first, most_second = max(on_a), max(on_b)
        gain = 0.7 * (totem_stacks[first] + totem_stacks[second]) * (1 + line_feats[line.index])
        for tribe in range(tribes):
            if on_a[tribe] == most_first and on_b[tribe] == most_second:
                out.append((tribe, gain))
    return tuple(out)


AreaTerms = tuple[tuple[tuple[int, int], ...], ...]


def area_terms(state: State) -> AreaTerms:
    """Per territory, the (tribe, points) its tent majority pays now (R76; none if unexplored)."""
    tents, feats = state.tents, state.territory_feats
    territories = len(feats)
    return tuple(area_gains(tuple(tents[territory::territories]), 1 + feats[territory])
                 for territory in range(territories))


def area_changed(state: State, territory: int) -> None:
    """After a tent or a territory feat token in ``territory`` (the rules call it): that
    territory's terms again, if the state keeps terms, and the values reset."""
    terms = state.area_terms
    if terms is not None:
        territories = len(terms)
        gains = area_gains(tuple(state.tents[territory::territories]), 1 + state.territory_feats[territory])
        state.area_terms = terms[:territory] + (gains,) + terms[territory + 1:]
    state.margins = None


def board_terms(state: State) -> tuple[AreaTerms, tuple[tuple[int, float], ...]]:
    """The state's territory and line terms, computed when missing (state.py) and kept on the
    state, so copies made while searching share them until the board changes."""
    territory_terms, line_terms = state.area_terms, state.line_terms
    if territory_terms is None:
        territory_terms = state.area_terms = area_terms(state)
    if line_terms is None:
        board = state.map
        if board.id not in _MAPS:
            _MAPS[board.id] = board
        line_terms = state.line_terms = line_gains(
            board.id, tuple(state.totems), tuple(state.totem_stacks), tuple(state.blocked),
            tuple(state.line_feats), state.tribes)
    return territory_terms, line_terms


def estimate(state: State) -> list[float]:
    """Per tribe: score + current majority points (+ line totems and tents placed, lightly)."""
    estimates = [float(points) for points in state.scores]
    if state.final is not None:
        return estimates
    weight = 1.0 if state.exhaustions else 1.8  # before the interim scoring majorities pay twice
    territory_terms, line_terms = board_terms(state)
    for gains in territory_terms:
        for tribe, points in gains:
            estimates[tribe] += weight * points
    for tribe, gain in line_terms:
        estimates[tribe] += gain
    return estimates


def margins(state: State) -> tuple[float, ...]:
    """Per tribe, its estimate minus the best other tribe's: the best estimate for all but the
    (first) leader, the best of the others for the leader."""
    estimates = estimate(state)
    best = max(estimates)
    leader = estimates.index(best)
    runner_up = max(estimates[:leader] + estimates[leader + 1:])
    out = [mine - best for mine in estimates]
    out[leader] = best - runner_up
    return tuple(out)


def heuristic(state: State, seat: int) -> float:
    """The seat's estimate minus the best other tribe's (kept on the state: see state.py)."""
    values = state.margins
    if values is None:
        values = state.margins = margins(state)
    return values[seat]


_DRAWS = (DrawCards, DraftPick)
_CHOICES = (ChooseAction, ThirdTribeTarget)


def steady(state: State) -> bool:
    """Whether every legal action of the seat to act leaves every seat's heuristic as it is, so a
    search's greedy step need not apply them all to compare them (they all tie). The estimate reads
    the scores, the board's tents, totems and feat tokens, the exhaustions and the final scoring.
    An exchange (R13) or a Place target (R15, R40) changes none of them (a hand, the discard, the
    pending decision), nor does a draw (R29-R31, R71: the deck, the display, a hand) unless it
    empties the deck (R32-R35: scoring, the weight, the end), which it cannot while the deck holds
    more cards than a draw and the display's refill take (at most 1 + DISPLAY)."""
    pending = state.pending
    if not pending or state.end_reason:
        return False
    kind = type(pending[-1])
    return kind in _CHOICES or (kind in _DRAWS and len(state.deck) > DISPLAY + 1)


def twins(state: State, actions: Sequence[Any]) -> list[Any] | None:
    """Per action a key, equal keys for actions after which every seat's heuristic is the same
    (None: alike no other), or None when no two share one: so a search's greedy step applies one of
    each kind. In a Place action (R16-R23) every tent goes into the frame's territory for its tribe
    and every totem onto that territory's stack: the tents differ in their space and payment, the
    totems in their payment, none of which the estimate reads."""
    pending = state.pending
    if not pending or type(pending[-1]) is not PlacePieces:
        return None
    keys = [kind if (kind := type(action)) is Tent or kind is Totem else None for action in actions]
    tents = keys.count(Tent)
    return keys if tents > 1 or len(keys) - tents - keys.count(None) > 1 else None


heuristic.steady = steady  # type: ignore[attr-defined]  # found by gameshelf.agents.ismcts
heuristic.twins = twins  # type: ignore[attr-defined]

"""A fast evaluation for greedy / ISMCTS bots: own score estimate minus the best opponent's."""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace

from gameshelf.games.borealis.catalog import CARD_BONUS_STARS, CARD_PATTERN_BIT, CARD_SPECIES, SET_TABLE, TRACK_STARS
from gameshelf.games.borealis.decisions import Mulligan, RegroupDiscard, TakeAfterRefresh, TakeCard
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.rules_observe import location_masks
from gameshelf.games.borealis.scoring import Board, score_card
from gameshelf.games.borealis.state import State


POTENTIAL = 1.5


def progress(state: State) -> float:
    """How close the end is: the longest column of any player over 7 (R36)."""
    if not state.pending:
        return 1.0
    return min(1.0, max(map(len, state.columns)) / 7.0)


@lru_cache(maxsize=8192)
def location_terms(column: tuple[int, ...], flag: int) -> tuple[int, tuple[int, ...]]:
    """(cards in a location, its whole-point terms in the order the estimate adds them, zeros
    left out): each card's stars (R47), each species' set points (R45), the flag's stars (R46)."""
    counts = [0, 0, 0, 0, 0]
    terms = []
    for card in column:
        counts[CARD_SPECIES[card]] += 1
        terms.append(CARD_BONUS_STARS[card])
    for count in counts:
        terms.append(SET_TABLE[count] if count < len(SET_TABLE) else count * (count - 1) // 2)
    terms.append(TRACK_STARS[flag])
    return len(column), tuple(term for term in terms if term)


@lru_cache(maxsize=None)
def _scoring_config(territorial_empty: bool, common_start: bool) -> Config:
    """The config the scoring cards read (A11, A12), one per pair of option values."""
    return Config(territorial_empty=territorial_empty, common_start=common_start)


@lru_cache(maxsize=8192)
def board_facts(left: tuple[int, ...], center: tuple[int, ...], right: tuple[int, ...],
                flags: tuple[int, ...], scientists: tuple[int, ...], scoring_cards: tuple[str, ...],
                territorial_empty: bool, common_start: bool
                ) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], int, int, int]:
    """What a board alone is worth, cached (boards change only on their owner's turn):
    ((cards, whole-point terms) per location, the scoring cards' stars, camp scientists,
    the arrow-pattern bits playable in some location now (R10)). The scoring cards read only
    the two options passed (A11, A12); passing them rather than the Config keeps the key cheap
    (determinized states carry equal but distinct Configs)."""
    config = _scoring_config(territorial_empty, common_start)
    columns = (left, center, right)
    locations = tuple(location_terms(column, flag) for column, flag in zip(columns, flags))
    zones = [scientists[zone * 3] + scientists[zone * 3 + 1] + scientists[zone * 3 + 2] for zone in range(5)]
    board = Board([list(column) for column in columns], zones, list(flags))
    cards = 0
    for card_id in scoring_cards:
        cards += score_card(card_id, board, config)
    masks = location_masks(SimpleNamespace(scientists=scientists), 0)     # this board's scientists only
    return locations, cards, zones[0] + zones[4], masks[0] | masks[1] | masks[2]


@lru_cache(maxsize=16384)
def board_value(left: tuple[int, ...], center: tuple[int, ...], right: tuple[int, ...], flags: tuple[int, ...],
                scientists: tuple[int, ...], scoring_cards: tuple[str, ...], territorial_empty: bool,
                common_start: bool, tokens: int, weight: float) -> tuple[float, int, int]:
    """The estimate's board part, cached (it changes only on the owner's turn or with the end's
    nearness): (tokens, then per location ``potential`` x its cards and its whole-point terms, then
    ``weight`` x the scoring cards' stars, added in that order; camp scientists; playable bits)."""
    locations, cards, camp, playable = board_facts(left, center, right, flags, scientists, scoring_cards,
                                                   territorial_empty, common_start)
    total = float(tokens)
    potential = POTENTIAL * (1.0 - weight)    # future sets and flag steps of a card
    for in_play, terms in locations:
        total += potential * in_play
        for term in terms:
            total += term
    if weight:
        total += weight * cards
    return total, camp, playable


_TAKING = (TakeCard, TakeAfterRefresh)
_DISCARDING = (Mulligan, RegroupDiscard)


def estimate(state: State, seat: int, weight: float) -> float:
    """Sets + flags + card stars + tokens, the scoring cards as they stand weighted by how near
    the end is (mid-game they mislead: Common Destination pays for flags still on the start),
    plus small terms for options: cards in play (worth more than their current sets early on),
    camp scientists, hand size and playable hand cards. Terms are added one at a time in a fixed
    order, so equal positions give bit-identical floats."""
    tokens, memo = state.tokens[seat], state.board_memo[seat]
    if memo is not None and memo[0] == tokens and memo[1] == weight:
        total, camp, playable = memo[2]     # the board is unchanged since (state.BoardMemo)
    else:
        base = seat * 3
        columns, config, offset = state.columns, state.config, seat * 15
        found = board_value(
            tuple(columns[base]), tuple(columns[base + 1]), tuple(columns[base + 2]), tuple(state.flags[base:base + 3]),
            tuple(state.scientists[offset:offset + 15]), state.scoring_cards, config.territorial_empty,
            config.common_start, tokens, weight)
        state.board_memo[seat] = (tokens, weight, found)
        total, camp, playable = found
    pending = state.pending
    if pending:
        hand = state.hands[seat]
        total += 0.5 * camp + 0.3 * len(hand)
        options = 0
        for card in hand:
            if CARD_PATTERN_BIT[card] & playable:
                options += 1
        total += 0.6 * options    # playable hand cards: options for next turns
        frame = pending[-1]
        if frame.seat == seat:
            if isinstance(frame, _DISCARDING):
                total += 0.6 * frame.discarded    # discarded cards come back as fresh draws at "done"
            elif isinstance(frame, _TAKING):
                total += 0.6                # the card about to be taken
    return total


def heuristic(state: State, seat: int) -> float:
    """The seat's estimate minus the best other seat's (``progress`` inlined: the same weight)."""
    weight = min(1.0, max(map(len, state.columns)) / 7.0) if state.pending else 1.0
    mine = estimate(state, seat, weight)
    if state.players == 2:
        return mine - estimate(state, 1 - seat, weight)
    best_other = None   # the first largest, as max() keeps it
    for other in range(state.players):
        if other != seat:
            value = estimate(state, other, weight)
            if best_other is None or value > best_other:
                best_other = value
    return mine - (0.0 if best_other is None else best_other)

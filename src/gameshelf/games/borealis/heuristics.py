"""A fast evaluation for greedy / ISMCTS bots: own score estimate minus the best opponent's."""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace
from typing import Any, Callable, Sequence

from gameshelf.games.borealis.actions import Discard, Observe, Refresh, TakePool
from gameshelf.games.borealis.catalog import (
    CARD_BONUS_STARS, CARD_LEFT_COLOUR, CARD_PATTERN_BIT, CARD_RIGHT_COLOUR, CARD_SPECIES, CARD_VEHICLE_BIT, LAST_SPACE,
    SET_TABLE, TRACK_MASKS, TRACK_STARS,
)
from gameshelf.games.borealis.decisions import (
    ChooseAction, Mulligan, RegroupDiscard, RegroupLocation, TakeAfterRefresh, TakeCard,
)
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.rules_draw import REFRESH_COST, can_take
from gameshelf.games.borealis.rules_end import TOKEN_VALUE, objective_checks
from gameshelf.games.borealis.rules_observe import camp_total, location_masks
from gameshelf.games.borealis.scoring import Board, score_card
from gameshelf.games.borealis.state import REMOVED, State


POTENTIAL = 1.5


def progress(state: State) -> float:
    """How close the end is: the longest column of any player over 7 (R36)."""
    if not state.pending:
        return 1.0
    return nearness(longest_column(state.columns))


def longest_column(columns: Sequence[Sequence[int]]) -> int:
    """The most cards in any one column (``max(map(len, columns))``, without the builtin's
    argument parsing, which costs more than the loop on a few columns)."""
    longest = 0
    for column in columns:
        if len(column) > longest:
            longest = len(column)
    return longest


def nearness(longest: int) -> float:
    """``min(1.0, longest / 7.0)``, the same float: the heuristic's weight of the scoring cards."""
    return longest / 7.0 if longest < 7 else 1.0


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


# The part of a board each scoring card reads (R49-R58), so its stars are cached on that part alone
# (an observe changes one location, a regroup the zones): the flags, the zone totals, the locations'
# lengths, each location by itself (cards that add up location by location) or the three columns
# together (the cards that compare them).
CARD_READS = {"COMMON_DESTINATION": "flags", "UNTRODDEN_PATH": "flags", "FAREWELL_PARTY": "zones",
              "SAFE_RETURN": "zones", "OUTER_LANDS": "lengths", "INTERSPECIES_RELATIONS": "location",
              "BREEDING_SEASON": "location", "TERRITORIAL_ANIMALS": "location", "WIDESPREAD_SPECIES": "columns",
              "POPULAR_VEHICLE": "columns"}


@lru_cache(maxsize=16384)
def card_part_stars(card_id: str, part: tuple[Any, ...], territorial_empty: bool, common_start: bool) -> int:
    """A scoring card's stars from the part of a board it reads (``CARD_READS``): the flags, the zone
    totals, the three locations' lengths (as columns of that many cards, which the card does not
    look at), one location's column (its share of a card that adds up per location) or the three
    columns."""
    reads = CARD_READS[card_id]
    if reads == "flags":
        board = Board([[], [], []], [0, 0, 0, 0, 0], list(part))
    elif reads == "zones":
        board = Board([[], [], []], list(part), [0, 0, 0])
    elif reads == "lengths":
        board = Board([[0] * length for length in part], [0, 0, 0, 0, 0], [0, 0, 0])
    elif reads == "columns":
        board = Board([list(column) for column in part], [0, 0, 0, 0, 0], [0, 0, 0])
    else:
        board = Board([list(part)], [0, 0, 0, 0, 0], [0, 0, 0])
    return score_card(card_id, board, _scoring_config(territorial_empty, common_start))


@lru_cache(maxsize=8192)
def scientist_facts(scientists: tuple[int, ...]) -> tuple[tuple[int, ...], int, int]:
    """What a board's scientists alone give the estimate, cached (a regroup or an observe moves a
    few; the same counts come back often): (the zone totals, camp scientists (R23, R55), the
    arrow-pattern bits playable in some location (R10))."""
    zones = (scientists[0] + scientists[1] + scientists[2], scientists[3] + scientists[4] + scientists[5],
             scientists[6] + scientists[7] + scientists[8], scientists[9] + scientists[10] + scientists[11],
             scientists[12] + scientists[13] + scientists[14])
    left, center, right = location_masks(SimpleNamespace(scientists=scientists), 0)   # this board's only
    return zones, zones[0] + zones[4], left | center | right


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
    columns = (left, center, right)
    locations = (location_terms(left, flags[0]), location_terms(center, flags[1]), location_terms(right, flags[2]))
    zones, camp, playable = scientist_facts(scientists)
    cards = 0
    for card_id in scoring_cards:
        reads = CARD_READS[card_id]
        if reads == "location":
            for column in columns:
                cards += card_part_stars(card_id, column, territorial_empty, common_start)
        else:
            part = (flags if reads == "flags" else zones if reads == "zones" else columns if reads == "columns"
                    else (len(left), len(center), len(right)))
            cards += card_part_stars(card_id, part, territorial_empty, common_start)
    return locations, cards, camp, playable


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
        total, camp, playable = _board_part(state, seat, weight, tokens)
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
    weight = nearness(longest_column(state.columns)) if state.pending else 1.0
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


# ---- predicted values for the search's greedy step (heuristic.predict) ----------------------------
def predict(state: State, actions: Sequence[Any], seat: int) -> list[float | None] | None:
    """``heuristic.predict(state, actions, seat)``, found by gameshelf.agents.ismcts' greedy step:
    per action, ``heuristic(after, seat)`` where ``after`` is ``state`` once the action is applied,
    computed without copying or applying (None where it is not predicted: the step applies that
    one). Each value is the very float the heuristic gives (the same terms added in the same order),
    so the step's choice is the one it makes by applying every action
    (tests/games/borealis/test_borealis_predict.py holds them equal over whole games). Predicted:
    observes and regroup (R5-R16, R21), takes and refresh (R17-R19), regroup discards and done
    (R21-R23) and the regroup location (R24); never an action that may end the game."""
    frame = state.pending[-1]
    predictor = _PREDICTORS.get(type(frame))
    return None if predictor is None else predictor(state, frame, actions, seat)


class _Board:
    """A board as the objective predicates read it (columns, scientists, flags), for a regroup
    location's scientists before they are moved."""

    __slots__ = ("columns", "scientists", "flags")

    def __init__(self, columns: list[list[int]], scientists: list[int], flags: list[int]) -> None:
        self.columns, self.scientists, self.flags = columns, scientists, flags


def _others(state: State, seat: int, weight: float) -> float:
    """The best other seat's estimate at ``weight`` (the heuristic's subtrahend), for an action that
    leaves the other seats' boards, tokens and hands as they are and passes no bonus to them."""
    if state.players == 2:
        return estimate(state, 1 - seat, weight)
    best_other = None
    for other in range(state.players):
        if other != seat:
            value = estimate(state, other, weight)
            if best_other is None or value > best_other:
                best_other = value
    return 0.0 if best_other is None else best_other


def _board_part(state: State, seat: int, weight: float, tokens: int, keep: bool = True) -> tuple[float, int, int]:
    """``estimate``'s board part for ``seat``'s board as it stands, with ``tokens`` stars; kept in the
    board's memo (state.BoardMemo) unless ``keep`` is false (a value read once, as a refresh's,
    should not replace the one the seat's estimate reads next)."""
    memo = state.board_memo[seat]
    if memo is not None and memo[0] == tokens and memo[1] == weight:
        return memo[2]
    base, offset, columns, config = seat * 3, seat * 15, state.columns, state.config
    found = board_value(tuple(columns[base]), tuple(columns[base + 1]), tuple(columns[base + 2]),
                        tuple(state.flags[base:base + 3]), tuple(state.scientists[offset:offset + 15]),
                        state.scoring_cards, config.territorial_empty, config.common_start, tokens, weight)
    if keep:
        state.board_memo[seat] = (tokens, weight, found)    # this board's value with those tokens: still a true memo
    return found


def _with_hand(part: tuple[float, int, int], size: int, options: int) -> float:
    """``estimate``'s total before the decision bonus: the board part, then camp and hand size, then
    the playable hand cards (``size`` cards, ``options`` of them playable)."""
    total, camp, _ = part
    total += 0.5 * camp + 0.3 * size
    total += 0.6 * options
    return total


def _playable_count(hand: Sequence[int], playable: int) -> int:
    """How many of the hand's cards have an arrow pattern among the ``playable`` bits."""
    options = 0
    for card in hand:
        if CARD_PATTERN_BIT[card] & playable:
            options += 1
    return options


def _turn_may_end_game(state: State, seat: int) -> bool:
    """Whether ending ``seat``'s turn now could end the game (R37, A32): a round's end with the end
    triggered or the last round played, or a possible stalemate (every camp empty)."""
    if (seat + 1) % state.players == state.first_player:
        if state.end_triggered or (state.config.max_rounds and state.round >= state.config.max_rounds):
            return True
    counts = state.scientists
    for base in range(0, 15 * state.players, 15):
        if counts[base] or counts[base + 1] or counts[base + 2] or counts[base + 12] or counts[base + 13] \
                or counts[base + 14]:
            return False
    return True


def _objective_gain(board: Any, state: State, seat: int) -> int:
    """The stars ``check_objectives`` would give ``seat`` for ``board`` (R32, R33), nothing changed."""
    status, achieved, gained = state.objective_status, state.achieved[seat], 0
    for index, bit, _, predicate, objective in objective_checks(state.objectives):
        if status[index] != REMOVED and not achieved & bit and predicate(board, seat, objective):
            gained += TOKEN_VALUE
    return gained


def _predict_take(state: State, frame: Any, actions: Sequence[Any], seat: int) -> list[float | None]:
    """Takes (R17): the card joins the hand and the turn ends (objectives, R32); a refresh costs a
    star and the seat takes again (R18, R19)."""
    weight = progress(state)    # (a running game: heuristic's weight)
    hand, tokens, others = state.hands[seat], state.tokens[seat], _others(state, seat, weight)
    taken = None
    if not _turn_may_end_game(state, seat):
        taken = _board_part(state, seat, weight, tokens + _objective_gain(state, state, seat))
        playable, options = taken[2], _playable_count(hand, taken[2])
        plain = _with_hand(taken, len(hand) + 1, options) - others          # an unplayable card taken
        better = _with_hand(taken, len(hand) + 1, options + 1) - others     # a playable one
    out: list[float | None] = []
    for action in actions:
        kind = type(action)
        if kind is Refresh:
            part = _board_part(state, seat, weight, tokens - REFRESH_COST, keep=False)
            total = _with_hand(part, len(hand), _playable_count(hand, part[2]))
            out.append(total + 0.6 - others)
            continue
        card = action.card if kind is TakePool else (state.deck[-1] if state.deck else 0)
        if taken is None or not card:
            out.append(None)
        else:
            out.append(better if CARD_PATTERN_BIT[card] & playable else plain)
    return out


def _predict_choose(state: State, frame: Any, actions: Sequence[Any], seat: int) -> list[float | None]:
    """An observe (R12-R16) changes the seat's board, then the seat takes a card (R17); a regroup
    starts its discards (R21)."""
    longest = longest_column(state.columns)
    weight = nearness(longest)
    hand, draws = state.hands[seat], can_take(state, False)
    by_weight: dict[float, float] = {}
    observed = _observer(state, seat, longest) if draws else None
    out: list[float | None] = []
    for action in actions:
        if type(action) is not Observe:
            part = _board_part(state, seat, weight, state.tokens[seat])
            total = _with_hand(part, len(hand), _playable_count(hand, part[2]))
            out.append(total + 0.6 * 0 - _cached_others(by_weight, state, seat, weight))
        elif observed is None:
            out.append(None)
        else:
            total, after = observed(action.card, action.loc)
            others = by_weight.get(after)
            if others is None:
                others = by_weight[after] = _others(state, seat, after)
            out.append(total + 0.6 - others)
    return out


def _cached_others(by_weight: dict[float, float], state: State, seat: int, weight: float) -> float:
    value = by_weight.get(weight)
    if value is None:
        value = by_weight[weight] = _others(state, seat, weight)
    return value


def _observer(state: State, seat: int, longest: int) -> Callable[[int, int], tuple[float, float]]:
    """``observed(card, loc)``: ``seat``'s estimate (before the take's bonus) once it observes
    ``card`` at ``loc`` (R12-R15, as rules_observe.observe), and the heuristic's weight then (the
    longest column is ``longest`` before); the board's and hand's unchanged parts read once. The
    terms are ``estimate``'s, added in its order (``_with_hand``, written out)."""
    base, offset, config = seat * 3, seat * 15, state.config
    columns = (tuple(state.columns[base]), tuple(state.columns[base + 1]), tuple(state.columns[base + 2]))
    scientists, flags, tracks = state.scientists[offset:offset + 15], state.flags[base:base + 3], TRACK_MASKS[state.boards[seat]]
    still = tuple(flags)
    rest = (state.scoring_cards, config.territorial_empty, config.common_start, state.tokens[seat])
    hand = state.hands[seat]
    size = len(hand) - 1    # the observed card leaves the hand
    playable_in_hand: dict[int, int] = {}    # playable bits -> cards of the hand (before the observe) they allow

    def observed(card: int, loc: int) -> tuple[float, float]:
        left, center, right = columns
        if loc == 1:
            left += (card,)
            height = len(left)
        elif loc == 2:
            center += (card,)
            height = len(center)
        else:
            right += (card,)
            height = len(right)
        weight = nearness(height if height > longest else longest)
        counts = scientists[:]
        at, left_colour, right_colour = loc * 3, CARD_LEFT_COLOUR[card], CARD_RIGHT_COLOUR[card]
        counts[at + left_colour] -= 1
        counts[at - 3 + left_colour] += 1
        counts[at + right_colour] -= 1
        counts[at + 3 + right_colour] += 1
        space = flags[loc - 1]
        moved = still
        if space < LAST_SPACE and CARD_VEHICLE_BIT[card] & tracks[loc][space + 1]:
            stepped = flags[:]
            stepped[loc - 1] = space + 1
            moved = tuple(stepped)
        total, camp, playable = board_value(left, center, right, moved, tuple(counts), *rest, weight)
        options = playable_in_hand.get(playable)
        if options is None:
            options = playable_in_hand[playable] = _playable_count(hand, playable)
        if CARD_PATTERN_BIT[card] & playable:
            options -= 1     # the card itself has left the hand
        total += 0.5 * camp + 0.3 * size
        total += 0.6 * options
        return total, weight

    return observed


def _predict_discard(state: State, frame: Any, actions: Sequence[Any], seat: int) -> list[float | None]:
    """Regroup discards (R21): a card leaves the hand and the count grows; ``done`` draws as many
    (R22) and asks for the location while the camps hold scientists (R23)."""
    weight = progress(state)    # (a running game: heuristic's weight)
    hand, count = state.hands[seat], frame.discarded
    part = _board_part(state, seat, weight, state.tokens[seat])
    others = _others(state, seat, weight)
    playable = part[2]
    kept, options = len(hand) - 1, _playable_count(hand, playable)    # a discard leaves one card (ids are unique)
    out: list[float | None] = []
    for action in actions:
        if type(action) is Discard:
            total = _with_hand(part, kept, options - 1 if CARD_PATTERN_BIT[action.card] & playable else options)
            out.append(total + 0.6 * (count + 1) - others)
        elif count <= len(state.deck) and camp_total(state, seat):
            drawn = hand + state.deck[len(state.deck) - count:]
            out.append(_with_hand(part, len(drawn), _playable_count(drawn, part[2])) - others)
        else:
            out.append(None)
    return out


def _predict_location(state: State, frame: Any, actions: Sequence[Any], seat: int) -> list[float | None]:
    """The regroup location (R23, R24): a star per camp scientist, the camps move there, and the turn
    ends (objectives, R32)."""
    if _turn_may_end_game(state, seat) or not _others_camps(state, seat):
        return [None] * len(actions)
    weight = progress(state)    # (a running game: heuristic's weight)
    others, hand, offset = _others(state, seat, weight), state.hands[seat], seat * 15
    gathered = state.tokens[seat] + camp_total(state, seat)
    out: list[float | None] = []
    for action in actions:
        counts = state.scientists[:]
        for colour in range(3):
            counts[offset + action.loc * 3 + colour] += counts[offset + colour] + counts[offset + 12 + colour]
            counts[offset + colour] = counts[offset + 12 + colour] = 0
        board = _Board(state.columns, counts, state.flags)
        tokens = gathered + _objective_gain(board, state, seat)
        base, columns, config = seat * 3, state.columns, state.config
        part = board_value(tuple(columns[base]), tuple(columns[base + 1]), tuple(columns[base + 2]),
                           tuple(state.flags[base:base + 3]), tuple(counts[offset:offset + 15]),
                           state.scoring_cards, config.territorial_empty, config.common_start, tokens, weight)
        out.append(_with_hand(part, len(hand), _playable_count(hand, part[2])) - others)
    return out


def _others_camps(state: State, seat: int) -> bool:
    """Whether another seat's camps hold a scientist (then the turn's end is no stalemate, A32)."""
    counts = state.scientists
    return any(counts[base] or counts[base + 1] or counts[base + 2] or counts[base + 12]
               or counts[base + 13] or counts[base + 14]
               for base in range(0, 15 * state.players, 15) if base != seat * 15)


_PREDICTORS: dict[type, Callable[[State, Any, Sequence[Any], int], list[float | None]]] = {
    TakeCard: _predict_take, TakeAfterRefresh: _predict_take, ChooseAction: _predict_choose,
    RegroupDiscard: _predict_discard, RegroupLocation: _predict_location,
}
heuristic.predict = predict  # type: ignore[attr-defined]  # found by gameshelf.agents.ismcts.greedy_step

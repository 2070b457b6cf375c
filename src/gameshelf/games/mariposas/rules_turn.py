"""A turn: play a card, segments step by step, bonus move cards, draw and exchange (R6-R16, R57-R73)."""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.mariposas.events import PLAY, REUSED, SEGMENTS_DECLINED, drew
from gameshelf.games.mariposas.actions import BOTH, NONE, Bonus32, Exchange, Fly, Play, Reuse, Segment, Step, Stop
from gameshelf.games.mariposas.catalog import BONUS_ADD_1, BONUS_ADD_2, BONUS_MOVE_3_2, CAT
from gameshelf.games.mariposas.decisions import (
    BUTTERFLY_FRAMES, EXCHANGE_FRAMES, PLAY_FRAMES, SEGMENT_FRAMES, STEP_FRAMES, ChooseBonus32, ChooseButterfly,
    ChooseExchange, ChooseReuse, ChoosePlay, ChooseSegment, ChooseStep, frame,
)
from gameshelf.games.mariposas.rules_land import land
from gameshelf.games.mariposas.state import MARKERS, State

SEGMENTS = CAT.action_segments
ADJACENT_FLOWER = CAT.adjacent_flower
REUSE = CAT.reuse
MOVEMENT_CARDS = sum(1 for reuse in REUSE if reuse is None)   # the movement cards come first, then reuse cards
BONUS_MOVE_3_2_LENGTHS = (3, 2)


def reuse_targets(state: State, seat: int, card: int) -> list[int]:
    """R62-R64: movement card types lying in front of you (own) or another player (other)."""
    if REUSE[card] == "own":
        pool = state.played[seat]
    else:
        pool = [played for other in range(state.players) if other != seat for played in state.played[other]]
    return sorted({played for played in pool if played < MOVEMENT_CARDS})


def gives_segments(state: State, seat: int, card: int) -> bool:
    """A movement card, or a reuse card with a legal target (A38)."""
    return card < MOVEMENT_CARDS or bool(reuse_targets(state, seat, card))


def is_redundant(hand: list[int]) -> bool:
    """R71: two cards of the same type, or two reuse cards of any kind."""
    return len(hand) == 2 and (hand[0] == hand[1] or (hand[0] >= MOVEMENT_CARDS and hand[1] >= MOVEMENT_CARDS))


def has_flyer(state: State, seat: int) -> bool:
    """Whether the seat has a butterfly on the map (R16)."""
    base = seat * MARKERS
    return max(state.locations[base:base + MARKERS]) >= 0  # any location on the map (>= 0)


def start_turn(state: State, events: list[Event]) -> None:
    """Snapshot every butterfly's start space (R19) and ask for the action card."""
    seat = state.turn_seat
    state.start_spaces = state.locations[seat * MARKERS:(seat + 1) * MARKERS]
    state.collected = 0
    state.group = 0
    state.segments_left = []
    state.add_2_ready = False
    if state.hands[seat]:
        state.pending.append(PLAY_FRAMES[seat])
    else:
        end_turn(state, events)


def play_card(state: State, top: ChoosePlay, action: Play, events: list[Event]) -> None:
    """R6 step 2 with step 1: the card goes in front of you; add cards are used with it (R65, R66)."""
    seat, card = top.seat, action.card
    state.hands[seat].remove(card)
    used = []
    for wanted, bonus in ((action.add1, BONUS_ADD_1), (action.add2, BONUS_ADD_2)):
        if wanted:
            state.bonus_used[seat] |= 1 << bonus
            used.append(CAT.bonus_ids[bonus])
    targets = reuse_targets(state, seat, card) if card >= MOVEMENT_CARDS else None
    state.played[seat].append(card)
    if used:
        events.append(Event("play_bonus", {"player": seat, "card": CAT.action_ids[card], "bonus": used}))
    else:
        events.append(PLAY(seat, CAT.action_ids[card]))
    state.add_2_ready = action.add2
    state.add_1_ready = action.add1
    if targets is None:
        _begin_segments(state, card, events)
    elif targets:
        state.pending.append(frame(ChooseReuse, seat))
    else:
        events.append(Event("reuse_none", {"player": seat}))
        after_segment(state, events)


def choose_target(state: State, top: ChooseReuse, action: Reuse, events: list[Event]) -> None:
    """R62/R63: the reuse card gives the segments of the movement card it copies."""
    events.append(REUSED(top.seat, CAT.action_ids[action.card]))
    _begin_segments(state, action.card, events)


def _begin_segments(state: State, card: int, events: list[Event]) -> None:
    """Segments are encoded length * 2 + (1 if move_4_flower's adjacent collection applies)."""
    flag = 1 if ADJACENT_FLOWER[card] else 0
    state.segments_left = [length * 2 + flag for length in SEGMENTS[card]]
    if state.add_1_ready:
        state.segments_left.append(2)
    state.add_1_ready = False
    after_segment(state, events)


def segment_options(state: State) -> list[int]:
    """The lengths of the segments left (R9)."""
    return sorted({code >> 1 for code in state.segments_left})


def choose_segment(state: State, top: ChooseSegment, action: Segment | Stop, events: list[Event]) -> None:
    """R9: start a segment left (R66: enlarged by 2 with bonus_add_2), or stop (R15)."""
    if isinstance(action, Stop):
        stop_segments(state, top, events)
        return
    for index, code in enumerate(state.segments_left):
        if code >> 1 == action.length:
            del state.segments_left[index]
            break
    steps = action.length + (2 if action.plus2 else 0)
    if action.plus2:
        state.add_2_ready = False
    state.pending.append(BUTTERFLY_FRAMES[top.seat][steps][code & 1])


def stop_segments(state: State, top: ChooseSegment, events: list[Event]) -> None:
    """R15: the remaining segments of this card are declined and lost."""
    state.segments_left = []
    state.add_2_ready = False
    events.append(SEGMENTS_DECLINED(top.seat))
    after_segment(state, events)


def choose_butterfly(state: State, top: ChooseButterfly, action: Fly, events: list[Event]) -> None:
    """R10: the butterfly that flies the segment; its steps follow."""
    state.pending.append(STEP_FRAMES[top.seat][action.slot][top.steps][top.adjacent])


def step(state: State, top: ChooseStep, action: Step, events: list[Event]) -> None:
    """R12: one step to an adjacent space; only the last one is a landing (R14)."""
    state.locations[top.seat * MARKERS + top.marker] = action.space
    if top.steps > 1:
        state.pending.append(STEP_FRAMES[top.seat][top.marker][top.steps - 1][top.adjacent])
    else:
        land(state, top.seat, top.marker, top.adjacent, events)


def after_segment(state: State, events: list[Event]) -> None:
    """Next segment, else bonus_move_3_2 (R67), else the end of the turn."""
    seat = state.turn_seat
    if state.segments_left and has_flyer(state, seat):
        state.pending.append(SEGMENT_FRAMES[seat])
        return
    state.segments_left = []
    state.add_2_ready = False
    if state.group == 0:
        state.group = 1
        if (state.bonus[seat] & ~state.bonus_used[seat]) >> BONUS_MOVE_3_2 & 1:
            state.pending.append(frame(ChooseBonus32, seat))
            return
    end_turn(state, events)


def use_bonus_move_3_2(state: State, top: ChooseBonus32, action: Bonus32, events: list[Event]) -> None:
    """R67: bonus_move_3_2 gives a segment of 3 and one of 2 after the action card, or the turn ends."""
    if not action.use:
        end_turn(state, events)
        return
    seat = top.seat
    state.bonus_used[seat] |= 1 << BONUS_MOVE_3_2
    events.append(Event("bonus_used", {"player": seat, "card": CAT.bonus_ids[BONUS_MOVE_3_2]}))
    state.segments_left = [length * 2 for length in BONUS_MOVE_3_2_LENGTHS]
    after_segment(state, events)


def draw(state: State, seat: int, events: list[Event]) -> bool:
    """R72: draw one card, reshuffling the discard pile into an empty draw pile."""
    if not state.deck:
        if not state.discard:
            return False
        state.deck = state.discard
        state.discard = []
        state.chance.shuffle(state.deck)
        events.append(Event("reshuffle", {"count": len(state.deck)}))
    card = state.deck.pop()
    state.hands[seat].append(card)
    events.extend(drew(seat, CAT.action_ids[card]))   # the card for the drawer, a twin for all others
    return True


def refill(state: State, seat: int, events: list[Event]) -> None:
    """R70: draw until the hand holds 2 action cards."""
    while len(state.hands[seat]) < CAT.hand_size and draw(state, seat, events):
        pass


def can_be_asked(state: State, seat: int) -> bool:
    """Whether the seat gets the exchange question: a full hand (public), never whether it is redundant (R51)."""
    return len(state.hands[seat]) == CAT.hand_size


def end_turn(state: State, events: list[Event]) -> None:
    """R70 then R71: every full hand is asked (keep, or exchange if redundant), so asking reveals nothing."""
    seat = state.turn_seat
    state.segments_left = []
    refill(state, seat, events)
    if can_be_asked(state, seat):
        state.pending.append(EXCHANGE_FRAMES[seat][False])
        return
    from gameshelf.games.mariposas.rules_season import advance
    advance(state, events)


def exchange_options(state: State, seat: int) -> list[int]:
    """R71: keep; and, only for a redundant hand, one card (by type) or both."""
    hand = state.hands[seat]
    if not is_redundant(hand):
        return [NONE]
    return [NONE] + sorted(set(hand)) + [BOTH]


def exchange(state: State, top: ChooseExchange, action: Exchange, events: list[Event]) -> None:
    """R71: discard one or both cards and draw as many; the new hand is kept."""
    from gameshelf.games.mariposas.rules_season import after_exchange
    seat, which = top.seat, action.which
    if which != NONE:
        hand = state.hands[seat]
        out = list(hand) if which == BOTH else [which]
        for card in out:
            hand.remove(card)
            state.discard.append(card)
        events.append(Event("exchange", {"player": seat, "cards": [CAT.action_ids[card] for card in out]}))
        for _ in out:
            draw(state, seat, events)
    after_exchange(state, top.setup, events)

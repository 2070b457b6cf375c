"""A turn: play a card, segments step by step, bonus move cards, draw and exchange (R6-R16, R57-R73)."""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.mariposas.actions import BOTH, NONE
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.decisions import (
    BUTTERFLY_FRAMES, EXCHANGE_FRAMES, PLAY_FRAMES, SEGMENT_FRAMES, STEP_FRAMES, ChooseBonus32, ChooseButterfly,
    ChooseExchange, ChooseReuse, ChooseStep, frame,
)
from gameshelf.games.mariposas.rules_land import land
from gameshelf.games.mariposas.state import NSLOT

SEGMENTS = CAT.action_segments
ADJ_FLOWER = CAT.adjacent_flower
REUSE = CAT.reuse
NMOVE = sum(1 for r in REUSE if r is None)
REUSE_OWN = CAT.action_ids.index("reuse_own")
REUSE_OTHER = CAT.action_ids.index("reuse_other")
B_32, B_ADD1, B_ADD2 = 0, 1, 2
BONUS_LEN = (3, 2)


def reuse_targets(s, p: int, card: int) -> list[int]:
    """R62-R64: movement card types lying in front of you (own) or another player (other)."""
    if REUSE[card] == "own":
        pool = s.played[p]
    else:
        pool = [c for q in range(s.n) if q != p for c in s.played[q]]
    return sorted({c for c in pool if c < NMOVE})


def gives_segments(s, p: int, card: int) -> bool:
    """A movement card, or a reuse card with a legal target (A38)."""
    return card < NMOVE or bool(reuse_targets(s, p, card))


def is_redundant(hand: list[int]) -> bool:
    """R71: two cards of the same type, or two reuse cards of any kind."""
    return len(hand) == 2 and (hand[0] == hand[1] or (hand[0] >= NMOVE and hand[1] >= NMOVE))


def has_flyer(s, p: int) -> bool:
    base = p * NSLOT
    return any(x >= 0 for x in s.loc[base:base + NSLOT])


def start_turn(s, ev: list) -> None:
    """Snapshot every butterfly's start space (R19) and ask for the action card."""
    p = s.cur
    s.start = s.loc[p * NSLOT:(p + 1) * NSLOT]
    s.collected = 0
    s.group = 0
    s.seg_left = []
    s.plus2 = False
    if s.hands[p]:
        s.pending.append(PLAY_FRAMES[p])
    else:
        end_turn(s, ev)


def play_card(s, card: int, add1: bool, add2: bool, ev: list) -> None:
    """R6 step 2 with step 1: the card goes in front of you; add cards are used with it."""
    p = s.cur
    s.hands[p].remove(card)
    used = []
    if add1:
        s.bused[p] |= 1 << B_ADD1
        used.append(CAT.bonus_ids[B_ADD1])
    if add2:
        s.bused[p] |= 1 << B_ADD2
        used.append(CAT.bonus_ids[B_ADD2])
    targets = reuse_targets(s, p, card) if card >= NMOVE else None
    s.played[p].append(card)
    if used:
        ev.append(Event("play_bonus", {"player": p, "card": CAT.action_ids[card], "bonus": used}))
    else:
        ev.append(Event("play", {"player": p, "card": CAT.action_ids[card]}))
    s.plus2 = add2
    s.extra1 = add1
    if targets is None:
        _begin_segments(s, card, ev)
    elif targets:
        s.pending.append(frame(ChooseReuse, p))
    else:
        ev.append(Event("reuse_none", {"player": p}))
        after_segment(s, ev)


def choose_target(s, card: int, ev: list) -> None:
    ev.append(Event("reuse", {"player": s.cur, "card": CAT.action_ids[card]}))
    _begin_segments(s, card, ev)


def _begin_segments(s, card: int, ev: list) -> None:
    """Segments are encoded length * 2 + (1 if move_4_flower's adjacent collection applies)."""
    flag = 1 if ADJ_FLOWER[card] else 0
    s.seg_left = [length * 2 + flag for length in SEGMENTS[card]]
    if s.extra1:
        s.seg_left.append(2)
    s.extra1 = False
    after_segment(s, ev)


def segment_options(s) -> list[int]:
    return sorted({x >> 1 for x in s.seg_left})


def choose_segment(s, length: int, plus2: bool, ev: list) -> None:
    for i, x in enumerate(s.seg_left):
        if x >> 1 == length:
            del s.seg_left[i]
            break
    steps = length + (2 if plus2 else 0)
    if plus2:
        s.plus2 = False
    s.pending.append(BUTTERFLY_FRAMES[s.cur][steps][x & 1])


def stop_segments(s, ev: list) -> None:
    """R15: the remaining segments of this card are declined and lost."""
    s.seg_left = []
    s.plus2 = False
    ev.append(Event("segments_declined", {"player": s.cur}))
    after_segment(s, ev)


def choose_fly(s, top: ChooseButterfly, slot: int, ev: list) -> None:
    s.pending.append(STEP_FRAMES[top.seat][slot][top.steps][top.adjacent])


def step(s, top: ChooseStep, space: int, ev: list) -> None:
    """R12: one step to an adjacent space; only the last one is a landing (R14)."""
    s.loc[top.seat * NSLOT + top.slot] = space
    if top.steps > 1:
        s.pending.append(STEP_FRAMES[top.seat][top.slot][top.steps - 1][top.adjacent])
    else:
        land(s, top.seat, top.slot, top.adjacent, ev)


def after_segment(s, ev: list) -> None:
    """Next segment, else bonus_move_3_2 (R67), else the end of the turn."""
    p = s.cur
    if s.seg_left and has_flyer(s, p):
        s.pending.append(SEGMENT_FRAMES[p])
        return
    s.seg_left = []
    s.plus2 = False
    if s.group == 0:
        s.group = 1
        if s.bonus[p] & ~s.bused[p] & 1:
            s.pending.append(frame(ChooseBonus32, p))
            return
    end_turn(s, ev)


def use_bonus32(s, use: bool, ev: list) -> None:
    if not use:
        end_turn(s, ev)
        return
    p = s.cur
    s.bused[p] |= 1 << B_32
    ev.append(Event("bonus_used", {"player": p, "card": CAT.bonus_ids[B_32]}))
    s.seg_left = [length * 2 for length in BONUS_LEN]
    after_segment(s, ev)


def draw(s, p: int, ev: list) -> bool:
    """R72: draw one card, reshuffling the discard pile into an empty draw pile."""
    if not s.deck:
        if not s.discard:
            return False
        s.deck = s.discard
        s.discard = []
        s.chance.shuffle(s.deck)
        ev.append(Event("reshuffle", {"count": len(s.deck)}))
    card = s.deck.pop()
    s.hands[p].append(card)
    ev.append(Event("draw", {"player": p, "card": CAT.action_ids[card]}, frozenset((p,))))
    ev.append(Event("draw_hidden", {"player": p}, hidden_from=frozenset((p,))))   # spectators read it too
    return True


def refill(s, p: int, ev: list) -> None:
    """R70: draw until the hand holds 2 action cards."""
    while len(s.hands[p]) < CAT.hand_size and draw(s, p, ev):
        pass


def can_be_asked(s, p: int) -> bool:
    """Whether p gets the exchange question: a full hand (public), never whether it is redundant (R51)."""
    return len(s.hands[p]) == CAT.hand_size


def end_turn(s, ev: list) -> None:
    """R70 then R71: every full hand is asked (keep, or exchange if redundant), so asking reveals nothing."""
    p = s.cur
    s.seg_left = []
    refill(s, p, ev)
    if can_be_asked(s, p):
        s.pending.append(EXCHANGE_FRAMES[p][False])
        return
    from gameshelf.games.mariposas.rules_season import advance
    advance(s, ev)


def exchange_options(s, p: int) -> list[int]:
    """R71: keep; and, only for a redundant hand, one card (by type) or both."""
    hand = s.hands[p]
    if not is_redundant(hand):
        return [NONE]
    return [NONE] + sorted(set(hand)) + [BOTH]


def exchange(s, top: ChooseExchange, which: int, ev: list) -> None:
    """R71: discard one or both cards and draw as many; the new hand is kept."""
    from gameshelf.games.mariposas.rules_season import after_exchange
    p = top.seat
    if which != NONE:
        hand = s.hands[p]
        out = list(hand) if which == BOTH else [which]
        for c in out:
            hand.remove(c)
            s.discard.append(c)
        ev.append(Event("exchange", {"player": p, "cards": [CAT.action_ids[c] for c in out]}))
        for _ in out:
            draw(s, p, ev)
    after_exchange(s, top.setup, ev)

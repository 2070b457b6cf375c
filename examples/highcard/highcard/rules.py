"""High Card's rules H1-H5: set-up, legal actions, applying them, and why an action is illegal."""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.core.game import Event
from highcard.actions import Play
from highcard.catalog import CARDS, HAND_SIZE
from highcard.decisions import PlayCard
from highcard.state import State


def new_state(players: int, config, seed: int) -> State:
    state = State.__new__(State)
    state.config, state.chance = config, Chance(seed)
    state.deck = list(CARDS)
    state.chance.shuffle(state.deck)
    state.hands = [[state.deck.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
    state.played, state.scores = [], [0] * players
    state.pending = [PlayCard(0)]
    return state


def num_players(state: State) -> int:
    return len(state.hands)


def is_over(state: State) -> bool:
    return not state.pending


def to_act(state: State) -> int | None:
    return state.pending[-1].seat if state.pending else None


def legal_actions(state: State) -> list[Play]:
    seat = to_act(state)
    return [] if seat is None else [Play(card) for card in sorted(state.hands[seat])]


def scores(state: State, card: int) -> bool:
    """H2: a card scores when higher than the last one played (lower, with ``lower_scores``); the
    first card always scores."""
    if not state.played:
        return True
    return card < state.played[-1] if state.config.lower_scores else card > state.played[-1]


def apply(state: State, action: Play) -> list[Event]:
    seat = state.pending.pop().seat
    state.hands[seat].remove(action.card)
    if scores(state, action.card):
        state.scores[seat] += action.card
    state.played.append(action.card)
    events = [Event("play", {"seat": seat, "card": action.card})]
    if state.deck:  # H3
        card = state.deck.pop()
        state.hands[seat].append(card)
        events += [Event("draw", {"seat": seat, "card": card}, audience=frozenset({seat})),
                   Event("draw_hidden", {"seat": seat}, hidden_from=frozenset({seat}))]
    following = [(seat + k) % len(state.hands) for k in range(1, len(state.hands) + 1)]
    nxt = next((s for s in following if state.hands[s]), None)
    if nxt is not None:  # H4: the game goes on while anyone holds a card
        state.pending.append(PlayCard(nxt))
    return events


def why_illegal(state: State, action) -> IllegalAction:
    if is_over(state):
        return IllegalAction("the game is over", rule="H4")
    return IllegalAction(f"you hold no card {getattr(action, 'card', action)}", rule="H1")

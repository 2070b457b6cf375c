"""The draw step and the end of a turn (R29-R31), deck exhaustion (R32-R35), the draft (R71, A24)
and the end of the game (R34, R36, R38)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gameshelf.core.game import Event
from gameshelf.games.iwari import scoring
from gameshelf.games.iwari.actions import Draw, action_table
from gameshelf.games.iwari.catalog import BIOMES, DISPLAY, HAND, LETTER_INDEX, NB
from gameshelf.games.iwari.events import DISPLAY_REFILL, DRAW_DECK, DRAW_DECK_HIDDEN, TAKE_DISPLAY
from gameshelf.games.iwari.decisions import CHOOSE_ACTION, DRAW_CARDS, DraftPick
from gameshelf.games.iwari.state import State

BIOME_IDS = tuple(biome.id for biome in BIOMES)


def tribe_arg(state: State, tribe: int) -> int | str:
    """A tribe as an event argument: the seat number, or ``third_tribe``."""
    return tribe if tribe < state.players else "third_tribe"


def draw_choices(state: State, frame: Any = None) -> list[Any]:
    """R29: the deck's top card (while the deck has cards) or any display card (``frame``: the
    pending draw or draft pick, unused)."""
    takes = display_takes(state.map.id, tuple(state.display))
    if state.deck:
        return [action_table(state.map.id).draw_deck, *takes]
    return list(takes)


@lru_cache(maxsize=None)
def display_takes(map_id: str, display: tuple[int, ...]) -> tuple[Draw, ...]:
    """The draws of a display card, one per biome on ``display`` (cards per biome); once per display."""
    take = action_table(map_id).draw_take
    return tuple(take[biome] for biome, cards in enumerate(display) if cards)


def start_draw(state: State) -> list[Event]:
    state.pending.append(DRAW_CARDS[state.current])
    return []


def _take(state: State, action: Draw) -> list[Event]:
    """R29-R30 (and R71 in the draft): one card from the deck top or the display."""
    seat = state.current
    if action.source == "deck":
        biome = state.deck.pop()
        state.hands[seat * NB + biome] += 1
        # R27: the card for the drawer, a redacted twin for all others
        events = [DRAW_DECK[seat][biome], DRAW_DECK_HIDDEN[seat]]
        if not state.deck:
            events += _exhaust(state)
    else:
        biome = LETTER_INDEX[action.source]
        state.display[biome] -= 1
        state.hands[seat * NB + biome] += 1
        events = [TAKE_DISPLAY[seat][biome]]
    return events


def _hand_full(state: State) -> bool:
    base = state.current * NB
    return sum(state.hands[base:base + NB]) >= HAND


def apply_draw(state: State, action: Draw) -> list[Event]:
    """R29-R31: take a card; with a full hand the display is refilled and the next seat's turn
    begins."""
    events = _take(state, action)
    if state.end_reason or not _hand_full(state):
        return events
    state.pending.pop()
    events += _refill(state)
    if state.end_reason:
        return events
    state.current = (state.current + 1) % state.players
    state.pending.append(CHOOSE_ACTION[state.current])
    return events


def apply_draft_pick(state: State, action: Draw) -> list[Event]:
    """R71, A24: take a starting card; with a full hand the display is refilled and the next
    drafter (to the right) picks, or, after the last drafter, the first player's turn begins."""
    events = _take(state, action)
    if state.end_reason or not _hand_full(state):
        return events
    frame = state.pending.pop()
    assert isinstance(frame, DraftPick)
    events += _refill(state)
    if state.end_reason:
        return events
    if frame.left > 1:
        state.current = (state.current - 1) % state.players
        state.pending.append(DraftPick(state.current, frame.left - 1))
        return events
    state.current = state.first_player
    state.pending.append(CHOOSE_ACTION[state.current])
    return events


def deal_display(state: State) -> None:
    for _ in range(DISPLAY):
        state.display[state.deck.pop()] += 1


def _refill(state: State) -> list[Event]:
    """R31: the display back to 4 cards from the deck."""
    events = []
    display = state.display
    for _ in range(DISPLAY - sum(display)):
        biome = state.deck.pop()  # (the exhaustion below replaces the deck)
        display[biome] += 1
        events.append(DISPLAY_REFILL[biome])
        if not state.deck:
            events += _exhaust(state)
            if state.end_reason:
                break
    return events


def _exhaust(state: State) -> list[Event]:
    """R32-R35: first exhaustion = interim scoring + reshuffle; second = the game ends."""
    state.exhaustions += 1
    state.margins = None  # the heuristic's weight and the scores change
    events = [Event("deck_exhausted", {"count": state.exhaustions})]
    if state.exhaustions >= 2:
        return events + end_game(state, "deck")
    points = scoring.tent_majority(state)
    if state.feat_tokens:
        bonus = scoring.feat_bonus(state, lines=False)
        state.feat_interim = tuple(before + more for before, more in zip(state.feat_interim, bonus))
    for tribe, gained in enumerate(points):
        state.scores[tribe] += gained
        state.interim[tribe] += gained
        events.append(Event("interim_score", {"player": tribe_arg(state, tribe), "points": gained}))
    state.deck = [biome for biome in range(NB) for _ in range(state.discard[biome])]
    state.discard = [0] * NB
    if not state.deck:  # R35
        return events + end_game(state, "deck")
    chance = state.chance.copy()  # copies of the state share the stream (state.py)
    chance.shuffle(state.deck)
    state.chance = chance
    events.append(Event("reshuffle", {"cards": len(state.deck)}))
    return events


def end_game(state: State, reason: str) -> list[Event]:
    """R34/R38: final scoring (R73) and the end: no decision is pending any more."""
    state.end_reason = reason
    state.margins = None
    state.pending.clear()
    state.final = tuple(scoring.final_scoring(state))
    events = [Event("game_end", {"reason": reason})]
    for tribe, parts in enumerate(state.final):
        state.scores[tribe] += sum(parts.values())
        events.append(Event("final_score", {"player": tribe_arg(state, tribe), "points": state.scores[tribe]}))
    return events


def why_draw(state: State, action: Draw) -> tuple[str, str] | None:
    """(rule, reason) a draw is not possible, or None."""
    if action.source == "deck":
        return None if state.deck else ("R29", "the deck is empty")
    if state.display[LETTER_INDEX[action.source]] == 0:
        return "R29", "no display card of that biome"
    return None

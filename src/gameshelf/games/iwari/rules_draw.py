"""The draw step and the end of a turn (R29-R31), deck exhaustion (R32-R35), the draft (R71, A24)
and the end of the game (R34, R36, R38)."""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.iwari import scoring
from gameshelf.games.iwari.actions import Draw, action_table
from gameshelf.games.iwari.catalog import BIOMES, DISPLAY, HAND, LETTER_INDEX, NB
from gameshelf.games.iwari.decisions import CHOOSE_ACTION, DRAW_CARDS, DraftPick
from gameshelf.games.iwari.state import State

BIOME_IDS = tuple(b.id for b in BIOMES)


def tribe_arg(s: State, tribe: int):
    """A tribe as an event argument: the seat number, or ``third_tribe``."""
    return tribe if tribe < s.players else "third_tribe"


def draw_choices(s: State) -> list:
    """R29: the deck's top card (while the deck has cards) or any display card."""
    table = action_table(s.map.id)
    out = [table.draw_deck] if s.deck else []
    return out + [table.draw_take[b] for b in range(NB) if s.display[b]]


def start_draw(s: State) -> list[Event]:
    s.pending.append(DRAW_CARDS[s.current])
    return []


def apply_draw(s: State, a: Draw) -> list[Event]:
    """R29-R30 (and R71 in the draft): one card from the deck top or the display."""
    seat = s.current
    if a.source == "deck":
        b = s.deck.pop()
        s.hands[seat * NB + b] += 1
        only = frozenset((seat,))  # R27: the card for the drawer, a redacted twin for all others
        events = [Event("draw_deck", {"seat": seat, "biome": BIOME_IDS[b]}, only),
                  Event("draw_deck_hidden", {"seat": seat}, hidden_from=only)]
        if not s.deck:
            events += _exhaust(s)
            if s.end_reason:
                return events
    else:
        b = LETTER_INDEX[a.source]
        s.display[b] -= 1
        s.hands[seat * NB + b] += 1
        events = [Event("take_display", {"seat": seat, "biome": BIOME_IDS[b]})]
    if sum(s.hands[seat * NB:(seat + 1) * NB]) >= HAND:
        events += _finish_draw(s)
    return events


def _finish_draw(s: State) -> list[Event]:
    """R31 refill, then the next turn (or, in the draft, the next drafter: A24)."""
    top = s.pending.pop()
    events = _refill(s)
    if s.end_reason:
        return events
    if isinstance(top, DraftPick):
        if top.left > 1:
            s.current = (s.current - 1) % s.players
            s.pending.append(DraftPick(s.current, top.left - 1))
            return events
        s.current = s.start
    else:
        s.current = (s.current + 1) % s.players
    s.pending.append(CHOOSE_ACTION[s.current])
    return events


def deal_display(s: State) -> None:
    for _ in range(DISPLAY):
        s.display[s.deck.pop()] += 1


def _refill(s: State) -> list[Event]:
    events = []
    while sum(s.display) < DISPLAY:
        b = s.deck.pop()
        s.display[b] += 1
        events.append(Event("display_refill", {"biome": BIOME_IDS[b]}))
        if not s.deck:
            events += _exhaust(s)
            if s.end_reason:
                break
    return events


def _exhaust(s: State) -> list[Event]:
    """R32-R35: first exhaustion = interim scoring + reshuffle; second = the game ends."""
    s.exhaustions += 1
    events = [Event("deck_exhausted", {"count": s.exhaustions})]
    if s.exhaustions >= 2:
        return events + end_game(s, "deck")
    points = scoring.tent_majority(s)
    if s.feat_log:
        s.feat_interim = tuple(a + b for a, b in zip(s.feat_interim, scoring.feat_bonus(s, lines=False)))
    for p, v in enumerate(points):
        s.score[p] += v
        s.interim[p] += v
        events.append(Event("interim_score", {"player": tribe_arg(s, p), "points": v}))
    s.deck = [b for b in range(NB) for _ in range(s.discard[b])]
    s.discard = [0] * NB
    if not s.deck:  # R35
        return events + end_game(s, "deck")
    s.chance.shuffle(s.deck)
    events.append(Event("reshuffle", {"cards": len(s.deck)}))
    return events


def end_game(s: State, reason: str) -> list[Event]:
    """R34/R38: final scoring (R73) and the end: no decision is pending any more."""
    s.end_reason = reason
    s.pending.clear()
    s.final = tuple(scoring.final_scoring(s))
    events = [Event("game_end", {"reason": reason})]
    for p, parts in enumerate(s.final):
        s.score[p] += sum(parts.values())
        events.append(Event("final_score", {"player": tribe_arg(s, p), "points": s.score[p]}))
    return events


def why_draw(s: State, a: Draw):
    """(rule, reason) a draw is not possible, or None."""
    if a.source == "deck":
        return None if s.deck else ("R29", "the deck is empty")
    if s.display[LETTER_INDEX[a.source]] == 0:
        return "R29", "no display card of that biome"
    return None

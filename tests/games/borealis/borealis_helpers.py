"""Small builders for Borealis test positions (cards are moved, never duplicated)."""

from __future__ import annotations

from gameshelf.games.borealis import GAME
from gameshelf.games.borealis.actions import parse_action
from gameshelf.games.borealis.catalog import BY_ID, CARD_IDS, SPECIES
from gameshelf.games.borealis.state import CHOOSE, State

ZONE = {"LC": 0, "L": 1, "C": 2, "R": 3, "RC": 4}
COLOUR = {"Y": 0, "B": 1, "P": 2}


def ready(players: int = 2, seed: int = 0, **options: str) -> State:
    """A game after everyone kept their starting hand, seat 0 first, at the start of round 1."""
    s = GAME.setup(players, options, seed)
    for _ in range(players):
        GAME.apply(s, parse_action("done"))
    s.first = s.seat = 0
    s.phase = CHOOSE
    return s


def take_out(s: State, card: int) -> None:
    for pile in (s.deck, s.discard, s.pool, *s.hands, *s.cols):
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"card {card} is nowhere")


def set_hand(s: State, seat: int, cards: list[int]) -> None:
    old = s.hands[seat]
    s.hands[seat] = []
    s.deck[:0] = [c for c in old]          # old hand to the deck's bottom
    for c in cards:
        take_out(s, c)
    s.hands[seat] = list(cards)


def set_column(s: State, seat: int, zone: str, cards: list[int]) -> None:
    i = seat * 3 + ZONE[zone] - 1
    s.deck[:0] = s.cols[i]
    s.cols[i] = []
    for c in cards:
        take_out(s, c)
    s.cols[i] = list(cards)


def set_pool(s: State, cards: list[int]) -> None:
    s.deck[:0] = s.pool
    s.pool = []
    for c in cards:
        take_out(s, c)
    s.pool = list(cards)


def set_piles(s: State, deck: list[int], discard: list[int]) -> list[int]:
    """Exactly these cards in the deck (top = last) and the discard pile; the other cards that
    were there leave the game (returned), so use it only where conservation is not checked."""
    for c in deck + discard:
        take_out(s, c)
    spare = s.deck + s.discard
    s.deck, s.discard = list(deck), list(discard)
    return spare


def set_scientists(s: State, seat: int, text: str) -> None:
    """``"LC:[P] | L:[B] | C:[Y,B] | R:[Y,Y,P] | RC:[B,P]"`` (reference section 7 notation)."""
    b = seat * 15
    s.sci[b:b + 15] = [0] * 15
    for part in text.split("|"):
        zone, _, body = part.strip().partition(":")
        for letter in filter(None, body.strip("[] ").split(",")):
            s.sci[b + ZONE[zone.strip()] * 3 + COLOUR[letter.strip()]] += 1


def scientists(s: State, seat: int) -> str:
    b = seat * 15
    parts = []
    for name, z in ZONE.items():
        letters = [k for k, c in COLOUR.items() for _ in range(s.sci[b + z * 3 + c])]
        parts.append(f"{name}:[{','.join(letters)}]")
    return " | ".join(parts)


def cards_of(species: str, count: int, exclude: set[int] = frozenset()) -> list[int]:
    """``count`` distinct cards of a species."""
    found = [c for c in CARD_IDS if BY_ID[c].species == species and c not in exclude]
    return found[:count]


def species_columns(*columns: list[str]) -> list[list[int]]:
    """Concrete distinct card ids for columns given by species names."""
    used: set[int] = set()
    out = []
    for col in columns:
        ids = []
        for sp in col:
            assert sp in SPECIES, sp
            c = cards_of(sp, 1, used)[0]
            used.add(c)
            ids.append(c)
        out.append(ids)
    return out


def play(s: State, *texts: str) -> list:
    """Apply actions in notation through the legality check; returns all events."""
    events = []
    for t in texts:
        events += GAME.checked_apply(s, t)
    return events


def has_scientists(s: State, seat: int, text: str) -> bool:
    """Whether seat's scientists match the section 7 notation (order inside a zone is free)."""
    probe = State.__new__(State)
    probe.sci = [0] * 15
    set_scientists(probe, 0, text)
    return s.sci[seat * 15:seat * 15 + 15] == probe.sci


def find_cards(count: int, species: str | None = None, vehicle: str | None = None,
               exclude: set[int] = frozenset()) -> list[int]:
    found = [c for c in CARD_IDS if c not in exclude
             and (species is None or BY_ID[c].species == species)
             and (vehicle is None or BY_ID[c].vehicle == vehicle)]
    assert len(found) >= count
    return found[:count]


def pass_turn(s: State) -> list:
    """The active player regroups without discarding (a pass when the camps are empty)."""
    events = play(s, "regroup", "done")
    if s.phase == 5:            # REGROUP_LOCATION
        events += play(s, "to C")
    return events

"""Building Iwari positions for tests: P1 = seat 0 (start player), tribes by index."""

from __future__ import annotations

from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.catalog import BIOME_INDEX, LETTER_INDEX, NB
from gameshelf.games.iwari.state import ACTION, State

P1, P2, P3, P4, P5 = range(5)
THIRD = 2  # the 2-player third tribe's index


def new(players: int = 3, seed: int = 1, blocked=(), **options) -> State:
    """A fresh game with P1 to act, no mountains unless ``blocked`` (line numbers) is given."""
    options.setdefault("feats", "off")
    s = GAME.setup(players, options, seed)
    s.start = s.current = 0
    set_blocked(s, blocked)
    return s


def set_blocked(s: State, numbers) -> None:
    s.blocked = tuple(ln.n in numbers for ln in s.map.lines)
    s.adj = s.map.adjacency(s.blocked)


def tents(s: State, tribe: int, *spaces: str) -> None:
    """Put tents of ``tribe`` on spaces, taken from its supply."""
    m, T = s.map, len(s.map.territories)
    for sid in spaces:
        sp = m.space_index[sid]
        assert s.owner[sp] < 0, sid
        t = m.space_terr[sp]
        s.owner[sp] = tribe
        s.tents[tribe * T + t] += 1
        s.filled[t] += 1
        s.supply_tents[tribe] -= 1


def totems(s: State, tribe: int, terr: str, n: int = 1) -> None:
    T = len(s.map.territories)
    t = s.map.terr_index[terr]
    s.totems[tribe * T + t] += n
    s.ktot[t] += n
    s.supply_totems[tribe] -= n


def set_hand(s: State, seat: int, cards: str) -> None:
    """Give ``seat`` the cards (biome letters, e.g. "ffc"), swapping with the deck (conserved)."""
    base = seat * NB
    for b in range(NB):
        s.deck.extend([b] * s.hands[base + b])
        s.hands[base + b] = 0
    for ch in cards:
        b = LETTER_INDEX[ch]
        if b in s.deck:
            s.deck.remove(b)
        else:
            s.discard[b] -= 1
            assert s.discard[b] >= 0, "card not available"
        s.hands[base + b] += 1


def hand(s: State, seat: int) -> str:
    letters = "tfgcd"
    return "".join(letters[b] * s.hands[seat * NB + b] for b in range(NB))


def turn(s: State, seat: int, cards: str | None = None) -> State:
    """Start ``seat``'s turn (ACTION phase), optionally with a given hand."""
    s.current, s.phase = seat, ACTION
    s.p_tribe, s.p_terr, s.p_pieces, s.p_cards, s.p_filled = -1, -1, 0, 0, -1
    if cards is not None:
        set_hand(s, seat, cards)
    return s


def legal(s: State) -> set[str]:
    return {str(a) for a in GAME.legal_actions(s)}


def play(s: State, *texts: str) -> list:
    events = []
    for text in texts:
        events += GAME.checked_apply(s, text)
    return events


def count(s: State, tribe: int, terr: str, what: str = "tents") -> int:
    T = len(s.map.territories)
    return getattr(s, what)[tribe * T + s.map.terr_index[terr]]


def move_cards(s: State, deck: int) -> None:
    """Leave ``deck`` cards in the deck; the rest go to the discard pile (conserved)."""
    while len(s.deck) > deck:
        s.discard[s.deck.pop(0)] += 1


def biome(name: str) -> int:
    return BIOME_INDEX[name]

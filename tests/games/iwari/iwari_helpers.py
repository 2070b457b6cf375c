"""Building Iwari positions for tests: P1 = seat 0 (start player), tribes by index.

The helpers edit the state through the public position format (``GAME.position`` /
``GAME.from_position``, validated like any user's position); two say why they cannot:
``move_cards`` (a deck about to run out) and ``supply`` (pieces "elsewhere", off the test's board).
"""

from __future__ import annotations

from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.catalog import BIOME_INDEX, BIOMES, DISPLAY, HAND, NB
from gameshelf.games.iwari.state import State
from tests.scenario import scenario

P1, P2, P3, P4, P5 = range(5)
THIRD = 2  # the 2-player third tribe's index
LETTER = {b.letter: b.id for b in BIOMES}

# the kind names of the pending decisions (decisions.py), and "over"
ACTION, PLACE, THIRD_STEP, FEAT, DRAW, DRAFT, OVER = (
    "choose_action", "place_pieces", "third_tribe_target", "place_feat", "draw", "draft_pick", "over")


def phase(s: State) -> str:
    """The kind name of the top pending decision, or "over"."""
    return s.pending[-1].kind.split(".", 1)[1] if s.pending else OVER


def load(s: State, position: dict) -> State:
    """Replace ``s`` in place by the (validated) state of ``position``."""
    fresh = GAME.from_position(position)
    for name in State.FIELDS:
        setattr(s, name, getattr(fresh, name))
    return s


def new(players: int = 3, seed: int = 1, blocked=(), **options) -> State:
    """A fresh game with P1 to act, no mountains unless ``blocked`` (line numbers) is given."""
    options.setdefault("feats", "off")
    snippet = {"first_player": 0, "current": 0, "mountains": list(blocked),
               "pending": [{"kind": "iwari.choose_action", "seat": 0}]}
    return scenario("iwari", players, snippet, seed=seed, options=options)


def set_blocked(s: State, numbers) -> None:
    pos = GAME.position(s)
    pos["mountains"] = list(numbers)
    load(s, pos)


def tents(s: State, tribe: int, *spaces: str) -> None:
    """Put tents of ``tribe`` on spaces (taken from its supply)."""
    pos = GAME.position(s)
    for sid in spaces:
        assert sid not in pos["tents"], sid
        pos["tents"][sid] = tribe
    load(s, pos)


def totems(s: State, tribe: int, terr: str, n: int = 1) -> None:
    pos = GAME.position(s)
    stack = pos["totems"].setdefault(terr, [0] * s.tribes)
    stack[tribe] += n
    load(s, pos)


def _set_hand(pos: dict, seat: int, cards: str) -> None:
    """``seat`` holds ``cards`` (biome letters); its old cards go on the deck, the new ones come
    from the deck (or the discard pile): cards are conserved."""
    deck = pos["deck"]
    deck.extend(pos["hands"][seat])
    pos["hands"][seat] = []
    for ch in cards:
        card = LETTER[ch]
        if card in deck:
            deck.remove(card)
        else:
            assert pos["discard"][card] > 0, "card not available"
            pos["discard"][card] -= 1
        pos["hands"][seat].append(card)
    pos["hands"][seat].sort(key=BIOME_INDEX.__getitem__)


def feat_tokens(s: State, *tokens: tuple[str, str]) -> None:
    """Place feat tokens (feat id, territory id or line number), each earned by the next seat
    without that feat (feats switched on): the multipliers of R57/R58 on a built board."""
    pos = GAME.position(s)
    pos["options"]["feats"] = "on"
    for feat, target in tokens:
        earned = pos["feats_earned"][feat]
        earned.append(next(seat for seat in range(s.players) if seat not in earned))
        pos["feat_tokens"].append([feat, target])
    load(s, pos)


def set_hand(s: State, seat: int, cards: str) -> None:
    pos = GAME.position(s)
    _set_hand(pos, seat, cards)
    load(s, pos)


def hand(s: State, seat: int) -> str:
    letters = "tfgcd"
    return "".join(letters[b] * s.hands[seat * NB + b] for b in range(NB))


def turn(s: State, seat: int, cards: str | None = None) -> State:
    """Start ``seat``'s turn (its action to choose), optionally with a given hand. Draw steps a
    test skipped are taken from the deck's top, so every hand holds 3 and the display 4 (R28, R31)."""
    pos = GAME.position(s)
    pos["current"] = seat
    pos["pending"] = [{"kind": "iwari.choose_action", "seat": seat}]
    if cards is not None:
        _set_hand(pos, seat, cards)
    for h in pos["hands"]:
        while len(h) < HAND:
            h.append(pos["deck"].pop())
    while len(pos["display"]) < DISPLAY:
        pos["display"].append(pos["deck"].pop())
    return load(s, pos)


def legal(s: State) -> set[str]:
    return {str(a) for a in GAME.legal_actions(s)}


def play(s: State, *texts: str) -> list:
    events = []
    for text in texts:
        events += GAME.checked_apply(s, text)
    return events


def count(s: State, tribe: int, terr: str, what: str = "tents") -> int:
    """Pieces of ``tribe`` in a territory, read from the position."""
    pos = GAME.position(s)
    if what == "tents":
        spaces = {s.map.space_ids[sp] for sp in s.map.territories[s.map.territory_index[terr]].spaces}
        return sum(1 for sid, o in pos["tents"].items() if o == tribe and sid in spaces)
    return pos["totems"].get(terr, [0] * s.tribes)[tribe]


def move_cards(s: State, deck: int) -> None:
    """Leave ``deck`` cards in the deck; the rest go to the discard pile (conserved). A direct edit:
    a deck that is about to run out is no position a player could be asked to decide in."""
    while len(s.deck) > deck:
        s.discard[s.deck.pop(0)] += 1


def supply(s: State, tribe: int, tents: int | None = None, totems: int | None = None) -> None:
    """``tribe`` has ``tents`` / ``totems`` left in its supply, the rest "elsewhere": a direct edit,
    since a position derives the supplies from the pieces on the board and a test of R22, R38 or
    the R79 tie-break wants its small board, not 20 tents laid out on it."""
    if tents is not None:
        s.supply_tents[tribe] = tents
    if totems is not None:
        s.supply_totems[tribe] = totems


def change(s: State, **fields) -> State:
    """Replace position keys of ``s`` (scores, exhaustions ...), validated like any position."""
    return load(s, dict(GAME.position(s), **fields))


def biome(name: str) -> int:
    return BIOME_INDEX[name]

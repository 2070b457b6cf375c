"""Builders and readers for Borealis test positions, through the public position format.

Every ``set_*`` helper edits the state's position (``GAME.position``), rebuilds it with
``GAME.from_position`` (so each built position is validated like any user's: cards are moved,
never duplicated or lost) and puts the result back into the test's state object, so a test reads
as a sequence of edits and plays. The readers return position data (names, not offsets).

The one exception is ``set_piles``: a few rules (R27, R28, A31) need a nearly empty deck and
discard pile in a 2-player game, where the other cards would not fit anywhere on the table; it
takes those cards out of the game, which a position refuses by design (conservation).
"""

from __future__ import annotations

from typing import Any, Callable

from gameshelf.games.borealis import GAME
from gameshelf.games.borealis.catalog import BY_ID, CARD_IDS, SPECIES
from gameshelf.games.borealis.state import State
from tests.scenario import merge, scenario

ZONE = {"LC": 0, "L": 1, "C": 2, "R": 3, "RC": 4}
ZONE_NAME = {"LC": "LEFT_CAMP", "L": "LEFT", "C": "CENTER", "R": "RIGHT", "RC": "RIGHT_CAMP"}
LOCATION = {"L": "LEFT", "C": "CENTER", "R": "RIGHT"}
COLOUR = {"Y": "YELLOW", "B": "BLUE", "P": "PINK"}
LETTER = {name: letter for letter, name in COLOUR.items()}


def choose_action(seat: int) -> list[dict[str, Any]]:
    return [{"kind": "borealis.choose_action", "seat": seat}]


def ready(players: int = 2, seed: int = 0, **options: str) -> State:
    """A game after everyone kept their starting hand, seat 0 first, at the start of round 1."""
    return scenario("borealis", players, {"first_player": 0, "pending": choose_action(0)},
                    seed=seed, options=options)


def pos(s: State) -> dict[str, Any]:
    return GAME.position(s)


def cards(ids: list[int]) -> list[str]:
    """Card ids as the view shows them (element ids ``card:<id>``)."""
    return [f"card:{c}" for c in ids]


def edit(s: State, change: Callable[[dict[str, Any]], None] | dict[str, Any]) -> State:
    """Rebuild ``s`` in place from its position after ``change`` (a function editing the position
    data, or a snippet merged into it)."""
    data = pos(s)
    if callable(change):
        change(data)
    else:
        data = merge(data, change)
    rebuilt = GAME.from_position(data)
    for name in State.FIELDS:
        setattr(s, name, getattr(rebuilt, name))
    return s


# ---- moving cards in a position -------------------------------------------------------------------
def _piles(data: dict[str, Any]) -> list[list[int]]:
    piles = [data["deck"], data["discard"], data["pool"]]
    for seat in data["seats"]:
        piles.append(seat["hand"])
        piles += [loc["cards"] for loc in seat["locations"].values()]
    return piles


def _take_out(data: dict[str, Any], card: int) -> None:
    for pile in _piles(data):
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"card {card} is nowhere")


def _place(data: dict[str, Any], get: Callable[[dict[str, Any]], list[int]],
           put: Callable[[dict[str, Any], list[int]], None], cards: list[int]) -> None:
    """The cards now at a place go to the deck's bottom; ``cards`` come from wherever they are."""
    old = list(get(data))
    put(data, [])
    data["deck"][:0] = old
    for c in cards:
        _take_out(data, c)
    put(data, list(cards))


def set_hand(s: State, seat: int, cards: list[int]) -> State:
    def change(d):
        _place(d, lambda d: d["seats"][seat]["hand"], lambda d, v: d["seats"][seat].__setitem__("hand", v), cards)
    return edit(s, change)


def set_column(s: State, seat: int, zone: str, cards: list[int]) -> State:
    name = LOCATION[zone]

    def change(d):
        loc = d["seats"][seat]["locations"][name]
        _place(d, lambda d: loc["cards"], lambda d, v: loc.__setitem__("cards", v), cards)
    return edit(s, change)


def set_pool(s: State, cards: list[int]) -> State:
    return edit(s, lambda d: _place(d, lambda d: d["pool"], lambda d, v: d.__setitem__("pool", v), cards))


def set_piles(s: State, deck: list[int], discard: list[int]) -> list[int]:
    """Exactly these cards in the deck (top = last) and the discard pile; the other cards that
    were there leave the game (returned), so use it only where conservation is not checked."""
    for c in deck + discard:
        for pile in (s.deck, s.discard, s.pool, *s.hands, *s.columns):
            if c in pile:
                pile.remove(c)
                break
        else:
            raise AssertionError(f"card {c} is nowhere")
    spare = s.deck + s.discard
    s.deck, s.discard = list(deck), list(discard)
    return spare


# ---- scientists, flags, tokens, objectives, turn ---------------------------------------------------
def _zones(text: str) -> dict[str, list[str]]:
    """``"LC:[P] | L:[B] | C:[Y,B] | R:[Y,Y,P] | RC:[B,P]"`` (reference section 7 notation)."""
    zones = {name: [] for name in ZONE_NAME.values()}
    for part in text.split("|"):
        zone, _, body = part.strip().partition(":")
        zones[ZONE_NAME[zone.strip()]] += [COLOUR[x.strip()] for x in filter(None, body.strip("[] ").split(","))]
    return zones


def set_scientists(s: State, seat: int, text: str) -> State:
    zones = _zones(text)

    def change(d):
        p = d["seats"][seat]
        for name in ("LEFT_CAMP", "RIGHT_CAMP"):
            p["camps"][name] = zones[name]
        for name in LOCATION.values():
            p["locations"][name]["scientists"] = zones[name]
    return edit(s, change)


def zone_scientists(s: State, seat: int) -> dict[str, list[str]]:
    """Each zone's scientists (colour names) by zone name, from the position."""
    p = pos(s)["seats"][seat]
    out = {name: p["camps"][name] for name in ("LEFT_CAMP", "RIGHT_CAMP")}
    out.update({name: loc["scientists"] for name, loc in p["locations"].items()})
    return {name: out[name] for name in ZONE_NAME.values()}


def scientists(s: State, seat: int) -> str:
    zones = zone_scientists(s, seat)
    return " | ".join(f"{short}:[{','.join(LETTER[c] for c in zones[name])}]" for short, name in ZONE_NAME.items())


def has_scientists(s: State, seat: int, text: str) -> bool:
    """Whether seat's scientists match the section 7 notation (order inside a zone is free)."""
    mine = zone_scientists(s, seat)
    return all(sorted(mine[name]) == sorted(want) for name, want in _zones(text).items())


def camp(s: State, seat: int, zone: str) -> int:
    """How many scientists are in a camp (``"LC"`` or ``"RC"``)."""
    return len(zone_scientists(s, seat)[ZONE_NAME[zone]])


def zone_count(s: State, seat: int, zone: str) -> int:
    return len(zone_scientists(s, seat)[ZONE_NAME[zone]])


def flags(s: State, seat: int) -> list[int]:
    """The LEFT, CENTER, RIGHT flag spaces."""
    return [loc["flag"] for loc in pos(s)["seats"][seat]["locations"].values()]


def set_flags(s: State, seat: int, spaces: list[int]) -> State:
    def change(d):
        for loc, space in zip(d["seats"][seat]["locations"].values(), spaces):
            loc["flag"] = space
    return edit(s, change)


def column(s: State, seat: int, zone: str) -> list[int]:
    return pos(s)["seats"][seat]["locations"][LOCATION[zone]]["cards"]


def set_tokens(s: State, seat: int, tokens: int) -> State:
    return edit(s, lambda d: d["seats"][seat].__setitem__("tokens", tokens))


def achieved(s: State, seat: int) -> list[str]:
    return pos(s)["seats"][seat]["objectives_achieved"]


def objective(s: State, index: int) -> dict[str, Any]:
    """The objective in slot ``index`` (0 animal, 1 scientist, 2 vehicle): id, tokens, status."""
    return pos(s)["objectives"][index]


def set_objectives(s: State, ids: tuple[str, ...]) -> State:
    """Objectives in play, all open with one token per player, achieved by nobody."""
    def change(d):
        d["objectives"] = [{"id": oid, "tokens": d["players"], "status": "open"} for oid in ids]
        for seat in d["seats"]:
            seat["objectives_achieved"] = []
    return edit(s, change)


def set_achieved(s: State, seat: int, ids: list[str]) -> State:
    """``seat`` took a token from each of these objectives (R33)."""
    def change(d):
        for o in d["objectives"]:
            if o["id"] in ids and o["id"] not in d["seats"][seat]["objectives_achieved"]:
                o["tokens"] -= 1
        d["seats"][seat]["objectives_achieved"] = list(ids)
    return edit(s, change)


def set_scoring(s: State, ids: tuple[str, ...]) -> State:
    return edit(s, {"scoring_cards": list(ids)})


def set_turn(s: State, seat: int) -> State:
    """``seat`` chooses its action now (R3)."""
    return edit(s, {"pending": choose_action(seat)})


def set_round(s: State, round_: int, turns: list[int] | None = None) -> State:
    def change(d):
        d["round"] = round_
        for seat, t in enumerate(turns or []):
            d["seats"][seat]["turns"] = t
    return edit(s, change)


def set_board(s: State, seat: int, board: str) -> State:
    return edit(s, lambda d: d["seats"][seat].__setitem__("board", board))


def set_boards(s: State, boards: list[str]) -> State:
    def change(d):
        for seat, board in zip(d["seats"], boards):
            seat["board"] = board
    return edit(s, change)


def decision_kind(s: State) -> str | None:
    pending = pos(s)["pending"]
    return pending[-1]["kind"].split(".", 1)[1] if pending else None


# ---- cards from the catalogue ------------------------------------------------------------------------
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


def find_cards(count: int, species: str | None = None, vehicle: str | None = None,
               exclude: set[int] = frozenset()) -> list[int]:
    found = [c for c in CARD_IDS if c not in exclude
             and (species is None or BY_ID[c].species == species)
             and (vehicle is None or BY_ID[c].vehicle == vehicle)]
    assert len(found) >= count
    return found[:count]


# ---- playing ---------------------------------------------------------------------------------------
def play(s: State, *texts: str) -> list:
    """Apply actions in notation through the legality check; returns all events."""
    events = []
    for t in texts:
        events += GAME.checked_apply(s, t)
    return events


def pass_turn(s: State) -> list:
    """The active player regroups without discarding (a pass when the camps are empty)."""
    events = play(s, "regroup", "done")
    if decision_kind(s) == "regroup_location":
        events += play(s, "to C")
    return events

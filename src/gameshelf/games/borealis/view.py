"""Per-seat views (R4, A30), their typed definition, determinization for search bots, and ``encode``.

Public: boards, tokens, pool, discard pile, deck size, scoring cards, objectives, the pending
decision. Hidden: other hands (counts only) and the deck order. ``determinize`` deals the unseen
cards at random and reseeds the state's own chance stream, so a bot cannot predict future shuffles.

Element ids (what a decision's targets name, see decisions.py) appear in the view as written:
``card:<id>`` in ``hand``, ``pool``, ``discard`` and ``columns`` (every card is shown by its
element id, which is also its term key for a display name), and ``location:<seat>:<L|C|R>`` in a
player's ``locations``.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import NotRequired, TypedDict  # pydantic reads TypedDicts from here on Python < 3.12

from gameshelf.core.chance import Chance
from gameshelf.games.borealis.catalog import BOARD_IDS, CARD_BY_TERM, CARD_IDS, CARD_TERM
from gameshelf.games.borealis.decisions import COUNTED, KINDS, stack_of
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.state import END_REASONS, OBJ_STATUS_NAMES, State

LOCATION_IDS = tuple(tuple(f"location:{seat}:{letter}" for letter in "LCR") for seat in range(4))


class PlayerView(TypedDict):
    """One player's board and hand as a seat sees it."""

    hand: list[str] | None          #: card element ids, bottom to top; None unless it is the viewer's
    hand_count: int
    locations: list[str]            #: element ids of LEFT, CENTER, RIGHT (``location:<seat>:<L|C|R>``)
    columns: list[list[str]]        #: the cards of LEFT, CENTER, RIGHT, bottom to top (R7)
    scientists: list[list[int]]     #: per zone (LEFT_CAMP .. RIGHT_CAMP) the YELLOW, BLUE, PINK counts
    flags: list[int]                #: the flag's space on the LEFT, CENTER, RIGHT tracks (0 = start)
    tokens: int                     #: the token total in stars (R30)
    board: str                      #: the board id (SIDE_I or BOARD_1..4, R40)
    objectives_achieved: list[str]  #: objective ids this player took a token from (R33)
    turns: int


class DecisionView(TypedDict):
    """The pending decision: its kind (decisions.py), the seat deciding, and for discards the count."""

    kind: str
    seat: int
    discarded: NotRequired[int]


class ObjectiveView(TypedDict):
    id: str
    tokens: int                     #: 5-star tokens left on it (R31)
    status: str                     #: open, closing (R34: leaves at the end of this round), removed


class BorealisView(TypedDict):
    """What one seat (or a spectator: ``seat`` None) may see of a Borealis game."""

    game: str
    seat: int | None
    players: list[PlayerView]
    options: dict[str, str]
    first_player: int
    to_act: int | None
    decision: DecisionView | None
    round: int
    ply: int
    pool: list[str]
    discard: list[str]
    deck_count: int
    scoring_cards: list[str]
    objectives: list[ObjectiveView]
    refresh_used_this_round: bool
    refreshed_this_turn: bool
    end_triggered: bool
    end_reason: str


def _cards(cards: list[int]) -> list[str]:
    return [CARD_TERM[c] for c in cards]


def _achieved(s: State, seat: int) -> list[str]:
    return [oid for i, oid in enumerate(s.obj) if s.achieved[seat] >> i & 1]


def _player(s: State, p: int, seat: int | None) -> PlayerView:
    b = p * 15
    return {
        "hand": _cards(s.hands[p]) if p == seat else None,
        "hand_count": len(s.hands[p]),
        "locations": list(LOCATION_IDS[p]),
        "columns": [_cards(c) for c in s.cols[p * 3:p * 3 + 3]],
        "scientists": [s.sci[b + z * 3:b + z * 3 + 3] for z in range(5)],
        "flags": s.flags[p * 3:p * 3 + 3],
        "tokens": s.tokens[p],
        "board": BOARD_IDS[s.boards[p]],
        "objectives_achieved": _achieved(s, p),
        "turns": s.turns[p],
    }


def decision_json(top) -> DecisionView:
    out: DecisionView = {"kind": top.kind, "seat": top.seat}
    if type(top) in COUNTED:
        out["discarded"] = top.discarded
    return out


def decision_from_json(data: dict[str, Any]):
    """The pending decision a view or position names (the caller validates it)."""
    cls = KINDS[data["kind"]]
    extra = {"discarded": data["discarded"]} if cls in COUNTED else {}
    return cls(data["seat"], **extra)


def view(s: State, seat: int | None) -> BorealisView:
    """What ``seat`` (a valid seat, or None for a spectator) may see."""
    return {
        "game": "borealis",
        "seat": seat,
        "players": [_player(s, p, seat) for p in range(s.n)],
        "options": s.cfg.to_options(),
        "first_player": s.first,
        "to_act": s.pending[-1].seat if s.pending else None,
        "decision": decision_json(s.pending[-1]) if s.pending else None,
        "round": s.round,
        "ply": s.ply,
        "pool": _cards(s.pool),
        "discard": _cards(s.discard),
        "deck_count": len(s.deck),
        "scoring_cards": list(s.scoring),
        "objectives": [{"id": oid, "tokens": s.obj_tokens[i], "status": OBJ_STATUS_NAMES[s.obj_status[i]]}
                       for i, oid in enumerate(s.obj)],
        "refresh_used_this_round": s.refresh_round,
        "refreshed_this_turn": s.turn_refreshed,
        "end_triggered": s.end_triggered,
        "end_reason": END_REASONS[s.end_reason],
    }


def _ids(cards: list[str]) -> list[int]:
    return [CARD_BY_TERM[c] for c in cards]


def _deal_hands(s: State, players: list[PlayerView], unseen: list[int]) -> list[int]:
    """Hidden hands get unseen cards; returns the cards left for the deck."""
    s.hands = []
    for p in players:
        if p["hand"] is not None:
            s.hands.append(_ids(p["hand"]))
        else:
            k = p["hand_count"]
            s.hands.append(unseen[:k])
            unseen = unseen[k:]
    return unseen


def determinize(v: BorealisView, chance: Chance) -> State:
    """A full state consistent with ``v``: unseen cards dealt to hidden hands and the deck.

    The draws, in order: the new stream's seed, then one shuffle of the unseen cards (hidden hands
    in seat order take the first ones, the deck the rest). Everything else comes from the view
    alone, so it is built once per view (a search determinizes the same view thousands of times)
    and copied: the state equals the plain version's (tests/agents/test_determinize_templates.py)."""
    t = _template(v)
    seed = chance.next64()
    unseen = list(t.unseen)
    chance.shuffle(unseen)
    s = t.state.copy()
    s.chance = Chance(seed)
    hands = s.hands
    start = 0
    for seat, k in t.hidden_hands:
        hands[seat] = unseen[start:start + k]
        start += k
    s.deck = unseen[start:]
    return s


class _Template:
    """What a view fixes for every determinization: the state with its hidden parts left blank."""

    __slots__ = ("view", "state", "unseen", "hidden_hands")


_LAST: list[_Template] = []  # the last view's template (a search asks for the same view again and again)


def _template(v: BorealisView) -> _Template:
    last = _LAST[0] if _LAST else None  # read once: another thread may replace it meanwhile
    if last is not None and last.view is v:
        return last
    s = State.__new__(State)
    players = v["players"]
    s.n = len(players)
    s.cfg = Config.from_options(v["options"])
    s.chance = Chance(0)
    seen = set(_ids(v["pool"])) | set(_ids(v["discard"]))
    for p in players:
        for col in p["columns"]:
            seen.update(_ids(col))
        if p["hand"] is not None:
            seen.update(_ids(p["hand"]))
    t = _Template()
    t.view = v
    t.unseen = tuple(c for c in CARD_IDS if c not in seen)
    t.hidden_hands = tuple((seat, p["hand_count"]) for seat, p in enumerate(players) if p["hand"] is None)
    s.hands = [_ids(p["hand"]) if p["hand"] is not None else [] for p in players]
    s.deck = []
    s.discard = _ids(v["discard"])
    s.pool = _ids(v["pool"])
    s.cols = [_ids(col) for p in players for col in p["columns"]]
    s.sci = [x for p in players for zone in p["scientists"] for x in zone]
    s.flags = [f for p in players for f in p["flags"]]
    s.tokens = [p["tokens"] for p in players]
    s.boards = tuple(BOARD_IDS.index(p["board"]) for p in players)
    s.scoring = tuple(v["scoring_cards"])
    s.obj = tuple(o["id"] for o in v["objectives"])
    s.achieved = [sum(1 << s.obj.index(oid) for oid in p["objectives_achieved"]) for p in players]
    s.turns = [p["turns"] for p in players]
    s.obj_tokens = [o["tokens"] for o in v["objectives"]]
    s.obj_status = [OBJ_STATUS_NAMES.index(o["status"]) for o in v["objectives"]]
    s.first = v["first_player"]
    s.round, s.ply = v["round"], v["ply"]
    s.pending = stack_of(decision_from_json(v["decision"])) if v["decision"] else ()
    s.refresh_round = v["refresh_used_this_round"]
    s.turn_refreshed = v["refreshed_this_turn"]
    s.end_triggered = v["end_triggered"]
    s.end_reason = END_REASONS.index(v["end_reason"])
    assert len(t.unseen) - sum(k for _, k in t.hidden_hands) == v["deck_count"], \
        "view inconsistent with the catalogue"
    t.state = s
    _LAST[:] = [t]
    return t


# ---- encode: the full state under its slot names ----------------------------------------------
def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(x) for x in value]
    if isinstance(value, Chance):
        return value.position
    if isinstance(value, Config):
        return value.to_options()
    if hasattr(value, "kind"):
        return dict(decision_json(value))
    return value


def encode(s: State) -> dict[str, Any]:
    """The full state as JSON (hidden parts and the chance position included), one key per slot."""
    return {name: _plain(getattr(s, name)) for name in State.__slots__}

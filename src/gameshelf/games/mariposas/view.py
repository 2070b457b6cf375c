"""Views, encoding and determinization (R51, A36): hands, the draw pile order, face-down waystation
markers and face-down season goal cards are hidden; everything else is public.

The view is typed (:class:`MariposasView`). Element ids a client may highlight (decisions.py):
``card:<action card id>`` (your hand), ``butterfly:<seat>.<marker>`` (``players[seat].butterflies``),
``space:<space id>`` (the map; a butterfly's ``at``), ``flower:<type>`` (``players[seat].flowers``),
``lifecycle:<id>`` / ``bonus:<id>`` (``card_supply``) and ``hand:<seat>``.
"""

from __future__ import annotations

from typing import Any, Optional

from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on Python < 3.12

from gameshelf.core.chance import Chance
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.decisions import frame_to_json
from gameshelf.games.mariposas.state import CATEGORIES, FIELDS, NSLOT, REMOVED, SUPPLY, State

ACT = CAT.action_ids
SP = CAT.space_ids


class ButterflyView(TypedDict):
    """One butterfly marker: ``marker`` 0-9 (its id with the seat: ``butterfly:<seat>.<marker>``),
    its generation, where it is (a space id, ``supply``, ``removed``, or ``<season>_card`` while on a
    face-down goal card) and whether a generation-4 marker shows its double side."""
    marker: int
    gen: int
    at: str
    double: bool


class PlayerView(TypedDict):
    """One seat's public side: points (total, per category, per season goal), hand size, cards
    played this season, flower tokens, owned life cycle / bonus move cards, abilities, butterflies."""
    score: int
    points: dict[str, int]
    goal_points: dict[str, int]
    hand_count: int
    played: list[str]
    flowers: dict[str, int]
    lifecycle_cards: list[str]
    bonus_cards: list[str]
    used_bonus_cards: list[str]
    abilities: list[str]
    butterflies: list[ButterflyView]


class FrameView(TypedDict, total=False):
    """One frame of the decision stack (decisions.py): its kind name, the deciding seat, and the
    context fields of that kind (slot = the flying marker, steps, takes, left, setup, stage, adjacent)."""
    kind: str
    seat: int
    slot: int
    steps: int
    adjacent: bool
    takes: int
    left: int
    setup: bool
    stage: str


class TurnView(TypedDict):
    """The running turn: start spaces of the seat's markers (R19), spaces collected (R20), segments
    left (lengths and their internal codes), whether the card's segments are done (group 1), add cards
    waiting (plus2 = bonus_add_2, extra1 = bonus_add_1), seats still to be asked, the decision stack."""
    start: list[str]
    collected: list[str]
    segments_left: list[int]
    segment_codes: list[int]
    group: int
    plus2: bool
    extra1: bool
    queue: list[int]
    stack: list[FrameView]


class MariposasView(TypedDict):
    """What one seat (or a spectator, ``seat`` None) sees; ``hand`` is None for a spectator."""
    game: str
    players: list[PlayerView]
    season: str
    turn_no: int
    first: int
    cur: int
    extra: list[int]
    in_extra: bool
    deck_count: int
    discard: list[str]
    waystations: dict[str, Optional[str]]
    goals: dict[str, Optional[str]]
    ability_rows: dict[str, str]
    card_supply: dict[str, int]
    pending: str
    actor: int
    turn: TurnView
    over: bool
    ply: int
    seat: Optional[int]
    hand: Optional[list[str]]


def loc_name(x: int) -> str:
    if x >= 0:
        return SP[x]
    if x == SUPPLY:
        return "supply"
    if x == REMOVED:
        return "removed"
    return f"{CAT.seasons[-10 - x]}_card"          # 2.2: "summer_card" / "fall_card"


def bits(mask: int, names) -> list[str]:
    return [names[i] for i in range(len(names)) if mask >> i & 1]


def player_public(s: State, p: int) -> dict[str, Any]:
    base = p * NSLOT
    return {
        "score": sum(s.pts[p]),
        "points": {c: s.pts[p][i] for i, c in enumerate(CATEGORIES)},
        "goal_points": {k: s.gpts[i * s.n + p] for i, k in enumerate(CAT.seasons)},
        "hand_count": len(s.hands[p]),
        "played": [ACT[c] for c in s.played[p]],
        "flowers": dict(zip(CAT.flower_types, s.flowers[p])),
        "lifecycle_cards": bits(s.life[p], CAT.lifecycle_ids),      # setup: the reference's state names
        "bonus_cards": bits(s.bonus[p] & ~s.bused[p], CAT.bonus_ids),
        "used_bonus_cards": bits(s.bused[p], CAT.bonus_ids),
        "abilities": bits(s.abil[p], CAT.ability_ids),
        "butterflies": [{"marker": i, "gen": CAT.slot_gen[i], "at": loc_name(s.loc[base + i]),
                         "double": bool(s.dbl[base + i])} for i in range(NSLOT)],
    }


def turn_public(s: State) -> dict[str, Any]:
    return {"start": [loc_name(x) for x in s.start], "collected": bits(s.collected, SP),
            "segments_left": [x >> 1 for x in s.seg_left], "segment_codes": s.seg_left[:],
            "group": s.group, "plus2": s.plus2, "extra1": s.extra1, "queue": s.queue[:],
            "stack": [frame_to_json(f) for f in s.pending]}


def public(s: State) -> dict[str, Any]:
    """Everything every seat may see."""
    top = s.pending[-1] if s.pending else None
    return {
        "game": "mariposas", "players": [player_public(s, p) for p in range(s.n)],
        "season": CAT.seasons[s.season], "turn_no": s.turn_no,
        "first": s.first, "cur": s.cur, "extra": s.extra[:], "in_extra": s.in_extra,
        "deck_count": len(s.deck), "discard": [ACT[c] for c in s.discard],
        "waystations": {SP[c]: (CAT.marker_ids[s.way[i]] if s.way_up >> i & 1 else None)
                        for i, c in enumerate(CAT.cities)},
        "goals": {CAT.seasons[k]: (CAT.goals[s.goals[k]].id if s.goal_up[k] else None) for k in range(3)},
        "ability_rows": dict(zip(CAT.lifecycle_colors, (CAT.ability_ids[a] for a in s.rows))),
        "card_supply": _card_supply(s),
        "pending": top.NAME if top else "over", "actor": top.seat if top else -1,
        "turn": turn_public(s),
        "over": s.over, "ply": s.ply,
    }


def _card_supply(s: State) -> dict[str, int]:
    """Life cycle and bonus move cards left beside the waystation board: N copies of each kind (setup 12-13)."""
    out = {k: s.n - sum(1 for p in range(s.n) if s.life[p] >> i & 1) for i, k in enumerate(CAT.lifecycle_ids)}
    out.update({k: s.n - sum(1 for p in range(s.n) if s.bonus[p] >> i & 1) for i, k in enumerate(CAT.bonus_ids)})
    return out


def view(s: State, seat: int | None) -> MariposasView:
    """What ``seat`` sees (a valid seat or None; GAME.view checks it)."""
    v = public(s)
    v["seat"] = seat
    v["hand"] = [ACT[c] for c in s.hands[seat]] if seat is not None else None
    return v


def encode(s: State) -> dict[str, Any]:
    """The full state, one key per field of state.FIELDS (hidden parts included), as JSON data."""
    out: dict[str, Any] = {}
    for name, how in FIELDS.items():
        value = getattr(s, name)
        if name == "pending":
            value = [frame_to_json(f) for f in value]
        elif name == "chance":
            value = value.position
        elif how == "nested":
            value = [x[:] for x in value]
        elif how == "list":
            value = value[:]
        out[name] = value
    return out


def _unseen_cards(v: dict[str, Any], seat: int | None) -> list[int]:
    """Action cards not in any visible zone: other hands plus the draw pile."""
    pool = [c for c, k in enumerate(CAT.action_copies) for _ in range(k)]
    seen = [c for d in v["players"] for c in d["played"]] + list(v["discard"])
    if seat is not None:
        seen += v["hand"]
    for c in seen:
        pool.remove(ACT.index(c))
    return pool


def determinize(v: dict[str, Any], chance: Chance) -> State:
    """A full state consistent with the view; hidden parts dealt from ``chance``; stream reseeded.

    The draws, in order: the new stream's seed, the unseen action cards (other hands in seat
    order, then the deck), the face-down waystation markers, then each face-down goal. Everything
    else comes from the view alone, so it is built once per view (a search determinizes the same
    view thousands of times) and copied: the state equals the one built from the whole position
    (tests/agents/test_determinize_templates.py)."""
    t = _template(v)
    stream = chance.next64()
    pool = list(t.pool)
    chance.shuffle(pool)
    s = t.state.copy()
    s.chance = Chance(stream)
    hands = s.hands
    for p, count in t.hidden_hands:
        hands[p] = [pool.pop() for _ in range(count)]
    s.deck = pool
    hidden = list(t.hidden_markers)
    chance.shuffle(hidden)
    markers = {city: m if m else hidden.pop() for city, m in t.waystations}
    s.way = [CAT.marker_ids.index(markers[SP[c]]) for c in CAT.cities]
    goals = s.goals
    for i, k, g in t.goals:
        goals[CAT.seasons.index(k)] = CAT.goal_index[g if g else CAT.goals[chance.choice(CAT.goals_by_season[i])].id]
    return s


class _Template:
    """What a view fixes for every determinization: the state with its hidden parts left blank."""

    __slots__ = ("view", "state", "pool", "hidden_hands", "hidden_markers", "waystations", "goals")


_LAST: list[_Template] = []  # the last view's template (a search asks for the same view again and again)


def _template(v: dict[str, Any]) -> _Template:
    last = _LAST[0] if _LAST else None  # read once: another thread may replace it meanwhile
    if last is not None and last.view is v:
        return last
    from gameshelf.games.mariposas.position import build
    seat = v.get("seat")
    t = _Template()
    t.view = v
    t.pool = tuple(_unseen_cards(v, seat))   # card indices; ACT[c] is card c, so a dealt card is its index
    t.hidden_hands = tuple((p, d["hand_count"]) for p, d in enumerate(v["players"]) if p != seat)
    revealed = {m for m in v["waystations"].values() if m is not None}
    t.hidden_markers = tuple(m for m in CAT.marker_ids if m not in revealed)
    t.waystations = tuple(v["waystations"].items())
    t.goals = tuple((i, k, g) for i, (k, g) in enumerate(v["goals"].items()))
    hands = [list(v["hand"]) if p == seat else [] for p in range(len(v["players"]))]
    waystations = {city: {"marker": m if m else CAT.marker_ids[0], "face_up": m is not None}
                   for city, m in v["waystations"].items()}
    goals = {k: {"card": g if g else CAT.goals[CAT.goals_by_season[i][0]].id, "face_up": g is not None}
             for i, (k, g) in enumerate(v["goals"].items())}
    t.state = build(public_position(v, hands, [], waystations, goals, 0))
    _LAST[:] = [t]
    return t


def public_position(v: dict[str, Any], hands, deck, waystations, goals, chance: int) -> dict[str, Any]:
    """A position (position.py's format) from a view's public parts and the hidden parts given."""
    players = []
    for p, d in enumerate(v["players"]):
        players.append({k: d[k] for k in ("points", "goal_points", "played", "flowers", "lifecycle_cards",
                                          "bonus_cards", "used_bonus_cards", "abilities")})
        players[-1]["hand"] = hands[p]
        players[-1]["butterflies"] = [{k: b[k] for k in ("gen", "at", "double")} for b in d["butterflies"]]
    turn = {k: v["turn"][k] for k in ("start", "collected", "group", "plus2", "extra1", "queue")}
    turn["segments"] = [{"length": x >> 1, "adjacent": bool(x & 1)} for x in v["turn"]["segment_codes"]]
    return {
        "game": "mariposas", "season": v["season"], "turn_no": v["turn_no"], "first": v["first"],
        "cur": v["cur"], "extra": v["extra"], "in_extra": v["in_extra"], "players": players,
        "deck": deck, "discard": v["discard"], "waystations": waystations, "goals": goals,
        "ability_rows": v["ability_rows"], "turn": turn, "pending": v["turn"]["stack"],
        "over": v["over"], "ply": v["ply"], "chance": chance,
    }

"""Views and determinization (R51, A36): hands, the draw pile order, face-down waystation markers and
face-down season goal cards are hidden; everything else is public.

The view is typed (:class:`MariposasView`, extending core.view.ViewHeader). Element ids a client may
highlight (decisions.py): ``card:<action card id>`` (your hand), ``butterfly:<seat>.<marker>``
(``boards[seat].butterflies``), ``space:<space id>`` (the map; a butterfly's ``at``), ``flower:<type>``
(``boards[seat].flowers``), ``lifecycle:<id>`` / ``bonus:<id>`` (``card_supply``) and ``hand:<seat>``.
"""

from __future__ import annotations

from typing import Any, Optional

from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on Python < 3.12

from gameshelf.core.chance import Chance
from gameshelf.core.frames import frame_to_json
from gameshelf.core.view import ViewHeader, view_header
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.state import CATEGORIES, MARKERS, REMOVED, SUPPLY, State, card_season

ACTION_CARDS = CAT.action_ids
SPACES = CAT.space_ids


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


class TurnView(TypedDict):
    """The running turn: start spaces of the seat's markers (R19), spaces collected (R20), segments
    left (lengths and their internal codes), whether the card's segments are done (group 1), add cards
    ready (bonus_add_2 to enlarge a segment, bonus_add_1 to add one) and the seats still to be asked."""
    start: list[str]
    collected: list[str]
    segments_left: list[int]
    segment_codes: list[int]
    group: int
    add_2_ready: bool
    add_1_ready: bool
    queue: list[int]


class MariposasView(ViewHeader):
    """What one seat (or a spectator, ``seat`` None) sees: the header (core.view), each seat's
    public side in ``boards``, the table, the running turn and the whole decision stack
    (``pending``, bottom first, each frame as core.frames JSON: the landing in progress lies under
    its decisions); ``hand`` is the seat's own hand, None for a spectator."""
    boards: list[PlayerView]
    season: str
    turns_taken: int
    first_player: int
    turn_seat: int
    extra_turns: list[int]
    in_extra_turns: bool
    deck_count: int
    discard: list[str]
    waystations: dict[str, Optional[str]]
    goals: dict[str, Optional[str]]
    ability_rows: dict[str, str]
    card_supply: dict[str, int]
    turn: TurnView
    pending: list[dict[str, Any]]
    hand: Optional[list[str]]


def location_name(location: int) -> str:
    """A marker location code as the view and positions name it (2.2: ``summer_card`` / ``fall_card``)."""
    if location >= 0:
        return SPACES[location]
    if location == SUPPLY:
        return "supply"
    if location == REMOVED:
        return "removed"
    return f"{CAT.seasons[card_season(location)]}_card"


def bits(mask: int, names: tuple[str, ...]) -> list[str]:
    """The names of the bits set in ``mask``."""
    return [names[index] for index in range(len(names)) if mask >> index & 1]


def player_public(state: State, seat: int) -> PlayerView:
    """The public side of one seat."""
    base = seat * MARKERS
    points = state.points[seat]
    return {
        "score": sum(points),
        "points": {category: points[index] for index, category in enumerate(CATEGORIES)},
        "goal_points": {season: state.goal_points[index * state.players + seat]
                        for index, season in enumerate(CAT.seasons)},
        "hand_count": len(state.hands[seat]),
        "played": [ACTION_CARDS[card] for card in state.played[seat]],
        "flowers": dict(zip(CAT.flower_types, state.flowers[seat])),
        "lifecycle_cards": bits(state.lifecycle[seat], CAT.lifecycle_ids),
        "bonus_cards": bits(state.bonus[seat] & ~state.bonus_used[seat], CAT.bonus_ids),
        "used_bonus_cards": bits(state.bonus_used[seat], CAT.bonus_ids),
        "abilities": bits(state.abilities[seat], CAT.ability_ids),
        "butterflies": [{"marker": marker, "gen": CAT.slot_gen[marker],
                         "at": location_name(state.locations[base + marker]),
                         "double": bool(state.doubles[base + marker])} for marker in range(MARKERS)],
    }


def turn_public(state: State) -> TurnView:
    """The running turn (every seat sees it)."""
    return {"start": [location_name(location) for location in state.start_spaces],
            "collected": bits(state.collected, SPACES),
            "segments_left": [code >> 1 for code in state.segments_left], "segment_codes": state.segments_left[:],
            "group": state.group, "add_2_ready": state.add_2_ready, "add_1_ready": state.add_1_ready,
            "queue": state.queue[:]}


def _card_supply(state: State) -> dict[str, int]:
    """Life cycle and bonus move cards left beside the waystation board: N copies of each kind (setup 12-13)."""
    seats = range(state.players)
    out = {card: state.players - sum(1 for seat in seats if state.lifecycle[seat] >> index & 1)
           for index, card in enumerate(CAT.lifecycle_ids)}
    out.update({card: state.players - sum(1 for seat in seats if state.bonus[seat] >> index & 1)
                for index, card in enumerate(CAT.bonus_ids)})
    return out


def view(state: State, seat: int | None) -> MariposasView:
    """What ``seat`` sees (a valid seat or None; GAME.view checks it)."""
    pending = [frame_to_json(frame) for frame in state.pending]
    top = state.pending[-1] if state.pending else None
    header = view_header("mariposas", seat, state.players, top.seat if top else None, state.ply,
                         pending[-1] if pending else None)
    return {
        **header,
        "boards": [player_public(state, other) for other in range(state.players)],
        "season": CAT.seasons[state.season], "turns_taken": state.turns_taken,
        "first_player": state.first_player, "turn_seat": state.turn_seat,
        "extra_turns": state.extra_turns[:], "in_extra_turns": state.in_extra_turns,
        "deck_count": len(state.deck), "discard": [ACTION_CARDS[card] for card in state.discard],
        "waystations": {SPACES[space]: (CAT.marker_ids[state.waystations[index]]
                                        if state.waystations_up >> index & 1 else None)
                        for index, space in enumerate(CAT.cities)},
        "goals": {CAT.seasons[season]: (CAT.goals[state.goals[season]].id if state.goals_up[season] else None)
                  for season in range(len(CAT.seasons))},
        "ability_rows": dict(zip(CAT.lifecycle_colors, (CAT.ability_ids[ability] for ability in state.ability_rows))),
        "card_supply": _card_supply(state),
        "turn": turn_public(state),
        "pending": pending,
        "hand": [ACTION_CARDS[card] for card in state.hands[seat]] if seat is not None else None,
    }


def _unseen_cards(view: dict[str, Any], seat: int | None) -> list[int]:
    """Action cards not in any visible zone: other hands plus the draw pile."""
    pool = [card for card, copies in enumerate(CAT.action_copies) for _ in range(copies)]
    seen = [card for board in view["boards"] for card in board["played"]] + list(view["discard"])
    if seat is not None:
        seen += view["hand"]
    for card in seen:
        pool.remove(ACTION_CARDS.index(card))
    return pool


def determinize(view: dict[str, Any], chance: Chance) -> State:
    """A full state consistent with the view; hidden parts dealt from ``chance``; stream reseeded.

    The draws, in order: the new stream's seed, the unseen action cards (other hands in seat
    order, then the deck), the face-down waystation markers, then each face-down goal. Everything
    else comes from the view alone, so it is built once per view (a search determinizes the same
    view thousands of times) and copied: the state equals the one built from the whole position
    (tests/agents/test_determinize_templates.py)."""
    template = _template(view)
    stream = chance.next64()
    pool = list(template.pool)
    chance.shuffle(pool)
    state = template.state.copy()
    state.chance = Chance(stream)
    hands = state.hands
    for seat, count in template.hidden_hands:
        hands[seat] = [pool.pop() for _ in range(count)]
    state.deck = pool
    hidden = list(template.hidden_markers)
    chance.shuffle(hidden)
    markers = {city: marker if marker else hidden.pop() for city, marker in template.waystations}
    state.waystations = [CAT.marker_ids.index(markers[SPACES[city]]) for city in CAT.cities]
    goals = state.goals
    for index, season, goal in template.goals:
        if not goal:
            goal = CAT.goals[chance.choice(CAT.goals_by_season[index])].id
        goals[CAT.seasons.index(season)] = CAT.goal_index[goal]
    return state


class _Template:
    """What a view fixes for every determinization: the state with its hidden parts left blank."""

    __slots__ = ("view", "state", "pool", "hidden_hands", "hidden_markers", "waystations", "goals")
    view: dict[str, Any]
    state: State
    pool: tuple[int, ...]
    hidden_hands: tuple[tuple[int, int], ...]
    hidden_markers: tuple[str, ...]
    waystations: tuple[tuple[str, str | None], ...]
    goals: tuple[tuple[int, str, str | None], ...]


_LAST: list[_Template] = []  # the last view's template (a search asks for the same view again and again)


def _template(view: dict[str, Any]) -> _Template:
    last = _LAST[0] if _LAST else None  # read once: another thread may replace it meanwhile
    if last is not None and last.view is view:
        return last
    from gameshelf.games.mariposas.position import build
    seat = view.get("seat")
    template = _Template()
    template.view = view
    template.pool = tuple(_unseen_cards(view, seat))   # card indices: a dealt card is its index
    template.hidden_hands = tuple((other, board["hand_count"]) for other, board in enumerate(view["boards"])
                                  if other != seat)
    revealed = {marker for marker in view["waystations"].values() if marker is not None}
    template.hidden_markers = tuple(marker for marker in CAT.marker_ids if marker not in revealed)
    template.waystations = tuple(view["waystations"].items())
    template.goals = tuple((index, season, goal) for index, (season, goal) in enumerate(view["goals"].items()))
    hands = [list(view["hand"]) if other == seat else [] for other in range(len(view["boards"]))]
    waystations = {city: {"marker": marker if marker else CAT.marker_ids[0], "face_up": marker is not None}
                   for city, marker in view["waystations"].items()}
    goals = {season: {"card": goal if goal else CAT.goals[CAT.goals_by_season[index][0]].id, "face_up": goal is not None}
             for index, (season, goal) in enumerate(view["goals"].items())}
    template.state = build(public_position(view, hands, [], waystations, goals, 0))
    _LAST[:] = [template]
    return template


BOARD_KEYS = ("points", "goal_points", "played", "flowers", "lifecycle_cards", "bonus_cards", "used_bonus_cards",
              "abilities")


def public_position(view: dict[str, Any], hands: list[list[str]], deck: list[str], waystations: dict[str, Any],
                    goals: dict[str, Any], chance: int) -> dict[str, Any]:
    """A position (position.py's format) from a view's public parts and the hidden parts given."""
    players = []
    for seat, board in enumerate(view["boards"]):
        entry = {key: board[key] for key in BOARD_KEYS}
        entry["hand"] = hands[seat]
        entry["butterflies"] = [{key: butterfly[key] for key in ("gen", "at", "double")}
                                for butterfly in board["butterflies"]]
        players.append(entry)
    turn = {key: view["turn"][key] for key in ("start", "collected", "group", "add_2_ready", "add_1_ready", "queue")}
    turn["segments"] = [{"length": code >> 1, "adjacent": bool(code & 1)} for code in view["turn"]["segment_codes"]]
    return {
        "game": "mariposas", "season": view["season"], "turns_taken": view["turns_taken"],
        "first_player": view["first_player"], "turn_seat": view["turn_seat"], "extra_turns": view["extra_turns"],
        "in_extra_turns": view["in_extra_turns"], "players": players,
        "deck": deck, "discard": view["discard"], "waystations": waystations, "goals": goals,
        "ability_rows": view["ability_rows"], "turn": turn, "pending": view["pending"],
        "over": view["over"], "ply": view["ply"], "chance": chance,
    }

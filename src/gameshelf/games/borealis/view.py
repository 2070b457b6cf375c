"""Per-seat views (R4, A30), their typed definition, and determinization for search bots.

Public: boards, tokens, pool, discard pile, deck size, scoring cards, objectives, the pending
decision. Hidden: other hands (counts only) and the deck order. ``determinize`` deals the unseen
cards at random and reseeds the state's own chance stream, so a bot cannot predict future shuffles.

The view starts with the core header (core.view.ViewHeader: ``players`` is the number of seats,
``decision`` the pending frame as JSON); ``boards`` holds one entry per seat.

Element ids (what a decision's targets name, see decisions.py) appear in the view as written:
``card:<id>`` in ``hand``, ``pool``, ``discard`` and ``columns`` (every card is shown by its
element id, which is also its term key for a display name), and ``location:<seat>:<L|C|R>`` in a
board's ``locations``.
"""

from __future__ import annotations

from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on Python < 3.12

from gameshelf.core.chance import Chance
from gameshelf.core.frames import frame_from_json, frame_to_json
from gameshelf.core.view import ViewHeader, view_header
from gameshelf.games.borealis.catalog import BOARD_IDS, CARD_BY_TERM, CARD_IDS, CARD_TERM
from gameshelf.games.borealis.decisions import KINDS, stack_of
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.state import END_REASONS, OBJECTIVE_STATUS_NAMES, State

LOCATION_IDS = tuple(tuple(f"location:{seat}:{letter}" for letter in "LCR") for seat in range(4))


class BoardView(TypedDict):
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


class ObjectiveView(TypedDict):
    id: str
    tokens: int                     #: 5-star tokens left on it (R31)
    status: str                     #: open, closing (R34: leaves at the end of this round), removed


class BorealisView(ViewHeader):
    """What one seat (or a spectator: ``seat`` None) may see of a Borealis game, after the header."""

    boards: list[BoardView]        #: one per seat
    options: dict[str, str]
    first_player: int
    round: int
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
    return [CARD_TERM[card] for card in cards]


def _achieved(state: State, seat: int) -> list[str]:
    return [objective_id for index, objective_id in enumerate(state.objectives) if state.achieved[seat] >> index & 1]


def _board(state: State, owner: int, seat: int | None) -> BoardView:
    base = owner * 15
    return {
        "hand": _cards(state.hands[owner]) if owner == seat else None,
        "hand_count": len(state.hands[owner]),
        "locations": list(LOCATION_IDS[owner]),
        "columns": [_cards(column) for column in state.columns[owner * 3:owner * 3 + 3]],
        "scientists": [state.scientists[base + zone * 3:base + zone * 3 + 3] for zone in range(5)],
        "flags": state.flags[owner * 3:owner * 3 + 3],
        "tokens": state.tokens[owner],
        "board": BOARD_IDS[state.boards[owner]],
        "objectives_achieved": _achieved(state, owner),
        "turns": state.turns[owner],
    }


def view(state: State, seat: int | None) -> BorealisView:
    """What ``seat`` (a valid seat, or None for a spectator) may see."""
    pending = state.pending
    header = view_header("borealis", seat, state.players, pending[-1].seat if pending else None, state.ply,
                         frame_to_json(pending[-1]) if pending else None)
    return {
        **header,
        "boards": [_board(state, owner, seat) for owner in range(state.players)],
        "options": state.config.to_options(),
        "first_player": state.first_player,
        "round": state.round,
        "pool": _cards(state.pool),
        "discard": _cards(state.discard),
        "deck_count": len(state.deck),
        "scoring_cards": list(state.scoring_cards),
        "objectives": [{"id": objective_id, "tokens": state.objective_tokens[index],
                        "status": OBJECTIVE_STATUS_NAMES[state.objective_status[index]]}
                       for index, objective_id in enumerate(state.objectives)],
        "refresh_used_this_round": state.refresh_used_this_round,
        "refreshed_this_turn": state.refreshed_this_turn,
        "end_triggered": state.end_triggered,
        "end_reason": END_REASONS[state.end_reason],
    }


def _ids(cards: list[str]) -> list[int]:
    return [CARD_BY_TERM[card] for card in cards]


def determinize(seen: BorealisView, chance: Chance) -> State:
    """A full state consistent with the view ``seen``: unseen cards dealt to hidden hands and the deck.

    The draws, in order: the new stream's seed, then one shuffle of the unseen cards (hidden hands
    in seat order take the first ones, the deck the rest). Everything else comes from the view
    alone, so it is built once per view (a search determinizes the same view thousands of times)
    and copied: the state equals the plain version's (tests/agents/test_determinize_templates.py)."""
    template = _template(seen)
    seed = chance.next64()
    unseen = list(template.unseen)
    chance.shuffle(unseen)
    state = template.state.copy()
    state.chance = Chance(seed)
    hands = state.hands
    start = 0
    for seat, count in template.hidden_hands:
        hands[seat] = unseen[start:start + count]
        start += count
    state.deck = unseen[start:]
    return state


class _Template:
    """What a view fixes for every determinization: the state with its hidden parts left blank."""

    __slots__ = ("view", "state", "unseen", "hidden_hands")

    view: BorealisView
    state: State
    unseen: tuple[int, ...]
    hidden_hands: tuple[tuple[int, int], ...]


_LAST: list[_Template] = []  # the last view's template (a search asks for the same view again and again)


def _template(seen: BorealisView) -> _Template:
    last = _LAST[0] if _LAST else None  # read once: another thread may replace it meanwhile
    if last is not None and last.view is seen:
        return last
    boards = seen["boards"]
    known = set(_ids(seen["pool"])) | set(_ids(seen["discard"]))
    for board in boards:
        for column in board["columns"]:
            known.update(_ids(column))
        if board["hand"] is not None:
            known.update(_ids(board["hand"]))
    template = _Template()
    template.view = seen
    template.unseen = tuple(card for card in CARD_IDS if card not in known)
    template.hidden_hands = tuple((seat, board["hand_count"]) for seat, board in enumerate(boards)
                                  if board["hand"] is None)
    assert len(template.unseen) - sum(count for _, count in template.hidden_hands) == seen["deck_count"], \
        "view inconsistent with the catalogue"
    template.state = _blank_state(seen)
    _LAST[:] = [template]
    return template


def _blank_state(seen: BorealisView) -> State:
    """The state the view shows, with hidden hands and the deck empty."""
    boards = seen["boards"]
    state = State.__new__(State)
    state.players = seen["players"]
    state.config = Config.from_options(seen["options"])
    state.chance = Chance(0)
    state.hands = [_ids(board["hand"]) if board["hand"] is not None else [] for board in boards]
    state.deck = []
    state.discard = _ids(seen["discard"])
    state.pool = _ids(seen["pool"])
    state.columns = [_ids(column) for board in boards for column in board["columns"]]
    state.scientists = [count for board in boards for zone in board["scientists"] for count in zone]
    state.flags = [space for board in boards for space in board["flags"]]
    state.tokens = [board["tokens"] for board in boards]
    state.boards = tuple(BOARD_IDS.index(board["board"]) for board in boards)
    state.scoring_cards = tuple(seen["scoring_cards"])
    state.objectives = tuple(objective["id"] for objective in seen["objectives"])
    state.achieved = [sum(1 << state.objectives.index(objective_id) for objective_id in board["objectives_achieved"])
                      for board in boards]
    state.turns = [board["turns"] for board in boards]
    state.board_memo = [None] * len(boards)
    state.objective_tokens = [objective["tokens"] for objective in seen["objectives"]]
    state.objective_status = [OBJECTIVE_STATUS_NAMES.index(objective["status"]) for objective in seen["objectives"]]
    state.first_player = seen["first_player"]
    state.round, state.ply = seen["round"], seen["ply"]
    decision = seen["decision"]
    state.pending = stack_of(frame_from_json(decision, KINDS)) if decision else ()
    state.refresh_used_this_round = seen["refresh_used_this_round"]
    state.refreshed_this_turn = seen["refreshed_this_turn"]
    state.end_triggered = seen["end_triggered"]
    state.end_reason = END_REASONS.index(seen["end_reason"])
    return state

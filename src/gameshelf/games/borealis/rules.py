"""Borealis rules: setup (section 3), legal actions, apply and why an action is illegal (section 4).

Each phase lives in its own module: ``rules_observe`` (R5-R16), ``rules_draw`` (R17-R20, R26-R28),
``rules_regroup`` (R21-R25 and the mulligan, A19) and ``rules_end`` (objectives R31-R35, the end
of a round and of the game R36-R39, A32). ``PHASES`` maps each decision frame (decisions.py) to the
functions that list its legal actions, apply one and explain a refused one.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.core.frames import Frame
from gameshelf.core.game import Event
from gameshelf.games.borealis.actions import REGROUP, Observe
from gameshelf.games.borealis.catalog import CARD_IDS, OBJECTIVES_BY_TYPE, SCORING_IDS, SETUP, SIDE_II_BOARDS
from gameshelf.games.borealis.decisions import (
    ChooseAction, Mulligan, RegroupDiscard, RegroupLocation, TakeAfterRefresh, TakeCard, mulligan,
)
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.rules_draw import draw_options, draw_to_hand, refill_pool, start_draw, take, why_not_take
from gameshelf.games.borealis.rules_observe import observe, observe_actions, why_not_observe
from gameshelf.games.borealis.rules_regroup import (
    discard_options, discard_or_done, location_options, regroup, regroup_to, why_not_discard, why_not_locate,
)
from gameshelf.games.borealis.state import OPEN, State


# ---- setup -------------------------------------------------------------------------------------
def new_state(players: int, config: Config, seed: int) -> State:
    """Section 3, steps 1-12, in the canonical order for the seeded stream."""
    chance = Chance(seed)
    state = State.__new__(State)
    state.players, state.config, state.chance = players, config, chance
    state.first_player = chance.below(players) if config.first_player == "random" else 0
    state.deck = list(CARD_IDS)
    chance.shuffle(state.deck)
    state.discard, state.pool = [], []
    refill_pool(state, None)     # setup's events: none (new_state returns only the state)
    state.scoring_cards = tuple(chance.sample(SCORING_IDS, SETUP["scoring_cards_in_play"]))
    state.objectives = tuple(chance.choice(ids) for ids in OBJECTIVES_BY_TYPE)
    state.objective_tokens = [players] * len(state.objectives)
    state.objective_status = [OPEN] * len(state.objectives)
    if config.board_side == "II":
        picks = chance.sample(range(len(SIDE_II_BOARDS)), players)
        state.boards = tuple(1 + pick for pick in picks)
    else:
        state.boards = (0,) * players
    per = SETUP["scientists_per_colour_per_location"]
    state.scientists = ([0, 0, 0] + [per] * 9 + [0, 0, 0]) * players
    state.columns = [[] for _ in range(players * 3)]
    state.flags = [0] * (players * 3)
    state.tokens = [SETUP["starting_tokens"]] * players
    state.hands = [[] for _ in range(players)]
    for offset in range(players):
        draw_to_hand(state, (state.first_player + offset) % players, SETUP["hand_size"], None)
    state.achieved = [0] * players
    state.round, state.pending = 1, mulligan(state.first_player)
    state.refresh_used_this_round = state.refreshed_this_turn = state.end_triggered = False
    state.end_reason, state.ply, state.turns = 0, 0, [0] * players
    state.board_memo = [None] * players
    return state


# ---- the protocol's small questions -------------------------------------------------------------
def to_act(state: State) -> int | None:
    return state.pending[-1].seat if state.pending else None


def is_over(state: State) -> bool:
    return not state.pending


def num_players(state: State) -> int:
    return state.players


# ---- the turn's action (R3) -------------------------------------------------------------------
def choose_options(state: State, frame: ChooseAction) -> list:
    """Every observe the seat may make (R10, R11), then regroup (R21)."""
    out = observe_actions(state, frame.seat)
    out.append(REGROUP)
    return out


def choose(state: State, frame: ChooseAction, action: Any, events: list[Event] | None) -> None:
    """Observe (R5-R16), then take a card (R17); or regroup (R21)."""
    if type(action) is Observe:
        observe(state, frame.seat, action.card, action.loc, events)
        start_draw(state, frame.seat, events)
    else:
        regroup(state, frame.seat, events)


def why_not_choose(state: State, frame: ChooseAction, action: object) -> tuple[str, str] | None:
    return why_not_observe(state, frame.seat, action) if type(action) is Observe else None


# ---- one dispatch table: each decision's legal actions, apply and refusal ----------------------
class Phase(NamedTuple):
    """How one kind of decision is played: ``legal(state, frame)``, ``apply(state, frame, action,
    events)``, ``why(state, frame, action)`` (the reason an action of the right kind is refused, or
    None) and ``wants`` (what the decision asks for, for any other action)."""

    legal: Callable[[State, Any], list]
    apply: Callable[[State, Any, Any, list[Event] | None], None]
    why: Callable[[State, Any, object], tuple[str, str] | None]
    wants: str


_TAKE = Phase(draw_options, take, why_not_take, "take CARD, deck or refresh")
PHASES: dict[type[Frame], Phase] = {
    Mulligan: Phase(discard_options, discard_or_done, why_not_discard, "a mulligan discard or done"),
    ChooseAction: Phase(choose_options, choose, why_not_choose, "play CARD L|C|R or regroup"),
    TakeCard: _TAKE,
    TakeAfterRefresh: _TAKE._replace(wants="take CARD from the new pool"),
    RegroupDiscard: Phase(discard_options, discard_or_done, why_not_discard, "discard CARD or done"),
    RegroupLocation: Phase(location_options, regroup_to, why_not_locate, "to L|C|R"),
}


# the table's columns by frame type, for the per-action calls (a dict lookup, no tuple attribute)
_LEGAL = {kind: phase.legal for kind, phase in PHASES.items()}
_APPLY = {kind: phase.apply for kind, phase in PHASES.items()}


def legal_actions(state: State) -> list:
    """Every action of the pending decision (empty when the game is over)."""
    pending = state.pending
    if not pending:
        return []
    frame = pending[-1]
    return _LEGAL[type(frame)](state, frame)


def apply(state: State, action: Any) -> list[Event]:
    """Apply a legal action of the pending decision (trusted) and return what happened."""
    events: list[Event] = []
    state.ply += 1
    frame = state.pending[-1]
    _APPLY[type(frame)](state, frame, action, events)
    return events


def advance(state: State, action: Any) -> None:
    """``apply`` without its events, for search: the same state afterwards, the same random stream.

    The phases build an event only when given a list (``events is None`` skips them), so a bot's
    rollout does not pay for log entries nobody reads. Like ``apply`` it trusts ``action`` to be one
    of ``legal_actions(state)`` (search plays only those); what players send goes through
    ``Game.checked_apply``, which still refuses anything else with the rule that forbids it."""
    state.ply += 1
    frame = state.pending[-1]
    _APPLY[type(frame)](state, frame, action, None)


def why_illegal(state: State, action: Any) -> IllegalAction:
    """The error, naming the rule, for an action not in legal_actions; never names a hidden card."""
    if not state.pending:
        return IllegalAction("the game is over", rule="R39")
    frame = state.pending[-1]
    phase = PHASES[type(frame)]
    message, rule = phase.why(state, frame, action) or (f"now is {phase.wants}, not {action}", frame.rule)
    return IllegalAction(message, rule=rule)


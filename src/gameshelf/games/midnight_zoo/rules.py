"""Midnight Zoo rules: setup (section 3), legality, apply and why an action is illegal.

Every decision is the frame on top of ``state.pending``; ``RULES`` gives each frame class its
legal actions, whether any action remains, its apply and why an action is illegal. The phases
live in rules_draft.py (cards, draft, maintenance, end-of-round start), rules_place.py (the
placement menu and everything a tile triggers) and rules_move.py (move points, group moves, an
animal's move). ``apply`` always leaves the state settled: automatic steps (Leo's pick,
leftovers, decisions nobody can act on, phase changes) run at once, so queries only read.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.core.frames import Frame
from gameshelf.core.game import Event

from .catalog import CAT
from .decisions import (ChooseBonusTerrain, ChooseCards, ChooseCell, ChooseDiscover, ChooseEffect, MoveAnimal,
                        RoundMove, SpecialMove, SpendMoves, TakeTile, UseBonus, UseTile)
from .movement import discover
from .options import Config
from .rules_draft import (NEXT_STEP, apply_cards, apply_take, card_choices, draft_legal, refill, start_cards,
                          start_draft, why_cards, why_take)
from .rules_move import (apply_animal_move, apply_group, apply_move_point, group_open, legal_animal_move,
                         legal_group, legal_move_points, move_points_open, why_animal_move, why_group,
                         why_move_points)
from .rules_place import (apply_bonus_terrain, apply_bonus_use, apply_cell, apply_discover,
                          apply_effect, apply_menu, bonus_terrain_open, cell_open, discover_open, legal_bonus_terrain,
                          legal_bonus_use, legal_cell, legal_discover, legal_effect, menu_legal, menu_open,
                          why_menu, why_resolving)
from .state import LEO, OVER, UNDISCOVERED, Player, State, blank_state, new_player


class FrameRules(NamedTuple):
    """What the rules do with one kind of decision; each takes (state, deciding player, frame)."""

    legal: Callable[..., list[Any]]
    open: Callable[..., bool] | None     # whether any action remains (else the frame is dropped); None: always
    apply: Callable[..., None]           # also (action, events)
    why: Callable[..., IllegalAction]    # also (action)


RULES: dict[type[Frame], FrameRules] = {
    ChooseCards: FrameRules(card_choices, None, apply_cards, why_cards),
    TakeTile: FrameRules(draft_legal, None, apply_take, why_take),
    UseTile: FrameRules(menu_legal, menu_open, apply_menu, why_menu),
    ChooseCell: FrameRules(legal_cell, cell_open, apply_cell,
                           why_resolving("choose an empty district space (not the zoo)", "R14")),
    ChooseEffect: FrameRules(legal_effect, None, apply_effect,
                             why_resolving("choose one of the available effects, or skip", "R19")),
    ChooseDiscover: FrameRules(legal_discover, discover_open, apply_discover,
                               why_resolving("choose one of your undiscovered animals", "R36")),
    ChooseBonusTerrain: FrameRules(legal_bonus_terrain, bonus_terrain_open, apply_bonus_terrain,
                                   why_resolving("choose a terrain whose bonus pile is not empty", "R37")),
    UseBonus: FrameRules(legal_bonus_use, None, apply_bonus_use,
                         why_resolving("place, store (storage below 2) or discard the bonus tile", "R37")),
    SpendMoves: FrameRules(legal_move_points, move_points_open, apply_move_point, why_move_points),
    MoveAnimal: FrameRules(legal_animal_move, None, apply_animal_move, why_animal_move),
    SpecialMove: FrameRules(legal_group, group_open, apply_group, why_group),
    RoundMove: FrameRules(legal_group, group_open, apply_group, why_group),
}
# the table by operation, for the calls made at every action
LEGAL = {cls: rules.legal for cls, rules in RULES.items()}
OPEN = {cls: rules.open for cls, rules in RULES.items()}
APPLY = {cls: rules.apply for cls, rules in RULES.items()}


# ---- setup -----------------------------------------------------------------------------------
MOONS = tuple(animal.moons for animal in CAT.animals)


def draw_animals(chance: Chance) -> tuple[int, ...]:
    """Setup step 4 / A37: draw 3 of 6 until the moons total at least the minimum."""
    while True:
        pool = list(range(len(CAT.animals)))
        chance.shuffle(pool)
        drawn = tuple(pool[:CAT.tiles_drawn])
        if sum([MOONS[animal] for animal in drawn]) >= CAT.min_moons:
            return drawn


def market_size(state: State) -> int:
    return CAT.solo_market_size if state.solo else state.player_count + 1


def new_state(player_count: int, config: Config, seed: int) -> State:
    """Setup, section 3: animals, stack, market, setup tiles, first player (solo: Leo)."""
    state = blank_state(player_count, config, seed)
    chance = state.chance  # this new state's own stream: setup may draw from it in place
    state.bonus_supply = list(CAT.bonus_count)
    state.animal_slots = draw_animals(chance)
    state.stack = list(range(CAT.n_action))
    chance.shuffle(state.stack)
    state.market = [-1] * market_size(state)
    refill(state)
    setups = chance.sample(range(len(CAT.setup_tiles)), player_count)
    for seat in range(player_count):
        state.players.append(player_from_setup(state.animal_slots, setups[seat]))
    if state.solo:  # setup step 9: Leo takes the first-player token
        state.solo_deck = list(range(len(CAT.solo_tiles)))
        chance.shuffle(state.solo_deck)
        state.first_player = LEO
    else:
        state.first_player = chance.below(player_count)
    if state.config.variability:
        start_cards(state)
    else:
        start_draft(state)
    settle(state, [])
    return state


def player_from_setup(animal_slots: tuple[int, ...], setup: int) -> Player:
    """Setup step 7: pieces on spots by letter; binoculars spots start on their entrance."""
    marks = CAT.setup_tiles[setup][1]
    animals = tuple([animal_slots[letter] for letter, _ in marks])
    player = new_player(animals, [UNDISCOVERED] * len(marks), setup, CAT.cells, CAT.zoo)
    for piece, (_, binoculars) in enumerate(marks):
        if binoculars:
            discover(player, piece)
    return player


# ---- settling: automatic steps until a decision ------------------------------------------------
def settle(state: State, events: list[Event]) -> None:
    """Run automatic steps (Leo, leftovers, decisions without a choice, phase changes) until a seat
    has a decision or the game is over."""
    pending, players = state.pending, state.players  # the rules never replace these lists
    while True:
        if pending:
            top = pending[-1]
            still_open = OPEN[type(top)]
            if still_open is None or still_open(state, players[top.seat], top):
                return
            pending.pop()
        elif state.phase == OVER:
            return
        else:
            NEXT_STEP[state.phase](state, events)


def is_settled(state: State) -> bool:
    """Whether the seat to act has a decision (a position must be; ``apply`` keeps it so)."""
    probe = state.copy()
    settle(probe, [])
    return probe.phase == state.phase and probe.turn == state.turn and probe.pending == state.pending


# ---- the protocol entry points -----------------------------------------------------------------
def to_act(state: State) -> int | None:
    pending = state.pending
    return pending[-1].seat if pending else None


def is_over(state: State) -> bool:
    return not state.pending


def num_players(state: State) -> int:
    return state.player_count


def legal_actions(state: State) -> list[Any]:
    """Every legal action of the seat to act (a pure query: nothing cached, nothing changed)."""
    pending = state.pending
    if not pending:
        return []
    top = pending[-1]
    return LEGAL[type(top)](state, state.players[top.seat], top)


def apply(state: State, action: Any) -> list[Event]:
    """Apply a legal action of the seat to act, then the automatic steps that follow."""
    events: list[Event] = []
    state.ply += 1
    top = state.pending[-1]
    APPLY[type(top)](state, state.players[top.seat], top, action, events)
    settle(state, events)
    return events


def why_illegal(state: State, action: Any) -> IllegalAction:
    """Why ``action`` is illegal now (never reveals hidden information)."""
    if not state.pending:
        return IllegalAction("the game is over", rule="R4")
    top = state.pending[-1]
    return RULES[type(top)].why(state, state.players[top.seat], top, action)

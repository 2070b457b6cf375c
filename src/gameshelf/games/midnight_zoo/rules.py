"""Midnight Zoo rules: setup (section 3), legality, apply and why an action is illegal.

The phases live in rules_draft.py (cards, draft, maintenance, end-of-round start), rules_place.py
(the placement menu and everything a tile triggers) and rules_move.py (move points, group moves,
movement). ``apply`` always leaves the state settled: automatic steps (Leo's pick, leftovers,
decisions nobody can act on, phase changes) run at once, so queries only read.
"""

from __future__ import annotations

from gameshelf.core.errors import IllegalAction
from gameshelf.core.game import Event

from .actions import Done, Go, Take, Use
from .catalog import CAT
from .decisions import (ChooseBonusTerrain, ChooseCell, ChooseDiscover, ChooseEffect, GroupMove,
                        SpendMoves, UseBonus)
from .rules_draft import (apply_cards, apply_take, card_choices, draft_legal, next_placer,
                          next_round_mover, seat_order, settle_draft, start_draft, refill)
from .rules_move import (MOVEMENT, apply_group, apply_move_point, discover, legal_group,
                         legal_move_points, open_group, open_move_points)
from .rules_place import (apply_bonus_terrain, apply_bonus_use, apply_cell, apply_discover, apply_effect,
                          apply_use, legal_bonus_terrain, legal_bonus_use, legal_cell, legal_discover,
                          legal_effect, menu_legal, open_always, open_bonus_terrain, open_cell,
                          open_discover)
from .state import CARDS, DRAFT, ENT0, LEO, OVER, PLACE, ROUND, UNDISC, State, blank_state, new_player

# per decision kind: (legal actions, whether any action remains, apply)
FRAME = {
    ChooseCell: (legal_cell, open_cell, apply_cell),
    ChooseEffect: (legal_effect, open_always, apply_effect),
    ChooseDiscover: (legal_discover, open_discover, apply_discover),
    ChooseBonusTerrain: (legal_bonus_terrain, open_bonus_terrain, apply_bonus_terrain),
    UseBonus: (legal_bonus_use, open_always, apply_bonus_use),
    SpendMoves: (legal_move_points, open_move_points, apply_move_point),
    GroupMove: (legal_group, open_group, apply_group),
}


# ---- setup -----------------------------------------------------------------------------------
def draw_animals(chance) -> tuple:
    """Setup step 4 / A37: draw 3 of 6 until the moons total at least the minimum."""
    while True:
        pool = list(range(len(CAT.animals)))
        chance.shuffle(pool)
        drawn = tuple(pool[:CAT.tiles_drawn])
        if sum(CAT.animals[a].moons for a in drawn) >= CAT.min_moons:
            return drawn


def market_size(st: State) -> int:
    return CAT.solo_market_size if st.solo else st.n + 1


def new_state(n: int, config, seed: int) -> State:
    """Setup, section 3: animals, stack, market, setup tiles, first player (solo: Leo)."""
    st = blank_state(n, config, seed)
    ch = st.chance
    st.supply = list(CAT.bonus_count)
    st.slots = draw_animals(ch)
    st.stack = list(range(CAT.n_action))
    ch.shuffle(st.stack)
    st.market = [-1] * market_size(st)
    refill(st)
    setups = ch.sample(range(len(CAT.setup_tiles)), n)
    for seat in range(n):
        st.players.append(player_from_setup(st.slots, setups[seat]))
    if st.solo:  # setup step 9: Leo takes the first-player token
        st.solo_deck = list(range(len(CAT.solo_tiles)))
        ch.shuffle(st.solo_deck)
        st.first = LEO
    else:
        st.first = ch.below(n)
    if st.config.variability:
        st.phase, st.order, st.turn = CARDS, seat_order(st), 0
        st.cur = st.order[0]
    else:
        start_draft(st)
    settle(st, [])
    return st


def player_from_setup(slots: tuple, setup: int):
    """Setup step 7: pieces on spots by letter; binoculars spots start on their entrance."""
    marks = CAT.setup_tiles[setup][1]
    kind = tuple(slots[letter] for letter, _ in marks)
    pl = new_player(kind, [UNDISC] * len(marks), setup, CAT.cells, CAT.zoo)
    for k, (_, binoculars) in enumerate(marks):
        if binoculars:
            discover(pl, k)
    return pl


# ---- settling: automatic steps until a decision ------------------------------------------------
def settle(st: State, events: list) -> None:
    """Run automatic steps (Leo, leftovers, decisions without a choice, phase changes) until a seat
    has a decision or the game is over."""
    while True:
        ph = st.phase
        if ph == PLACE or ph == ROUND:
            pending = st.pending
            if pending:
                f = pending[-1]
                if FRAME[type(f)][1](st, st.players[st.cur], f):
                    return
                pending.pop()
            elif not settle_menu(st, events):
                return
        elif ph == DRAFT:
            if settle_draft(st, events):
                return
        else:
            return


def settle_menu(st: State, events: list) -> bool:
    """With no pending decision: the next end-of-round mover, or the placement menu (False when
    the seat has a tile to use), or the next placer."""
    if st.phase == ROUND:
        next_round_mover(st, events)
        return True
    pl = st.players[st.cur]
    if pl.hand >= 0 or pl.storage:
        return False
    next_placer(st, events)
    return True


def is_settled(st: State) -> bool:
    """Whether the seat to act has a decision (a position must be; ``apply`` keeps it so)."""
    probe = st.copy()
    settle(probe, [])
    return probe.phase == st.phase and probe.turn == st.turn and probe.pending == st.pending


# ---- the protocol entry points -----------------------------------------------------------------
def to_act(st: State):
    return None if st.phase == OVER else st.cur


def is_over(st: State) -> bool:
    return st.phase == OVER


def num_players(st: State) -> int:
    return st.n


def legal_actions(st: State) -> list:
    """Every legal action of the seat to act (a pure query: nothing cached, nothing changed)."""
    ph = st.phase
    if ph == PLACE or ph == ROUND:
        pl = st.players[st.cur]
        if st.pending:
            f = st.pending[-1]
            return FRAME[type(f)][0](st, pl, f)
        return menu_legal(pl)
    if ph == DRAFT:
        return draft_legal(st)
    if ph == CARDS:
        return card_choices(st)
    return []


def apply(st: State, action) -> list[Event]:
    events: list[Event] = []
    st.ply += 1
    ph = st.phase
    if ph == DRAFT:
        apply_take(st, action, events)
    elif ph == CARDS:
        apply_cards(st, action, events)
    else:
        pl = st.players[st.cur]
        if st.pending:
            f = st.pending[-1]
            FRAME[type(f)][2](st, pl, f, action, events)
        elif type(action) is Use:
            apply_use(st, pl, action.verb, CAT.tile_index[action.tile], events)
        else:  # Done (R13)
            next_placer(st, events)
    settle(st, events)
    return events


# ---- why an action is illegal (never reveals hidden information) --------------------------------
FRAME_RULES = {ChooseCell: ("R14", "choose an empty district space (not the zoo)"),
               ChooseEffect: ("R19", "choose one of the available effects, or skip"),
               ChooseDiscover: ("R36", "choose one of your undiscovered animals"),
               ChooseBonusTerrain: ("R37", "choose a terrain whose bonus pile is not empty"),
               UseBonus: ("R37", "place, store (storage below 2) or discard the bonus tile"),
               SpendMoves: ("R41", "spend the move point on an animal that can use it, or stop"),
               GroupMove: ("R33", "choose an eligible animal and one of its legal moves")}


def why_illegal(st: State, action) -> IllegalAction:
    if st.phase == OVER:
        return IllegalAction("the game is over", rule="R4")
    if st.phase == CARDS:
        return IllegalAction("cover each dark pair with one of your own variability cards", rule="R88")
    if st.phase == DRAFT:
        if isinstance(action, Take):
            return IllegalAction("that market position is empty", rule="R5")
        return IllegalAction("it is the draft phase: take one market tile", rule="R5")
    pl = st.players[st.cur]
    if st.pending:
        return why_frame(st, pl, st.pending[-1], action)
    if isinstance(action, Done):
        return IllegalAction("resolve your drafted tile first (place, store or discard)", rule="R9")
    if isinstance(action, Use):
        t = CAT.tile_index.get(action.tile, -1)
        if t != pl.hand and t not in pl.storage:
            return IllegalAction("that tile is not yours to use", rule="R10")
        if action.verb == "store":
            return IllegalAction("storage holds at most 2 tiles; stored tiles stay stored", rule="R26")
        return IllegalAction("no empty district space", rule="R14")
    return IllegalAction("choose a tile to place, store or discard, or finish", rule="R9")


def why_frame(st: State, pl, f, action) -> IllegalAction:
    t = type(f)
    if t is GroupMove and st.phase == ROUND:
        return IllegalAction("end-of-round move: choose an eligible animal and its move", rule="R73")
    if isinstance(action, Done) or (isinstance(action, Use) and t is not UseBonus):
        return IllegalAction("finish the action being resolved first", rule="R11")
    if isinstance(action, Go):
        return IllegalAction("that animal cannot make that move", rule=move_rule(pl, f))
    rule, text = FRAME_RULES[t]
    return IllegalAction(text, rule=rule)


def move_rule(pl, f) -> str:
    k = getattr(f, "animal", -1)
    if k < 0:
        return "R41"
    m = MOVEMENT[pl.kind[k]]
    if m == "snake":
        return "R61" if pl.loc[k] >= ENT0 else "R59"
    if m == "sloth":
        return "R68"
    if m == "slide":
        return "R52"
    return "R44"

"""Midnight Zoo flow: setup (section 3), draft phase (R5-R8), placement order (R12),
maintenance (R70-R71), end-of-round move (R72-R75), solo Leo (R76-R86), variability cards
(R87-R88); legality and dispatch. Placement details live in rules_place.py."""

from __future__ import annotations

from itertools import permutations

from gameshelf.core.errors import IllegalAction
from gameshelf.core.game import Event

from .actions import TAKE, At, Bonus, Cards, Discover, Done, Effect, Go, Pick, Stop, Take, Use
from .catalog import CAT
from .moves import on_terrain
from .rules_place import N_PIECES, apply_frame, apply_use, ev, frame_legal, menu_legal
from .state import (CARDS, DRAFT, ENT0, F_GROUP, LEO, OVER, PLACE, ROUND, UNDISC, State,
                    blank_state, new_player)


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


def new_state(n: int, options: dict, seed: int) -> State:
    st = blank_state(n, options, seed)
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
    if st.rules.variability:
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
    from .moves import discover
    for k, (_, binoculars) in enumerate(marks):
        if binoculars:
            discover(pl, k)
    return pl


def seat_order(st: State) -> list:
    if st.solo:  # Leo (first = LEO) never places tiles or moves animals (R84)
        return [0]
    return [(st.first + i) % st.n for i in range(st.n)]


def refill(st: State) -> None:
    """R70 / setup step 6: new tiles fill positions left to right (A38)."""
    for i in range(len(st.market)):
        st.market[i] = st.stack.pop() if st.stack else -1


# ---- draft phase -----------------------------------------------------------------------------
def start_draft(st: State) -> None:
    st.phase, st.turn = DRAFT, 0
    if st.solo:  # R77, R78
        st.solo_current = st.solo_deck.pop()
        st.solo_seen.append(st.solo_current)
        st.first = LEO if st.draft % 2 == 1 else 0
        st.order = [LEO, 0] if st.first == LEO else [0, LEO]
    else:
        st.order = seat_order(st)
    st.cur = st.order[0]


def leo_pick(st: State, events: list) -> None:
    """R79-R80: position 1 of the revealed solo tile, else position 2; removed from the game."""
    _, first, second, _ = CAT.solo_tiles[st.solo_current]
    pos = first if st.market[first] >= 0 else second
    tile = st.market[pos]
    st.market[pos] = -1
    st.removed.append(tile)
    events.append(ev("leo_took", tile=CAT.tile_id[tile], pos=pos + 1))
    st.turn += 1


def end_draft(st: State, events: list) -> None:
    """R6, R82: the last market tile to the leftover zone; solo reshuffle; placement starts."""
    for i, t in enumerate(st.market):
        if t >= 0:
            st.leftover.append(t)
            st.market[i] = -1
            events.append(ev("leftover", tile=CAT.tile_id[t]))
    if st.solo and CAT.solo_tiles[st.solo_current][3]:
        st.solo_deck = list(range(len(CAT.solo_tiles)))
        st.chance.shuffle(st.solo_deck)
        st.solo_seen = []
        events.append(ev("solo_shuffled"))
    st.phase, st.order, st.turn = PLACE, seat_order(st), 0
    st.cur = st.order[0]


def next_placer(st: State, events: list) -> None:
    events.append(ev("phase_done", seat=st.cur))
    st.turn += 1
    if st.turn < len(st.order):
        st.cur = st.order[st.turn]
        return
    if st.draft < CAT.drafts:  # R70, A23
        refill(st)
    if st.solo:  # R71, R77: the token alternates between Leo and you
        st.first = 0 if st.first == LEO else LEO
    else:  # R71
        st.first = (st.first + 1) % st.n
    if st.draft % CAT.drafts_per_round == 0:
        start_round_end(st, events)
    else:
        st.draft += 1
        start_draft(st)


# ---- end-of-round move -------------------------------------------------------------------------
def leftover_terrain(leftover: list) -> int:
    """R72: the most frequent terrain; ties go to the one in the leftmost space."""
    counts = [0] * len(CAT.terrains)
    for t in leftover:
        counts[CAT.tile_terrain[t]] += 1
    best = max(counts)
    for t in leftover:
        if counts[CAT.tile_terrain[t]] == best:
            return CAT.tile_terrain[t]
    return -1


def start_round_end(st: State, events: list) -> None:
    st.round_terrain = leftover_terrain(st.leftover)
    events.append(ev("round_terrain", terrain=CAT.terrains[st.round_terrain]))
    st.phase, st.order, st.turn = ROUND, seat_order(st), -1
    next_round_mover(st, events)


def next_round_mover(st: State, events: list) -> None:
    """R73-R74: each player in turn order resolves their snapshot of eligible animals."""
    st.turn += 1
    if st.turn < len(st.order):
        st.cur = st.order[st.turn]
        pl = st.players[st.cur]
        eligible = [k for k in range(N_PIECES) if on_terrain(pl, k, st.round_terrain)]
        st.pstack.append([F_GROUP, 0, eligible, -1, 0])
        return
    st.piles.append(st.leftover)  # R75
    st.leftover = []
    st.round_terrain = -1
    if st.draft >= CAT.drafts:
        st.phase, st.order = OVER, []
        events.append(ev("game_over"))
    else:
        st.draft += 1
        start_draft(st)


# ---- settling: automatic steps until a decision ------------------------------------------------
def settle(st: State, events: list) -> None:
    """Run automatic steps (Leo, leftovers, empty frames, phase changes); cache the legal list."""
    while True:
        ph = st.phase
        if ph == PLACE or ph == ROUND:
            pl = st.players[st.cur]
            if st.pstack:
                acts = frame_legal(st, pl, st.pstack[-1])
                if acts:
                    st.legal = acts
                    return
                st.pstack.pop()
                continue
            if ph == ROUND:
                next_round_mover(st, events)
                continue
            if pl.hand >= 0 or pl.storage:
                st.legal = menu_legal(pl)
                return
            next_placer(st, events)
        elif ph == DRAFT:
            if st.turn == len(st.order):
                end_draft(st, events)
                continue
            st.cur = st.order[st.turn]
            if st.cur == LEO:
                leo_pick(st, events)
                continue
            st.legal = [TAKE[i] for i, t in enumerate(st.market) if t >= 0]
            return
        elif ph == CARDS:
            st.legal = card_choices(st)
            return
        else:
            st.legal = []
            return


def card_choices(st: State) -> list:
    letters = "".join(c.letter for c in CAT.cards[st.cur])
    if st.rules.single_pair:
        return [Cards(x) for x in letters]
    return [Cards("".join(p)) for p in permutations(letters)]


# ---- the protocol entry points -----------------------------------------------------------------
def to_act(st: State):
    return None if st.phase == OVER else st.cur


def legal_actions(st: State) -> list:
    if st.legal is None:
        settle(st, [])
    return list(st.legal)


def apply(st: State, action) -> list[Event]:
    events: list[Event] = []
    st.ply += 1
    st.legal = None
    ph = st.phase
    if ph == DRAFT:
        pl = st.players[st.cur]
        pl.hand = st.market[action.pos]
        st.market[action.pos] = -1
        events.append(ev("took", seat=st.cur, tile=CAT.tile_id[pl.hand], pos=action.pos + 1))
        st.turn += 1
    elif ph == CARDS:
        apply_cards(st, action, events)
    else:
        pl = st.players[st.cur]
        if st.pstack:
            apply_frame(st, pl, st.pstack[-1], action, events)
        elif type(action) is Use:
            apply_use(st, pl, action.verb, CAT.tile_index[action.tile], events)
        else:  # Done (R13)
            next_placer(st, events)
    settle(st, events)
    return events


def apply_cards(st: State, action: Cards, events: list) -> None:
    cards = CAT.cards[st.cur]
    chosen = [-1] * len(CAT.pairs)
    if st.rules.single_pair:
        chosen[CAT.single_pair] = [c.letter for c in cards].index(action.letters)
    else:
        for pi, letter in enumerate(action.letters):
            chosen[pi] = [c.letter for c in cards].index(letter)
    st.players[st.cur].cards = tuple(chosen)
    events.append(Event("cards_chosen", {"seat": st.cur, "cards": action.letters}, frozenset({st.cur})))
    events.append(Event("cards_chosen_hidden", {"seat": st.cur}, hidden_from=frozenset({st.cur})))
    st.turn += 1
    if st.turn < len(st.order):
        st.cur = st.order[st.turn]
    else:
        events.append(ev("cards_revealed"))
        start_draft(st)


# ---- why an action is illegal (never reveals hidden information) --------------------------------
FRAME_RULES = {0: ("R14", "choose an empty district space (not the zoo)"),
               1: ("R19", "choose one of the available effects, or skip"),
               2: ("R36", "choose one of your undiscovered animals"),
               3: ("R37", "choose a terrain whose bonus pile is not empty"),
               4: ("R37", "place, store (storage below 2) or discard the bonus tile"),
               5: ("R41", "spend the move point on an animal that can use it, or stop"),
               6: ("R33", "choose an eligible animal and one of its legal moves")}


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
    if st.pstack:
        f = st.pstack[-1]
        if f[0] == 6 and st.phase == ROUND:
            return IllegalAction("end-of-round move: choose an eligible animal and its move", rule="R73")
        if isinstance(action, Done) or (isinstance(action, Use) and f[0] != 4):
            return IllegalAction("finish the action being resolved first", rule="R11")
        if isinstance(action, Go):
            return IllegalAction("that animal cannot make that move", rule=move_rule(pl, f))
        rule, text = FRAME_RULES[f[0]]
        return IllegalAction(text, rule=rule)
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


def move_rule(pl, f: list) -> str:
    k = f[3] if f[0] == 6 else f[2] if f[0] == 5 else -1
    if k < 0:
        return "R41"
    from .moves import MOVEMENT
    m = MOVEMENT[pl.kind[k]]
    if m == "snake":
        return "R61" if pl.loc[k] >= ENT0 else "R59"
    if m == "sloth":
        return "R68"
    if m == "slide":
        return "R52"
    return "R44"


ACTION_TYPES = (Take, Use, At, Effect, Discover, Bonus, Pick, Go, Stop, Done, Cards)

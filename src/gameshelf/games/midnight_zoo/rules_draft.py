"""The round structure: variability cards (R87-R88), the draft phase (R5-R8, solo Leo R76-R86),
the placement order (R12), maintenance (R70-R71) and the start of the end-of-round move (R72-R75)."""

from __future__ import annotations

from itertools import permutations

from gameshelf.core.game import Event

from .actions import TAKE, Cards
from .catalog import CAT
from .decisions import group_move
from .rules_move import eligible
from .state import DRAFT, LEO, OVER, PLACE, ROUND, State


def ev(key: str, **args) -> Event:
    return Event(key, args)


def seat_order(st: State) -> list:
    if st.solo:  # Leo (first = LEO) never places tiles or moves animals (R84)
        return [0]
    return [(st.first + i) % st.n for i in range(st.n)]


def refill(st: State) -> None:
    """R70 / setup step 6: new tiles fill positions left to right (A38)."""
    for i in range(len(st.market)):
        st.market[i] = st.stack.pop() if st.stack else -1


# ---- variability cards (R87-R88) --------------------------------------------------------------
def card_choices(st: State) -> list:
    letters = "".join(c.letter for c in CAT.cards[st.cur])
    if st.config.single_pair:
        return [Cards(x) for x in letters]
    return [Cards("".join(p)) for p in permutations(letters)]


def apply_cards(st: State, action: Cards, events: list) -> None:
    cards = CAT.cards[st.cur]
    chosen = [-1] * len(CAT.pairs)
    if st.config.single_pair:
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


def draft_legal(st: State) -> list:
    return [TAKE[i] for i, t in enumerate(st.market) if t >= 0]


def apply_take(st: State, action, events: list) -> None:
    pl = st.players[st.cur]
    pl.hand = st.market[action.pos]
    st.market[action.pos] = -1
    events.append(ev("took", seat=st.cur, tile=CAT.tile_id[pl.hand], pos=action.pos + 1))
    st.turn += 1


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


def settle_draft(st: State, events: list) -> bool:
    """Automatic draft steps; True when a seat has a pick to make."""
    while True:
        if st.turn == len(st.order):
            end_draft(st, events)
            return False
        st.cur = st.order[st.turn]
        if st.cur != LEO:
            return True
        leo_pick(st, events)


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


# ---- end-of-round move (R72-R75) ---------------------------------------------------------------
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
        st.pending.append(group_move(False, eligible(st.players[st.cur], st.round_terrain)))
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

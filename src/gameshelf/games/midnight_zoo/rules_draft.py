"""The round structure: variability cards (R87-R88), the draft phase (R5-R8, solo Leo R76-R86),
the placement order (R12), maintenance (R70-R71) and the start of the end-of-round move (R72-R75).

Each phase's automatic step (``next_card_chooser``, ``next_drafter``, ``next_placer``,
``next_round_mover``) runs when nothing is pending: it pushes the next seat's phase decision, or
moves the game on to the next phase.
"""

from __future__ import annotations

from itertools import permutations

from gameshelf.core.errors import IllegalAction
from gameshelf.core.game import Event

from .actions import TAKE, Cards, Take
from .catalog import CAT
from .decisions import CHOOSE_CARDS, TAKE_TILE, USE_TILE, ChooseCards, RoundMove, TakeTile, frame
from .events import CARDS_REVEALED, GAME_OVER, LEFTOVER, LEO_TOOK, PHASE_DONE, ROUND_TERRAIN, SOLO_SHUFFLED, TOOK
from .movement import eligible
from .state import CARDS, DRAFT, LEO, OVER, PLACE, ROUND, Player, State

TILE_ID, SOLO_TILES = CAT.tile_id, CAT.solo_tiles



def seat_order(state: State) -> list[int]:
    """The phase's seat order from the first player (solo: only the player)."""
    if state.solo:  # Leo (first_player = LEO) never places tiles or moves animals (R84)
        return [0]
    return [(state.first_player + i) % state.player_count for i in range(state.player_count)]


def refill(state: State) -> None:
    """R70 / setup step 6: new tiles fill positions left to right (A38)."""
    market, stack = state.market, state.stack
    for position in range(len(market)):
        market[position] = stack.pop() if stack else -1


# ---- variability cards (R87-R88) --------------------------------------------------------------
def start_cards(state: State) -> None:
    """R88: before the first draft, each player in turn order covers the dark pairs."""
    state.phase, state.order, state.turn = CARDS, seat_order(state), 0


def next_card_chooser(state: State, events: list[Event]) -> None:
    """The next seat chooses its cards; after the last, the cards are revealed and the draft starts."""
    if state.turn < len(state.order):
        state.pending.append(CHOOSE_CARDS[state.order[state.turn]])
        return
    events.append(CARDS_REVEALED())
    start_draft(state)


def card_choices(state: State, player: Player, top: ChooseCards) -> list[Cards]:
    letters = "".join(card.letter for card in CAT.cards[top.seat])
    if state.config.single_pair:
        return [Cards(letter) for letter in letters]
    return [Cards("".join(chosen)) for chosen in permutations(letters)]


def apply_cards(state: State, player: Player, top: ChooseCards, action: Cards, events: list[Event]) -> None:
    state.pending.pop()
    letters = [card.letter for card in CAT.cards[top.seat]]
    chosen = [-1] * len(CAT.pairs)
    if state.config.single_pair:
        chosen[CAT.single_pair] = letters.index(action.letters)
    else:
        for pair, letter in enumerate(action.letters):
            chosen[pair] = letters.index(letter)
    player.cards = tuple(chosen)
    events.append(Event("cards_chosen", {"seat": top.seat, "cards": action.letters}, frozenset({top.seat})))
    events.append(Event("cards_chosen_hidden", {"seat": top.seat}, hidden_from=frozenset({top.seat})))
    state.turn += 1


def why_cards(state: State, player: Player, top: ChooseCards, action: object) -> IllegalAction:
    return IllegalAction("cover each dark pair with one of your own variability cards", rule="R88")


# ---- draft phase -----------------------------------------------------------------------------
def start_draft(state: State) -> None:
    state.phase, state.turn = DRAFT, 0
    if state.solo:  # R77, R78
        state.solo_tile = state.solo_deck.pop()
        state.solo_revealed.append(state.solo_tile)
        state.first_player = LEO if state.draft % 2 == 1 else 0
        state.order = [LEO, 0] if state.first_player == LEO else [0, LEO]
    else:
        state.order = seat_order(state)


def next_drafter(state: State, events: list[Event]) -> None:
    """The next seat in the draft takes a tile (Leo at once); after the last, the draft ends."""
    if state.turn == len(state.order):
        end_draft(state, events)
    elif state.order[state.turn] == LEO:
        leo_pick(state, events)
    else:
        state.pending.append(TAKE_TILE[state.order[state.turn]])


def draft_legal(state: State, player: Player, top: TakeTile) -> list[Take]:
    return [take for take, tile in zip(TAKE, state.market) if tile >= 0]


def apply_take(state: State, player: Player, top: TakeTile, action: Take, events: list[Event]) -> None:
    state.pending.pop()
    position = action.pos
    player.hand = tile = state.market[position]
    state.market[position] = -1
    events.append(TOOK(top.seat, TILE_ID[tile], position + 1))
    state.turn += 1


def why_take(state: State, player: Player, top: TakeTile, action: object) -> IllegalAction:
    if isinstance(action, Take):
        return IllegalAction("that market position is empty", rule="R5")
    return IllegalAction("it is the draft phase: take one market tile", rule="R5")


def leo_pick(state: State, events: list[Event]) -> None:
    """R79-R80: position 1 of the revealed solo tile, else position 2; removed from the game."""
    _, first, second, _ = SOLO_TILES[state.solo_tile]
    market = state.market
    position = first if market[first] >= 0 else second
    tile = market[position]
    market[position] = -1
    state.removed.append(tile)
    events.append(LEO_TOOK(TILE_ID[tile], position + 1))
    state.turn += 1


def end_draft(state: State, events: list[Event]) -> None:
    """R6, R82: the last market tile to the leftover zone; solo reshuffle; placement starts."""
    market = state.market
    for position, tile in enumerate(market):
        if tile >= 0:
            state.leftover.append(tile)
            market[position] = -1
            events.append(LEFTOVER(TILE_ID[tile]))
    if state.solo and SOLO_TILES[state.solo_tile][3]:
        state.solo_deck = list(range(len(CAT.solo_tiles)))
        state.chance = state.chance.copy()  # copies share the stream until one draws (state.py)
        state.chance.shuffle(state.solo_deck)
        state.solo_revealed = []
        events.append(SOLO_SHUFFLED())
    state.phase, state.order, state.turn = PLACE, seat_order(state), 0
    state.pending.append(USE_TILE[state.order[0]])


# ---- placement order, maintenance (R12, R70-R71) ------------------------------------------------
def next_placer(state: State, events: list[Event]) -> None:
    """The placer whose phase decision is gone is done: the next one places, else maintenance."""
    events.append(PHASE_DONE(state.order[state.turn]))
    state.turn += 1
    if state.turn < len(state.order):
        state.pending.append(USE_TILE[state.order[state.turn]])
        return
    if state.draft < CAT.drafts:  # R70, A23
        refill(state)
    if state.solo:  # R71, R77: the token alternates between Leo and you
        state.first_player = 0 if state.first_player == LEO else LEO
    else:  # R71
        state.first_player = (state.first_player + 1) % state.player_count
    if state.draft % CAT.drafts_per_round == 0:
        start_round_end(state, events)
    else:
        state.draft += 1
        start_draft(state)


# ---- end-of-round move (R72-R75) ---------------------------------------------------------------
def leftover_terrain(leftover: list[int]) -> int:
    """R72: the most frequent terrain; ties go to the one in the leftmost space."""
    counts = [0] * len(CAT.terrains)
    for tile in leftover:
        counts[CAT.tile_terrain[tile]] += 1
    best = max(counts)
    for tile in leftover:
        if counts[CAT.tile_terrain[tile]] == best:
            return CAT.tile_terrain[tile]
    return -1


def start_round_end(state: State, events: list[Event]) -> None:
    state.round_terrain = leftover_terrain(state.leftover)
    events.append(ROUND_TERRAIN(CAT.terrains[state.round_terrain]))
    state.phase, state.order, state.turn = ROUND, seat_order(state), -1
    next_round_mover(state, events)


def next_round_mover(state: State, events: list[Event]) -> None:
    """R73-R74: each player in turn order resolves their snapshot of eligible animals; then the
    leftover pile is set aside (R75) and the next round starts, or the game ends."""
    state.turn += 1
    if state.turn < len(state.order):
        seat = state.order[state.turn]
        state.pending.append(frame(RoundMove, seat, eligible(state.players[seat], state.round_terrain)))
        return
    state.leftover_piles.append(tuple(state.leftover))  # R75
    state.leftover = []
    state.round_terrain = -1
    if state.draft >= CAT.drafts:
        state.phase, state.order = OVER, []
        events.append(GAME_OVER())
    else:
        state.draft += 1
        start_draft(state)


# the automatic step of each phase, run when nothing is pending
NEXT_STEP = {CARDS: next_card_chooser, DRAFT: next_drafter, PLACE: next_placer, ROUND: next_round_mover}

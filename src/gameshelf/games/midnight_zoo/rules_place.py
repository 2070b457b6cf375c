"""Tile-placement phase, R9-R42 and R87-R93: the menu, placing, storing, discarding, effects,
discover and bonus tiles, as frames on ``state.pending`` (move points and special moves
themselves are in rules_move.py)."""

from __future__ import annotations

from gameshelf.core.errors import IllegalAction
from gameshelf.core.game import Event

from .actions import AT, BONUS, DISCARD, DISCOVER, DONE, PLACE, SKIP, STORE, At, Bonus, Discover, Done, Effect, Use
from .catalog import BONUS as BONUS_TILE
from .catalog import CAT, DISCOVER as DISCOVER_ANIMAL, MOVE, VP, symbol_name
from .decisions import (CHOOSE_BONUS_TERRAIN, CHOOSE_DISCOVER, PIECE, ChooseBonusTerrain, ChooseCell,
                        ChooseDiscover, ChooseEffect, SpecialMove, SpendMoves, UseBonus, UseTile, effect_of, frame)
from .events import BONUS_GAINED, DISCARDED, DISCOVERED, PLACED, STORED, VP_GAINED
from .movement import discover, eligible
from .state import CHOOSE, UNDISCOVERED, Player, State

CAPACITY = CAT.storage_capacity
ACTION_TILES = CAT.n_action
TILE, TILE_ID, TERRAINS = CAT.tile_index, CAT.tile_id, CAT.terrains
TERRAIN, FOOD, ACTIONS = CAT.tile_terrain, CAT.tile_food, CAT.tile_actions
BINOCULARS, ARROW = CAT.tile_binoculars, CAT.tile_arrow
CONDITION, SPACE_ACTION, DARK, PAIRS = CAT.space_cond, CAT.space_action, CAT.dark, CAT.pairs
TILE_EFFECTS = {CAT.tile_id[tile]: tuple(Effect("tile", symbol_name(effect)) for effect in actions)
                for tile, actions in enumerate(ACTIONS)}
SPACE = Effect("space")
CHOOSE_EFFECTS = tuple(Effect("reward", symbol_name(reward)) for reward in CAT.pair_reward)
PIECES = len(CAT.spot_names)
CELL_NAME = tuple(f"{row},{column}" for row in range(CAT.rows) for column in range(CAT.cols))
# each space's action as a symbol ("" when it has none); whether its condition allows it is checked
SPACE_SYMBOL = tuple(symbol_name(action) if action is not None else "" for action in SPACE_ACTION)
EMPTY = -1  # an empty district space (the zoo cell holds ZOO_MARK, never -1)



def cell_name(cell: int) -> str:
    return CELL_NAME[cell]


def cell_index(name: str) -> int:
    row, column = name.split(",")
    return int(row) * CAT.cols + int(column)


# ---- the menu (R9, R10, R13) -------------------------------------------------------------
def menu_legal(state: State, player: Player, top: UseTile) -> list[Use | Done]:
    out: list[Use | Done] = []
    free = EMPTY in player.district
    hand, storage = player.hand, player.storage
    if hand >= 0:
        if free:
            out.append(PLACE[hand])
        if len(storage) < CAPACITY:
            out.append(STORE[hand])
        out.append(DISCARD[hand])
    if storage:
        offered = [hand]
        for tile in storage:
            if tile not in offered:  # two stored bonus tiles of one terrain are one choice
                offered.append(tile)
                if free:
                    out.append(PLACE[tile])
                out.append(DISCARD[tile])
    if hand < 0:
        out.append(DONE)
    return out


def menu_open(state: State, player: Player, top: UseTile) -> bool:
    """The placer has a tile to use; with none left, the placement phase ends at once (R13)."""
    return player.hand >= 0 or bool(player.storage)


def apply_menu(state: State, player: Player, top: UseTile, action: Use | Done, events: list[Event]) -> None:
    """A menu choice: take the tile out of the hand (or storage) and place/store/discard it; or
    end the placement phase (R13)."""
    if not isinstance(action, Use):
        state.pending.pop()
        return
    tile = TILE[action.tile]
    if player.hand == tile:
        player.hand = -1
    else:
        player.storage.remove(tile)
    resolve_tile(state, player, top.seat, action.verb, tile, events)


def why_menu(state: State, player: Player, top: UseTile, action: object) -> IllegalAction:
    if isinstance(action, Done):
        return IllegalAction("resolve your drafted tile first (place, store or discard)", rule="R9")
    if isinstance(action, Use):
        tile = TILE.get(action.tile, -1)
        if tile != player.hand and tile not in player.storage:
            return IllegalAction("that tile is not yours to use", rule="R10")
        if action.verb == "store":
            return IllegalAction("storage holds at most 2 tiles; stored tiles stay stored", rule="R26")
        return IllegalAction("no empty district space", rule="R14")
    return IllegalAction("choose a tile to place, store or discard, or finish", rule="R9")


def resolve_tile(state: State, player: Player, seat: int, verb: str, tile: int, events: list[Event]) -> None:
    if verb == "place":
        state.pending.append(frame(ChooseCell, seat, TILE_ID[tile]))
    elif verb == "store":
        player.storage.append(tile)
        events.append(STORED(seat, TILE_ID[tile]))
    else:
        discard(state, player, seat, tile, events)


def discard(state: State, player: Player, seat: int, tile: int, events: list[Event]) -> None:
    """R30-R34: the tile leaves (bonus tiles back to supply) and a special move starts."""
    terrain = TERRAIN[tile]
    if tile < ACTION_TILES:
        state.removed.append(tile)
    else:
        state.bonus_supply[terrain] += 1
    events.append(DISCARDED(seat, TILE_ID[tile], TERRAINS[terrain]))
    state.pending.append(frame(SpecialMove, seat, eligible(player, terrain)))


# ---- placing (R14-R25) ---------------------------------------------------------------------
def place(state: State, player: Player, seat: int, tile: int, cell: int, events: list[Event]) -> None:
    player.district[cell] = tile
    name, tile_id = CELL_NAME[cell], TILE_ID[tile]
    events.append(PLACED(seat, tile_id, name))
    space = space_effect(state, player, seat, tile, cell)
    tile_open = bool(ACTIONS[tile])
    if tile_open or space:
        state.pending.append(frame(ChooseEffect, seat, tile_id, name, tile_open, space))


def space_effect(state: State, player: Player, seat: int, tile: int, cell: int) -> str:
    """The space effect this placement triggers (R18-R24, R89-R93) as a symbol, or ""."""
    condition, argument = CONDITION[cell]
    if condition == "dark":
        return dark_effect(state, player, seat, tile, cell)
    symbol = SPACE_SYMBOL[cell]
    if not symbol:
        return ""
    if (condition == "none" or (condition == "binoculars" and BINOCULARS[tile])
            or (condition == "terrain" and TERRAIN[tile] == argument)):
        return symbol
    return ""


def dark_effect(state: State, player: Player, seat: int, tile: int, cell: int) -> str:
    """R20-R24, A7: the reward of a completed dark pair, or ""."""
    pair, side = DARK[cell]
    single = state.config.single_pair
    if single and pair != CAT.single_pair:
        return ""
    other = player.district[PAIRS[pair][1 - side]]
    if other < 0:
        return ""
    left, right = (tile, other) if side == 0 else (other, tile)
    if not pair_met(state, player, seat, pair, left, right):
        return ""
    return CHOOSE if single else symbol_name(CAT.pair_reward[pair])


def pair_met(state: State, player: Player, seat: int, pair: int, left: int, right: int) -> bool:
    if state.config.variability and player.cards is not None and player.cards[pair] >= 0:
        card = CAT.cards[seat][player.cards[pair]]
        if card.type == "food":  # R90
            return FOOD[left] >= 0 and FOOD[right] >= 0
        if card.type == "move_discover":  # R91
            return bool(ARROW[left] and BINOCULARS[right])
        return TERRAIN[left] == card.left and TERRAIN[right] == card.right  # R92
    return TERRAIN[left] == TERRAIN[right]  # R22


# ---- the frames a placement starts: legal actions ------------------------------------------
def legal_cell(state: State, player: Player, top: ChooseCell) -> list[At]:
    return [at for at, tile in zip(AT, player.district) if tile == EMPTY]


def legal_effect(state: State, player: Player, top: ChooseEffect) -> list[Effect]:
    out = list(TILE_EFFECTS[top.tile]) if top.tile_open else []
    if top.space == CHOOSE:
        out.extend(CHOOSE_EFFECTS)
    elif top.space:
        out.append(SPACE)
    out.append(SKIP)
    return out


def legal_discover(state: State, player: Player, top: ChooseDiscover) -> list[Discover]:
    return [DISCOVER[piece] for piece in range(PIECES) if player.location[piece] == UNDISCOVERED]


def legal_bonus_terrain(state: State, player: Player, top: ChooseBonusTerrain) -> list[Bonus]:
    return [BONUS[terrain] for terrain, left in enumerate(state.bonus_supply) if left > 0]


def legal_bonus_use(state: State, player: Player, top: UseBonus) -> list[Use]:
    tile = TILE[top.tile]
    out = [PLACE[tile]] if EMPTY in player.district else []
    if len(player.storage) < CAPACITY:
        out.append(STORE[tile])
    out.append(DISCARD[tile])
    return out


# ---- whether any action remains ------------------------------------------------------------
def cell_open(state: State, player: Player, top: ChooseCell) -> bool:
    return EMPTY in player.district


def discover_open(state: State, player: Player, top: ChooseDiscover) -> bool:
    return UNDISCOVERED in player.location


def bonus_terrain_open(state: State, player: Player, top: ChooseBonusTerrain) -> bool:
    return any(left > 0 for left in state.bonus_supply)


# ---- apply ------------------------------------------------------------------------------------
def apply_cell(state: State, player: Player, top: ChooseCell, action: At, events: list[Event]) -> None:
    state.pending.pop()
    place(state, player, top.seat, TILE[top.tile], action.cell, events)


def apply_discover(state: State, player: Player, top: ChooseDiscover, action: Discover,
                   events: list[Event]) -> None:
    state.pending.pop()
    piece = PIECE[action.spot]
    discover(player, piece)
    events.append(DISCOVERED(top.seat, CAT.animal_ids[player.animals[piece]], action.spot))


def apply_bonus_terrain(state: State, player: Player, top: ChooseBonusTerrain, action: Bonus,
                        events: list[Event]) -> None:
    terrain = CAT.terrains.index(action.terrain)
    state.bonus_supply[terrain] -= 1
    state.pending[-1] = frame(UseBonus, top.seat, CAT.tile_id[CAT.bonus0 + terrain])
    events.append(BONUS_GAINED(top.seat, action.terrain))


def apply_bonus_use(state: State, player: Player, top: UseBonus, action: Use, events: list[Event]) -> None:
    state.pending.pop()
    resolve_tile(state, player, top.seat, action.verb, TILE[top.tile], events)


def apply_effect(state: State, player: Player, top: ChooseEffect, action: Effect, events: list[Event]) -> None:
    if action.source == "skip":
        state.pending.pop()
        return
    tile_open, space = top.tile_open, top.space
    if action.source == "tile":
        tile_open, effect = False, effect_of(action.what)
    else:
        effect = effect_of(action.what or space)
        space = ""
    if not tile_open and not space:
        state.pending.pop()
    else:
        state.pending[-1] = frame(ChooseEffect, top.seat, top.tile, top.cell, tile_open, space)
    start_effect(state, player, top.seat, effect, events)


def start_effect(state: State, player: Player, seat: int, effect: tuple[str, int], events: list[Event]) -> None:
    """R36-R42: run one action symbol or dark-pair reward."""
    kind, amount = effect
    if kind == VP:
        player.vp += amount
        events.append(VP_GAINED(seat, amount))
    elif kind == DISCOVER_ANIMAL:
        if UNDISCOVERED in player.location:
            state.pending.append(CHOOSE_DISCOVER[seat])
    elif kind == BONUS_TILE:
        for _ in range(amount):
            state.pending.append(CHOOSE_BONUS_TERRAIN[seat])
    elif kind == MOVE:
        state.pending.append(frame(SpendMoves, seat, amount))


# ---- why an action is illegal while a placement is being resolved ---------------------------
def why_resolving(text: str, rule: str):
    """The ``why`` of a frame a placement started: finish it first, else ``text`` (``rule``)."""
    def why(state: State, player: Player, top: object, action: object) -> IllegalAction:
        if isinstance(action, Done) or (isinstance(action, Use) and not isinstance(top, UseBonus)):
            return IllegalAction("finish the action being resolved first", rule="R11")
        return IllegalAction(text, rule=rule)
    return why

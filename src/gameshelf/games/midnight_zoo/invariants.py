"""Midnight Zoo invariants: tile conservation (2.1), bonus conservation, storage limit (R26),
pieces (setup 4)."""

from __future__ import annotations

from .catalog import CAT
from .decisions import ChooseCell, UseBonus
from .state import ENTRANCE0, IN_ZOO, UNDISCOVERED, ZOO_MARK, Player, State


def held_tiles(state: State) -> tuple[list[int], list[int]]:
    """(action tiles, bonus tiles per terrain) outside the supply, the stack and the zones."""
    tiles: list[int] = []
    bonus = [0] * len(CAT.terrains)
    for top in state.pending:
        if isinstance(top, (ChooseCell, UseBonus)):  # a tile in hand, being placed
            _count(CAT.tile_index[top.tile], tiles, bonus)
    for player in state.players:
        if player.hand >= 0:
            _count(player.hand, tiles, bonus)
        for tile in player.district + player.storage:
            if tile >= 0:
                _count(tile, tiles, bonus)
    return tiles, bonus


def _count(tile: int, tiles: list[int], bonus: list[int]) -> None:
    if tile < CAT.n_action:
        tiles.append(tile)
    else:
        bonus[tile - CAT.bonus0] += 1


def check_invariants(state: State) -> None:
    """Raise AssertionError naming the first broken invariant."""
    tiles, bonus = held_tiles(state)
    tiles += list(state.stack) + [tile for tile in state.market if tile >= 0] + state.leftover + state.removed
    for pile in state.leftover_piles:
        tiles += pile
    for player in state.players:
        check_player(player)
    assert sorted(tiles) == list(range(CAT.n_action)), "action tiles not conserved (each exactly once)"
    for terrain, left in enumerate(state.bonus_supply):
        assert left >= 0 and left + bonus[terrain] == CAT.bonus_count[terrain], "bonus tiles not conserved"
    assert len(state.leftover) <= CAT.leftover_spaces, "leftover zone over capacity"


def check_player(player: Player) -> None:
    assert len(player.storage) <= CAT.storage_capacity, "storage over capacity"
    assert player.district[CAT.zoo] == ZOO_MARK, "a tile on the zoo space"
    assert len(player.location) == 3 * CAT.pieces_per_type, "nine animal pieces"
    for piece, location in enumerate(player.location):
        assert (location in (UNDISCOVERED, IN_ZOO) or 0 <= location < CAT.cells
                or ENTRANCE0 <= location < ENTRANCE0 + 9), "a piece off the board"
        assert location != CAT.zoo, "an animal standing on the zoo space"
        assert 0 <= player.pollen[piece] <= CAT.max_pollen, "pollen out of range"
        if 0 <= location < CAT.cells:
            assert player.district[location] >= 0, "an animal on a space without a tile"

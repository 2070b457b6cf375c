"""Midnight Zoo invariants: tile conservation (2.1), bonus conservation, storage limit (R26),
pieces (setup 4)."""

from __future__ import annotations

from .catalog import CAT
from .decisions import ChooseCell, UseBonus
from .state import ENT0, IN_ZOO, UNDISC, ZOO_MARK, State


def held_tiles(st: State) -> tuple[list, list]:
    """(action tiles, bonus tiles per terrain) outside the supply, the stack and the zones."""
    tiles, bonus = [], [0] * len(CAT.terrains)
    for f in st.pending:
        if type(f) in (ChooseCell, UseBonus):  # a tile in hand, being placed
            _count(f.tile, tiles, bonus)
    for pl in st.players:
        if pl.hand >= 0:
            _count(pl.hand, tiles, bonus)
        for t in pl.district + pl.storage:
            if t >= 0:
                _count(t, tiles, bonus)
    return tiles, bonus


def _count(t: int, tiles: list, bonus: list) -> None:
    if t < CAT.n_action:
        tiles.append(t)
    else:
        bonus[t - CAT.bonus0] += 1


def check_invariants(st: State) -> None:
    """Raise AssertionError naming the first broken invariant."""
    tiles, bonus = held_tiles(st)
    tiles += list(st.stack) + [t for t in st.market if t >= 0] + st.leftover + st.removed
    for p in st.piles:
        tiles += p
    for pl in st.players:
        check_player(pl)
    assert sorted(tiles) == list(range(CAT.n_action)), "action tiles not conserved (each exactly once)"
    for i, n in enumerate(st.supply):
        assert n >= 0 and n + bonus[i] == CAT.bonus_count[i], "bonus tiles not conserved"
    assert len(st.leftover) <= CAT.leftover_spaces, "leftover zone over capacity"


def check_player(pl) -> None:
    assert len(pl.storage) <= CAT.storage_capacity, "storage over capacity"
    assert pl.district[CAT.zoo] == ZOO_MARK, "a tile on the zoo space"
    assert len(pl.loc) == 3 * CAT.pieces_per_type, "nine animal pieces"
    for k, loc in enumerate(pl.loc):
        assert loc in (UNDISC, IN_ZOO) or 0 <= loc < CAT.cells or ENT0 <= loc < ENT0 + 9, "a piece off the board"
        assert loc != CAT.zoo, "an animal standing on the zoo space"
        assert 0 <= pl.pollen[k] <= CAT.max_pollen, "pollen out of range"
        if 0 <= loc < CAT.cells:
            assert pl.district[loc] >= 0, "an animal on a space without a tile"

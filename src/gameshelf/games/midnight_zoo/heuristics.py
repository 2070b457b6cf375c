"""A fast evaluation for bots: the seat's final score if the game ended now, plus progress of
animals towards the zoo, open paths, and the value of pending decisions (move points, effects,
tiles in hand or storage), minus the best opponent's same estimate."""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace
from typing import Any, Callable

from gameshelf.core.frames import Frame

from .catalog import CAT, MOVE, VP
from .decisions import (ChooseBonusTerrain, ChooseCards, ChooseCell, ChooseDiscover, ChooseEffect, MoveAnimal,
                        RoundMove, SpecialMove, SpendMoves, TakeTile, UseBonus, UseTile, effect_of)
from .scoring import discovered_vp, food_vp, zoo_vp
from .state import CHOOSE, ENTRANCE0, UNDISCOVERED, Player, State

ZOO_ROW, ZOO_COLUMN = divmod(CAT.zoo, CAT.cols)
DISTANCE = tuple(abs(cell // CAT.cols - ZOO_ROW) + abs(cell % CAT.cols - ZOO_COLUMN) for cell in range(CAT.cells))
ENTRANCE_DISTANCE = tuple(DISTANCE[cell] + 1 for cell in CAT.ent_cell)
VALUE = tuple(float(animal.scoring[1]) if animal.scoring[0] == "per_animal" else 8.0 for animal in CAT.animals)
PATH = tuple(0.6 if distance == 1 else 0.3 if distance == 2 else 0.1 for distance in DISTANCE)
MOVE_POINT, DISCOVER, BONUS = 1.5, 1.2, 0.8


def effect_value(effect: tuple[str, int]) -> float:
    kind, amount = effect
    if kind == VP:
        return float(amount)
    if kind == MOVE:
        return MOVE_POINT * amount
    return (DISCOVER if kind == "discover" else BONUS) * amount


TILE_VALUE = tuple(max((effect_value(effect) for effect in actions), default=0.0) for actions in CAT.tile_actions)
TILE_VALUE_BY_ID = {CAT.tile_id[tile]: value for tile, value in enumerate(TILE_VALUE)}


def pending_value(state: State) -> float:
    """What the decisions still open for the acting seat are worth."""
    return sum(VALUE_OF[type(top)](top) for top in state.pending)


def effects_value(top: ChooseEffect) -> float:
    total = TILE_VALUE_BY_ID[top.tile] if top.tile_open else 0.0
    if top.space:
        total += 5.0 if top.space == CHOOSE else effect_value(effect_of(top.space))
    return total


def _nothing(top: Frame) -> float:
    return 0.0


VALUE_OF: dict[type[Frame], Callable[[Any], float]] = {
    SpendMoves: lambda top: MOVE_POINT * top.points,
    MoveAnimal: lambda top: MOVE_POINT,
    ChooseEffect: effects_value,
    SpecialMove: lambda top: MOVE_POINT * len(top.eligible),
    RoundMove: lambda top: MOVE_POINT * len(top.eligible),
    ChooseDiscover: lambda top: DISCOVER,
    ChooseBonusTerrain: lambda top: BONUS,
    ChooseCell: lambda top: BONUS + TILE_VALUE_BY_ID[top.tile],
    UseBonus: _nothing,
    ChooseCards: _nothing,
    TakeTile: _nothing,
    UseTile: _nothing,
}


@lru_cache(maxsize=8192)
def animal_terms(location: tuple[int, ...], pollen: tuple[int, ...], animals: tuple[int, ...],
                 zero_pollen_vp: int) -> tuple[int, float]:
    """A player's animals, cached: (zoo VP + discovered VP (S2, S3), progress towards the zoo)."""
    player = SimpleNamespace(location=location, pollen=pollen, animals=animals)  # the fields the scoring reads
    progress = 0.0
    for piece, where in enumerate(location):
        if where == UNDISCOVERED or where < 0:
            continue
        distance = ENTRANCE_DISTANCE[where - ENTRANCE0] if where >= ENTRANCE0 else DISTANCE[where]
        progress += VALUE[animals[piece]] / (1.0 + distance)
    return zoo_vp(player, zero_pollen_vp) + discovered_vp(player), progress


@lru_cache(maxsize=8192)
def district_terms(district: tuple[int, ...]) -> tuple[int, float]:
    """A player's district, cached: (food VP (S4), open paths near the zoo)."""
    roads = sum(PATH[cell] for cell, tile in enumerate(district) if tile >= 0)
    return food_vp(SimpleNamespace(district=district)), roads


def player_estimate(vp: int, location: tuple[int, ...], pollen: tuple[int, ...], animals: tuple[int, ...],
                    zero_pollen_vp: int, district: tuple[int, ...], hand: int, stored: int) -> float:
    """A player's estimate (``estimate`` caches it: a search meets the same players again and again)."""
    animal_score, progress = animal_terms(location, pollen, animals, zero_pollen_vp)
    food, roads = district_terms(district)
    score = vp + animal_score + food
    held = (TILE_VALUE[hand] + 1.0 if hand >= 0 else 0.0) + 1.0 * stored
    return score + 0.6 * progress + roads + held


_ESTIMATES: dict[tuple, float] = {}  # player_estimate's values by one flat key (see estimate)
_ESTIMATES_KEPT = 1 << 16  # then it starts over (a cache: the values stay the same)


def estimate(state: State, player: Player) -> float:
    """``player_estimate`` of ``player``, looked up by one flat tuple of its arguments (cheaper to
    build and hash than the cached call's three tuples; the lists have fixed lengths, so the
    flat key names the arguments as surely)."""
    key = (player.vp, player.hand, len(player.storage), state.config.zero_pollen_vp, player.animals,
           *player.location, *player.pollen, *player.district)
    value = _ESTIMATES.get(key)
    if value is None:
        if len(_ESTIMATES) >= _ESTIMATES_KEPT:
            _ESTIMATES.clear()
        value = _ESTIMATES[key] = player_estimate(
            player.vp, tuple(player.location), tuple(player.pollen), player.animals, state.config.zero_pollen_vp,
            tuple(player.district), player.hand, len(player.storage))
    return value


_LAST_OTHER: list[Any] = [None]  # the last other seat's player estimated by a 2-player heuristic, and its value


def _other_estimate(state: State, player: Player) -> float:
    """``estimate`` of the other seat of a 2-player game, remembered once: a search's greedy step
    scores the acting seat's candidates one after another, and none of them changes the other
    seat's player, so comparing it with the last one is cheaper than looking it up (the same
    function of the same values: the same float)."""
    last = _LAST_OTHER[0]
    if (last is not None and last[0] == player.vp and last[1] == player.hand and last[2] == len(player.storage)
            and last[3] == state.config.zero_pollen_vp and last[4] == player.location and last[5] == player.district
            and last[6] == player.pollen and last[7] == player.animals):
        return last[8]
    value = estimate(state, player)
    _LAST_OTHER[0] = (player.vp, player.hand, len(player.storage), state.config.zero_pollen_vp, player.location[:],
                      player.district[:], player.pollen[:], player.animals, value)
    return value


def heuristic(state: State, seat: int) -> float:
    players = state.players
    mine = estimate(state, players[seat])
    if state.pending and state.pending[-1].seat == seat:
        mine += pending_value(state)
    if state.player_count == 1:
        return mine
    if state.player_count == 2:
        return mine - _other_estimate(state, players[1 - seat])
    return mine - max(estimate(state, player) for other, player in enumerate(players) if other != seat)

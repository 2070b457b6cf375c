"""Midnight Zoo state: plain, flat data declared once (core.state.game_state; no rules here).

Locations of a piece: ``UNDISCOVERED`` (on its undiscovered spot), ``IN_ZOO`` (on the zoo holder),
a district cell ``0..24``, or ``ENTRANCE0 + e`` for entrance ``e``. A piece's index is its
undiscovered spot's index, so pieces are named by spot (L1..R3).

Every pending decision is a frame (``decisions.py``) on ``pending`` (top = last): the phase's own
decision at the bottom (choose cards, take a tile, use a tile, the end-of-round move), whatever it
started above it. The seat whose turn it is in the phase is ``order[turn]``.

The chance stream is copy-on-write: a state's copies share it (one object, ``CopyOnWrite``: copied
by reference), so the rules never draw from it in play without first replacing it with a copy
(the solo reshuffle, ``rules_draft.end_draft``); setup and loading build a fresh one. Every list
is copied with the state. tests/games/midnight_zoo/test_mz_copies.py checks that changing a copy
never changes the original.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from gameshelf.core.chance import Chance
from gameshelf.core.frames import Frame
from gameshelf.core.state import CopiedEach, GameState, Shared, game_state

from .options import Config

T = TypeVar("T")
CopyOnWrite = Annotated[T, "copy-on-write"]
"""A field a state's copies share (copied by reference, like a number) that the rules never change
in place: they replace it (see the module docstring). Not ``Shared``: that marks what the game
fixes (``SHARED``, left out of positions); this changes during play."""

UNDISCOVERED, IN_ZOO, ENTRANCE0 = -1, -2, 100
ZOO_MARK = -3  # the zoo cell of a district: never holds a tile, never "empty"
LEO = -1
CARDS, DRAFT, PLACE, ROUND, OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("cards", "draft", "placement", "end_of_round", "over")
CHOOSE = "choose"  # space effect of the single dark pair: the owner chooses the reward (A7)


@game_state
class Player(GameState):
    """One seat's components: track VP, district, storage, hand, and its nine animal pieces (per
    piece: its animal type, location, facing, whether asleep, pollen)."""

    vp: int
    district: list[int]
    storage: list[int]
    hand: int
    animals: tuple[int, ...]
    location: list[int]
    facing: list[int]
    asleep: list[int]
    pollen: list[int]
    cards: tuple[int, ...] | None
    setup_tile: int


@game_state
class State(GameState):
    """The whole game; ``player_count``, ``solo`` and ``config`` (frozen options) are fixed."""

    player_count: Shared[int]
    solo: Shared[bool]
    config: Shared[Config]
    chance: CopyOnWrite[Chance]  # copied just before a draw (module docstring)
    stack: list[int]
    market: list[int]
    leftover: list[int]
    leftover_piles: list[tuple[int, ...]]
    removed: list[int]
    bonus_supply: list[int]
    animal_slots: tuple[int, ...]
    draft: int
    phase: int
    first_player: int
    order: list[int]
    turn: int
    pending: list[Frame]
    players: CopiedEach[list[Player]]
    solo_deck: list[int]
    solo_revealed: list[int]
    solo_tile: int
    round_terrain: int
    ply: int

    @property
    def options(self) -> dict[str, Any]:
        """The resolved options by name (from ``config``)."""
        return dict(self.config.options)


def new_player(animals: tuple[int, ...], location: list[int], setup_tile: int, cells: int, zoo: int) -> Player:
    """A player with an empty district (the zoo marked), nothing held, no VP, pieces awake."""
    player = Player.__new__(Player)
    player.vp, player.hand, player.animals, player.setup_tile = 0, -1, animals, setup_tile
    player.district, player.storage = [-1] * cells, []
    player.district[zoo] = ZOO_MARK
    player.location, player.facing = location, [0] * len(animals)
    player.asleep, player.pollen = [0] * len(animals), [0] * len(animals)
    player.cards = None
    return player


def blank_state(player_count: int, config: Config, seed: int) -> State:
    """A state with every field at its empty value (setup and positions fill it in)."""
    state = State.__new__(State)
    state.player_count, state.solo, state.config = player_count, player_count == 1, config
    state.chance = Chance(seed)
    state.stack, state.market, state.leftover, state.leftover_piles, state.removed = [], [], [], [], []
    state.bonus_supply, state.animal_slots, state.draft, state.phase, state.first_player = [], (), 1, DRAFT, 0
    state.order, state.turn, state.pending, state.players = [], 0, [], []
    state.solo_deck, state.solo_revealed, state.solo_tile, state.round_terrain, state.ply = [], [], -1, -1, 0
    return state

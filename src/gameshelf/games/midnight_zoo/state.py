"""Midnight Zoo state: plain, flat data with an explicit cheap copy (no rules here).

Locations of a piece: ``UNDISC`` (on its undiscovered spot), ``IN_ZOO`` (on the zoo holder),
a district cell ``0..24``, or ``ENT0 + e`` for entrance ``e``. A piece's index is its
undiscovered spot's index, so pieces are named by spot (L1..R3).

Pending sub-decisions are frames (small lists) on ``pstack``:
  [CELL, tile]                       choose a district cell for ``tile``
  [EFFECTS, tile, cell, tile_open, space_effect]   R16-R19 effect order / option
  [DISCOVER]                         R36 choose an undiscovered animal
  [BTERRAIN]                         R37 choose a bonus terrain
  [BUSE, tile]                       R37 place / store / discard the gained bonus tile
  [MOVE, points, chosen]             R39-R41 move points
  [GROUP, special, eligible, chosen, extra]   R30-R33 special move, R73 end-of-round move
"""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core.chance import Chance

UNDISC, IN_ZOO, ENT0 = -1, -2, 100
ZOO_MARK = -3  # the zoo cell of a district: never holds a tile, never "empty"
LEO = -1
CARDS, DRAFT, PLACE, ROUND, OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("cards", "draft", "placement", "end_of_round", "over")
F_CELL, F_EFFECTS, F_DISCOVER, F_BTERRAIN, F_BUSE, F_MOVE, F_GROUP = range(7)
FRAME_NAMES = ("cell", "effects", "discover", "bonus_terrain", "bonus_use", "move", "group")
CHOOSE = "choose"  # space effect of the single dark pair: the owner chooses the reward (A7)


@dataclass(frozen=True)
class Rules:
    """The resolved options as flags (shared, never copied)."""

    variability: bool
    snake_any: bool
    single_pair: bool
    forced: bool
    zero_pollen_vp: int

    @classmethod
    def from_options(cls, o: dict) -> Rules:
        return cls(o["variability_cards"] == "on", o["snake_turn"] == "any_direction_one_move",
                   o["dark_pair_mode"] == "single_pair_choose_reward",
                   o["forced_group_moves"] == "true", int(o["butterfly_zero_pollen_vp"]))


class Player:
    __slots__ = ("vp", "district", "storage", "hand", "kind", "loc", "face", "asleep", "pollen",
                 "cards", "setup_tile")

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.vp, p.hand, p.kind, p.setup_tile = self.vp, self.hand, self.kind, self.setup_tile
        p.district, p.storage = self.district[:], self.storage[:]
        p.loc, p.face, p.asleep, p.pollen = self.loc[:], self.face[:], self.asleep[:], self.pollen[:]
        p.cards = self.cards
        return p


class State:
    __slots__ = ("n", "solo", "options", "rules", "chance", "stack", "market", "leftover", "piles",
                 "removed", "supply", "slots", "draft", "phase", "first", "order", "turn", "cur",
                 "pstack", "players", "solo_deck", "solo_seen", "solo_current", "round_terrain",
                 "ply", "legal")

    def copy(self) -> State:
        s = State.__new__(State)
        s.n, s.solo, s.options, s.rules = self.n, self.solo, self.options, self.rules
        s.chance = self.chance.copy()
        s.stack, s.market, s.leftover = self.stack[:], self.market[:], self.leftover[:]
        s.piles, s.removed, s.supply = self.piles[:], self.removed[:], self.supply[:]
        s.slots, s.draft, s.phase, s.first = self.slots, self.draft, self.phase, self.first
        s.order, s.turn, s.cur = self.order[:], self.turn, self.cur
        s.pstack = [f[:2] + [f[2][:]] + f[3:] if f[0] == F_GROUP else f[:] for f in self.pstack]
        s.players = [p.copy() for p in self.players]
        s.solo_deck, s.solo_seen = self.solo_deck[:], self.solo_seen[:]
        s.solo_current, s.round_terrain, s.ply = self.solo_current, self.round_terrain, self.ply
        s.legal = self.legal
        return s


def new_player(kind: tuple, loc: list, setup_tile: int, cells: int, zoo: int) -> Player:
    p = Player.__new__(Player)
    p.vp, p.hand, p.kind, p.setup_tile = 0, -1, kind, setup_tile
    p.district, p.storage = [-1] * cells, []
    p.district[zoo] = ZOO_MARK
    p.loc, p.face = loc, [0] * len(kind)
    p.asleep, p.pollen = [0] * len(kind), [0] * len(kind)
    p.cards = None
    return p


def blank_state(n: int, options: dict, seed: int) -> State:
    s = State.__new__(State)
    s.n, s.solo, s.options, s.rules = n, n == 1, dict(options), Rules.from_options(options)
    s.chance = Chance(seed)
    s.stack, s.market, s.leftover, s.piles, s.removed = [], [], [], [], []
    s.supply, s.slots, s.draft, s.phase, s.first = [], (), 1, DRAFT, 0
    s.order, s.turn, s.cur, s.pstack, s.players = [], 0, 0, [], []
    s.solo_deck, s.solo_seen, s.solo_current, s.round_terrain, s.ply = [], [], -1, -1, 0
    s.legal = None
    return s

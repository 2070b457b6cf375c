"""Midnight Zoo state: plain, flat data declared once in ``__slots__`` (no rules here).

Locations of a piece: ``UNDISC`` (on its undiscovered spot), ``IN_ZOO`` (on the zoo holder),
a district cell ``0..24``, or ``ENT0 + e`` for entrance ``e``. A piece's index is its
undiscovered spot's index, so pieces are named by spot (L1..R3).

Pending sub-decisions are typed frozen values (``decisions.py``) on ``pending`` (top = last).
``SHARED`` lists the fields that are fixed for a game and shared by copies; every other slot is
copied by ``copy`` and encoded under its own name by ``position.position``.
"""

from __future__ import annotations

from gameshelf.core.chance import Chance

UNDISC, IN_ZOO, ENT0 = -1, -2, 100
ZOO_MARK = -3  # the zoo cell of a district: never holds a tile, never "empty"
LEO = -1
CARDS, DRAFT, PLACE, ROUND, OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("cards", "draft", "placement", "end_of_round", "over")
CHOOSE = "choose"  # space effect of the single dark pair: the owner chooses the reward (A7)


class Player:
    """One seat's components: track VP, district, storage, hand, and its nine animal pieces."""

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
    """The whole game. ``config`` (frozen options), ``n`` and ``solo`` are fixed (SHARED)."""

    __slots__ = ("n", "solo", "config", "chance", "stack", "market", "leftover", "piles",
                 "removed", "supply", "slots", "draft", "phase", "first", "order", "turn", "cur",
                 "pending", "players", "solo_deck", "solo_seen", "solo_current", "round_terrain", "ply")
    SHARED = frozenset({"n", "solo", "config"})

    def copy(self) -> State:
        s = State.__new__(State)
        s.n, s.solo, s.config = self.n, self.solo, self.config
        s.chance = self.chance.copy()
        s.stack, s.market, s.leftover = self.stack[:], self.market[:], self.leftover[:]
        s.piles, s.removed, s.supply = self.piles[:], self.removed[:], self.supply[:]
        s.slots, s.draft, s.phase, s.first = self.slots, self.draft, self.phase, self.first
        s.order, s.turn, s.cur = self.order[:], self.turn, self.cur
        s.pending = self.pending[:]  # frozen decision values: sharing them is safe
        s.players = [p.copy() for p in self.players]
        s.solo_deck, s.solo_seen = self.solo_deck[:], self.solo_seen[:]
        s.solo_current, s.round_terrain, s.ply = self.solo_current, self.round_terrain, self.ply
        return s

    @property
    def options(self) -> dict:
        """The resolved options by name (from ``config``)."""
        return dict(self.config.options)


def new_player(kind: tuple, loc: list, setup_tile: int, cells: int, zoo: int) -> Player:
    p = Player.__new__(Player)
    p.vp, p.hand, p.kind, p.setup_tile = 0, -1, kind, setup_tile
    p.district, p.storage = [-1] * cells, []
    p.district[zoo] = ZOO_MARK
    p.loc, p.face = loc, [0] * len(kind)
    p.asleep, p.pollen = [0] * len(kind), [0] * len(kind)
    p.cards = None
    return p


def blank_state(n: int, config, seed: int) -> State:
    s = State.__new__(State)
    s.n, s.solo, s.config = n, n == 1, config
    s.chance = Chance(seed)
    s.stack, s.market, s.leftover, s.piles, s.removed = [], [], [], [], []
    s.supply, s.slots, s.draft, s.phase, s.first = [], (), 1, DRAFT, 0
    s.order, s.turn, s.cur, s.pending, s.players = [], 0, 0, [], []
    s.solo_deck, s.solo_seen, s.solo_current, s.round_terrain, s.ply = [], [], -1, -1, 0
    return s

"""Mariposas state: flat lists of small ints, declared once in ``FIELDS``.

``FIELDS`` is the declaration: ``__slots__``, the copy (compiled from it, as fast as a hand-written
one), the blank shell and ``view.encode`` all follow from it, so a new field is one line here.

Butterfly markers are addressed globally as ``seat * NSLOT + marker`` (NSLOT = 10 markers per
seat, numbered 0-9; ``CAT.slot_gen[marker]`` is a marker's generation). Locations: a space index
(>= 0) or one of the off-map codes below. ``pending`` is the stack of decision frames
(decisions.py); the turn's running context (segments left, add cards, start spaces) is kept in
plain fields because it outlives the decisions of each segment.
"""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.games.mariposas.catalog import CAT

NSLOT = len(CAT.slot_gen)

SUPPLY = -1
REMOVED = -2
CARD_MAX = -10  # every location code <= CARD_MAX is a face-down goal card


def card_loc(season: int) -> int:
    """The location code of markers lying on a season's face-down goal card."""
    return -10 - season


# Score categories (the breakdown).
CATEGORIES = ("spring_goal", "summer_goal", "fall_goal", "breeding_goal", "hatch_point",
              "michoacan", "lifecycle_cards", "ability_end")
C_GOAL = (0, 1, 2)
C_BREED, C_HATCHPT, C_MICH, C_LIFE, C_ABIL = 3, 4, 5, 6, 7

# How a copy copies a field: VALUE (immutable), LIST (flat list), NESTED (list of lists), COPY (.copy()).
VALUE, LIST, NESTED, COPY = "value", "list", "nested", "copy"

FIELDS: dict[str, str] = {
    "n": VALUE,             # players
    "season": VALUE,        # 0 spring, 1 summer, 2 fall
    "turn_no": VALUE,       # turns taken this season
    "first": VALUE,         # first player of the season
    "cur": VALUE,           # seat whose turn it is
    "extra": LIST,          # seats still to take an extra fall turn (R55)
    "in_extra": VALUE,      # extra fall turns are being played
    "hands": NESTED,        # action cards per seat
    "deck": LIST,           # draw pile, top = last
    "discard": LIST,
    "played": NESTED,       # action cards played this season, per seat
    "flowers": NESTED,      # flower tokens per seat and type
    "life": LIST,           # life cycle cards per seat (bitmask over CAT.lifecycle_ids)
    "bonus": LIST,          # bonus move cards owned per seat (bitmask over CAT.bonus_ids)
    "bused": LIST,          # bonus move cards used per seat (bitmask)
    "abil": LIST,           # abilities per seat (bitmask over CAT.ability_ids)
    "pts": NESTED,          # points per seat and category (CATEGORIES)
    "loc": LIST,            # location of every marker: seat * NSLOT + marker
    "dbl": LIST,            # 1 when a generation-4 marker shows its double side
    "start": LIST,          # the current seat's marker locations when its turn began (R19)
    "collected": VALUE,     # spaces collected this turn (bitmask, R20)
    "way": LIST,            # waystation marker per city (CAT.cities order)
    "way_up": VALUE,        # face-up waystation markers (bitmask over cities)
    "goals": LIST,          # season goal card per season
    "goal_up": LIST,        # goal card face up, per season
    "gpts": LIST,           # points each season goal gave each seat: season * n + seat
    "rows": LIST,           # ability per life cycle colour row
    "pending": LIST,        # the decision stack (frozen frames, top = last)
    "seg_left": LIST,       # segments left this turn: length * 2 + (1 if adjacent collection)
    "group": VALUE,         # 0 while the action card's segments run, 1 after (R67)
    "plus2": VALUE,         # bonus_add_2 still to enlarge a segment (R66)
    "extra1": VALUE,        # bonus_add_1 adds a segment to the card about to start (R65)
    "queue": LIST,          # seats still to be asked (setup exchange, free hatch)
    "over": VALUE,
    "chance": COPY,
    "ply": VALUE,
}


def _compile_copy():
    lines = ["def copy(self):", "    s = _new(State)"]
    for name, how in FIELDS.items():
        source = {VALUE: f"self.{name}", LIST: f"self.{name}[:]",
                  NESTED: f"[x[:] for x in self.{name}]", COPY: f"self.{name}.copy()"}[how]
        lines.append(f"    s.{name} = {source}")
    lines.append("    return s")
    namespace: dict = {"_new": object.__new__}
    exec("\n".join(lines), namespace)   # the source is generated from FIELDS above, no outside input
    return namespace


class State:
    """A game in progress; see FIELDS."""

    __slots__ = tuple(FIELDS)
    SHARED: frozenset[str] = frozenset()   # no field holds fixed game data shared by copies

    def copy(self) -> State:  # replaced below by the version compiled from FIELDS
        raise NotImplementedError


_namespace = _compile_copy()
_namespace["State"] = State
State.copy = _namespace["copy"]


def blank(n: int, chance: Chance) -> State:
    """An empty state shell for n players (setup and positions fill it in)."""
    s = State.__new__(State)
    s.n = n
    s.season = s.turn_no = s.first = s.cur = s.collected = s.way_up = s.group = s.ply = 0
    s.in_extra = s.plus2 = s.extra1 = s.over = False
    s.extra, s.deck, s.discard, s.way, s.pending, s.seg_left, s.queue = [], [], [], [], [], [], []
    s.rows = [0] * CAT.abilities_in_play
    s.hands = [[] for _ in range(n)]
    s.played = [[] for _ in range(n)]
    s.flowers = [[0] * len(CAT.flower_types) for _ in range(n)]
    s.life, s.bonus, s.bused, s.abil = [0] * n, [0] * n, [0] * n, [0] * n
    s.pts = [[0] * len(CATEGORIES) for _ in range(n)]
    s.loc = [SUPPLY] * (NSLOT * n)
    s.dbl = [0] * (NSLOT * n)
    s.start = [SUPPLY] * NSLOT
    s.goals = [0] * len(CAT.seasons)
    s.goal_up = [k == 0 for k in range(len(CAT.seasons))]
    s.gpts = [0] * (len(CAT.seasons) * n)
    s.chance = chance
    return s

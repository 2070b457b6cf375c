"""Mariposas state: flat lists of small ints, with an explicit cheap copy.

Butterfly markers are addressed globally as ``seat * NSLOT + slot`` (NSLOT = 10); a slot's generation is
``CAT.slot_gen[slot]``. Locations: a space index (>= 0) or one of the off-map codes below.
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


# Pending sub-decisions.
P_PLAY, P_TARGET, P_SEGMENT, P_FLY, P_STEP, P_PICK, P_TAKE, P_ADJ, P_HATCH, P_PAY = range(10)
P_BONUS32, P_EXCHANGE, P_FREE, P_OVER = 10, 11, 12, 13
PENDING_NAMES = ("play", "reuse_target", "segment", "butterfly", "step", "pick_flower", "take_card",
                 "adjacent_flowers", "hatch", "pay", "bonus_move_3_2", "exchange", "free_hatch", "over")

# Landing stages (R17): reward, marker/flowers, adjacent collection, hatch, done.
L_REWARD, L_MARKER, L_ADJ, L_HATCH, L_DONE = range(5)

# Score categories (the breakdown).
CATEGORIES = ("spring_goal", "summer_goal", "fall_goal", "breeding_goal", "hatch_point",
              "michoacan", "lifecycle_cards", "ability_end")
C_GOAL = (0, 1, 2)
C_BREED, C_HATCHPT, C_MICH, C_LIFE, C_ABIL = 3, 4, 5, 6, 7


class State:
    __slots__ = (
        "n", "season", "turn_no", "first", "cur", "extra", "in_extra", "hands", "deck", "discard",
        "played", "flowers", "life", "bonus", "bused", "abil", "pts", "loc", "dbl", "start",
        "collected", "way", "way_up", "goals", "goal_up", "gpts", "rows", "pending", "actor", "seg_left",
        "group", "plus2", "extra1", "cur_adj", "cur_slot", "steps", "land_stage", "pay_left", "takes",
        "queue", "setup_phase", "over", "chance", "ply", "final",
    )

    def copy(self) -> State:
        s = State.__new__(State)
        s.n = self.n
        s.season = self.season
        s.turn_no = self.turn_no
        s.first = self.first
        s.cur = self.cur
        s.extra = self.extra[:]
        s.in_extra = self.in_extra
        s.hands = [h[:] for h in self.hands]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.played = [p[:] for p in self.played]
        s.flowers = [f[:] for f in self.flowers]
        s.life = self.life[:]
        s.bonus = self.bonus[:]
        s.bused = self.bused[:]
        s.abil = self.abil[:]
        s.pts = [p[:] for p in self.pts]
        s.loc = self.loc[:]
        s.dbl = self.dbl[:]
        s.start = self.start[:]
        s.collected = self.collected
        s.way = self.way[:]
        s.way_up = self.way_up
        s.goals = self.goals[:]
        s.goal_up = self.goal_up[:]
        s.gpts = self.gpts[:]
        s.rows = self.rows[:]
        s.pending = self.pending
        s.actor = self.actor
        s.seg_left = self.seg_left[:]
        s.group = self.group
        s.plus2 = self.plus2
        s.extra1 = self.extra1
        s.cur_adj = self.cur_adj
        s.cur_slot = self.cur_slot
        s.steps = self.steps
        s.land_stage = self.land_stage
        s.pay_left = self.pay_left
        s.takes = self.takes
        s.queue = self.queue[:]
        s.setup_phase = self.setup_phase
        s.over = self.over
        s.chance = self.chance.copy()
        s.ply = self.ply
        s.final = self.final
        return s


def blank(n: int, chance: Chance) -> State:
    """An empty state shell for n players (setup and decode fill it in)."""
    s = State.__new__(State)
    s.n = n
    s.season = 0
    s.turn_no = 0
    s.first = 0
    s.cur = 0
    s.extra = []
    s.in_extra = False
    s.hands = [[] for _ in range(n)]
    s.deck = []
    s.discard = []
    s.played = [[] for _ in range(n)]
    s.flowers = [[0] * 5 for _ in range(n)]
    s.life = [0] * n
    s.bonus = [0] * n
    s.bused = [0] * n
    s.abil = [0] * n
    s.pts = [[0] * len(CATEGORIES) for _ in range(n)]
    s.loc = [SUPPLY] * (NSLOT * n)
    s.dbl = [0] * (NSLOT * n)
    s.start = [SUPPLY] * NSLOT
    s.collected = 0
    s.way = []
    s.way_up = 0
    s.goals = [0, 0, 0]
    s.goal_up = [True, False, False]
    s.gpts = [0] * (3 * n)  # points each season goal gave each seat: index season * n + seat
    s.rows = [0, 0, 0]
    s.pending = P_PLAY
    s.actor = 0
    s.seg_left = []
    s.group = 0
    s.plus2 = False
    s.extra1 = False
    s.cur_adj = False
    s.cur_slot = -1
    s.steps = 0
    s.land_stage = L_DONE
    s.pay_left = 0
    s.takes = 0
    s.queue = []
    s.setup_phase = False
    s.over = False
    s.chance = chance
    s.ply = 0
    s.final = None
    return s

"""Mariposas state: flat lists of small ints, declared once (core.state.game_state).

The class annotations are the fields: ``__slots__``, ``FIELDS`` and the copy follow from them, and
:func:`blank` sets every declared field, so a new field is one annotated line here plus its value in
the blank shell (a test checks the shell sets every field).

Butterfly markers are addressed globally as ``seat * MARKERS + marker`` (MARKERS = 10 markers per
seat, numbered 0-9; ``CAT.slot_gen[marker]`` is a marker's generation). Locations: a space index
(>= 0) or one of the off-map codes below. ``pending`` is the stack of decision frames
(decisions.py); the turn's running context (segments left, add cards, start spaces) is kept in
plain fields because it outlives the decisions of each segment.
"""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.core.frames import Frame
from gameshelf.core.state import Copied, GameState, game_state
from gameshelf.games.mariposas.catalog import CAT

MARKERS = len(CAT.slot_gen)

SUPPLY = -1
REMOVED = -2
CARD_MAX = -10  # every location code <= CARD_MAX is a face-down goal card


def card_location(season: int) -> int:
    """The location code of markers lying on a season's face-down goal card."""
    return -10 - season


def card_season(location: int) -> int:
    """The season of a face-down goal card's location code (the inverse of :func:`card_location`)."""
    return -10 - location


# Score categories (the breakdown).
CATEGORIES = ("spring_goal", "summer_goal", "fall_goal", "breeding_goal", "hatch_point",
              "michoacan", "lifecycle_cards", "ability_end")
SEASON_GOAL_CATEGORIES = (0, 1, 2)
BREEDING_GOAL, HATCH_POINT, MICHOACAN, LIFECYCLE_CARDS, ABILITY_END = 3, 4, 5, 6, 7


@game_state
class State(GameState):
    """A game in progress, one field per line."""

    players: int                 # the number of seats
    season: int                  # 0 spring, 1 summer, 2 fall
    turns_taken: int             # turns taken this season
    first_player: int            # first player of the season
    turn_seat: int               # the seat whose turn it is (R3)
    extra_turns: list[int]       # seats still to take an extra fall turn (R55)
    in_extra_turns: bool         # the extra fall turns are being played
    hands: list[list[int]]       # action cards per seat
    deck: list[int]              # draw pile, top = last
    discard: list[int]
    played: list[list[int]]      # action cards played this season, per seat
    flowers: list[list[int]]     # flower tokens per seat and type
    lifecycle: list[int]         # life cycle cards per seat (bitmask over CAT.lifecycle_ids)
    bonus: list[int]             # bonus move cards owned per seat (bitmask over CAT.bonus_ids)
    bonus_used: list[int]        # bonus move cards used per seat (bitmask over CAT.bonus_ids)
    abilities: list[int]         # abilities per seat (bitmask over CAT.ability_ids)
    points: list[list[int]]      # points per seat and category (CATEGORIES)
    locations: list[int]         # location of every marker: seat * MARKERS + marker
    doubles: list[int]           # 1 when a generation-4 marker shows its double side
    start_spaces: list[int]      # the turn seat's marker locations when its turn began (R19)
    collected: int               # spaces collected this turn (bitmask over spaces, R20)
    waystations: list[int]       # waystation marker per city (CAT.cities order)
    waystations_up: int          # face-up waystation markers (bitmask over cities)
    goals: list[int]             # season goal card per season
    goals_up: list[bool]         # goal card face up, per season
    goal_points: list[int]       # points each season goal gave each seat: season * players + seat
    ability_rows: list[int]      # ability per life cycle colour row
    pending: list[Frame]         # the decision stack (frozen frames, top = last)
    segments_left: list[int]     # segments left this turn: length * 2 + (1 if adjacent collection)
    group: int                   # 0 while the action card's segments run, 1 after (R67)
    add_2_ready: bool            # bonus_add_2 still to enlarge a segment (R66)
    add_1_ready: bool            # bonus_add_1 adds a segment to the card about to start (R65)
    queue: list[int]             # seats still to be asked (setup exchange, free hatch)
    over: bool
    chance: Copied[Chance]
    ply: int


def blank(players: int, chance: Chance) -> State:
    """An empty state shell for ``players`` seats, every declared field set (setup and positions fill it in)."""
    state = State.__new__(State)
    state.players = players
    state.season = state.turns_taken = state.first_player = state.turn_seat = 0
    state.extra_turns = []
    state.in_extra_turns = False
    state.hands = [[] for _ in range(players)]
    state.deck, state.discard = [], []
    state.played = [[] for _ in range(players)]
    state.flowers = [[0] * len(CAT.flower_types) for _ in range(players)]
    state.lifecycle, state.bonus, state.bonus_used, state.abilities = ([0] * players for _ in range(4))
    state.points = [[0] * len(CATEGORIES) for _ in range(players)]
    state.locations = [SUPPLY] * (MARKERS * players)
    state.doubles = [0] * (MARKERS * players)
    state.start_spaces = [SUPPLY] * MARKERS
    state.collected = 0
    state.waystations, state.waystations_up = [], 0
    state.goals = [0] * len(CAT.seasons)
    state.goals_up = [season == 0 for season in range(len(CAT.seasons))]
    state.goal_points = [0] * (len(CAT.seasons) * players)
    state.ability_rows = [0] * CAT.abilities_in_play
    state.pending, state.segments_left, state.queue = [], [], []
    state.group = 0
    state.add_2_ready = state.add_1_ready = False
    state.over = False
    state.chance = chance
    state.ply = 0
    return state

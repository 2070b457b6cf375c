"""The Borealis game state: plain flat data with an explicit cheap copy.

``__slots__`` is the declaration; ``SHARED`` names the fixed data of a game, which copies share
(immutable: the config and tuples fixed at setup). ``encode`` (view.py) writes one key per slot,
and the conformance suite checks that every slot is copied and encoded.

Indexing (internal: tests and clients build states through position.py, never these offsets):
``sci[seat*15 + zone*3 + colour]`` counts scientists (zones 0..4 = LEFT_CAMP, LEFT, CENTER, RIGHT,
RIGHT_CAMP; colours 0..2 = YELLOW, BLUE, PINK). ``cols[seat*3 + zone-1]`` is a location's column
bottom to top (R7); ``flags[seat*3 + zone-1]`` a flag's space (R8). The deck's top is the END of
``deck``. ``pending`` is the stack of pending decisions (decisions.py), top last, empty when over.
"""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.games.borealis.options import Config

# objective status
OPEN, CLOSING, REMOVED = 0, 1, 2
OBJ_STATUS_NAMES = ("open", "closing", "removed")
END_REASONS = ("", "seven_cards", "stalemate", "max_rounds")
NOT_OVER, SEVEN_CARDS, STALEMATE, MAX_ROUNDS = range(4)


class State:
    __slots__ = ("n", "cfg", "chance", "deck", "discard", "pool", "hands", "cols", "sci", "flags",
                 "tokens", "boards", "scoring", "obj", "obj_tokens", "obj_status", "achieved",
                 "first", "round", "pending", "refresh_round", "turn_refreshed",
                 "end_triggered", "end_reason", "ply", "turns")
    SHARED = frozenset({"n", "cfg", "boards", "scoring", "obj"})

    n: int
    cfg: Config
    chance: Chance
    deck: list[int]
    discard: list[int]
    pool: list[int]
    hands: list[list[int]]
    cols: list[list[int]]
    sci: list[int]
    flags: list[int]
    tokens: list[int]
    boards: tuple[int, ...]        # board index per seat (catalog.BOARD_IDS)
    scoring: tuple[str, ...]       # the two scoring cards
    obj: tuple[str, ...]           # animal, scientist, vehicle objective ids
    obj_tokens: list[int]          # 5-star tokens left on each objective
    obj_status: list[int]          # OPEN / CLOSING / REMOVED
    achieved: list[int]            # per seat: bit i set = objective slot i achieved
    first: int                     # first player (R2)
    round: int
    pending: tuple                 # pending decisions (decisions.py), top last; () when over
    refresh_round: bool            # a refresh happened this round (refresh_limit=global_per_round)
    turn_refreshed: bool           # the active player refreshed this turn (A7)
    end_triggered: bool
    end_reason: int
    ply: int
    turns: list[int]               # turns taken per seat

    def copy(self) -> "State":
        s = State.__new__(State)
        s.n = self.n
        s.cfg = self.cfg
        s.chance = self.chance.copy()
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.pool = self.pool[:]
        s.hands = [h[:] for h in self.hands]
        s.cols = [c[:] for c in self.cols]
        s.sci = self.sci[:]
        s.flags = self.flags[:]
        s.tokens = self.tokens[:]
        s.boards = self.boards
        s.scoring = self.scoring
        s.obj = self.obj
        s.obj_tokens = self.obj_tokens[:]
        s.obj_status = self.obj_status[:]
        s.achieved = self.achieved[:]
        s.first = self.first
        s.round = self.round
        s.pending = self.pending          # a tuple of frozen values: shared safely
        s.refresh_round = self.refresh_round
        s.turn_refreshed = self.turn_refreshed
        s.end_triggered = self.end_triggered
        s.end_reason = self.end_reason
        s.ply = self.ply
        s.turns = self.turns[:]
        return s

    # small read helpers (no rule logic)
    @property
    def seat(self) -> int:
        """The seat deciding now (the active player), -1 once the game is over."""
        return self.pending[-1].seat if self.pending else -1

    def column(self, seat: int, zone: int) -> list[int]:
        return self.cols[seat * 3 + zone - 1]

    def scientists(self, seat: int, zone: int) -> list[int]:
        base = seat * 15 + zone * 3
        return self.sci[base:base + 3]

    def flag(self, seat: int, zone: int) -> int:
        return self.flags[seat * 3 + zone - 1]

"""The Borealis game state, declared once (core.state): the annotations below are its fields.

Fields marked ``Shared`` are fixed for the game (the config and the tuples chosen at setup): copies
share them. Everything else is copied; the hash is taken over ``position.position``, which writes
every field but ``board_memo`` (the bots' heuristic cache, see BoardMemo).

Indexing (internal: tests and clients build states through position.py, never these offsets):
``scientists[seat*15 + zone*3 + colour]`` counts scientists (zones 0..4 = LEFT_CAMP, LEFT, CENTER,
RIGHT, RIGHT_CAMP; colours 0..2 = YELLOW, BLUE, PINK). ``columns[seat*3 + zone-1]`` is a
location's column bottom to top (R7); ``flags[seat*3 + zone-1]`` a flag's space (R8). The deck's
top is the END of ``deck``. ``pending`` is the stack of decision frames (decisions.py), top last,
empty once the game is over.
"""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.core.frames import Frame
from gameshelf.core.state import Copied, GameState, Shared, game_state
from gameshelf.games.borealis.options import Config

# (tokens, weight, (value, camp scientists, playable bits)): heuristics.estimate's board part as last
# computed, valid while the seat's board is unchanged; observe and regroup_to (the only rules that
# change a board) set it to None. Not game data: position() leaves it out, every builder starts it
# empty.
BoardMemo = tuple[int, float, tuple[float, int, int]]

# objective status
OPEN, CLOSING, REMOVED = 0, 1, 2
OBJECTIVE_STATUS_NAMES = ("open", "closing", "removed")
END_REASONS = ("", "seven_cards", "stalemate", "max_rounds")
NOT_OVER, SEVEN_CARDS, STALEMATE, MAX_ROUNDS = range(4)


@game_state
class State(GameState):
    """Everything about one game of Borealis, hidden parts included."""

    players: Shared[int]                 # the number of seats
    config: Shared[Config]
    chance: Copied[Chance]
    deck: list[int]                      # bottom to top (the top is the last card)
    discard: list[int]
    pool: list[int]
    hands: list[list[int]]
    columns: list[list[int]]             # per seat and location, bottom to top (R7)
    scientists: list[int]                # per seat, zone and colour
    flags: list[int]                     # per seat and location, the flag's space (R8)
    tokens: list[int]                    # per seat, the token total in stars (R30)
    boards: Shared[tuple[int, ...]]      # board index per seat (catalog.BOARD_IDS)
    scoring_cards: Shared[tuple[str, ...]]   # the two scoring cards in play
    objectives: Shared[tuple[str, ...]]  # animal, scientist, vehicle objective ids
    objective_tokens: list[int]          # 5-star tokens left on each objective
    objective_status: list[int]          # OPEN / CLOSING / REMOVED
    achieved: list[int]                  # per seat: bit i set = objective slot i achieved
    first_player: int                    # R2
    round: int
    pending: tuple[Frame, ...]           # decision frames (decisions.py), top last; () when over
    refresh_used_this_round: bool        # a refresh happened this round (refresh_limit=global_per_round)
    refreshed_this_turn: bool            # the active player refreshed this turn (A7)
    end_triggered: bool
    end_reason: int                      # an index into END_REASONS
    ply: int
    turns: list[int]                     # turns taken per seat
    board_memo: list[BoardMemo | None]   # per seat: the heuristic's last board value; None once stale

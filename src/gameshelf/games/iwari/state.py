"""Iwari mutable state: flat lists of ints, cheap to copy (no rule logic here).

The class annotations are the fields (core.state.game_state writes ``__slots__`` and ``copy``
from them): ``Shared`` fields are fixed for the game and shared by copies; lists are copied;
ints, tuples and the frozen decision frames on ``pending`` are immutable and shared. The chance
stream is shared too, copy-on-write: the rules never draw from ``chance`` in place, they draw from
a copy and store it (rules_draw.py), so a copy of the state needs none of its own.

Indices: tribes 0..players-1 are the seats, tribe ``players`` is the 2-player third tribe (R39).
Cards are biome indices (cards of one biome are identical, 2.2): hands, display and discard pile
are counts per biome; the deck is an ordered list whose END is the top card. Board counts are flat:
``tents[tribe * T + t]`` for T territories (derived from ``owner`` and kept in step by the rules).
"""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.core.frames import Frame
from gameshelf.core.state import GameState, Shared, game_state
from gameshelf.games.iwari.catalog import MapData
from gameshelf.games.iwari.options import Config


@game_state
class State(GameState):
    """One game of Iwari (see the module docstring for the index conventions)."""

    # fixed for the game
    map: Shared[MapData]
    config: Shared[Config]
    players: Shared[int]
    tribes: Shared[int]                     # players, plus the third tribe with 2 players (R39)
    blocked: Shared[tuple[bool, ...]]       # per alliance line: a mountain blocks it (setup step 3)
    adjacency: Shared[tuple[tuple[int, ...], ...]]  # road neighbours of every tent space
    expeditions: Shared[tuple[int, ...]]    # the face-up expedition cards (R60)
    first_player: Shared[int]
    # cards
    chance: Chance                          # copy-on-write (see above)
    deck: list[int]
    discard: list[int]
    display: list[int]
    hands: list[int]                        # flat: seat * biomes + biome
    exhaustions: int
    # board (tents/totems are flat: tribe * territories + territory)
    owner: list[int]                        # per tent space: its tribe, or -1
    tents: list[int]
    totems: list[int]
    filled: list[int]                       # per territory: tents on it
    totem_stacks: list[int]                 # per territory: totems on it, K(T) (R23)
    supply_tents: list[int]
    settled: tuple[bool, ...]               # per tribe: a settlement (R49) is on the board (derived:
                                            # tents never leave, so once true it stays; apply_tent
                                            # judges only the group of the tent it places)
    supply_totems: list[int]
    territory_feats: list[int]              # per territory: feat tokens on it
    line_feats: list[int]                   # per alliance line: feat tokens on it
    feats_earned: list[tuple[int, ...]]     # per feat: the seats that earned it, in order
    expeditions_scored: list[tuple[int, ...]]  # per face-up card: the seats that scored it
    # balance bookkeeping: placed feat tokens as (feat, territory or line index) in placement
    # order, and per feat the interim bonus each tribe got from its tokens (feat * tribes + tribe)
    feat_tokens: tuple[tuple[int, int], ...]
    feat_interim: tuple[int, ...]
    # scores
    scores: list[int]
    interim: list[int]
    expedition_points: list[int]
    final: tuple[dict[str, int], ...] | None
    end_reason: str | None
    # turn: the seat whose turn it is, actions applied, the decision stack (decisions.py)
    current: int
    ply: int
    pending: list[Frame]
    # derived, for the bot heuristic only (heuristics.py), None until asked for: per territory
    # the majority terms, the line terms, and per tribe the heuristic's value (its estimate minus
    # the best other's). The rules keep them in step: a tent or territory feat token updates its
    # territory's terms, totems and line feat tokens reset the line terms, and any of those or the
    # scores, exhaustions or the end reset the values. Immutable, so copies share them.
    area_terms: tuple[tuple[tuple[int, int], ...], ...] | None
    line_terms: tuple[tuple[int, float], ...] | None
    margins: tuple[float, ...] | None

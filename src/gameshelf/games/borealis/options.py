"""Borealis options (reference 2.10; R40, R41, A7, A8, A11, A12, A32): the schema, the one frozen
``Config`` the rules read, and the configurations the conformance suite plays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from gameshelf.core.errors import BadOption
from gameshelf.core.options import Option, OptionSchema

MAX_ROUNDS_CHOICES = ("10", "20", "30", "50", "100", "200", "none")
MAX_ROUNDS_LIMIT = 10000


def without_player_count(players: int, options: Mapping[str, object] | None) -> dict[str, object]:
    """Section 2.10 lists ``player_count`` among the options: when given it must agree with the
    game's player count; the other options are returned."""
    rest = dict(options or {})
    if "player_count" in rest:
        raw = rest.pop("player_count")
        if str(raw).strip() != str(players):
            raise BadOption(f"option 'player_count' is {raw!r} but the game has {players} players", rule="R1")
    return rest


setup_options = without_player_count  # the hook of Game.setup_options (core.assembly)


SCHEMA = OptionSchema((
    Option("board_side", ("I", "II"), "I", "board side: I symmetric, II one pattern per board", "R40"),
    Option("first_player", ("random", "chosen"), "random",
           "random first player, or chosen: the players seated themselves so the first seat (seat 0) starts", "R41"),
    Option("refresh_limit", ("per_turn", "global_per_round"), "per_turn",
           "pool refresh once per player turn, or once per round for all players together", "A7"),
    Option("territorial_empty_location_scores", ("off", "on"), "off",
           "Territorial Animals also scores empty locations", "A12"),
    Option("common_destination_counts_start_space", ("on", "off"), "on",
           "flags on the start space count as a line for Common Destination", "A11"),
    Option("refresh_then_deck_allowed", ("off", "on"), "off",
           "after a refresh the deck top may be taken instead of a pool card", "A8"),
    Option("max_rounds", MAX_ROUNDS_CHOICES, "100",
           "engine safety cap: the game ends after this round (none: no cap)", "A32",
           integers=(1, MAX_ROUNDS_LIMIT)),
))


@dataclass(frozen=True, slots=True)
class Config:
    """Resolved options as typed values; shared (never copied) between states."""

    board_side: str = "I"
    first_player: str = "random"
    refresh_global: bool = False
    territorial_empty: bool = False
    common_start: bool = True
    refresh_then_deck: bool = False
    max_rounds: int = 100          # 0 = no cap

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> "Config":
        """The config of resolved options (missing names take their defaults)."""
        full = SCHEMA.resolve(options)
        cap = full["max_rounds"]
        return cls(
            board_side=full["board_side"],
            first_player=full["first_player"],
            refresh_global=full["refresh_limit"] == "global_per_round",
            territorial_empty=full["territorial_empty_location_scores"] == "on",
            common_start=full["common_destination_counts_start_space"] == "on",
            refresh_then_deck=full["refresh_then_deck_allowed"] == "on",
            max_rounds=0 if cap == "none" else int(cap),
        )

    def to_options(self) -> dict[str, str]:
        return {
            "board_side": self.board_side,
            "first_player": self.first_player,
            "refresh_limit": "global_per_round" if self.refresh_global else "per_turn",
            "territorial_empty_location_scores": "on" if self.territorial_empty else "off",
            "common_destination_counts_start_space": "on" if self.common_start else "off",
            "refresh_then_deck_allowed": "on" if self.refresh_then_deck else "off",
            "max_rounds": str(self.max_rounds) if self.max_rounds else "none",
        }


# (players, options) the conformance suite plays: every count, both board sides, and the option
# combinations the reference names (A7, A8, A11, A12, A32)
CONFORMANCE: tuple[tuple[int, dict[str, str]], ...] = (
    *((n, {}) for n in (2, 3, 4)),
    *((n, {"board_side": "II"}) for n in (2, 3, 4)),
    (2, {"first_player": "chosen", "refresh_limit": "global_per_round"}),
    (3, {"refresh_then_deck_allowed": "on", "territorial_empty_location_scores": "on"}),
    (4, {"common_destination_counts_start_space": "off", "max_rounds": "10"}),
    (4, {"refresh_limit": "global_per_round", "refresh_then_deck_allowed": "on",
         "max_rounds": "none", "board_side": "II"}),
)

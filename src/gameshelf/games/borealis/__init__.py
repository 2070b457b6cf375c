"""Borealis: Arctic Expeditions (game id ``borealis``), rules reference shared/rules/borealis.md."""

from __future__ import annotations

from typing import Any, Mapping

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.core.game import Event, Game, GameInfo, Outcome
from gameshelf.games.borealis import actions as A
from gameshelf.games.borealis import catalog, heuristics, rules, scoring, view as V
from gameshelf.games.borealis.invariants import check_invariants
from gameshelf.games.borealis.labels import action_label
from gameshelf.games.borealis.options import SCHEMA, Config, without_player_count
from gameshelf.games.borealis.state import OVER, State


class BorealisGame(Game[State]):
    info = GameInfo(
        id="borealis",
        titles={"en": "Borealis: Arctic Expeditions", "ja": "ボレアリス：北極探検"},
        player_counts=(2, 3, 4),
        options=SCHEMA,
        rules_version="1",
        summary={"en": "Observe arctic animals with your scientists, advance flags, score sets.",
                 "ja": "科学者を動かして北極の動物を観察し、旗を進め、セットで得点する。"},
    )
    messages = catalog.MESSAGES
    terms = catalog.TERMS

    def setup(self, players: int, options: Mapping[str, object] | None = None, seed: int = 0) -> State:
        """Section 2.10 also lists ``player_count``: when given it must match ``players``."""
        return super().setup(players, without_player_count(players, options), seed)

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return rules.new_state(players, Config.from_options(options), seed)

    def to_act(self, state: State) -> int | None:
        return None if state.phase == OVER else state.seat

    def legal_actions(self, state: State) -> list:
        return rules.legal_actions(state)

    def apply(self, state: State, action) -> list[Event]:
        return rules.apply(state, action)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state) if state.phase == OVER else None

    def why_illegal(self, state: State, action) -> IllegalAction:
        message, rule = rules.why_illegal(state, action)
        return IllegalAction(message, rule=rule)

    def num_players(self, state) -> int:
        return state.n

    def seat_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return V.view(state, seat)

    def determinize(self, view: dict[str, Any], chance: Chance) -> State:
        return V.determinize(view, chance)

    def copy(self, state: State) -> State:
        return state.copy()

    def encode(self, state: State) -> dict[str, Any]:
        return V.encode(state)

    def parse_action(self, text: str):
        return A.parse_action(text)

    def action_label(self, action, lang: str = "en") -> str:
        return action_label(self, action, lang)

    def heuristic(self, state: State, seat: int) -> float:
        return heuristics.heuristic(state, seat)

    def check_invariants(self, state: State) -> None:
        check_invariants(state)

    def conformance_configs(self) -> list[tuple[int, dict[str, str]]]:
        configs: list[tuple[int, dict[str, str]]] = [(n, {}) for n in self.info.player_counts]
        configs += [(n, {"board_side": "II"}) for n in self.info.player_counts]
        configs += [
            (2, {"first_player": "chosen", "refresh_limit": "global_per_round"}),
            (3, {"refresh_then_deck_allowed": "on", "territorial_empty_location_scores": "on"}),
            (4, {"common_destination_counts_start_space": "off", "max_rounds": "10"}),
            (4, {"refresh_limit": "global_per_round", "refresh_then_deck_allowed": "on",
                 "max_rounds": "none", "board_side": "II"}),
        ]
        return configs


GAME = BorealisGame()

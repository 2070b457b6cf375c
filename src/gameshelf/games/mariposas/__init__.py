"""Mariposas (Elizabeth Hargrave, AEG 2020): the rules engine on the gameshelf protocol."""

from __future__ import annotations

from typing import Any, Mapping

from gameshelf.core.chance import Chance
from gameshelf.core.data import load_yaml
from gameshelf.core.game import Game, GameInfo, Outcome
from gameshelf.games.mariposas import heuristics, invariants, rules, view as views
from gameshelf.games.mariposas.actions import parse_action
from gameshelf.games.mariposas.catalog import DATA
from gameshelf.games.mariposas.labels import label
from gameshelf.games.mariposas.options import SCHEMA
from gameshelf.games.mariposas.rules_season import setup
from gameshelf.games.mariposas.state import State


class MariposasGame(Game[State]):
    info = GameInfo(
        id="mariposas",
        titles={"en": "Mariposas", "ja": "マリポーサ"},
        player_counts=(2, 3, 4, 5),
        options=SCHEMA,
        rules_version="1",
        summary={"en": "Guide four generations of monarch butterflies from Michoacán and back.",
                 "ja": "4世代のオオカバマダラをミチョアカンから北へ導き、また戻す。"},
    )
    messages = load_yaml(DATA / "messages.yaml")
    terms = load_yaml(DATA / "terms.yaml")

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return setup(players, seed)[0]

    def to_act(self, state: State) -> int | None:
        return None if state.over else state.actor

    def legal_actions(self, state: State) -> list:
        return rules.legal_actions(state)

    def apply(self, state: State, action) -> list:
        return rules.apply(state, action)

    def is_over(self, state: State) -> bool:
        return state.over

    def outcome(self, state: State) -> Outcome | None:
        return state.final if state.over else None

    def why_illegal(self, state: State, action):
        return rules.why_illegal(state, action)

    def num_players(self, state) -> int:
        return state.n

    def seat_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def determinize(self, view: dict[str, Any], chance: Chance) -> State:
        return views.determinize(view, chance)

    def copy(self, state: State) -> State:
        return state.copy()

    def encode(self, state: State) -> dict[str, Any]:
        return views.encode(state)

    def parse_action(self, text: str):
        return parse_action(text)

    def action_label(self, action, lang: str = "en") -> str:
        return label(self, action, lang)

    def heuristic(self, state: State, seat: int) -> float:
        return heuristics.heuristic(state, seat)

    def check_invariants(self, state: State) -> None:
        invariants.check(state)


GAME = MariposasGame()

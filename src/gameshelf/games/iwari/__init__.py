"""Iwari (ThunderGryph Games, 2020; Michael Schacht): rules engine for 2-5 players.

Reference: shared/rules/iwari.md (R1-R80, rulings A1-A33).
"""

from __future__ import annotations

from typing import Any, Mapping

from gameshelf.core.chance import Chance
from gameshelf.core.data import load_yaml
from gameshelf.core.errors import IllegalAction
from gameshelf.core.game import Event, Game, GameInfo, Outcome
from gameshelf.games.iwari import actions, heuristics, rules, rules_why, scoring, view
from gameshelf.games.iwari.catalog import BIOMES, DATA, MAPS
from gameshelf.games.iwari.labels import action_label
from gameshelf.games.iwari.options import SCHEMA
from gameshelf.games.iwari.state import OVER, State
from gameshelf.games.iwari.checks import check_invariants


def _terms() -> dict:
    """terms.yaml plus one name per territory of every map (e.g. "N01 tundra")."""
    terms = dict(load_yaml(DATA / "terms.yaml"))
    for m in MAPS.values():
        for t in m.territories:
            biome = terms[BIOMES[t.biome].id]
            terms.setdefault(t.id, {lang: f"{t.id} ({name})" for lang, name in biome.items()})
    return terms


class IwariGame(Game[State]):
    info = GameInfo(
        id="iwari",
        titles={"en": "Iwari", "ja": "イワリ"},
        player_counts=(2, 3, 4, 5),
        options=SCHEMA,
        rules_version="2",
        summary={"en": "Place tents and totems on a map of biomes; win majorities, settlements and alliances.",
                 "ja": "バイオームの地図にテントとトーテムを置き、過半数・集落・同盟で得点する。"},
    )
    messages = load_yaml(DATA / "messages.yaml")
    terms = _terms()

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return rules.new_state(players, options, seed)

    def to_act(self, state: State) -> int | None:
        return rules.to_act(state)

    def legal_actions(self, state: State) -> list:
        return rules.legal_actions(state)

    def apply(self, state: State, action) -> list[Event]:
        return rules.apply(state, action)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state) if state.phase == OVER else None

    def why_illegal(self, state: State, action) -> IllegalAction:
        return rules_why.why_illegal(state, action)

    def num_players(self, state) -> int:
        return state.players

    def seat_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def determinize(self, v: dict[str, Any], chance: Chance) -> State:
        return view.determinize(v, chance)

    def copy(self, state: State) -> State:
        return state.copy()

    def encode(self, state: State) -> dict[str, Any]:
        return view.encode(state)

    def parse_action(self, text: str):
        return actions.parse_action(text)

    def action_label(self, action, lang: str = "en") -> str:
        return action_label(self, action, lang)

    def heuristic(self, state: State, seat: int) -> float:
        return heuristics.heuristic(state, seat)

    def check_invariants(self, state: State) -> None:
        check_invariants(state)

    def conformance_configs(self) -> list[tuple[int, dict[str, str]]]:
        return [
            (2, {}), (3, {}), (4, {}), (5, {}),
            (3, {"map": "B"}), (5, {"map": "B"}),
            (2, {"map": "floating_continent"}), (4, {"map": "floating_continent"}),
            (3, {"map": "ice_land"}), (5, {"map": "ice_land"}),
            (2, {"map": "long_road"}), (4, {"map": "long_road"}),
            (3, {"initial_hand": "guaranteed_wild"}), (2, {"initial_hand": "draft"}),
            (5, {"initial_hand": "draft"}),
            (4, {"feats": "off"}), (2, {"feats": "off"}),
            (3, {"expeditions": "on"}), (2, {"expeditions": "on", "map": "B"}),
            (2, {"third_tribe_ends_game": "on"}),
        ]


GAME = IwariGame()

"""Midnight Zoo (Albi): draft tiles, build your district, lead escaped animals to the zoo."""

from __future__ import annotations

from gameshelf.core.chance import Chance
from gameshelf.core.data import load_yaml
from gameshelf.core.game import Game, GameInfo

from . import rules, scoring, view as view_mod
from .actions import parse_action as _parse_action
from .catalog import CAT, DATA
from .heuristics import heuristic as _heuristic
from .labels import action_label as _label
from .options import SCHEMA
from .state import ENT0, F_CELL, F_BUSE, IN_ZOO, OVER, UNDISC, ZOO_MARK, State


class MidnightZooGame(Game):
    info = GameInfo(
        id="midnight_zoo",
        titles={"en": "Midnight Zoo", "ja": "真夜中の動物園"},
        player_counts=(1, 2, 3, 4),
        options=SCHEMA,
        rules_version="reference-2",  # A9 revised 2026-12-01 (issue 18)
        summary={"en": "Draft tiles into your district and guide escaped animals to the zoo.",
                 "ja": "タイルをドラフトして地区を作り、逃げた動物を動物園へ導く。"},
    )
    messages = load_yaml(DATA / "messages.yaml")
    terms = load_yaml(DATA / "terms.yaml")

    def new_state(self, players, options, seed):
        return rules.new_state(players, dict(options), seed)

    def to_act(self, state):
        return rules.to_act(state)

    def legal_actions(self, state):
        return rules.legal_actions(state)

    def apply(self, state, action):
        return rules.apply(state, action)

    def is_over(self, state):
        return state.phase == OVER

    def outcome(self, state):
        return scoring.outcome(state) if state.phase == OVER else None

    def why_illegal(self, state, action):
        return rules.why_illegal(state, action)

    def num_players(self, state) -> int:
        return len(state.players)

    def seat_view(self, state, seat):
        return view_mod.view(state, seat)

    def determinize(self, view, chance: Chance):
        return view_mod.determinize(view, chance)

    def copy(self, state: State):
        return state.copy()

    def encode(self, state):
        return view_mod.encode(state)

    def parse_action(self, text):
        return _parse_action(text)

    def action_label(self, action, lang="en"):
        return _label(self, action, lang)

    def heuristic(self, state, seat):
        return _heuristic(state, seat)

    def conformance_configs(self):
        configs = []
        for n in (1, 2, 3, 4):
            configs.append((n, {}))
            configs.append((n, {"variability_cards": "on"}))
        configs += [
            (2, {"snake_turn": "any_direction_one_move"}),
            (2, {"dark_pair_mode": "single_pair_choose_reward"}),
            (3, {"dark_pair_mode": "single_pair_choose_reward", "variability_cards": "on"}),
            (2, {"forced_group_moves": "false"}),
            (1, {"forced_group_moves": "false", "butterfly_zero_pollen_vp": "1"}),
            (4, {"snake_turn": "any_direction_one_move", "variability_cards": "on",
                 "forced_group_moves": "false", "butterfly_zero_pollen_vp": "5"}),
        ]
        return configs

    def check_invariants(self, state):
        check_invariants(state)


def check_invariants(st: State) -> None:
    """Tile conservation (2.1), bonus conservation, storage limit (R26), pieces (setup 4)."""
    tiles = list(st.stack) + [t for t in st.market if t >= 0] + st.leftover + st.removed
    for p in st.piles:
        tiles += p
    bonus = [0] * len(CAT.terrains)
    for f in st.pstack:
        if f[0] in (F_CELL, F_BUSE):  # a tile in hand, being placed
            if f[1] < CAT.n_action:
                tiles.append(f[1])
            else:
                bonus[f[1] - CAT.bonus0] += 1
    for pl in st.players:
        assert len(pl.storage) <= CAT.storage_capacity, "storage over capacity"
        assert pl.district[CAT.zoo] == ZOO_MARK, "a tile on the zoo space"
        if pl.hand >= 0:
            tiles.append(pl.hand)
        for t in pl.district + pl.storage:
            if 0 <= t < CAT.n_action:
                tiles.append(t)
            elif t >= CAT.bonus0:
                bonus[t - CAT.bonus0] += 1
        assert len(pl.loc) == 3 * CAT.pieces_per_type
        for k, loc in enumerate(pl.loc):
            assert loc in (UNDISC, IN_ZOO) or 0 <= loc < CAT.cells or ENT0 <= loc < ENT0 + 9
            assert loc != CAT.zoo, "an animal standing on the zoo space"
            assert 0 <= pl.pollen[k] <= CAT.max_pollen
            if 0 <= loc < CAT.cells:
                assert pl.district[loc] >= 0, "an animal on a space without a tile"
    assert sorted(tiles) == list(range(CAT.n_action)), "action tiles not conserved"
    for i, n in enumerate(st.supply):
        assert n >= 0 and n + bonus[i] == CAT.bonus_count[i], "bonus tiles not conserved"
    assert len(st.leftover) <= CAT.leftover_spaces


GAME = MidnightZooGame()

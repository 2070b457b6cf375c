"""Tiny games for testing bots: Nim (perfect information) and the toy game with a heuristic."""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core import BadNotation, Game, IllegalAction, Outcome
from gameshelf.core.game import GameInfo
from gameshelf.core.options import Option, OptionSchema
from tests.core.toygame import ToyGame


@dataclass(frozen=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


class NimState:
    __slots__ = ("sticks", "turn", "winner")

    def __init__(self, sticks: int, turn: int = 0, winner: int | None = None) -> None:
        self.sticks, self.turn, self.winner = sticks, turn, winner


class NimGame(Game[NimState]):
    info = GameInfo(id="nim", titles={"en": "Nim"}, player_counts=(2,),
                    options=OptionSchema((Option("sticks", ("5", "9", "21"), "21"),)), rules_version="1")

    def new_state(self, players, options, seed):
        return NimState(int(options["sticks"]))

    def to_act(self, state):
        return None if state.winner is not None else state.turn % 2

    def legal_actions(self, state):
        return [] if state.winner is not None else [Take(n) for n in (1, 2, 3) if n <= state.sticks]

    def apply(self, state, action):
        state.sticks -= action.n
        if state.sticks == 0:
            state.winner = state.turn % 2
        state.turn += 1
        return []

    def is_over(self, state):
        return state.winner is not None

    def outcome(self, state):
        if state.winner is None:
            return None
        ranks = tuple(1 if seat == state.winner else 2 for seat in range(2))
        return Outcome(tuple(int(r == 1) for r in ranks), ranks, tuple({"win": int(r == 1)} for r in ranks))

    def why_illegal(self, state, action):
        return IllegalAction("take 1 to 3 sticks", rule="N1")

    def num_players(self, state) -> int:
        return 2

    def seat_view(self, state, seat):
        return {"sticks": state.sticks, "turn": state.turn, "winner": state.winner}

    def determinize(self, view, chance):
        return NimState(view["sticks"], view["turn"], view["winner"])

    def copy(self, state):
        return NimState(state.sticks, state.turn, state.winner)

    def position(self, state):
        return self.view(state, None)

    def parse_action(self, text):
        word, _, n = str(text).partition(" ")
        if word != "take" or n not in ("1", "2", "3"):
            raise BadNotation(f"expected 'take 1' to 'take 3', not {text!r}"[:80])
        return Take(int(n))


GAME = NimGame()


class ScoredToy(ToyGame):
    """The core toy game (hidden hands, chance) with a heuristic: score minus the best other."""

    def heuristic(self, state, seat):
        return state.scores[seat] - max(s for other, s in enumerate(state.scores) if other != seat)


SCORED_TOY = ScoredToy()

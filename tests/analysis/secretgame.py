"""The scored toy game with a secret: every seat but 0 holds a hidden bonus (the seed mod 5) that
counts at the end. The deal does not depend on the seed, so records of different seeds may hold the
same actions and differ only in what seat 0 never sees until the game is over."""

from __future__ import annotations

from gameshelf.core import Outcome, rank_players
from tests.agents.testgames import ScoredToy


class SecretToy(ScoredToy):
    def new_state(self, players, options, seed):
        state = super().new_state(players, options, 0)
        state.secret = [0] + [seed % 5] * (players - 1)
        return state

    def _totals(self, state):
        return [score + bonus for score, bonus in zip(state.scores, state.secret)]

    def outcome(self, state):
        if not self.is_over(state):
            return None
        totals = self._totals(state)
        breakdown = tuple({"cards": s, "secret": b} for s, b in zip(state.scores, state.secret))
        return Outcome(tuple(totals), rank_players([(t,) for t in totals]), breakdown)

    def heuristic(self, state, seat):
        totals = self._totals(state)
        return totals[seat] - max(t for other, t in enumerate(totals) if other != seat)

    def seat_view(self, state, seat):
        view = super().seat_view(state, seat)
        over = self.is_over(state)
        view["secret"] = [b if over or other == seat else None for other, b in enumerate(state.secret)]
        return view

    def determinize(self, view, chance):
        state = super().determinize(view, chance)
        state.secret = [b if b is not None else chance.below(5) for b in view["secret"]]
        return state

    def copy(self, state):
        twin = super().copy(state)
        twin.secret = list(state.secret)
        return twin

    def position(self, state):
        return {**super().position(state), "secret": state.secret}


GAME = SecretToy()

"""A heuristic for bots: my points minus the best other player's."""


def heuristic(state, seat: int) -> float:
    others = [s for other, s in enumerate(state.scores) if other != seat]
    return float(state.scores[seat] - max(others))

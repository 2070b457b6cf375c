"""A fast evaluation for bots: the seat's final score if the game ended now, plus progress of
animals towards the zoo, minus the best opponent's same estimate."""

from __future__ import annotations

from .catalog import CAT
from .scoring import discovered_vp, food_vp, zoo_vp
from .state import ENT0, UNDISC

ZR, ZC = divmod(CAT.zoo, CAT.cols)
# Manhattan distance of each cell to the zoo; entrances one step further than their cell
DIST = tuple(abs(c // CAT.cols - ZR) + abs(c % CAT.cols - ZC) for c in range(CAT.cells))
ENT_DIST = tuple(DIST[c] + 1 for c in CAT.ent_cell)
VALUE = tuple(float(a.scoring[1]) if a.scoring[0] == "per_animal" else 8.0 for a in CAT.animals)


def estimate(st, pl) -> float:
    score = pl.vp + zoo_vp(pl, st.rules.zero_pollen_vp) + discovered_vp(pl) + food_vp(pl)
    progress = 0.0
    for k, loc in enumerate(pl.loc):
        if loc == UNDISC or loc < 0:
            continue
        d = ENT_DIST[loc - ENT0] if loc >= ENT0 else DIST[loc]
        progress += VALUE[pl.kind[k]] / (1.0 + d)
    return score + 0.6 * progress + 0.5 * len(pl.storage)


def heuristic(st, seat: int) -> float:
    mine = estimate(st, st.players[seat])
    if st.n == 1:
        return mine
    return mine - max(estimate(st, p) for i, p in enumerate(st.players) if i != seat)

"""Feats (R47-R59) and expedition missions (R60-R64), judged for the active player's tribe on
the board at the end of its own Place action."""

from __future__ import annotations

from gameshelf.games.iwari.actions import action_table
from gameshelf.games.iwari.catalog import EXPEDITIONS, FEATS, MISSION_KINDS, TENTS
from gameshelf.games.iwari.scoring import qualifies, settlements
from gameshelf.games.iwari.state import State


def earned_feats(s: State, seat: int) -> tuple[int, ...]:
    """Feat indices ``seat`` earns now, in resolution order (R48-R53, R59)."""
    out = []
    for f in FEATS:
        taken = s.feat_earned[f.index]
        if seat in taken or len(taken) >= f.tokens:
            continue
        if feat_targets(s, seat, f.index):
            out.append(f.index)
    return tuple(out)


def feat_targets(s: State, seat: int, feat: int) -> list[int]:
    """Territory indices (territory feats) or line indices (line feats) a token may go on."""
    f = FEATS[feat]
    if f.id == "discovery":  # R51: earned by filling a territory; token anywhere else
        if s.p_filled < 0:
            return []
        return [t for t in range(len(s.map.territories)) if t != s.p_filled]
    if f.id == "unity":  # R50: any territory holding a tent of one of the settlements
        terr = s.map.space_terr
        return sorted({terr[sp] for g in settlements(s, seat) for sp in g})
    return [ln.index for ln in s.map.lines  # R52, R53
            if ln.kind == f.line_kind and not s.blocked[ln.index] and qualifies(s, seat, ln.a, ln.b)]


def feat_choices(s: State) -> list:
    feat = s.feat_queue[0]
    f = FEATS[feat]
    table = action_table(s.map.id)
    pool = table.feat_terr[f.id] if f.goes_on == "territory" else table.feat_line[f.id]
    return [pool[i] for i in feat_targets(s, s.current, feat)] + [table.decline[f.id]]


# ---- expedition missions (RECONSTRUCTED cards, 2.7) --------------------------------------------

def _own(s: State, tribe: int, flat: list[int]) -> list[int]:
    T = len(s.map.territories)
    return flat[tribe * T:(tribe + 1) * T]


def _tent_territories(s, p, card):
    return sum(1 for n in _own(s, p, s.tents) if n) >= card.min


def _tent_biomes(s, p, card):
    terrs = s.map.territories
    return len({terrs[t].biome for t, n in enumerate(_own(s, p, s.tents)) if n}) >= card.min


def _tents_in_one(s, p, card):
    return max(_own(s, p, s.tents)) >= card.min


def _settlement_size(s, p, card):
    return any(len(g) >= card.min for g in settlements(s, p))


def _settlement_territories(s, p, card):
    terr = s.map.space_terr
    return any(len({terr[sp] for sp in g}) >= card.min for g in settlements(s, p))


def _totem_territories(s, p, card):
    return sum(1 for n in _own(s, p, s.totems) if n) >= card.min


def _totems_in_one(s, p, card):
    return max(_own(s, p, s.totems)) >= card.min


def _line_pact(s, p, card):
    return sum(1 for ln in s.map.lines if ln.kind == card.kind and not s.blocked[ln.index]
               and qualifies(s, p, ln.a, ln.b)) >= card.min


def _settlements(s, p, card):
    return len(settlements(s, p)) >= card.min


def _lead_territories(s, p, card):
    T = len(s.map.territories)
    own = _own(s, p, s.tents)
    return sum(1 for t in range(T) if own[t] and own[t] == max(s.tents[t::T])) >= card.min


def _tents_on_board(s, p, card):
    return TENTS - s.supply_tents[p] >= card.min


MISSIONS = {
    "tent_territories": _tent_territories, "tent_biomes": _tent_biomes,
    "tents_in_one_territory": _tents_in_one, "settlement_size": _settlement_size,
    "settlement_territories": _settlement_territories, "totem_territories": _totem_territories,
    "totems_in_one_territory": _totems_in_one, "line_pact": _line_pact,
    "settlements": _settlements, "lead_territories": _lead_territories,
    "tents_on_board": _tents_on_board,
}
assert set(MISSIONS) == set(MISSION_KINDS)


def check_expeditions(s: State, seat: int) -> list[tuple[int, int]]:
    """R61-R63: score every face-up card ``seat`` now fulfils; returns (card, points) pairs."""
    scored = []
    for i, card_index in enumerate(s.expeditions):
        taken = s.exp_scored[i]
        if seat in taken or len(taken) >= 2:
            continue
        card = EXPEDITIONS[card_index]
        if MISSIONS[card.mission](s, seat, card):
            points = card.points[len(taken)]
            s.exp_scored[i] = taken + (seat,)
            s.score[seat] += points
            s.exp_points[seat] += points
            scored.append((card_index, points))
    return scored

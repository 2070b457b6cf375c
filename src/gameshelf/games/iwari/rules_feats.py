"""What follows a Place action (R12): feats (R47-R59) and expedition missions (R60-R64), judged for
the active player's tribe on the board at the end of its own Place action, the 20th-tent end check
(R38, A9) and the third-tribe step (R40-R44)."""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.iwari.actions import PlaceFeat, action_table
from gameshelf.games.iwari.catalog import EXPEDITIONS, FEAT_INDEX, FEATS, MISSION_KINDS, TENTS
from gameshelf.games.iwari.decisions import THIRD_TRIBE_TARGET, PlaceFeatToken
from gameshelf.games.iwari.rules_draw import end_game, start_draw
from gameshelf.games.iwari.rules_place import target_choices
from gameshelf.games.iwari.scoring import qualifies, settlements
from gameshelf.games.iwari.state import State


def earned_feats(s: State, seat: int, filled: int = -1) -> tuple[int, ...]:
    """Feat indices ``seat`` earns now, in resolution order (R48-R53, R59); ``filled``: the
    territory its Place action filled, or -1."""
    out = []
    for f in FEATS:
        taken = s.feat_earned[f.index]
        if seat in taken or len(taken) >= f.tokens:
            continue
        if feat_targets(s, seat, f.index, filled):
            out.append(f.index)
    return tuple(out)


def feat_targets(s: State, seat: int, feat: int, filled: int = -1) -> list[int]:
    """Territory indices (territory feats) or line indices (line feats) a token may go on."""
    f = FEATS[feat]
    if f.id == "discovery":  # R51: earned by filling a territory; token anywhere else
        if filled < 0:
            return []
        return [t for t in range(len(s.map.territories)) if t != filled]
    if f.id == "unity":  # R50: any territory holding a tent of one of the settlements
        terr = s.map.space_terr
        return sorted({terr[sp] for g in settlements(s, seat) for sp in g})
    return [ln.index for ln in s.map.lines  # R52, R53
            if ln.kind == f.line_kind and not s.blocked[ln.index] and qualifies(s, seat, ln.a, ln.b)]


def feat_choices(s: State, top: PlaceFeatToken) -> list:
    f = FEATS[top.feat]
    table = action_table(s.map.id)
    pool = table.feat_terr[f.id] if f.goes_on == "territory" else table.feat_line[f.id]
    return [pool[i] for i in feat_targets(s, s.current, top.feat, top.filled)] + [table.decline[f.id]]


# ---- the end of a Place action (R12 steps 2-4) ----------------------------------------------------

def apply_done(s: State, a=None) -> list[Event]:
    """End of a Place action: feats and expeditions (own), end check, third-tribe step (R12)."""
    p = s.pending.pop()
    events = [Event("place_done", {"seat": s.current})]
    if p.tribe >= s.players:  # the third-tribe step is over (R44)
        if s.config.third_tribe_ends_game and s.supply_tents[p.tribe] == 0:
            return events + end_game(s, "all_tents")  # A9 with the option on, R38
        return events + start_draw(s)
    queue = earned_feats(s, s.current, p.filled) if s.config.feats else ()
    for f in queue:  # R54: earning uses up the slot, placed or not
        s.feat_earned[f] = s.feat_earned[f] + (s.current,)
        events.append(Event("feat_earned", {"seat": s.current, "feat": FEATS[f].id}))
    if queue:  # the first to resolve (R59) on top
        s.pending.extend(PlaceFeatToken(s.current, f, p.filled, p.cards) for f in reversed(queue))
        return events
    return events + _after_feats(s, p.cards)


def apply_feat(s: State, a) -> list[Event]:
    """R50-R55: place the top token (or decline it)."""
    top = s.pending.pop()
    f = FEATS[FEAT_INDEX[a.feat]]
    if isinstance(a, PlaceFeat):
        if f.goes_on == "territory":
            target = s.map.terr_index[a.target]
            s.terr_feats[target] += 1
        else:
            target = s.map.line_index[int(a.target)]
            s.line_feats[target] += 1
        s.feat_log = s.feat_log + ((f.index, target),)
        events = [Event("feat_placed", {"seat": s.current, "feat": f.id, "target": a.target})]
    else:
        events = [Event("feat_declined", {"seat": s.current, "feat": f.id})]
    if not (s.pending and isinstance(s.pending[-1], PlaceFeatToken)):
        events += _after_feats(s, top.cards)
    return events


def _after_feats(s: State, cards: int) -> list[Event]:
    """Expeditions (R61), the 20th-tent end (R38), then the third-tribe step (R40-R43) or draw."""
    events = []
    if s.config.expeditions:
        for card, points in check_expeditions(s, s.current):
            events.append(Event("expedition_scored", {"seat": s.current, "card": EXPEDITIONS[card].id,
                                                      "points": points}))
    if s.supply_tents[s.current] == 0:
        return events + end_game(s, "all_tents")
    if s.ntribes > s.players and 1 <= cards <= 2:
        if target_choices(s, s.players, s.current):
            s.pending.append(THIRD_TRIBE_TARGET[s.current])
            return events
        events.append(Event("third_step_skipped", {"seat": s.current}))
    return events + start_draw(s)


def why_feat(s: State, a):
    top = s.pending[-1]
    f = FEAT_INDEX.get(a.feat)
    if f is None or f != top.feat:
        return "R59", f"the token to place now is {FEATS[top.feat].id}"
    if isinstance(a, PlaceFeat):
        rule = _FEAT_RULE.get(FEATS[f].id, "R50")
        return rule, f"that target is not allowed for the {FEATS[f].id} token ({rule})"
    return None


_FEAT_RULE = {"unity": "R50", "discovery": "R51", "honor": "R52", "awe": "R53"}


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

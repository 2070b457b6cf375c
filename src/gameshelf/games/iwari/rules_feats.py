"""What follows a Place action (R12): feats (R47-R59) and expedition missions (R60-R64), judged for
the active player's tribe on the board at the end of its own Place action, the 20th-tent end check
(R38, A9) and the third-tribe step (R40-R44)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from gameshelf.core.game import Event
from gameshelf.games.iwari.actions import Decline, PlaceFeat, action_table
from gameshelf.games.iwari.catalog import EXPEDITIONS, FEAT_INDEX, FEATS, MAPS, MISSION_KINDS, TENTS, TOTEMS, Expedition
from gameshelf.games.iwari.heuristics import area_changed
from gameshelf.games.iwari.events import PLACE_DONE, THIRD_STEP_SKIPPED
from gameshelf.games.iwari.decisions import THIRD_TRIBE_TARGET, PlaceFeatToken, PlacePieces
from gameshelf.games.iwari.rules_draw import end_game, start_draw
from gameshelf.games.iwari.rules_place import target_choices
from gameshelf.games.iwari.scoring import SETTLEMENT, qualifies, settlements
from gameshelf.games.iwari.state import State


def earned_feats(state: State, seat: int, filled: int = -1) -> tuple[int, ...]:
    """Feat indices ``seat`` earns now, in resolution order (R48-R53, R59); ``filled``: the
    territory its Place action filled, or -1."""
    out = []
    for feat in FEATS:
        taken = state.feats_earned[feat.index]
        if seat in taken or len(taken) >= feat.tokens:
            continue
        if has_feat_target(state, seat, feat.index, filled):
            out.append(feat.index)
    return tuple(out)


def has_feat_target(state: State, seat: int, feat_index: int, filled: int = -1) -> bool:
    """Whether :func:`feat_targets` is not empty, judged without listing the targets."""
    feat = FEATS[feat_index]
    if feat.id == "discovery":  # R51: any territory but the filled one
        return filled >= 0 and len(state.map.territories) > 1
    if feat.id == "unity":  # R50: a settlement (R49: 4 tents on the board), kept on the state (state.py)
        return TENTS - state.supply_tents[seat] >= SETTLEMENT and state.settled[seat]
    if TOTEMS - state.supply_totems[seat] < 2:  # R52, R53: an own totem on both ends of a line
        return False
    totems, territories, blocked = state.totems, len(state.filled), state.blocked
    mine = totems[seat * territories:(seat + 1) * territories]
    for index, first, second in lines_of_kind(state.map.id, feat.line_kind):  # qualifies(), inlined
        if (mine[first] and mine[second] and not blocked[index]
                and mine[first] == max(totems[first::territories]) and mine[second] == max(totems[second::territories])):
            return True
    return False


@lru_cache(maxsize=None)
def lines_of_kind(map_id: str, kind: str | None) -> tuple[tuple[int, int, int], ...]:
    """(line index, first territory, second territory) of the map's alliance lines of ``kind``."""
    return tuple((line.index, line.a, line.b) for line in MAPS[map_id].lines if line.kind == kind)


def feat_targets(state: State, seat: int, feat_index: int, filled: int = -1) -> list[int]:
    """Territory indices (territory feats) or line indices (line feats) a token may go on."""
    feat = FEATS[feat_index]
    if feat.id == "discovery":  # R51: earned by filling a territory; token anywhere else
        if filled < 0:
            return []
        return [territory for territory in range(len(state.map.territories)) if territory != filled]
    if feat.id == "unity":  # R50: any territory holding a tent of one of the settlements
        space_territory = state.map.space_territory
        return sorted({space_territory[space] for group in settlements(state, seat) for space in group})
    return [line.index for line in state.map.lines  # R52, R53
            if line.kind == feat.line_kind and not state.blocked[line.index]
            and qualifies(state, seat, line.a, line.b)]


def feat_choices(state: State, frame: PlaceFeatToken) -> list[Any]:
    feat = FEATS[frame.feat]
    table = action_table(state.map.id)
    pool = table.feat_terr[feat.id] if feat.goes_on == "territory" else table.feat_line[feat.id]
    targets = feat_targets(state, state.current, frame.feat, frame.filled)
    return [pool[index] for index in targets] + [table.decline[feat.id]]


# ---- the end of a Place action (R12 steps 2-4) ----------------------------------------------------

def apply_done(state: State, action: Any = None) -> list[Event]:
    """End of a Place action: feats and expeditions (own), end check, third-tribe step (R12)."""
    frame = state.pending.pop()
    assert isinstance(frame, PlacePieces)
    events = [PLACE_DONE[state.current]]
    if frame.tribe >= state.players:  # the third-tribe step is over (R44)
        if state.config.third_tribe_ends_game and state.supply_tents[frame.tribe] == 0:
            return events + end_game(state, "all_tents")  # A9 with the option on, R38
        return events + start_draw(state)
    queue = earned_feats(state, state.current, frame.filled) if state.config.feats else ()
    for feat in queue:  # R54: earning uses up the slot, placed or not
        state.feats_earned[feat] = state.feats_earned[feat] + (state.current,)
        events.append(Event("feat_earned", {"seat": state.current, "feat": FEATS[feat].id}))
    if queue:  # the first to resolve (R59) on top
        state.pending.extend(PlaceFeatToken(state.current, feat, frame.filled, frame.cards)
                             for feat in reversed(queue))
        return events
    return events + _after_feats(state, frame.cards)


def apply_feat(state: State, action: PlaceFeat) -> list[Event]:
    """R50-R53, R55: place the top token on its territory or alliance line."""
    feat = FEATS[FEAT_INDEX[action.feat]]
    if feat.goes_on == "territory":
        target = state.map.territory_index[action.target]
        state.territory_feats[target] += 1
        area_changed(state, target)  # the heuristic's terms change with the multiplier
    else:
        target = state.map.line_index[int(action.target)]
        state.line_feats[target] += 1
        state.line_terms = state.margins = None
    state.feat_tokens = state.feat_tokens + ((feat.index, target),)
    events = [Event("feat_placed", {"seat": state.current, "feat": feat.id, "target": action.target})]
    return events + _next_token(state)


def apply_decline(state: State, action: Decline) -> list[Event]:
    """R54: the token is not placed; the slot stays used."""
    events = [Event("feat_declined", {"seat": state.current, "feat": action.feat})]
    return events + _next_token(state)


def _next_token(state: State) -> list[Event]:
    """The resolved token leaves the stack; after the last one the action goes on (R59, R12)."""
    frame = state.pending.pop()
    assert isinstance(frame, PlaceFeatToken)
    if state.pending and isinstance(state.pending[-1], PlaceFeatToken):
        return []
    return _after_feats(state, frame.cards)


def _after_feats(state: State, cards: int) -> list[Event]:
    """Expeditions (R61), the 20th-tent end (R38), then the third-tribe step (R40-R43) or draw."""
    events = []
    if state.config.expeditions:
        for card, points in check_expeditions(state, state.current):
            events.append(Event("expedition_scored", {"seat": state.current, "card": EXPEDITIONS[card].id,
                                                      "points": points}))
    if state.supply_tents[state.current] == 0:
        return events + end_game(state, "all_tents")
    if state.tribes > state.players and 1 <= cards <= 2:
        if target_choices(state, state.players, state.current, first=True):
            state.pending.append(THIRD_TRIBE_TARGET[state.current])
            return events
        events.append(THIRD_STEP_SKIPPED[state.current])
    return events + start_draw(state)


def _token_frame(state: State) -> PlaceFeatToken:
    frame = state.pending[-1]
    assert isinstance(frame, PlaceFeatToken)
    return frame


def why_feat(state: State, action: PlaceFeat) -> tuple[str, str] | None:
    frame = _token_frame(state)
    feat = FEAT_INDEX.get(action.feat)
    if feat is None or feat != frame.feat:
        return "R59", f"the token to place now is {FEATS[frame.feat].id}"
    rule = _FEAT_RULE.get(FEATS[feat].id, "R50")
    return rule, f"that target is not allowed for the {FEATS[feat].id} token ({rule})"


def why_decline(state: State, action: Decline) -> tuple[str, str] | None:
    frame = _token_frame(state)
    if FEAT_INDEX.get(action.feat) != frame.feat:
        return "R59", f"the token to place now is {FEATS[frame.feat].id}"
    return None


_FEAT_RULE = {"unity": "R50", "discovery": "R51", "honor": "R52", "awe": "R53"}


# ---- expedition missions (RECONSTRUCTED cards, 2.7) --------------------------------------------

def _own(state: State, tribe: int, flat: list[int]) -> list[int]:
    territories = len(state.map.territories)
    return flat[tribe * territories:(tribe + 1) * territories]


def _tent_territories(state: State, tribe: int, card: Expedition) -> bool:
    return sum(1 for tents in _own(state, tribe, state.tents) if tents) >= card.min


def _tent_biomes(state: State, tribe: int, card: Expedition) -> bool:
    places = state.map.territories
    return len({places[territory].biome for territory, tents in enumerate(_own(state, tribe, state.tents))
                if tents}) >= card.min


def _tents_in_one(state: State, tribe: int, card: Expedition) -> bool:
    return max(_own(state, tribe, state.tents)) >= card.min


def _settlement_size(state: State, tribe: int, card: Expedition) -> bool:
    return any(len(group) >= card.min for group in settlements(state, tribe))


def _settlement_territories(state: State, tribe: int, card: Expedition) -> bool:
    space_territory = state.map.space_territory
    return any(len({space_territory[space] for space in group}) >= card.min for group in settlements(state, tribe))


def _totem_territories(state: State, tribe: int, card: Expedition) -> bool:
    return sum(1 for totems in _own(state, tribe, state.totems) if totems) >= card.min


def _totems_in_one(state: State, tribe: int, card: Expedition) -> bool:
    return max(_own(state, tribe, state.totems)) >= card.min


def _line_pact(state: State, tribe: int, card: Expedition) -> bool:
    return sum(1 for line in state.map.lines if line.kind == card.kind and not state.blocked[line.index]
               and qualifies(state, tribe, line.a, line.b)) >= card.min


def _settlements(state: State, tribe: int, card: Expedition) -> bool:
    return len(settlements(state, tribe)) >= card.min


def _lead_territories(state: State, tribe: int, card: Expedition) -> bool:
    territories = len(state.map.territories)
    own = _own(state, tribe, state.tents)
    return sum(1 for territory in range(territories)
               if own[territory] and own[territory] == max(state.tents[territory::territories])) >= card.min


def _tents_on_board(state: State, tribe: int, card: Expedition) -> bool:
    return TENTS - state.supply_tents[tribe] >= card.min


MISSIONS: dict[str, Callable[[State, int, Expedition], bool]] = {
    "tent_territories": _tent_territories, "tent_biomes": _tent_biomes,
    "tents_in_one_territory": _tents_in_one, "settlement_size": _settlement_size,
    "settlement_territories": _settlement_territories, "totem_territories": _totem_territories,
    "totems_in_one_territory": _totems_in_one, "line_pact": _line_pact,
    "settlements": _settlements, "lead_territories": _lead_territories,
    "tents_on_board": _tents_on_board,
}
assert set(MISSIONS) == set(MISSION_KINDS)


def check_expeditions(state: State, seat: int) -> list[tuple[int, int]]:
    """R61-R63: score every face-up card ``seat`` now fulfils; returns (card, points) pairs."""
    scored = []
    for slot, card_index in enumerate(state.expeditions):
        taken = state.expeditions_scored[slot]
        if seat in taken or len(taken) >= 2:
            continue
        card = EXPEDITIONS[card_index]
        if MISSIONS[card.mission](state, seat, card):
            points = card.points[len(taken)]
            state.expeditions_scored[slot] = taken + (seat,)
            state.scores[seat] += points
            state.margins = None
            state.expedition_points[seat] += points
            scored.append((card_index, points))
    return scored

"""Iwari positions: the whole state as readable JSON (ids from the catalogue, hidden parts included)
and back, validated. The format is documented with an example in docs/positions/iwari.md.

Tribes are numbers: the seats 0..players-1, and with 2 players the third tribe is tribe 2 (R39).
Cards are biome ids; the deck lists its cards bottom first (the last is the top card). Derived
counts (supplies, per-territory counts, feat multipliers, hand sizes) are not part of a position:
they follow from the pieces on the board and the feat tokens placed.
"""

from __future__ import annotations

from typing import Any, Callable

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadOption, BadPosition
from gameshelf.core.frames import Frame, frame_from_json, frame_to_json
from gameshelf.games.iwari.catalog import (BIOME_INDEX, BIOMES, DISPLAY, EXPEDITION_INDEX, EXPEDITIONS,
                                           EXPEDITIONS_FACE_UP, FEAT_INDEX, FEATS, HAND, MAPS, MOUNTAINS, NB,
                                           TENTS, THIRD_TRIBE_PLAYERS, TOTEMS, MapData, deck_counts)
from gameshelf.games.iwari.decisions import (KINDS, ChooseAction, DraftPick, DrawCards, PlaceFeatToken, PlacePieces,
                                             ThirdTribeTarget)
from gameshelf.games.iwari.options import SCHEMA, Config
from gameshelf.games.iwari.scoring import has_settlement
from gameshelf.games.iwari.state import State

BIOME_IDS = tuple(biome.id for biome in BIOMES)
PLAYER_COUNTS = (2, 3, 4, 5)


def cards(counts: list[int]) -> list[str]:
    return [BIOME_IDS[biome] for biome in range(NB) for _ in range(counts[biome])]


def counts(card_ids: list[str]) -> list[int]:
    out = [0] * NB
    for card in card_ids:
        out[BIOME_INDEX[card]] += 1
    return out


def public(state: State) -> dict[str, Any]:
    """What every seat sees (R27), in position form: shared by views and positions."""
    board = state.map
    territories = len(board.territories)
    tribes = state.tribes
    return {
        "game": "iwari", "players": state.players, "options": state.config.to_options(),
        "mountains": [line.n for line in board.lines if state.blocked[line.index]],
        "first_player": state.first_player, "ply": state.ply,
        "discard": {BIOME_IDS[biome]: state.discard[biome] for biome in range(NB)},
        "display": cards(state.display), "exhaustions": state.exhaustions,
        "tents": {board.space_ids[space]: tribe for space, tribe in enumerate(state.owner) if tribe >= 0},
        "totems": {board.territories[territory].id: state.totems[territory::territories]
                   for territory in range(territories) if state.totem_stacks[territory]},
        "feats_earned": {feat.id: list(state.feats_earned[feat.index]) for feat in FEATS},
        "feat_tokens": [[FEATS[feat].id, _token_target(board, feat, target)] for feat, target in state.feat_tokens],
        "feat_interim": {feat.id: list(state.feat_interim[feat.index * tribes:(feat.index + 1) * tribes])
                         for feat in FEATS},
        "expeditions": [EXPEDITIONS[card].id for card in state.expeditions],
        "expeditions_scored": [list(seats) for seats in state.expeditions_scored],
        "scores": list(state.scores), "interim": list(state.interim),
        "expedition_points": list(state.expedition_points),
        "final": [dict(parts) for parts in state.final] if state.final else None, "end_reason": state.end_reason,
        "pending": [frame_to_json(frame) for frame in state.pending],
    }


def _token_target(board: MapData, feat: int, target: int) -> str:
    """A feat token's place: a territory id, or an alliance line's number as text."""
    return board.territories[target].id if FEATS[feat].goes_on == "territory" else str(board.lines[target].n)


def position(state: State) -> dict[str, Any]:
    """The whole state: the public part, the seat whose turn it is, every hand, the deck order and
    the chance stream."""
    data = public(state)
    data["current"] = state.current
    data["hands"] = [cards(state.hands[seat * NB:(seat + 1) * NB]) for seat in range(state.players)]
    data["deck"] = [BIOME_IDS[biome] for biome in state.deck]
    data["chance"] = state.chance.position
    return data


# ---- decoding (trusted data: positions already validated, and views for determinize) ---------------

def decode(data: dict[str, Any]) -> State:
    """A state from position data (no validation: see :func:`from_position`)."""
    config = Config.from_options(data["options"])
    board = MAPS[config.map]
    state = State()
    state.map, state.players, state.config = board, data["players"], config
    state.tribes = state.players + (1 if state.players in THIRD_TRIBE_PLAYERS else 0)
    state.blocked = tuple(line.n in data["mountains"] for line in board.lines)
    state.adjacency = board.adjacency(state.blocked)
    state.first_player, state.current, state.ply = data["first_player"], data["current"], data["ply"]
    state.chance = Chance(data["chance"])
    state.deck = [BIOME_INDEX[card] for card in data["deck"]]
    state.discard = [data["discard"][biome] for biome in BIOME_IDS]
    state.display = counts(data["display"])
    state.hands = [count for hand in data["hands"] for count in counts(hand)]
    state.exhaustions = data["exhaustions"]
    _decode_board(state, data, board, state.tribes)
    state.expeditions = tuple(EXPEDITION_INDEX[card] for card in data["expeditions"])
    state.expeditions_scored = [tuple(seats) for seats in data["expeditions_scored"]]
    state.scores, state.interim = list(data["scores"]), list(data["interim"])
    state.expedition_points = list(data["expedition_points"])
    state.final = tuple(dict(parts) for parts in data["final"]) if data["final"] else None
    state.end_reason = data["end_reason"]
    state.pending = [frame_from_json(frame, KINDS) for frame in data["pending"]]
    state.area_terms = state.line_terms = state.margins = None
    return state


def _decode_board(state: State, data: dict[str, Any], board: MapData, tribes: int) -> None:
    territories = len(board.territories)
    state.owner = [-1] * len(board.space_ids)
    state.tents, state.totems = [0] * (tribes * territories), [0] * (tribes * territories)
    state.filled, state.totem_stacks = [0] * territories, [0] * territories
    for space_id, tribe in data["tents"].items():
        space = board.space_index[space_id]
        territory = board.space_territory[space]
        state.owner[space] = tribe
        state.tents[tribe * territories + territory] += 1
        state.filled[territory] += 1
    for territory_id, per_tribe in data["totems"].items():
        territory = board.territory_index[territory_id]
        for tribe, count in enumerate(per_tribe):
            state.totems[tribe * territories + territory] = count
        state.totem_stacks[territory] = sum(per_tribe)
    state.supply_tents = [TENTS - sum(state.tents[tribe * territories:(tribe + 1) * territories])
                          for tribe in range(tribes)]
    state.supply_totems = [TOTEMS - sum(state.totems[tribe * territories:(tribe + 1) * territories])
                           for tribe in range(tribes)]
    state.settled = tuple(has_settlement(state, tribe) for tribe in range(tribes))
    state.feat_tokens = tuple(_token(board, feat, target) for feat, target in data["feat_tokens"])
    state.territory_feats, state.line_feats = [0] * territories, [0] * len(board.lines)
    for feat, target in state.feat_tokens:
        (state.territory_feats if FEATS[feat].goes_on == "territory" else state.line_feats)[target] += 1
    state.feats_earned = [tuple(data["feats_earned"][feat.id]) for feat in FEATS]
    state.feat_interim = tuple(bonus for feat in FEATS for bonus in data["feat_interim"][feat.id])


def _token(board: MapData, feat_id: str, target: str) -> tuple[int, int]:
    """A placed feat token as (feat index, territory or line index)."""
    feat = FEAT_INDEX[feat_id]
    if FEATS[feat].goes_on == "territory":
        return feat, board.territory_index[target]
    return feat, board.line_index[int(target)]


# ---- validation ---------------------------------------------------------------------------------

KEYS = frozenset({"game", "players", "options", "mountains", "first_player", "current", "ply", "discard", "display",
                  "exhaustions", "tents", "totems", "feats_earned", "feat_tokens", "feat_interim", "expeditions",
                  "expeditions_scored", "scores", "interim", "expedition_points", "final", "end_reason",
                  "pending", "hands", "deck", "chance"})
FINAL_PARTS = ("tents", "settlements", "totems", "long_road")


def from_position(data: Any) -> State:
    """A validated state; BadPosition names the first problem found."""
    config = _check(data)
    try:
        state = decode(dict(data, options=config.to_options()))
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise BadPosition(f"malformed position: {exc!r}") from None
    _check_state(state)
    return state


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise BadPosition(message)


def _known(value: Any, known) -> bool:
    return isinstance(value, str) and value in known


def _int(value: Any, what: str, lo: int = 0, hi: int = 10**9) -> int:
    _require(type(value) is int and lo <= value <= hi, f"{what} must be a whole number from {lo} to {hi}")
    return value


def _ints(value: Any, what: str, count: int, lo: int = 0, hi: int = 10**9) -> list[int]:
    _require(isinstance(value, list) and len(value) == count, f"{what} must list {count} numbers")
    return [_int(item, f"each of {what}", lo, hi) for item in value]


def _ids(value: Any, what: str, known, most: int = 10**6) -> list:
    _require(isinstance(value, list) and len(value) <= most, f"{what} must be a list of at most {most}")
    for item in value:
        _require(_known(item, known), f"{what}: {item!r} is not one of {', '.join(map(str, known))}")
    return value


def _mapping(value: Any, what: str) -> dict:
    _require(isinstance(value, dict), f"{what} must be a mapping")
    return value


def _check(data: Any) -> Config:
    _require(isinstance(data, dict), "a position is a mapping")
    missing, unknown = KEYS - set(data), set(data) - KEYS
    _require(not missing, f"missing: {', '.join(sorted(missing))}")
    _require(not unknown, f"unknown keys: {', '.join(sorted(map(str, unknown)))}")
    _require(data["game"] == "iwari", "game must be 'iwari'")
    _require(type(data["players"]) is int and data["players"] in PLAYER_COUNTS, "players must be 2, 3, 4 or 5")
    config = resolve_options(data["options"])
    players = data["players"]
    tribes = players + (1 if players in THIRD_TRIBE_PLAYERS else 0)
    board = MAPS[config.map]
    _int(data["first_player"], "first_player", 0, players - 1)
    _int(data["current"], "current", 0, players - 1)
    _int(data["ply"], "ply", 0, 10**6)
    _int(data["chance"], "chance", 0, 2**64 - 1)
    _int(data["exhaustions"], "exhaustions", 0, 2)
    _check_mountains(data["mountains"], board, players)
    _check_cards(data, players)
    _check_board(data, board, tribes)
    _check_feats(data, board, players, tribes, config)
    _check_expeditions(data, players, config)
    _check_scores(data, tribes)
    _check_pending(data, board, players, tribes)
    return config


def resolve_options(raw: Any) -> Config:
    _mapping(raw, "options")
    try:
        return Config.from_options(SCHEMA.resolve(raw))
    except BadOption as exc:
        raise BadPosition(f"options: {exc.message}") from None


def _check_mountains(value: Any, board, players: int) -> None:
    """Setup step 3 blocks 6 - players alliance lines (one per icon size; a position for a test
    or a puzzle may block fewer, or others)."""
    numbers = {line.n for line in board.lines}
    _require(isinstance(value, list) and all(type(number) is int and number in numbers for number in value)
             and len(set(value)) == len(value), f"mountains must list different alliance lines of map {board.id}")
    _require(len(value) <= MOUNTAINS[players], f"at most {MOUNTAINS[players]} mountains with {players} players")


def _check_cards(data: dict, players: int) -> None:
    """Every card in exactly one place (2.2): deck, display, discard pile or a hand."""
    _ids(data["deck"], "deck", BIOME_IDS)
    _ids(data["display"], "display", BIOME_IDS, DISPLAY)
    hands = data["hands"]
    _require(isinstance(hands, list) and len(hands) == players, f"hands must list {players} hands")
    for seat, hand in enumerate(hands):
        _ids(hand, f"hand {seat}", BIOME_IDS, HAND)
    discard = _mapping(data["discard"], "discard")
    _require(set(discard) == set(BIOME_IDS), f"discard must count each biome: {', '.join(BIOME_IDS)}")
    for biome in BIOME_IDS:
        _int(discard[biome], f"discard {biome}")
    total = counts(data["deck"] + data["display"] + [card for hand in hands for card in hand])
    for biome, count in enumerate(deck_counts(players)):
        have = total[biome] + discard[BIOME_IDS[biome]]
        _require(have == count, f"there are {count} {BIOME_IDS[biome]} cards with {players} players, not {have}")


def _check_board(data: dict, board, tribes: int) -> None:
    tents = _mapping(data["tents"], "tents")
    per_tribe = [0] * tribes
    for space_id, tribe in tents.items():
        _require(space_id in board.space_index, f"tents: {space_id!r} is not a tent space of map {board.id}")
        per_tribe[_int(tribe, f"the tribe on {space_id}", 0, tribes - 1)] += 1
    _require(max(per_tribe) <= TENTS, f"a tribe has {TENTS} tents (2.3), not {max(per_tribe)}")
    totems = _mapping(data["totems"], "totems")
    per_tribe = [0] * tribes
    for territory_id, stack in totems.items():
        _require(territory_id in board.territory_index, f"totems: {territory_id!r} is not a territory of map {board.id}")
        for tribe, count in enumerate(_ints(stack, f"totems in {territory_id}", tribes)):
            per_tribe[tribe] += count
    _require(max(per_tribe) <= TOTEMS, f"a tribe has {TOTEMS} totems (2.3), not {max(per_tribe)}")


def _check_feats(data: dict, board, players: int, tribes: int, config: Config) -> None:
    earned = _mapping(data["feats_earned"], "feats_earned")
    _require(set(earned) == set(FEAT_INDEX), f"feats_earned must list each feat: {', '.join(FEAT_INDEX)}")
    for feat in FEATS:
        seats = earned[feat.id]
        _require(isinstance(seats, list) and len(seats) <= (feat.tokens if config.feats else 0)
                 and len(set(map(str, seats))) == len(seats),
                 f"feats_earned {feat.id}: at most {feat.tokens} different seats (R48), none with feats off")
        for seat in seats:
            _int(seat, f"a seat that earned {feat.id} (R45: never the third tribe)", 0, players - 1)
    tokens = data["feat_tokens"]
    _require(isinstance(tokens, list), "feat_tokens must be a list of [feat, target] pairs")
    used = dict.fromkeys(FEAT_INDEX, 0)
    lines = {str(line.n) for line in board.lines}
    for pair in tokens:
        _require(isinstance(pair, list) and len(pair) == 2 and _known(pair[0], FEAT_INDEX),
                 f"feat_tokens: {pair!r} is not a [feat, target] pair")
        feat = FEATS[FEAT_INDEX[pair[0]]]
        _require(_known(pair[1], board.territory_index if feat.goes_on == "territory" else lines),
                 f"feat_tokens: {pair[1]!r} is not a {'territory' if feat.goes_on == 'territory' else 'line'} "
                 f"of map {board.id}")
        used[feat.id] += 1
        _require(used[feat.id] <= len(earned[feat.id]), f"more {feat.id} tokens placed than earned (R54)")
    interim = _mapping(data["feat_interim"], "feat_interim")
    _require(set(interim) == set(FEAT_INDEX), "feat_interim must list each feat")
    for feat in FEATS:
        _ints(interim[feat.id], f"feat_interim {feat.id}", tribes)


def _check_expeditions(data: dict, players: int, config: Config) -> None:
    face_up = _ids(data["expeditions"], "expeditions", EXPEDITION_INDEX)
    most = EXPEDITIONS_FACE_UP if config.expeditions else 0
    _require(len(face_up) <= most and len(set(face_up)) == len(face_up),
             f"expeditions must list at most {most} different cards (R60; none with expeditions off)")
    scored = data["expeditions_scored"]
    _require(isinstance(scored, list) and len(scored) == len(face_up),
             "expeditions_scored must list one entry per face-up card")
    for seats in scored:
        _require(isinstance(seats, list) and len(seats) <= 2 and len(set(map(str, seats))) == len(seats),
                 "each expedition card scores for at most 2 different seats (R63)")
        for seat in seats:
            _int(seat, "a seat that scored an expedition", 0, players - 1)


def _check_scores(data: dict, tribes: int) -> None:
    scores = _ints(data["scores"], "scores", tribes)
    interim = _ints(data["interim"], "interim", tribes)
    expedition_points = _ints(data["expedition_points"], "expedition_points", tribes)
    final = data["final"]
    _require(data["end_reason"] in (None, "deck", "all_tents"), "end_reason must be null, 'deck' or 'all_tents'")
    _require((final is None) == (data["end_reason"] is None), "final scores exist exactly when the game has ended")
    parts = [0] * tribes
    if final is not None:
        _require(isinstance(final, list) and len(final) == tribes, f"final must list {tribes} breakdowns")
        for tribe, breakdown in enumerate(final):
            _require(isinstance(breakdown, dict) and set(breakdown) == set(FINAL_PARTS),
                     f"final {tribe}: keys {', '.join(FINAL_PARTS)}")
            parts[tribe] = sum(_int(breakdown[part], f"final {tribe} {part}") for part in FINAL_PARTS)
    for tribe in range(tribes):
        _require(scores[tribe] == interim[tribe] + expedition_points[tribe] + parts[tribe],
                 f"score {tribe} must be its interim, expedition and final points (R80)")


def _check_pending(data: dict, board: MapData, players: int, tribes: int) -> None:
    """The decision stack: frames (core.frames) of the current seat, each fitting the rest of
    the position; only earned feat tokens (different feats) wait below the top (R59)."""
    stack = data["pending"]
    _require(isinstance(stack, list) and len(stack) <= len(FEATS), "pending must be a list of decisions")
    _require(bool(stack) == (data["end_reason"] is None), "a decision is pending exactly while the game goes on")
    frames = [frame_from_json(item, KINDS) for item in stack]
    for frame in frames:
        _require(type(frame.seat) is int and frame.seat == data["current"],
                 f"pending {frame.kind}: seat must be current ({data['current']})")
        _FRAME_CHECKS[type(frame)](frame, data, board, players, tribes)
    feats = {frame.feat for frame in frames if isinstance(frame, PlaceFeatToken)}
    _require(len(frames) <= 1 or len(feats) == len(frames),
             "only earned feat tokens (different feats) wait below the top decision")


def _check_hand_not_full(frame: Frame, data: dict, board: MapData, players: int, tribes: int) -> None:
    _require(len(data["hands"][frame.seat]) < HAND, f"pending {frame.kind}: the hand already holds {HAND} cards")


def _check_place_pieces(frame: Frame, data: dict, board: MapData, players: int, tribes: int) -> None:
    assert isinstance(frame, PlacePieces)
    territories = len(board.territories)
    third = players if tribes > players else frame.seat
    _require(type(frame.tribe) is int and frame.tribe in (frame.seat, third),
             "pending place_pieces: tribe must be the current seat or the third tribe")
    _int(frame.territory, "pending place_pieces territory (a territory index)", 0, territories - 1)
    _int(frame.filled, "pending place_pieces filled (a territory index, or -1)", -1, territories - 1)
    _int(frame.pieces, "pending place_pieces pieces", 0, 2)
    _int(frame.cards, "pending place_pieces cards", 0, 2 * HAND)


def _check_place_feat(frame: Frame, data: dict, board: MapData, players: int, tribes: int) -> None:
    assert isinstance(frame, PlaceFeatToken)
    feat = _int(frame.feat, "pending place_feat feat (a feat index)", 0, len(FEATS) - 1)
    _int(frame.filled, "pending place_feat filled (a territory index, or -1)", -1, len(board.territories) - 1)
    _int(frame.cards, "pending place_feat cards", 1, HAND)
    _require(frame.seat in data["feats_earned"][FEATS[feat].id],
             f"pending place_feat: seat {frame.seat} has not earned {FEATS[feat].id} (R48)")


def _check_third_tribe(frame: Frame, data: dict, board: MapData, players: int, tribes: int) -> None:
    _require(tribes > players, "pending third_tribe_target: there is a third tribe only with 2 players")


def _check_draft_pick(frame: Frame, data: dict, board: MapData, players: int, tribes: int) -> None:
    assert isinstance(frame, DraftPick)
    _int(frame.left, "pending draft_pick left", 1, players)
    _check_hand_not_full(frame, data, board, players, tribes)


def _no_check(frame: Frame, data: dict, board: MapData, players: int, tribes: int) -> None:
    return None


_FRAME_CHECKS: dict[type[Frame], Callable[[Frame, dict, MapData, int, int], None]] = {
    ChooseAction: _no_check, PlacePieces: _check_place_pieces, ThirdTribeTarget: _check_third_tribe,
    PlaceFeatToken: _check_place_feat, DrawCards: _check_hand_not_full, DraftPick: _check_draft_pick,
}


def _check_state(state: State) -> None:
    """The rules' invariants on the decoded state, and a pending decision that can be taken."""
    from gameshelf.games.iwari.invariants import check_invariants
    from gameshelf.games.iwari.rules import legal_actions

    try:
        check_invariants(state)
        legal = legal_actions(state)
    except AssertionError as exc:
        raise BadPosition(f"the position breaks a rule: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise BadPosition(f"inconsistent position: {exc!r}") from None
    _require(bool(legal) or not state.pending, f"the pending decision {state.pending[-1].kind if state.pending else ''} "
             "has no legal action")

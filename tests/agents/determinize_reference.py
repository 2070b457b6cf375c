"""The games' determinize functions as they were before the speed work (issue 15): the
specification the template versions must equal, state for state and draw for draw."""

from __future__ import annotations

from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.frames import frame_from_json
from gameshelf.games.borealis.catalog import BOARD_IDS, CARD_IDS
from gameshelf.games.borealis.decisions import KINDS as BOREALIS_KINDS, stack_of
from gameshelf.games.borealis.options import Config as BorealisConfig
from gameshelf.games.borealis.state import END_REASONS, OBJECTIVE_STATUS_NAMES, State as BorealisState
from gameshelf.games.borealis.view import _ids
from gameshelf.games.iwari.catalog import BIOME_INDEX, NB, deck_counts
from gameshelf.games.iwari.position import BIOME_IDS, counts, decode
from gameshelf.games.mariposas.catalog import CAT as MP
from gameshelf.games.mariposas.view import ACTION_CARDS, _unseen_cards, public_position
from gameshelf.games.midnight_zoo.catalog import CAT as MZ
from gameshelf.games.midnight_zoo.catalog import DIRS
from gameshelf.games.midnight_zoo.decisions import KINDS as MZ_KINDS
from gameshelf.games.midnight_zoo.options import Config
from gameshelf.games.midnight_zoo.state import LEO, PHASE_NAMES, ZOO_MARK, blank_state
from gameshelf.games.midnight_zoo.view import cell_str, default_facing, loc_of, unseen_tiles


def mariposas(v: dict[str, Any], chance: Chance):
    from gameshelf.games.mariposas.position import build
    seat = v.get("seat")
    stream = chance.next64()
    pool = _unseen_cards(v, seat)
    chance.shuffle(pool)
    hands = [list(v["hand"]) if p == seat else [ACTION_CARDS[pool.pop()] for _ in range(d["hand_count"])]
             for p, d in enumerate(v["boards"])]
    revealed = {m for m in v["waystations"].values() if m is not None}
    hidden = [m for m in MP.marker_ids if m not in revealed]
    chance.shuffle(hidden)
    waystations = {city: {"marker": m if m else hidden.pop(), "face_up": m is not None}
                   for city, m in v["waystations"].items()}
    goals = {k: {"card": g if g else MP.goals[chance.choice(MP.goals_by_season[i])].id, "face_up": g is not None}
             for i, (k, g) in enumerate(v["goals"].items())}
    return build(public_position(v, hands, [ACTION_CARDS[c] for c in pool], waystations, goals, stream))


def midnight_zoo(v: dict, chance: Chance):
    """A full state consistent with ``v``: the unseen action tiles shuffled into the stack, the
    solo deck reshuffled, hidden variability cards dealt, the chance stream reseeded."""
    state = blank_state(v["players"], Config.from_options(v["options"]), chance.next64())
    index = MZ.tile_index
    state.phase = PHASE_NAMES.index(v["phase"])
    state.draft, state.turn, state.ply = v["draft"], v["turn"], v["ply"]
    state.first_player = LEO if v["first_player"] == "leo" else v["first_player"]
    state.order = [LEO if seat == "leo" else seat for seat in v["order"]]
    state.market = [index[tile] if tile else -1 for tile in v["market"]]
    state.leftover = [index[tile] for tile in v["leftover"]]
    state.leftover_piles = [tuple(index[tile] for tile in pile) for pile in v["leftover_piles"]]
    state.removed = [index[tile] for tile in v["removed"]]
    state.bonus_supply = [v["bonus_supply"][terrain] for terrain in MZ.terrains]
    state.animal_slots = tuple(MZ.animal_ids.index(animal) for animal in v["animal_slots"])
    state.round_terrain = MZ.terrains.index(v["round_terrain"]) if v["round_terrain"] else -1
    state.pending = [frame_from_json(top, MZ_KINDS) for top in v["pending"]]
    single = state.config.single_pair
    state.players = [_mz_player_of(board, seat, chance, single) for seat, board in enumerate(v["boards"])]
    state.stack = unseen_tiles(state)
    chance.shuffle(state.stack)
    assert len(state.stack) == v["stack_count"], "view inconsistent with the tile count"
    if state.solo:
        names = [tile[0] for tile in MZ.solo_tiles]
        solo = v["solo"]
        state.solo_tile = names.index(solo["current"]) if solo["current"] else -1
        state.solo_revealed = [names.index(name) for name in solo["revealed"]]
        state.solo_deck = [tile for tile in range(len(MZ.solo_tiles)) if tile not in state.solo_revealed]
        chance.shuffle(state.solo_deck)
    return state


def _mz_player_of(board: dict, seat: int, chance: Chance, single: bool):
    from gameshelf.games.midnight_zoo.state import new_player
    index = MZ.tile_index
    setup = [tile[0] for tile in MZ.setup_tiles].index(board["setup_tile"])
    animals = tuple(MZ.animal_ids.index(piece["animal"]) for piece in board["animals"])
    player = new_player(animals, [loc_of(piece["loc"]) for piece in board["animals"]], setup, MZ.cells, MZ.zoo)
    player.vp, player.hand = board["vp"], index[board["hand"]] if board["hand"] else -1
    player.storage = [index[tile] for tile in board["storage"]]
    district = [board["district"][cell_str(cell)] for cell in range(MZ.cells)]
    player.district = [ZOO_MARK if tile == "zoo" else index[tile] if tile else -1 for tile in district]
    for piece, seen in enumerate(board["animals"]):
        player.facing[piece] = DIRS.index(seen["facing"]) if "facing" in seen else default_facing(player.location[piece])
        player.asleep[piece] = int(seen.get("asleep", False))
        player.pollen[piece] = seen.get("pollen", 0)
    cards = board["cards"]
    if cards == "hidden":
        order = list(range(len(MZ.cards[seat])))
        chance.shuffle(order)
        if single:
            order = [-1] * len(MZ.pairs)
            order[MZ.single_pair] = chance.below(len(MZ.cards[seat]))
        player.cards = tuple(order)
    elif cards is not None:
        letters = [card.letter for card in MZ.cards[seat]]
        player.cards = tuple(letters.index(letter) if letter else -1 for letter in cards)
    return player


def borealis(v, chance: Chance):
    """A full state consistent with ``v``: unseen cards dealt to hidden hands and the deck."""
    s = BorealisState.__new__(BorealisState)
    boards = v["boards"]
    s.players = v["players"]
    s.config = BorealisConfig.from_options(v["options"])
    s.chance = Chance(chance.next64())
    seen = set(_ids(v["pool"])) | set(_ids(v["discard"]))
    for p in boards:
        for col in p["columns"]:
            seen.update(_ids(col))
        if p["hand"] is not None:
            seen.update(_ids(p["hand"]))
    unseen = [c for c in CARD_IDS if c not in seen]
    chance.shuffle(unseen)
    s.hands = []
    for p in boards:
        if p["hand"] is not None:
            s.hands.append(_ids(p["hand"]))
        else:
            s.hands.append(unseen[:p["hand_count"]])
            unseen = unseen[p["hand_count"]:]
    s.deck = unseen
    s.discard = _ids(v["discard"])
    s.pool = _ids(v["pool"])
    s.columns = [_ids(col) for p in boards for col in p["columns"]]
    s.scientists = [x for p in boards for zone in p["scientists"] for x in zone]
    s.flags = [f for p in boards for f in p["flags"]]
    s.tokens = [p["tokens"] for p in boards]
    s.boards = tuple(BOARD_IDS.index(p["board"]) for p in boards)
    s.scoring_cards = tuple(v["scoring_cards"])
    s.objectives = tuple(o["id"] for o in v["objectives"])
    s.achieved = [sum(1 << s.objectives.index(oid) for oid in p["objectives_achieved"]) for p in boards]
    s.turns = [p["turns"] for p in boards]
    s.objective_tokens = [o["tokens"] for o in v["objectives"]]
    s.objective_status = [OBJECTIVE_STATUS_NAMES.index(o["status"]) for o in v["objectives"]]
    s.first_player = v["first_player"]
    s.round, s.ply = v["round"], v["ply"]
    s.pending = stack_of(frame_from_json(v["decision"], BOREALIS_KINDS)) if v["decision"] else ()
    s.refresh_used_this_round = v["refresh_used_this_round"]
    s.refreshed_this_turn = v["refreshed_this_turn"]
    s.end_triggered = v["end_triggered"]
    s.end_reason = END_REASONS.index(v["end_reason"])
    assert len(s.deck) == v["deck_count"], "view inconsistent with the catalogue"
    return s


def iwari(v, chance: Chance):
    """A full state consistent with ``v``: unseen cards dealt from ``chance``, chance reseeded."""
    seat = v["seat"]
    pool = deck_counts(v["players"])
    seen = counts(v["display"])
    for b, n in v["discard"].items():
        seen[BIOME_INDEX[b]] += n
    if seat is not None:
        seen = [a + b for a, b in zip(seen, counts(v["hand"]))]
    unseen = [BIOME_IDS[b] for b in range(NB) for _ in range(pool[b] - seen[b])]
    chance.shuffle(unseen)
    hands = []
    for p, size in enumerate(v["hand_sizes"]):
        if p == seat:
            hands.append(list(v["hand"]))
        else:
            hands.append([unseen.pop() for _ in range(size)])
    current = v["first_player"] if v["to_act"] is None else v["to_act"]
    return decode(dict(v, current=current, hands=hands, deck=unseen, chance=chance.next64()))


REFERENCES = {"borealis": borealis, "iwari": iwari, "mariposas": mariposas, "midnight_zoo": midnight_zoo}

"""Midnight Zoo observation (from a seat's view; ``Encoder.describe`` prints offsets).

Per seat, relative to the viewer (block 0 = viewer; a solo game has one block): VP /100, the
tile in hand (one-hot over the 78 tile ids), storage (tile flags), the district (per space r,c
row-major: the tile one-hot, or the zoo), the animals per spot L1..R3 (animal type one-hot; place
one-hot over undiscovered, zoo, the 9 entrances and the 25 spaces; facing N/E/S/W; asleep;
pollen /4), the variability cards per dark pair A, B, C (letter one-hot, or hidden), the setup
tile one-hot.
Then: phase one-hot, draft /10, round /10, turn /4, ply /500, seat to act and first player
(relative one-hot, plus one slot for Leo), the market per position (tile one-hot), the leftover
row and leftover piles (tile flags), removed tiles (tile flags), stack count /80, bonus supply per
terrain /14, the round's animal slots (per slot animal one-hot), the round terrain one-hot, the
pending frames (depth /5, kinds present; the top frame's kind, tile, space and moving animal's
spot one-hot, points /10, extra /3, open tile, special move, eligible spots), and solo (Leo's current solo
tile one-hot, revealed solo tiles, solo deck count /10).
"""

from __future__ import annotations

from gameshelf.games.midnight_zoo import view as mz_view
from gameshelf.games.midnight_zoo.catalog import CAT, DIRS as CAT_DIRS
from gameshelf.core.frames import frame_to_json
from gameshelf.games.midnight_zoo.decisions import FRAMES as FRAME_CLASSES, SpecialMove
from gameshelf.games.midnight_zoo.state import CARDS, LEO, PHASE_NAMES, ZOO_MARK, State
from gameshelf.rl.encode.incremental import Section, SectionedEncoder, seat_fill, seat_key

TILES = {t: i for i, t in enumerate(CAT.tile_id)}
NT = len(TILES)
NCELL = CAT.rows * CAT.cols
CELLS = {f"{r},{c}": r * CAT.cols + c for r in range(CAT.rows) for c in range(CAT.cols)}
SPOTS = {s: i for i, s in enumerate(CAT.spot_names)}
ANIMALS = {a: i for i, a in enumerate(CAT.animal_ids)}
PLACES = {"undiscovered": 0, "zoo": 1, **{e: 2 + i for i, e in enumerate(CAT.entrance_ids)},
          **{c: 2 + len(CAT.entrance_ids) + i for c, i in CELLS.items()}}
DIRS = {d: i for i, d in enumerate("NESW")}
LETTERS = {x: i for i, x in enumerate(sorted({c.letter for cards in CAT.cards for c in cards}))}
SETUP = {t[0]: i for i, t in enumerate(CAT.setup_tiles)}
SOLO = {t[0]: i for i, t in enumerate(CAT.solo_tiles)}
PHASES = {p: i for i, p in enumerate(("cards", "draft", "placement", "end_of_round", "over"))}
FRAMES = {kind: i for i, kind in enumerate([cls.kind for cls in FRAME_CLASSES] + ["other"])}
TERRAINS = {t: i for i, t in enumerate(CAT.terrains)}

# the state's integer codes -> the positions above (the same tables, indexed by the state's codes)
TILE_OF = [TILES[t] for t in CAT.tile_id]
ANIMAL_OF = [ANIMALS[a] for a in CAT.animal_ids]
SPOT_OF = [SPOTS[s] for s in CAT.spot_names]
FACE_OF = [DIRS[d] for d in CAT_DIRS]
SETUP_OF = [SETUP.get(t[0]) for t in CAT.setup_tiles]
SOLO_OF = [SOLO[t[0]] for t in CAT.solo_tiles]
PHASE_OF = [PHASES[p] for p in PHASE_NAMES]
TERRAIN_OF = [TERRAINS[t] for t in CAT.terrains]
SNAKE, SLOTH, BUTTERFLY = mz_view.SNAKE, mz_view.SLOTH, mz_view.BUTTERFLY
_PLACE_BY_LOC: dict[int, int] = {}


def place_of(loc: int) -> int:
    """An animal's location code (Player.location) -> its place index in PLACES (as the view names it)."""
    place = _PLACE_BY_LOC.get(loc)
    if place is None:
        place = _PLACE_BY_LOC[loc] = PLACES[mz_view.loc_str(loc)]
    return place


class MidnightZooEncoder(SectionedEncoder):
    state_type = State

    def __init__(self, players, options):
        super().__init__(players, options)
        layout = self.layout
        npairs = len(CAT.pairs)
        self.blocks = []
        for p in range(players):
            self.blocks.append(dict(
                vp=layout.add(f"p{p}.vp", 1, "/100"),
                hand=layout.add(f"p{p}.hand", NT, "tile one-hot"),
                storage=layout.add(f"p{p}.storage", NT, "tile flags"),
                district=layout.add(f"p{p}.district", NCELL * (NT + 1), "per space: tile one-hot, zoo"),
                animals=layout.add(f"p{p}.animals", len(SPOTS) * self.ANIMAL, "per spot: type, place, facing, "
                                                                          "asleep, pollen/4"),
                cards=layout.add(f"p{p}.cards", npairs * (len(LETTERS) + 1), "per pair: letter one-hot, hidden"),
                setup=layout.add(f"p{p}.setup_tile", len(SETUP), "one-hot"),
            ))
        self.phase = layout.add("phase", len(PHASES), "one-hot")
        self.to_act = layout.add("to_act", players + 1, "relative one-hot, Leo")
        self.first = layout.add("first_player", players + 1, "relative one-hot, Leo")
        self.market = layout.add("market", CAT.market_spaces * NT, "per position tile one-hot")
        self.leftover = layout.add("leftover", NT, "tile flags")
        self.piles = layout.add("leftover_piles", NT, "tile flags")
        self.removed = layout.add("removed", NT, "tile flags")
        self.bonus = layout.add("bonus_supply", len(TERRAINS), "/14")
        self.slots = layout.add("animal_slots", 3 * len(ANIMALS), "per slot one-hot")
        self.terrain = layout.add("round_terrain", len(TERRAINS), "one-hot")
        self.frames = layout.add("pending.kinds", len(FRAMES), "flags")
        self.top = layout.add("pending.top", len(FRAMES) + NT + NCELL + len(SPOTS) * 2,
                              "kind, tile, space, animal, eligible")
        self.solo_current = layout.add("solo.current", len(SOLO), "one-hot")
        self.solo_revealed = layout.add("solo.revealed", len(SOLO), "flags")
        self.misc = layout.add("misc", 11, "draft/10, round/10, turn/4, ply/500, stack/80, depth/5, points/10, "
                                           "extra/3, tile_open, special, solo deck/10")
        self._sections = self._make_sections()

    ANIMAL = len(ANIMALS) + len(PLACES) + 4 + 2

    def _seat(self, view, seat):
        if seat is None:
            return None
        if seat == "leo":
            return self.players
        return (seat - view["seat"]) % self.players

    def fill(self, view, ones, idx, val):
        me = view["seat"]
        for p, board in enumerate(view["boards"]):
            self._player(self.blocks[(p - me) % self.players], board, ones, idx, val)
        self._board(view, ones, idx, val)

    def _player(self, block, board, ones, idx, val):
        idx.append(block["vp"])
        val.append(board["vp"] / 100)
        if board["hand"]:
            ones.append(block["hand"] + TILES[board["hand"]])
        ones += [block["storage"] + TILES[t] for t in board["storage"]]
        district = board["district"]
        cells = district.items() if isinstance(district, dict) else enumerate(district)
        offset = block["district"]
        for cell, tile in cells:
            if tile is not None:
                c = CELLS[cell] if isinstance(cell, str) else cell
                ones.append(offset + c * (NT + 1) + (NT if tile == "zoo" else TILES[tile]))
        offset, k = block["animals"], self.ANIMAL
        for a in board["animals"]:
            base = offset + SPOTS[a["spot"]] * k
            ones += (base + ANIMALS[a["animal"]], base + len(ANIMALS) + PLACES[a["loc"]])
            tail = base + len(ANIMALS) + len(PLACES)
            if "facing" in a:
                ones.append(tail + DIRS[a["facing"]])
            if a.get("asleep"):
                ones.append(tail + 4)
            if a.get("pollen"):
                idx.append(tail + 5)
                val.append(a["pollen"] / 4)
        cards, stride = board["cards"], len(LETTERS) + 1
        if cards == "hidden":
            ones += [block["cards"] + i * stride + stride - 1 for i in range(len(CAT.pairs))]
        elif isinstance(cards, (list, tuple)):
            ones += [block["cards"] + i * stride + LETTERS[x] for i, x in enumerate(cards) if x]
        if board.get("setup_tile") in SETUP:
            ones.append(block["setup"] + SETUP[board["setup_tile"]])

    def _board(self, view, ones, idx, val):
        ones.append(self.phase + PHASES[view["phase"]])
        for offset, seat in ((self.to_act, view["to_act"]), (self.first, view["first_player"])):
            rel = self._seat(view, seat)
            if rel is not None:
                ones.append(offset + rel)
        ones += [self.market + i * NT + TILES[t] for i, t in enumerate(view["market"]) if t]
        ones += [self.leftover + TILES[t] for t in view["leftover"]]
        ones += [self.piles + TILES[t] for pile in view["leftover_piles"] for t in pile]
        ones += [self.removed + TILES[t] for t in view["removed"]]
        for t, n in view["bonus_supply"].items():
            idx.append(self.bonus + TERRAINS[t])
            val.append(n / 14)
        ones += [self.slots + i * len(ANIMALS) + ANIMALS[a] for i, a in enumerate(view["animal_slots"][:3])]
        if view["round_terrain"]:
            ones.append(self.terrain + TERRAINS[view["round_terrain"]])
        pending = view["pending"]
        misc = [view["draft"] / 10, view["round"] / 10, view["turn"] / 4, view["ply"] / 500, view["stack_count"] / 80,
                len(pending) / 5, 0.0, 0.0, 0.0, 0.0, 0.0]
        if pending:
            ones += list({self.frames + FRAMES.get(f["kind"], FRAMES["other"]) for f in pending})
            self._top(pending[-1], ones, misc)
        solo = view.get("solo")
        if solo:
            if solo["current"]:
                ones.append(self.solo_current + SOLO[solo["current"]])
            ones += [self.solo_revealed + SOLO[t] for t in solo["revealed"]]
            misc[10] = solo["deck_count"] / 10
        for i, x in enumerate(misc):
            if x:
                idx.append(self.misc + i)
                val.append(x)

    # ---- the same vector from the state's visible fields (Encoder.encode_state) ----------------
    def _seat_state(self, seat, me):
        return self.players if seat == LEO else (seat - me) % self.players

    def _make_sections(self):
        """Per seat block (relative to the viewer) two sections, as they change at different rates:
        VP and the tile in hand (each draft), and the zoo (storage, district, animals, cards, setup
        tile); then the board, and the turn (rewritten at every step: the pending frames and the
        ply change with nearly every action)."""
        n, sections = self.players, []
        for r, block in enumerate(self.blocks):
            sections += [Section(f"p{r}.hand", block["vp"], block["storage"], seat_key(n, r, self._hand_key),
                                 seat_fill(n, r, self._hand_state)),
                         Section(f"p{r}.zoo", block["storage"], block["setup"] + len(SETUP),
                                 seat_key(n, r, self._zoo_key),
                                 seat_fill(n, r, self._zoo_state))]
        sections.append(Section("board", self.phase, self.frames, self._board_key, self._board_state))
        sections.append(Section("turn", self.frames, self.layout.size, None, self._turn_state))
        return sections

    @staticmethod
    def _hand_key(state, p):
        player = state.players[p]
        return player.vp, player.hand

    @staticmethod
    def _zoo_key(state, p):
        """Copies of every field of seat ``p``'s zoo (its cards are hidden in the cards phase)."""
        player = state.players[p]
        return (player.animals, player.storage[:], player.district[:], player.location[:], player.facing[:],
                player.asleep[:], player.pollen[:], player.cards, player.setup_tile, state.phase == CARDS)

    @staticmethod
    def _board_key(state, me):
        return (state.phase, state.pending[-1].seat if state.pending else None, state.first_player, state.market[:],
                state.leftover[:], state.leftover_piles[:], state.removed[:], state.bonus_supply[:], state.animal_slots,
                state.round_terrain)

    def _hand_state(self, r, state, p, ones, idx, val):
        player, block = state.players[p], self.blocks[r]
        idx.append(block["vp"])
        val.append(player.vp / 100)
        if player.hand >= 0:
            ones.append(block["hand"] + TILE_OF[player.hand])

    def _zoo_state(self, r, state, p, ones, idx, val):
        player, block = state.players[p], self.blocks[r]
        offset = block["storage"]
        ones += [offset + TILE_OF[t] for t in player.storage]
        offset, stride = block["district"], NT + 1
        ones += [offset + c * stride + (NT if t == ZOO_MARK else TILE_OF[t])
                 for c, t in enumerate(player.district) if t >= 0 or t == ZOO_MARK]
        offset, k = block["animals"], self.ANIMAL
        tail0 = len(ANIMALS) + len(PLACES)
        for i, a in enumerate(player.animals):
            base = offset + SPOT_OF[i] * k
            ones += (base + ANIMAL_OF[a], base + len(ANIMALS) + place_of(player.location[i]))
            tail = base + tail0
            if SNAKE[a]:
                ones.append(tail + FACE_OF[player.facing[i]])
            if SLOTH[a] and player.asleep[i]:
                ones.append(tail + 4)
            if BUTTERFLY[a] and player.pollen[i]:
                idx.append(tail + 5)
                val.append(player.pollen[i] / 4)
        if player.cards is not None:
            cards, stride = mz_view.cards_json(state, p, (p - r) % self.players), len(LETTERS) + 1
            if cards == "hidden":
                ones += [block["cards"] + i * stride + stride - 1 for i in range(len(CAT.pairs))]
            else:
                ones += [block["cards"] + i * stride + LETTERS[x] for i, x in enumerate(cards) if x]
        setup = SETUP_OF[player.setup_tile]
        if setup is not None:
            ones.append(block["setup"] + setup)

    def _board_state(self, state, me, ones, idx, val):
        ones.append(self.phase + PHASE_OF[state.phase])
        if state.pending:
            ones.append(self.to_act + self._seat_state(state.pending[-1].seat, me))
        ones.append(self.first + self._seat_state(state.first_player, me))
        ones += [self.market + i * NT + TILE_OF[t] for i, t in enumerate(state.market) if t >= 0]
        ones += [self.leftover + TILE_OF[t] for t in state.leftover]
        ones += [self.piles + TILE_OF[t] for pile in state.leftover_piles for t in pile]
        ones += [self.removed + TILE_OF[t] for t in state.removed]
        offset = self.bonus
        idx += [offset + TERRAIN_OF[i] for i in range(len(state.bonus_supply))]
        val += [x / 14 for x in state.bonus_supply]
        ones += [self.slots + i * len(ANIMALS) + ANIMAL_OF[a] for i, a in enumerate(state.animal_slots[:3])]
        if state.round_terrain >= 0:
            ones.append(self.terrain + TERRAIN_OF[state.round_terrain])

    def _turn_state(self, state, me, ones, idx, val):
        pending = state.pending
        round_number = (state.draft - 1) // CAT.drafts_per_round + 1
        misc = [state.draft / 10, round_number / 10, state.turn / 4, state.ply / 500, len(state.stack) / 80,
                len(pending) / 5, 0.0, 0.0, 0.0, 0.0, 0.0]
        if pending:
            other = FRAMES["other"]
            ones += list({self.frames + FRAMES.get(f.kind, other) for f in pending})
            self._top(frame_to_json(pending[-1]), ones, misc)
        if state.solo:
            if state.solo_tile >= 0:
                ones.append(self.solo_current + SOLO_OF[state.solo_tile])
            ones += [self.solo_revealed + SOLO_OF[t] for t in state.solo_revealed]
            misc[10] = len(state.solo_deck) / 10
        for i, x in enumerate(misc):
            if x:
                idx.append(self.misc + i)
                val.append(x)

    def _top(self, top, ones, misc):
        offset = self.top
        ones.append(offset + FRAMES.get(top["kind"], FRAMES["other"]))
        offset += len(FRAMES)
        if top.get("tile") in TILES:
            ones.append(offset + TILES[top["tile"]])
        offset += NT
        if top.get("cell") in CELLS:
            ones.append(offset + CELLS[top["cell"]])
        offset += NCELL
        if top.get("spot") in SPOTS:
            ones.append(offset + SPOTS[top["spot"]])
        offset += len(SPOTS)
        ones += [offset + SPOTS[s] for s in top.get("eligible", ()) if s in SPOTS]
        misc[6:10] = [top.get("points", 0) / 10, top.get("extra", 0) / 3, float(bool(top.get("tile_open"))),
                      float(bool(top.get("special")) or top["kind"] == SpecialMove.kind)]


ENCODER = MidnightZooEncoder

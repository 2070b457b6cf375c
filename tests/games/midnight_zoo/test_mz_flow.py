"""Setup and game flow: section 3, R1-R8, R12, R70-R86, A22-A26, A37, A38, A42; EX-1, EX-6, EX-8, TV-7."""

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.games.midnight_zoo import rules, rules_draft
from gameshelf.games.midnight_zoo.state import DRAFT, ENTRANCE0, IN_ZOO, LEO, OVER, PLACE, ROUND, UNDISCOVERED
from mz_helpers import (CAT, GAME, SETUP, board, check_invariants, colour, edit, legal, piece, play, put,
                        take_out, tile, top, where)


def random_game(n, seed=0, options=None):
    st = GAME.setup(n, options or {}, seed=seed)
    ch = Chance(seed + 100)
    events = []
    while not GAME.is_over(st):
        events += GAME.apply(st, ch.choice(GAME.legal_actions(st)))
        check_invariants(st)
    return st, events


def end_round(st, leftover):
    """Finish the last placement of draft 5 with ``leftover`` in the leftover zone (through the
    position: hands emptied into the removed tiles; the automatic steps then run maintenance)."""
    def build(data):
        data["stack"][:0], data["leftover"] = data["leftover"], []  # earlier leftovers back under the stack
        for t in leftover:
            take_out(data, t)
        data["leftover"] = list(leftover)
        data["draft"], data["first_player"] = 5, st.player_count - 1  # the token passes to seat 0 in maintenance
        for p in data["players"].values():
            if p["hand"]:
                data["removed"].append(p["hand"])
            p["hand"] = None
        data["turn"], data["pending"] = len(data["order"]) - 1, []  # the last placer has nothing left to use
    edit(st, fn=build)


# ---- setup --------------------------------------------------------------------------------------
def test_ex1_setup_tile_places_animals_and_starts_three_on_entrances():
    slots = tuple(CAT.animal_ids.index(a) for a in ("sloth", "cheetah", "wolf"))
    pl = rules.player_from_setup(slots, SETUP.index("ST1"))
    kinds = {CAT.spot_names[k]: CAT.animal_ids[pl.animals[k]] for k in range(9)}
    assert [s for s, a in kinds.items() if a == "sloth"] == ["L1", "T3", "R2"]
    assert [s for s, a in kinds.items() if a == "cheetah"] == ["L2", "T1", "R3"]
    assert [s for s, a in kinds.items() if a == "wolf"] == ["L3", "T2", "R1"]
    on_entrance = {CAT.spot_names[k]: CAT.entrance_ids[loc - ENTRANCE0] for k, loc in enumerate(pl.location)
                   if loc >= ENTRANCE0}
    assert on_entrance == {"L1": "L1", "T2": "T2", "R3": "R3"}
    assert pl.location.count(UNDISCOVERED) == 6
    assert not pl.asleep[CAT.spot_names.index("L1")]


def test_ex1_counter_case_a37_redraw_until_six_moons():
    moons = {a.id: a.moons for a in CAT.animals}
    assert moons["penguin"] + moons["cheetah"] + moons["wolf"] == 4 < CAT.min_moons
    redrawn = 0
    for seed in range(200):
        ch = Chance(seed)
        first = list(range(6))
        ch.copy().shuffle(first)
        drawn = rules.draw_animals(ch)
        assert sum(CAT.animals[a].moons for a in drawn) >= 6
        if sum(CAT.animals[a].moons for a in first[:3]) < 6:
            redrawn += 1
            assert tuple(first[:3]) != drawn
        else:
            assert tuple(first[:3]) == drawn  # slots A, B, C in draw order
    assert redrawn > 0


@pytest.mark.parametrize("n,market", [(1, 3), (2, 3), (3, 4), (4, 5)])
def test_setup_market_stack_supply_pieces(n, market):
    st = GAME.setup(n, {}, seed=7)
    assert len(st.market) == market and len(st.stack) == 75 - market
    if n == 1:  # Leo has already drafted (he holds the first-player token, R77)
        assert sum(1 for t in st.market if t < 0) == 1 and len(st.removed) == 1
    else:
        assert all(t >= 0 for t in st.market)
    assert st.bonus_supply == [14, 14, 14]
    assert len({pl.setup_tile for pl in st.players}) == n
    for pl in st.players:
        assert sorted(pl.animals) == sorted(st.animal_slots * 3)
        assert sum(1 for loc in pl.location if loc >= ENTRANCE0) == 3 and pl.location.count(UNDISCOVERED) == 6
        entrance_kinds = {pl.animals[k] for k, loc in enumerate(pl.location) if loc >= ENTRANCE0}
        assert entrance_kinds == set(st.animal_slots)  # A5: one of each type starts discovered
        assert pl.vp == 0 and pl.storage == [] and pl.hand == -1


def test_setup_first_player_random_in_multiplayer():
    firsts = {GAME.setup(3, {}, seed=s).first_player for s in range(30)}
    assert firsts == {0, 1, 2}


# ---- R1-R4: structure ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 4])
def test_r1_r4_three_rounds_of_five_drafts_then_end(n):
    st, events = random_game(n, seed=n)
    assert st.phase == OVER and st.draft == 15
    assert [e.key for e in events].count("round_terrain") == 3  # R3: after drafts 5, 10, 15
    assert [len(p) for p in st.leftover_piles] == [5, 5, 5] and st.leftover == []
    assert GAME.outcome(st) is not None and GAME.to_act(st) is None


def test_r2_phases_in_order():
    st = GAME.setup(2, {}, seed=1)
    assert st.phase == DRAFT
    play(st, "take 1")
    assert st.phase == DRAFT
    play(st, "take 2")
    assert st.phase == PLACE


def test_a42_four_players_use_the_whole_stack_and_a23_no_refill_after_draft_15():
    st, _ = random_game(4, seed=3)
    assert st.stack == [] and st.market == [-1] * 5
    st, _ = random_game(2, seed=3)
    assert len(st.stack) == 75 - 45 and st.market == [-1] * 3


# ---- R5-R8, R12: drafting --------------------------------------------------------------------------------
def test_r5_draft_order_from_first_player_clockwise_one_tile_each():
    st = GAME.setup(3, {}, seed=2)
    f = st.first_player
    assert st.order == [f, (f + 1) % 3, (f + 2) % 3] and GAME.to_act(st) == f
    assert legal(st) == ["take 1", "take 2", "take 3", "take 4"]
    play(st, "take 2")
    assert st.players[f].hand >= 0 and GAME.to_act(st) == (f + 1) % 3
    assert "take 2" not in legal(st)  # A38: the position stays empty
    with pytest.raises(IllegalAction) as err:
        play(st, "take 2")
    assert err.value.rule == "R5"


def test_r6_last_tile_goes_to_the_leftmost_leftover_space():
    st = GAME.setup(2, {}, seed=2)
    last = st.market[2]
    play(st, "take 1", "take 2")
    assert st.leftover == [last] and st.market == [-1, -1, -1] and st.phase == PLACE


def test_r12_a22_placement_one_player_at_a_time_from_the_first_player():
    st = GAME.setup(2, {}, seed=4)
    f = st.first_player
    play(st, "take 1", "take 2")
    assert GAME.to_act(st) == f and st.order == [f, 1 - f]
    play(st, f"discard {CAT.tile_id[st.players[f].hand]}")
    while top(st) is not None:
        play(st, "stop")
    assert GAME.to_act(st) == 1 - f


def test_r70_r71_refill_and_token_passes_clockwise():
    st = GAME.setup(3, {}, seed=5)
    f = st.first_player
    for _ in range(3):
        play(st, "take 1") if "take 1" in legal(st) else play(st, legal(st)[0])
    for _ in range(3):
        seat = GAME.to_act(st)
        play(st, f"discard {CAT.tile_id[st.players[seat].hand]}")
        while GAME.to_act(st) == seat and st.phase == PLACE:
            play(st, "stop")
    assert st.draft == 2 and st.first_player == (f + 1) % 3
    assert all(t >= 0 for t in st.market) and len(st.market) == 4


# ---- R72-R75: end-of-round move -----------------------------------------------------------------------------
def test_tv7_r72_leftover_majority_and_leftmost_tie_break():
    def terrain(ids):
        return CAT.terrains[rules_draft.leftover_terrain([tile(t) for t in ids])]
    assert terrain(["G01", "S01", "S02", "G02", "R01"]) == "grass"
    assert terrain(["R01", "G01", "S01", "S02", "S03"]) == "sand"
    assert terrain(["S01", "G01", "R01", "G02", "S02"]) == "sand"


@pytest.mark.parametrize("forced", [True, False])
def test_ex6_r73_r75_end_of_round_move_on_rock(forced):
    """EX-6; R73 with A9 (revised 2026-12-01): no "stop" while an eligible animal can move under
    the default `forced_group_moves: true`; `false` lets the player stop."""
    st = board(slots=("sloth", "wolf", "penguin"), hand="G01",
               tiles={"1,0": "S22", "0,3": "R22", "0,2": "G22", "2,0": "S23"},
               options={"forced_group_moves": "true" if forced else "false"})
    sloth = put(st, "sloth", "L1", spot="L1")
    wolf = put(st, "wolf", "0,3")
    penguin = put(st, "penguin", "2,0")
    end_round(st, ["R04", "S04", "R06", "S06", "G05"])
    assert st.phase == ROUND and GAME.to_act(st) == 0
    assert CAT.terrains[st.round_terrain] == "rock"
    stop = [] if forced else ["stop"]
    assert sorted(legal(st)) == sorted([f"animal {sloth}", f"animal {wolf}"] + stop)
    play(st, f"animal {sloth}", "go E", f"animal {wolf}")
    assert legal(st) == ["go W"]
    play(st, "go W")
    assert piece(st, sloth)["loc"] == "1,0" and piece(st, sloth)["asleep"]
    assert where(st, wolf) == "0,2" and where(st, penguin) == "2,0"
    while st.phase == ROUND:
        assert ("stop" in legal(st)) is not forced
        play(st, legal(st)[-1])
    assert len(st.leftover_piles) == 1 and len(st.leftover_piles[0]) == 5 and st.leftover == []
    assert st.phase == DRAFT and st.draft == 6


def test_r74_tv6_contrast_no_cheetah_extra_step_no_pollen_at_round_end():
    st = board(slots=("butterfly", "cheetah", "wolf"), hand="G01",
               tiles={"1,2": "R22", "0,3": "S22", "0,2": "G22", "3,2": "R23"})
    cheetah = put(st, "cheetah", "T3")
    fly = put(st, "butterfly", "3,2", pollen=1)
    end_round(st, ["R04", "R05", "R06", "S06", "G05"])
    play(st, f"animal {cheetah}", "go S")
    assert where(st, cheetah) == "0,3" and f"animal {cheetah}" not in legal(st)
    play(st, f"animal {fly}", "go N")
    assert where(st, fly) == "zoo" and piece(st, fly)["pollen"] == 1


@pytest.mark.parametrize("forced", [True, False])
def test_r73_every_player_moves_in_turn_order(forced):
    """R73; A9 (revised 2026-12-01): seat 0's wolf must move under the default, may stay with
    `forced_group_moves: false`."""
    st = board(slots=("sloth", "cheetah", "wolf"), hand="G01", tiles={"0,1": "G06", "0,2": "R01"},
               options={"forced_group_moves": "true" if forced else "false"})
    put(st, "wolf", "0,1")
    k = st.players[1].animals.index(CAT.animal_ids.index("wolf"))

    def other_seat(data):
        p = data["players"][colour(1)]
        for a in p["animals"].values():
            a["loc"] = "undiscovered"
        take_out(data, "G02")
        p["district"]["0,1"] = "G02"
        p["animals"][CAT.spot_names[k]].update(loc="T1", facing="S")  # a grass entrance, (0,1) tiled
    edit(st, fn=other_seat)
    end_round(st, ["G03", "G04", "G05", "S06", "R05"])
    assert GAME.to_act(st) == 0
    if forced:
        assert "stop" not in legal(st)
        play(st, legal(st)[0], "go E")
    else:
        play(st, "stop")
    assert GAME.to_act(st) == 1 and st.phase == ROUND
    play(st, f"animal {CAT.spot_names[k]}", "go S")
    assert st.players[1].location[k] == 1 and st.phase == DRAFT


# ---- R76-R86: solo -----------------------------------------------------------------------------------------
def solo_at_draft(current, market, order=(LEO, 0)):
    st = GAME.setup(1, {}, seed=3)
    names = [t[0] for t in CAT.solo_tiles]

    def build(data):
        data["stack"] += [t for t in data["market"] if t]
        data["stack"] += data["removed"]  # undo Leo's setup pick: this test sets the draft up itself
        data["removed"] = []
        for t in market:
            data["stack"].remove(t)
        data["market"] = list(market)
        data["solo_deck"] = [x for x in names if x != current]
        data["solo_tile"], data["solo_revealed"] = current, [current]
        data["turn"], data["order"] = 0, ["leo" if s == LEO else s for s in order]
        data["pending"] = []  # the automatic steps give the first drafter its pick
        data["draft"] = 1 if order[0] == LEO else 2
        if data["draft"] == 2:  # R6: draft 1 left one tile in the leftover zone
            data["leftover"] = [data["stack"].pop(0)]
    return edit(st, fn=build)


def test_ex8_r79_r81_leo_takes_position_one_and_it_leaves_the_game():
    st = solo_at_draft("SOLO1", ["R05", "S01", "G10"])
    assert tile("R05") in st.removed and st.market[0] == -1
    assert legal(st) == ["take 2", "take 3"]
    play(st, "take 3")
    assert st.players[0].hand == tile("G10") and st.leftover == [tile("S01")]
    assert st.phase == PLACE


def test_r79_leo_takes_position_two_when_one_is_empty():
    st = solo_at_draft("SOLO1", ["R05", "S01", "G10"], order=(0, LEO))
    assert GAME.to_act(st) == 0 and st.removed == []
    play(st, "take 1")
    # draft 2: draft 1's leftover tile (a valid position has it, R6) is followed by G10
    assert tile("S01") in st.removed and st.leftover[1:] == [tile("G10")] and st.phase == PLACE


def test_r77_r78_leo_first_in_odd_drafts_and_a_tile_revealed_each_draft():
    st = GAME.setup(1, {}, seed=9)
    seen = []
    ch = Chance(1)
    while not GAME.is_over(st):
        if st.phase == DRAFT:
            seen.append((st.draft, st.order[0], CAT.solo_tiles[st.solo_tile][0]))
        GAME.apply(st, ch.choice(GAME.legal_actions(st)))
    firsts = {d: o for d, o, _ in seen}
    assert all(firsts[d] == (LEO if d % 2 else 0) for d in firsts)
    assert len(st.removed) >= 15  # Leo took one tile per draft (R80)


def test_r82_r83_shuffle_tile_decides_then_the_deck_is_reshuffled():
    st = solo_at_draft("SOLO2", ["R05", "S01", "G10"])  # shuffle symbol; 1 = left
    assert tile("R05") in st.removed
    assert len(st.solo_revealed) == 1 and len(st.solo_deck) == 5
    play(st, "take 2")
    assert st.solo_revealed == [] and len(st.solo_deck) == 6
    st = solo_at_draft("SOLO1", ["R05", "S01", "G10"])
    play(st, "take 2")
    assert len(st.solo_revealed) == 1 and len(st.solo_deck) == 5  # stays revealed


def test_r84_r86_leo_has_no_board_and_solo_outcome_has_a_rank():
    st, _ = random_game(1, seed=11)
    assert st.player_count == 1 and len(st.players) == 1
    out = GAME.outcome(st)
    assert out.details["solo_rank"] in {r for _, r in CAT.solo_ranks}
    assert out.ranks == (1,)


def test_r76_solo_market_three_tiles():
    st = GAME.setup(1, {}, seed=1)
    assert len(st.market) == 3 and st.order == [LEO, 0] and CAT.solo_tiles[st.solo_tile]
    assert tile is not None and st.players[0].location.count(IN_ZOO) == 0


def test_r7_a33_drafted_tile_is_resolved_in_the_same_draft():
    st = GAME.setup(2, {}, seed=6)
    while st.phase == DRAFT:
        play(st, legal(st)[0])
    seat = GAME.to_act(st)
    assert st.players[seat].hand >= 0 and "done" not in legal(st)
    play(st, f"store {CAT.tile_id[st.players[seat].hand]}")
    assert st.players[seat].hand == -1


def test_r85_solo_player_places_tiles_and_moves_at_round_end_as_usual():
    st, events = random_game(1, seed=12)
    keys = {e.key for e in events}
    assert {"took", "leo_took", "leftover", "round_terrain", "phase_done"} <= keys

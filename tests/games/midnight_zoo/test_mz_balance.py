"""Outcome.details["balance"]: "animal:<id>" -> per seat, that type's zoo VP (S2) plus 1 VP per
discovered animal of that type outside the zoo (S3); only the 3 types in play (EX-7, TV-5, TV-12)."""

import json

from gameshelf.core.chance import Chance
from gameshelf.games.midnight_zoo.catalog import CAT
from gameshelf.games.midnight_zoo.state import IN_ZOO, UNDISCOVERED
from mz_helpers import ex7_position, finish, GAME, board, check_invariants, put


def test_ex7_balance_per_animal_type_and_seat():
    st = ex7_position()
    out = finish(st)
    bal = out.details["balance"]
    # seat 1 keeps its setup: the 3 animals on entrances are discovered (1 VP each), nothing in the zoo
    disc1 = {a: 0 for a in ("sloth", "cheetah", "wolf")}
    for k, kind in enumerate(st.players[1].animals):
        if st.players[1].location[k] >= 0:  # on the board or an entrance
            disc1[CAT.animal_ids[kind]] += 1
    assert sum(disc1.values()) == 3
    assert bal == {"animal:wolf": [27, disc1["wolf"]],          # 3 wolves in the zoo
                   "animal:cheetah": [12 + 1, disc1["cheetah"]],  # 2 x 6, + 1 outside
                   "animal:sloth": [0 + 2, disc1["sloth"]]}       # 2 outside, 1 undiscovered
    assert sum(v[0] for v in bal.values()) == out.breakdown[0]["zoo_vp"] + out.breakdown[0]["discovered_vp"]
    assert all(isinstance(x, int) for v in bal.values() for x in v)


def test_tv5_butterfly_pollen_balance_and_types_not_in_play_absent():
    st = board(slots=("butterfly", "cheetah", "wolf"), hand="G01", tiles={"0,3": "R22"})
    put(st, "butterfly", "zoo", pollen=2)
    put(st, "butterfly", "zoo")
    put(st, "butterfly", "0,3", pollen=4)
    bal = finish(st).details["balance"]
    assert bal["animal:butterfly"][0] == 7 + 0 + 1
    assert bal["animal:wolf"][0] == 0 and bal["animal:cheetah"][0] == 0
    assert set(bal) == {"animal:butterfly", "animal:cheetah", "animal:wolf"}


# section 2.5 scoring rules, written out independently of the catalogue
PER = {"penguin": 5, "cheetah": 6, "snake": 10, "sloth": 15}
WOLF = {0: 0, 1: 7, 2: 16, 3: 27}
BUTTERFLY = {0: 0, 1: 5, 2: 7, 3: 9, 4: 11}


def expected(pl, animal):
    zoo = [k for k, a in enumerate(pl.animals) if CAT.animal_ids[a] == animal and pl.location[k] == IN_ZOO]
    outside = sum(1 for k, a in enumerate(pl.animals)
                  if CAT.animal_ids[a] == animal and pl.location[k] not in (IN_ZOO, UNDISCOVERED))
    if animal == "wolf":
        return WOLF[len(zoo)] + outside
    if animal == "butterfly":
        return sum(BUTTERFLY[pl.pollen[k]] for k in zoo) + outside
    return PER[animal] * len(zoo) + outside


def test_balance_matches_breakdown_in_seeded_finished_games():
    zoo_total = 0
    for n, seed in ((2, 1), (3, 37), (3, 51), (1, 3)):  # seeds 37/51: penguins reach the zoo
        st = GAME.setup(n, {}, seed=seed)
        ch = Chance(seed + 7)
        while not GAME.is_over(st):
            GAME.apply(st, ch.choice(GAME.legal_actions(st)))
        check_invariants(st)
        out = GAME.outcome(st)
        bal = out.details["balance"]
        assert set(bal) == {f"animal:{a}" for a in out.details["animal_slots"]}
        assert len(bal) == 3
        for seat in range(n):
            part = out.breakdown[seat]
            zoo_total += part["zoo_vp"]
            assert sum(v[seat] for v in bal.values()) == part["zoo_vp"] + part["discovered_vp"]
            for key, v in bal.items():
                assert v[seat] == expected(st.players[seat], key.split(":")[1])
        assert all(len(v) == n for v in bal.values())
        json.dumps(out.details)
    assert zoo_total > 0  # the sample exercises zoo scoring, not only discovered animals

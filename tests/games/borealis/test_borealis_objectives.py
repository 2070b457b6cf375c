"""Objectives: R31-R35, A9, A10, the 15 reconstructed predicates (2.8) and test vector T7."""

import pytest

from borealis_helpers import (
    achieved, find_cards, objective, pass_turn, play, pos, ready, set_column, set_flags, set_hand, set_objectives,
    set_round, set_scientists, set_tokens, species_columns,
)
from gameshelf.games.borealis import GAME
from gameshelf.games.borealis.catalog import OBJECTIVES
from gameshelf.games.borealis.rules_end import check_objectives, is_met


def objective_ids(s):
    return tuple(o["id"] for o in pos(s)["objectives"])

START = "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]"
B, F, O, S, P = "POLAR_BEAR", "ARCTIC_FOX", "SNOWY_OWL", "HARP_SEAL", "PUFFIN"


def with_columns(*cols):
    s = ready()
    for zone, col in zip("LCR", species_columns(*cols)):
        set_column(s, 0, zone, col)
    return s


def with_vehicles(*cols):
    s = ready()
    used: set[int] = set()
    for zone, col in zip("LCR", cols):
        ids = []
        for v in col:
            c = find_cards(1, vehicle=v, exclude=used)[0]
            used.add(c)
            ids.append(c)
        set_column(s, 0, zone, ids)
    return s


def with_scientists(text):
    s = ready()
    set_scientists(s, 0, text)
    return s


def with_flags(*flags):
    return set_flags(ready(), 0, list(flags))


CASES = {
    "OBJ_ANIMAL_1": (lambda: with_columns([B, F, O], [S, P], []), lambda: with_columns([B, F, O], [S, S], [])),
    "OBJ_ANIMAL_2": (lambda: with_columns([B, B, B, B], [], []), lambda: with_columns([B, B, B, F], [B], [])),
    "OBJ_ANIMAL_3": (lambda: with_columns([B, B], [F, O, F], [S, S]), lambda: with_columns([B, B], [F, O, F], [S, P])),
    "OBJ_ANIMAL_4": (lambda: with_columns([B, F, O, S], [], []), lambda: with_columns([B, F, O, O], [S], [])),
    "OBJ_ANIMAL_5": (lambda: with_columns([F, B], [B], [O, B]), lambda: with_columns([F, B], [B], [])),
    "OBJ_SCIENTIST_1": (lambda: with_scientists("LC:[] | L:[Y,B,P,Y,B] | C:[P] | R:[Y,B,P] | RC:[]"),
                        lambda: with_scientists("LC:[Y] | L:[B,P,Y,B] | C:[P] | R:[Y,B,P] | RC:[]")),
    "OBJ_SCIENTIST_2": (lambda: with_scientists("LC:[] | L:[Y,Y,Y] | C:[B,P] | R:[B,B,P,P] | RC:[]"),
                        lambda: with_scientists("LC:[Y] | L:[Y,Y] | C:[B,P] | R:[B,B,P,P] | RC:[]")),
    "OBJ_SCIENTIST_3": (lambda: with_scientists("LC:[Y,B] | L:[P] | C:[Y,B,P] | R:[P] | RC:[Y,B]"),
                        lambda: with_scientists("LC:[Y,B] | L:[P,Y] | C:[B,P] | R:[P,Y] | RC:[B]")),
    "OBJ_SCIENTIST_4": (lambda: with_scientists("LC:[Y] | L:[] | C:[Y,B,P,B,P] | R:[Y,B,P] | RC:[]"),
                        lambda: with_scientists(START)),
    "OBJ_SCIENTIST_5": (lambda: with_scientists("LC:[Y,B] | L:[P] | C:[Y,P] | R:[B,B] | RC:[Y,P]"),
                        lambda: with_scientists("LC:[Y,B] | L:[P] | C:[Y,P] | R:[B,B,P] | RC:[Y]")),
    "OBJ_VEHICLE_1": (lambda: with_vehicles(["SLED", "ZEPPELIN"], ["SUBMARINE", "KAYAK"], ["SKIS"]),
                      lambda: with_vehicles(["SLED", "ZEPPELIN"], ["SUBMARINE", "KAYAK"], ["SLED"])),
    "OBJ_VEHICLE_2": (lambda: with_vehicles(["SLED", "SLED"], ["SLED"], ["SLED"]),
                      lambda: with_vehicles(["SLED", "SLED"], ["SLED"], ["SKIS"])),
    "OBJ_VEHICLE_3": (lambda: with_flags(0, 4, 1), lambda: with_flags(3, 3, 3)),
    "OBJ_VEHICLE_4": (lambda: with_flags(2, 2, 2), lambda: with_flags(7, 2, 1)),
    "OBJ_VEHICLE_5": (lambda: with_vehicles([], ["KAYAK", "SKIS", "KAYAK", "KAYAK"], []),
                      lambda: with_vehicles(["KAYAK"], ["KAYAK", "KAYAK"], [])),
}


def test_every_objective_has_a_case():
    assert set(CASES) == set(OBJECTIVES)


@pytest.mark.parametrize("oid", sorted(CASES))
def test_objective_predicates(oid):
    """2.8: each predicate on the player's own board."""
    yes, no = CASES[oid]
    met, unmet = yes(), no()
    GAME.check_invariants(met)
    GAME.check_invariants(unmet)
    assert is_met(met, 0, oid)
    assert not is_met(unmet, 0, oid)


@pytest.mark.parametrize("oid", sorted(CASES))
def test_no_objective_is_met_at_setup(oid):
    s = ready(4)
    assert not any(is_met(s, seat, oid) for seat in range(4))


def three_player_trailblazer():
    s = ready(3)
    set_objectives(s, ("OBJ_ANIMAL_1", "OBJ_SCIENTIST_5", "OBJ_VEHICLE_3"))
    set_round(s, 5)
    return s


def test_t7_closing_window_r32_r34_a10():
    s = three_player_trailblazer()
    set_flags(s, 0, [3, 0, 0])
    pass_turn(s)                                   # A: not met
    set_flags(s, 1, [0, 4, 0])
    tokens_b = s.tokens[1]
    pass_turn(s)                                   # B achieves it first
    assert s.tokens[1] == tokens_b + 5 and objective(s, 2)["status"] == "closing"
    set_flags(s, 2, [4, 0, 0])
    events = pass_turn(s)                          # C still in the window
    assert achieved(s, 2) == ["OBJ_VEHICLE_3"] and s.tokens[2] == 7
    assert objective(s, 2)["status"] == "removed" and objective(s, 2)["tokens"] == 1
    assert any(e.key == "objective_removed" for e in events)
    set_flags(s, 0, [4, 0, 0])
    pass_turn(s)                                   # round 6: gone for A
    assert achieved(s, 0) == [] and s.tokens[0] == 2


def test_t7_variant_last_seat_first_closes_at_once():
    s = three_player_trailblazer()
    pass_turn(s)
    pass_turn(s)
    set_flags(s, 2, [4, 0, 0])
    pass_turn(s)
    assert objective(s, 2)["status"] == "removed" and objective(s, 2)["tokens"] == 2
    set_flags(s, 0, [5, 0, 0])
    set_flags(s, 1, [5, 0, 0])
    pass_turn(s)
    pass_turn(s)
    assert [achieved(s, 0), achieved(s, 1)] == [[], []]


def test_r31_three_objectives_one_per_type_n_tokens():
    s = ready(4)
    assert [OBJECTIVES[o].type for o in objective_ids(s)] == ["ANIMAL", "SCIENTIST", "VEHICLE"]
    assert [o["tokens"] for o in pos(s)["objectives"]] == [4, 4, 4]


def test_r32_a9_only_the_active_player_is_checked_at_the_end_of_their_turn():
    s = three_player_trailblazer()
    set_flags(s, 1, [4, 0, 0])                     # B meets it, but it is A's turn
    pass_turn(s)
    assert [achieved(s, seat) for seat in range(3)] == [[], [], []]
    pass_turn(s)
    assert achieved(s, 1) == ["OBJ_VEHICLE_3"]


def test_r33_once_per_player_several_in_one_turn():
    s = three_player_trailblazer()
    set_scientists(s, 0, "LC:[Y,B] | L:[P] | C:[Y,B,B,P] | R:[] | RC:[P,Y]")
    set_flags(s, 0, [4, 0, 0])
    set_hand(s, 0, [12])
    events = play(s, "play 12 C", "deck")        # a CENTER play leaves both camps at 2
    assert achieved(s, 0) == ["OBJ_SCIENTIST_5", "OBJ_VEHICLE_3"] and s.tokens[0] == 12
    assert [e.args["objective"] for e in events if e.key == "objective_achieved"] == [
        "OBJ_SCIENTIST_5", "OBJ_VEHICLE_3"]
    check_objectives(s, 0, events)                # the same objectives are never paid twice
    assert s.tokens[0] == 12 and [o["tokens"] for o in pos(s)["objectives"]] == [3, 2, 2]


def test_r35_hand_and_tokens_never_count():
    s = ready()
    set_objectives(s, ("OBJ_ANIMAL_1", "OBJ_SCIENTIST_5", "OBJ_VEHICLE_1"))
    hand = [find_cards(1, species=sp)[0] for sp in (B, F, O, S)]
    set_hand(s, 0, hand)
    set_tokens(s, 0, 50)
    pass_turn(s)
    assert achieved(s, 0) == []

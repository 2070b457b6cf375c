"""Outcome.details["balance"] (gameshelf.sim convention) for the two scoring cards (R48-R58) and
the three objectives (R31-R35): points per seat, from the same numbers as the score breakdown."""

import json

import pytest

from borealis_helpers import (
    achieved, pass_turn, play, pos, ready, set_column, set_flags, set_hand, set_objectives, set_scientists,
    set_scoring, zone_scientists,
)
from gameshelf.core.chance import Chance
from gameshelf.games.borealis import GAME

FULL = "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]"


def test_balance_on_a_built_finished_game():
    s = ready(3)
    set_scoring(s, ("FAREWELL_PARTY", "SAFE_RETURN"))
    set_objectives(s, ("OBJ_ANIMAL_1", "OBJ_SCIENTIST_5", "OBJ_VEHICLE_3"))
    # seat 0 plays a 7th card into CENTER: the end is triggered (R36)
    set_scientists(s, 0, FULL)
    set_column(s, 0, "C", [2, 3, 4, 5, 6, 7])
    set_hand(s, 0, [12])
    play(s, "play 12 C", "deck")
    # seat 1 meets the vehicle objective (as in test_r38) and takes its 5-star token
    set_flags(s, 1, [4, 0, 0])
    set_scientists(s, 1, FULL)
    set_column(s, 1, "C", [22, 23, 24, 25, 26, 27])
    set_hand(s, 1, [13])
    before = s.tokens[1]
    play(s, "play 13 C", "deck")
    # ... and the animal objective (5 species in play), still open in this round (R34): +10
    assert achieved(s, 1) == ["OBJ_ANIMAL_1", "OBJ_VEHICLE_3"] and s.tokens[1] == before + 10
    pass_turn(s)
    assert GAME.is_over(s)
    # seat 2's board as it ended: two scientists in the camps, at most 3 in one location
    set_scientists(s, 2, "LC:[Y] | L:[B,P] | C:[Y,B,P] | R:[Y,P] | RC:[B]")

    out = GAME.outcome(s)
    bal = out.details["balance"]
    assert set(bal) == {"scoring_card:FAREWELL_PARTY", "scoring_card:SAFE_RETURN",
                        "objective:OBJ_ANIMAL_1", "objective:OBJ_SCIENTIST_5",
                        "objective:OBJ_VEHICLE_3"}
    assert bal["objective:OBJ_ANIMAL_1"] == [5, 5, 0]
    assert bal["objective:OBJ_SCIENTIST_5"] == [0, 0, 0]
    assert bal["objective:OBJ_VEHICLE_3"] == [0, 5, 0]
    assert bal["scoring_card:FAREWELL_PARTY"] == [8, 8, 6]
    assert bal["scoring_card:SAFE_RETURN"] == [0, 0, 6]
    for seat in range(3):
        zones = [len(z) for z in zone_scientists(s, seat).values()]
        # R53: 2 stars per scientist in the best location; R55: 3 per scientist in the camps
        assert bal["scoring_card:FAREWELL_PARTY"][seat] == 2 * max(zones[1:4])
        assert bal["scoring_card:SAFE_RETURN"][seat] == 3 * (zones[0] + zones[4])
        for card in pos(s)["scoring_cards"]:
            assert bal[f"scoring_card:{card}"][seat] == out.breakdown[seat][card]
        objective_points = sum(bal[f"objective:{o['id']}"][seat] for o in pos(s)["objectives"])
        assert objective_points == 5 * len(out.details["objectives_achieved"][seat])
    assert json.loads(json.dumps(bal)) == bal
    assert all(type(v) is int for pts in bal.values() for v in pts)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_balance_matches_breakdown_and_events_in_random_games(players):
    taken_any = 0
    for seed in range(4):
        s = GAME.setup(players, {}, seed)
        ch = Chance(seed)
        objectives = [o["id"] for o in pos(s)["objectives"]]
        scoring_cards = pos(s)["scoring_cards"]
        earned = {(o, seat): 0 for o in objectives for seat in range(players)}
        while not GAME.is_over(s):
            for ev in GAME.apply(s, ch.choice(GAME.legal_actions(s))):
                if ev.key == "objective_achieved":
                    earned[(ev.args["objective"], ev.args["seat"])] += ev.args["stars"]
        out = GAME.outcome(s)
        bal = out.details["balance"]
        assert len(bal) == len(scoring_cards) + len(objectives) == 5
        for card in scoring_cards:
            assert bal[f"scoring_card:{card}"] == [out.breakdown[p][card] for p in range(players)]
        for o in objectives:
            assert bal[f"objective:{o}"] == [earned[(o, p)] for p in range(players)]
            taken_any += sum(bal[f"objective:{o}"])
    assert taken_any > 0

"""Outcome.details["balance"]: ``season_goal:<id>`` -> points each seat got from that goal card (R74, R75),
including the points a breeding goal gives at hatches, read from the same counters as the breakdown."""

from gameshelf.core.chance import Chance
from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.rules_season import score_goal
from gameshelf.games.mariposas.scoring import points_so_far as outcome
from gameshelf.games.mariposas.state import CATEGORIES
from mariposas_helpers import make

GOAL_CATS = ("spring_goal", "summer_goal", "fall_goal")


def _check_against_breakdown(s, out):
    """Each season's entry = that season's goal category, plus breeding_goal if that card is a breeding goal."""
    bal = out.details["balance"]
    assert list(bal) == [f"season_goal:{CAT.goals[g].id}" for g in s.goals]
    for p in range(s.players):
        b = out.breakdown[p]
        for k, g in enumerate(s.goals):
            goal = CAT.goals[g]
            extra = b["breeding_goal"] if goal.type == "breeding" else 0
            assert bal[f"season_goal:{goal.id}"][p] == b[GOAL_CATS[k]] + extra
        assert sum(v[p] for v in bal.values()) == sum(b[c] for c in GOAL_CATS) + b["breeding_goal"]


def test_r75_end_of_season_goal_points_per_seat():
    """SP2 (1 per butterfly on red) scored at the end of spring: seats 0 and 1 score 1, seat 2 nothing."""
    pos = make(players=3, butterflies={"a": (0, 2, "r03c03"), "b": (1, 2, "r03c01"), "c": (0, 3, "fall_card"),
                                       "d": (2, 3, "supply")}, goals={"spring": "SP2", "summer": "SU1", "fall": "FA2"})
    s = pos.s
    score_goal(s, 0, [])
    out = outcome(s)
    assert out.details["balance"] == {"season_goal:SP2": [1, 1, 0], "season_goal:SU1": [0, 0, 0],
                                      "season_goal:FA2": [0, 0, 0]}
    _check_against_breakdown(s, out)


def test_r74_breeding_goal_immediate_points_are_credited_to_the_card():
    """SP5 gives 2 at the in-band hatch (immediately), nothing more at its end-of-spring scoring."""
    pos = make(season="spring", goals={"spring": "SP5"}, flowers={0: {"pink": 6}},
               butterflies={"a": (0, 1, "r06c12"), "b": (0, 2, "supply"), "c": (0, 3, "supply")})
    s = pos.s
    pos.do("play move_1x3")
    pos.seg("a", ["r06c12", "r06c10"])
    pos.do("hatch pink")
    pos.seg("b", ["r06c10", "r06c12"])          # outside the band: no points
    pos.do("hatch any", "pay pink", "pay pink", "pay pink", "pay white")
    assert outcome(s).details["balance"]["season_goal:SP5"] == [2, 0]
    score_goal(s, 0, [])
    out = outcome(s)
    assert out.details["balance"]["season_goal:SP5"] == [2, 0]
    assert out.breakdown[0]["breeding_goal"] == 2 and out.breakdown[0]["spring_goal"] == 0
    _check_against_breakdown(s, out)


def test_goal_points_survive_view_determinize_and_encode():
    pos = make(players=3, butterflies={"a": (0, 2, "r03c03"), "b": (1, 2, "r03c01")}, goals={"spring": "SP2"})
    s = pos.s
    score_goal(s, 0, [])
    v = GAME.view(s, 1)
    assert [d["goal_points"]["spring"] for d in v["boards"]] == [1, 1, 0]
    d = GAME.determinize(v, Chance(7))
    assert d.goal_points == s.goal_points and GAME.view(d, 1) == v
    c = s.copy()
    c.goal_points[0] += 5
    assert s.goal_points[0] == 1


def test_seeded_finished_games_balance_matches_breakdown():
    nonzero = 0
    for seed in range(12):
        s = GAME.setup(2, {}, seed)
        ch = Chance(seed)
        while not GAME.is_over(s):
            acts = GAME.legal_actions(s)
            GAME.apply(s, ch.choice(acts))
        out = GAME.outcome(s)
        assert set(out.breakdown[0]) == set(CATEGORIES)
        _check_against_breakdown(s, out)
        assert all(isinstance(x, int) for v in out.details["balance"].values() for x in v)
        nonzero += sum(x for v in out.details["balance"].values() for x in v)
    assert nonzero > 0

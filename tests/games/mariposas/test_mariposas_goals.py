"""All 20 season goal cards (2.10, R74, R75, A18, A35) on positions built for them, and the region helpers."""

import pytest

from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.rules_season import score_goal
from gameshelf.games.mariposas.scoring import goal_points
from mariposas_helpers import make

SP = CAT.space_ids


def region(goal_id, field="region"):
    mask = getattr(CAT.goals[CAT.goal_index[goal_id]], field)
    return sorted(SP[i] for i in range(len(SP)) if mask >> i & 1)


def pts(goal_id, markers, flowers=None):
    """markers: list of space ids or (space, 2) for a double gen-4; all belong to seat 0."""
    bf = {}
    gens = {2: 0, 3: 0, 4: 0}
    for i, m in enumerate(markers):
        at, double = (m, False) if isinstance(m, str) else (m[0], True)
        gen = 4 if double else next(g for g in (3, 2, 4) if gens[g] < {2: 2, 3: 3, 4: 4}[g])
        gens[gen] += 1
        bf[f"m{i}"] = (0, gen, at, double)
    pos = make(butterflies=bf, flowers={0: flowers or {}})
    return goal_points(pos.s, 0, CAT.goals[CAT.goal_index[goal_id]])


def test_derived_region_lists_match_the_reference():
    """2.4.3 derived lists: Atlanta rows, left of Atlanta, the SP5 band, the 'around' lists."""
    assert len(region("SP1")) == 86
    assert "michoacan" in region("FA2") and "r08c04" not in region("FA2")
    left = region("SU7", "none_in")
    assert len(left) == 65 and "michoacan" in left and "nashville" not in left and "r09c11" not in left
    assert region("SP5") == sorted(["r00c06", "r00c08", "r00c10", "r01c07", "r02c06", "r02c08", "r03c07", "r04c06",
                                    "r04c08", "chicago", "r05c07", "r05c09", "r06c06", "st_louis", "r06c10", "r07c07",
                                    "r07c09", "r08c06", "r08c08", "r08c10", "r09c07", "r09c09", "r10c06",
                                    "new_orleans", "r10c10"])
    assert region("SU2") == sorted(["boston", "new_york", "r03c21", "r03c23", "r04c20"])
    assert region("SU8") == sorted(["chicago", "r03c11", "r04c08", "r04c12", "r05c09", "r05c11"])
    assert region("FA3") == sorted(["houston", "r09c03", "r09c05", "r10c02", "r10c06", "r11c03", "r11c05"])
    assert set(region("FA4", "none_in")) == {s for s in SP if CAT.row[CAT.space_index[s]] <= 6}


@pytest.mark.parametrize("goal,markers,flowers,expect", [
    ("SP1", ["r07c13", "r03c03", ("r00c00", 2), "r08c10"], None, 4),           # row 8 is Atlanta's row
    ("SP1", ["michoacan"], None, 0),
    ("SP2", ["r03c03", "r07c03", "r08c04", "r06c14"], None, 3),
    ("SP2", [("r05c01", 2)], None, 2),
    ("SP3", [], {"white": 1, "yellow": 1, "orange": 1, "pink": 1, "purple": 1}, 3),
    ("SP3", [], {"white": 5, "yellow": 1, "orange": 1, "pink": 1}, 0),
    ("SP4", ["r03c03", "r02c06"], None, 6),
    ("SP4", ["r03c03", "r03c01", "r02c06"], None, 6),                          # one-time: never 12
    ("SP4", ["r03c03", "r10c06"], None, 0),                                     # yellow below Atlanta
    ("SP4", [("r03c03", 2)], None, 0),                                          # A35: one red only
    ("SU1", ["r07c13", ("r06c20", 2), "r05c07"], None, 6),
    ("SU2", ["boston", "new_york", "r06c20"], None, 4),
    ("SU3", ["r12c14", "new_york", ("r01c23", 2), "quebec"], None, 8),
    ("SU4", ["r02c20", "chicago", "r07c15"], None, 7),
    ("SU4", ["quebec", "r04c12", "richmond", "r06c18"], None, 7),
    ("SU4", ["quebec", "chicago"], None, 0),
    ("SU5", ["r02c06", "r09c07", "r04c20"], None, 4),
    ("SU5", ["r02c06", "r09c07", "boston"], None, 0),                           # cities have no colour
    ("SU6", ["r05c09", "r06c10", "r08c04"], None, 5),
    ("SU6", [("r05c09", 2), "r06c10"], None, 5),                               # a double counts 2
    ("SU6", ["r05c09", "r06c10", "r08c04", "michoacan"], None, 0),
    ("SU7", ["r06c14", ("r04c18", 2)], None, 5),
    ("SU7", ["r06c14", "r04c18", "nashville"], None, 5),                        # x2 11 is not left of Atlanta
    ("SU7", ["r06c14", "r04c18", "r08c10"], None, 0),
    ("SU8", ["chicago", "r05c11", ("r04c08", 2), "r05c13"], None, 8),
    ("SU9", ["r01c01", "r04c06", "r04c16"], None, 7),
    ("SU9", ["winnipeg", "minneapolis"], None, 0),
    ("SU10", ["r00c08", ("r04c18", 2), "r00c20"], None, 3),
    ("FA1", ["r03c07", "r02c06", "r04c20"], None, 0),                           # no points at season end
    ("FA2", ["michoacan", "r09c07", ("r12c04", 2), "r08c04"], None, 4),
    ("FA3", ["houston", "r11c05", "r12c04"], None, 4),
    ("FA4", ["r07c13", "r08c04", "michoacan"], None, 5),
    ("FA4", ["r07c13", "r08c04", "michoacan", "r06c14"], None, 0),
    ("FA4", ["r07c13", "michoacan"], None, 0),
    ("FA5", ["r08c06", ("r09c01", 2), "r06c12", "r07c03"], None, 4),
])
def test_each_goal_card(goal, markers, flowers, expect):
    """R74/R75: per-butterfly, one-time, compound and breeding cards on positions built for them."""
    assert pts(goal, markers, flowers) == expect


def test_r75_markers_off_the_map_never_count_and_players_score_independently():
    """R75: markers on a card or in the supply do not count; several players may score the same goal."""
    pos = make(players=3, season="spring", goals={"spring": "SP2"},
               butterflies={"a": (0, 2, "r03c03"), "b": (1, 2, "r03c01"), "c": (0, 3, "fall_card"),
                            "d": (2, 3, "supply")})
    score_goal(pos.s, 0, [])
    assert [p[0] for p in pos.s.points] == [1, 1, 0]


def test_sp5_breeding_goal_scores_only_in_its_band_and_season():
    """R38 / R74 breeding: SP5 scores at each hatch in spring turns, parent's space in the band."""
    pos = make(season="spring", goals={"spring": "SP5"}, flowers={0: {"pink": 6}},
               butterflies={"a": (0, 1, "r06c12"), "b": (0, 2, "supply"), "c": (0, 3, "supply")})
    pos.do("play move_1x3")
    pos.seg("a", ["r06c12", "r06c10"])
    pos.do("hatch pink")
    pos.seg("b", ["r06c10", "r06c12"])          # x2 12: outside the band
    pos.do("hatch any", "pay pink", "pay pink", "pay pink", "pay white")
    assert pos.s.points[0][3] == 2


def test_all_twenty_cards_are_loaded():
    """2.10: 5 spring, 10 summer, 5 fall cards."""
    assert [len(x) for x in CAT.goals_by_season] == [5, 10, 5]

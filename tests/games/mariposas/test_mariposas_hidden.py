"""Hidden information (R51, A36): views, event audiences and error messages never reveal another hand,
the draw pile order, face-down waystation markers or face-down season goal cards."""

import json

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.actions import parse_action
from gameshelf.games.mariposas.catalog import CAT
from mariposas_helpers import make

# Marker ids that are not also card ids (bonus markers share their card's id).
PRIVATE_MARKERS = [m for m in CAT.marker_ids if m.startswith("life_") or m == "wildflower"]


def hidden_markers(s):
    return {CAT.marker_ids[s.way[i]] for i in range(len(CAT.cities)) if not s.way_up >> i & 1}


def hidden_goals(s):
    return {CAT.goals[s.goals[k]].id for k in range(3) if not s.goal_up[k]}


def random_run(n, seed, steps=None):
    s = GAME.setup(n, seed=seed)
    r = Chance(seed + 99)
    k = 0
    while not s.over and (steps is None or k < steps):
        a = r.choice(GAME.legal_actions(s))
        before = (hidden_markers(s), hidden_goals(s), [list(h) for h in s.hands])
        ev = GAME.apply(s, a)
        yield s, a, ev, before
        k += 1


def test_view_locations_use_the_reference_names():
    """2.2: a marker's location is a space id, summer_card, fall_card, supply or removed."""
    s = GAME.setup(3, seed=1)
    ats = {b["at"] for b in GAME.view(s, 0)["players"][0]["butterflies"]}
    assert ats == {"michoacan", "summer_card", "fall_card", "supply"}
    pos = make(butterflies={"a": (0, 1, "removed")})
    assert GAME.view(pos.s, None)["players"][0]["butterflies"][0]["at"] == "removed"


def test_r51_views_never_show_hidden_parts():
    """R51, A36: a seat's view holds its own hand only; no deck order; no face-down marker or goal."""
    for s, _, _, _ in random_run(3, 5):
        for seat in (None, 0, 1, 2):
            v = GAME.view(s, seat)
            for i, c in enumerate(CAT.cities):
                if not s.way_up >> i & 1:
                    assert v["waystations"][CAT.space_ids[c]] is None
            for k, season in enumerate(CAT.seasons):
                assert (v["goals"][season] is None) == (not s.goal_up[k])
            text = json.dumps(v)
            for g in hidden_goals(s):
                assert f'"{g}"' not in text
            for m in hidden_markers(s) & set(PRIVATE_MARKERS):
                assert f'"{m}"' not in text
            assert "deck" not in v and "hands" not in v and "way_all" not in v and "goals_all" not in v
            assert v["hand"] == (None if seat is None else [CAT.action_ids[c] for c in s.hands[seat]])


def test_event_audiences_hide_draws_markers_and_goals():
    """A drawn card is told to its drawer only; no event names a face-down marker or goal card."""
    for n, seed in ((2, 3), (4, 8)):
        for s, _, ev, (markers, goals, _) in random_run(n, seed):
            still_down_m = hidden_markers(s) & set(PRIVATE_MARKERS)
            still_down_g = hidden_goals(s)
            for e in ev:
                text = json.dumps(e.args)
                assert not any(f'"{m}"' in text for m in still_down_m), e
                assert not any(f'"{g}"' in text for g in still_down_g), e
                if e.key == "draw":
                    assert e.audience == frozenset({e.args["player"]})
                if e.key == "draw_hidden":
                    assert "card" not in e.args and not e.visible_to(e.args["player"])
                    assert e.visible_to(None) and all(e.visible_to(q) for q in range(n) if q != e.args["player"])


def test_error_messages_never_name_hidden_things():
    """Illegal actions are rejected with a rule, and the message names no face-down marker or goal."""
    probes = ["play:move_5", "play:reuse_own+a1", "exchange:move_2x2", "take:green_egg", "hatch:any", "pay:pink",
              "to:michoacan", "fly:9", "seg:5+2", "free:michoacan", "pick:white", "adj:r05c07", "reuse:move_5"]
    for s, _, _, _ in random_run(3, 12, steps=400):
        if s.over:
            break
        legal = GAME.legal_actions(s)
        for text in probes:
            a = parse_action(text)
            if a in legal:
                continue
            err = GAME.why_illegal(s, a)
            assert isinstance(err, IllegalAction) and err.rule
            msg = str(err)
            assert not any(m in msg for m in hidden_markers(s) & set(PRIVATE_MARKERS))
            assert not any(g in msg for g in hidden_goals(s))


def test_error_for_another_seats_card_does_not_reveal_that_hand():
    """Why_illegal speaks of the acting seat only: it never lists what another seat holds."""
    pos = make(hands={0: ["move_1x3", "move_5"], 1: ["move_4_flower", "reuse_other"]})
    err = GAME.why_illegal(pos.s, parse_action("play:move_4_flower"))
    assert "reuse_other" not in str(err) and err.rule == "R6"

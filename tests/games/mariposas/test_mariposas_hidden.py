"""Hidden information (R51, A36): views, event audiences and error messages never reveal another hand,
the draw pile order, face-down waystation markers or face-down season goal cards."""

import json

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.actions import parse_action
from gameshelf.games.mariposas.catalog import CAT
from mariposas_helpers import in_setup, make, pending

# Marker ids that are not also card ids (bonus markers share their card's id).
PRIVATE_MARKERS = [m for m in CAT.marker_ids if m.startswith("life_") or m == "wildflower"]


def hidden_markers(s):
    return {CAT.marker_ids[s.waystations[i]] for i in range(len(CAT.cities)) if not s.waystations_up >> i & 1}


def hidden_goals(s):
    return {CAT.goals[s.goals[k]].id for k in range(3) if not s.goals_up[k]}


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
    ats = {b["at"] for b in GAME.view(s, 0)["boards"][0]["butterflies"]}
    assert ats == {"michoacan", "summer_card", "fall_card", "supply"}
    pos = make(butterflies={"a": (0, 1, "removed")})
    assert GAME.view(pos.s, None)["boards"][0]["butterflies"][0]["at"] == "removed"


def test_r51_views_never_show_hidden_parts():
    """R51, A36: a seat's view holds its own hand only; no deck order; no face-down marker or goal."""
    for s, _, _, _ in random_run(3, 5):
        for seat in (None, 0, 1, 2):
            v = GAME.view(s, seat)
            for i, c in enumerate(CAT.cities):
                if not s.waystations_up >> i & 1:
                    assert v["waystations"][CAT.space_ids[c]] is None
            for k, season in enumerate(CAT.seasons):
                assert (v["goals"][season] is None) == (not s.goals_up[k])
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
    probes = ["play move_5", "play reuse_own+a1", "exchange move_2x2", "take green_egg", "hatch any", "pay pink",
              "to michoacan", "fly 9", "seg 5+2", "free michoacan", "pick white", "adj r05c07", "reuse move_5"]
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
    err = GAME.why_illegal(pos.s, parse_action("play move_4_flower"))
    assert "reuse_other" not in str(err) and err.rule == "R6"


# --- R71 / A6: the redundant-hand exchange question reveals nothing about the hand ---------------------

def _swap_into_hand(s, seat, slot, card_id):
    """The position with card ``card_id`` moved from the draw pile into ``seat``'s hand at ``slot`` (the old card
    takes its place in the pile), rebuilt through the public position format."""
    data = GAME.position(s)
    hand, deck = data["players"][seat]["hand"], data["deck"]
    i = deck.index(card_id)
    deck[i], hand[slot] = hand[slot], card_id
    return GAME.from_position(data)


def _others(n, seat):
    return [None] + [q for q in range(n) if q != seat]


def _redundant_and_plain_turns():
    """Two positions differing only in the card seat 0 keeps (hand + draw pile content), after the same turn."""
    from gameshelf.games.mariposas.rules_turn import is_redundant
    out = []
    for keep in ("move_2x2", "move_1x3"):
        pos = make(players=3, butterflies={"a": (0, 2, "r07c13")}, hands={0: ["move_5", "move_2x2"]},
                   deck=["move_1x3", "move_5"])
        if keep != "move_2x2":
            pos.s = _swap_into_hand(pos.s, 0, 1, keep)
        before = {q: GAME.view(pos.s, q) for q in _others(3, 0)}
        ev = pos.do("play move_5", "stop")
        out.append((pos, before, ev))
    assert [is_redundant(p.s.hands[0]) for p, _, _ in out] == [False, True]
    return out


def test_r71_exchange_question_at_end_of_turn_reveals_nothing():
    """R71, R51: after the draw, a redundant and a plain hand look the same to every other seat and spectators."""
    (plain, before_a, ev_a), (redundant, before_b, ev_b) = _redundant_and_plain_turns()
    assert before_a == before_b                     # the positions differ only in hidden information
    for q in _others(3, 0):
        assert GAME.view(plain.s, q) == GAME.view(redundant.s, q), q
        seen_a = [(e.key, e.args) for e in ev_a if e.visible_to(q)]
        seen_b = [(e.key, e.args) for e in ev_b if e.visible_to(q)]
        assert seen_a == seen_b, q
    for pos in (plain, redundant):
        assert GAME.to_act(pos.s) == 0 and pos.pending() == "exchange"
    assert plain.legal() == ["exchange none"]       # only "keep" for a plain hand
    assert redundant.legal() == ["exchange both", "exchange move_1x3", "exchange none"]


def test_r71_keeping_the_hand_reveals_nothing():
    """R71: declining ("keep") leads to identical public states, whatever the hand."""
    (plain, _, _), (redundant, _, _) = _redundant_and_plain_turns()
    ev_a = plain.do("exchange none")
    ev_b = redundant.do("exchange none")
    for q in _others(3, 0):
        assert GAME.view(plain.s, q) == GAME.view(redundant.s, q)
        assert [(e.key, e.args) for e in ev_a if e.visible_to(q)] == [(e.key, e.args) for e in ev_b if e.visible_to(q)]
    assert plain.s.turn_seat == 1 and plain.pending() == "play"


def test_r71_errors_for_an_exchange_do_not_depend_on_the_hand():
    """R71: the error for a refused exchange reads the same for a plain and a redundant hand."""
    (plain, _, _), (redundant, _, _) = _redundant_and_plain_turns()
    for text in ("exchange move_2x2", "exchange reuse_own", "play move_5", "free none"):
        a = parse_action(text)
        assert a not in GAME.legal_actions(redundant.s)
        ea, eb = GAME.why_illegal(plain.s, a), GAME.why_illegal(redundant.s, a)
        assert (str(ea), ea.rule) == (str(eb), eb.rule), text


def _restart_step_15(s, hands):
    """Setup step 15 (every seat asked in turn order) with the given opening hands (cards swapped with the draw pile)."""
    assert in_setup(s) and s.queue == [(s.first_player + i) % s.players for i in range(s.players)]
    for seat, cards in hands.items():
        for slot, c in enumerate(cards):
            if CAT.action_ids[s.hands[seat][slot]] != c:
                s = _swap_into_hand(s, seat, slot, c)
    return s


def test_setup_step_15_question_reveals_nothing():
    """Setup step 15, A6: every seat in turn order is asked, so no view tells whose opening hand is redundant."""
    from gameshelf.games.mariposas.rules_turn import is_redundant
    runs = []
    for first_hand in (["move_5", "move_1x3"], ["move_5", "move_5"], ["reuse_own", "reuse_other"]):
        s = GAME.setup(3, seed=11)
        p = s.first_player
        others = {q: ["move_2x2", "move_1_3"] for q in range(3) if q != p}
        s = _restart_step_15(s, {p: first_hand, **others})
        trace = []
        while in_setup(s):
            trace.append({q: GAME.view(s, q) for q in _others(3, p)})
            assert (GAME.legal_actions(s) != [parse_action("exchange none")]) == is_redundant(s.hands[GAME.to_act(s)])
            GAME.checked_apply(s, "exchange none")
        runs.append(trace)
    assert [[v[None]["to_act"] for v in t] for t in runs] == [[(p + i) % 3 for i in range(3)]] * 3
    assert runs[0] == runs[1] == runs[2]


def test_r71_every_full_hand_is_asked_after_every_turn_in_random_games():
    """R71, R51: in random play every turn ends with the question, unless the hand count (public) is below 2."""
    for n, seed in ((2, 21), (4, 22)):
        s = GAME.setup(n, seed=seed)
        asked_setup = []
        while in_setup(s):
            asked_setup.append(GAME.to_act(s))
            GAME.apply(s, GAME.legal_actions(s)[0])
        assert asked_setup == [(s.first_player + i) % n for i in range(n)]
        r = Chance(seed)
        turns = asked = skipped = 0
        player, questions = None, 0
        while not s.over:
            ev = GAME.apply(s, r.choice(GAME.legal_actions(s)))
            if any(e.key in ("play", "play_bonus") for e in ev):
                turns += 1
                player, questions = s.turn_seat, 0
            if pending(s) == "exchange" and not in_setup(s):
                assert GAME.to_act(s) == player and len(s.hands[player]) == 2
                questions += 1
                asked += 1
            elif player is not None and (GAME.to_act(s) != player or s.over):
                if questions == 0:
                    assert len(s.hands[player]) < 2
                    skipped += 1
                assert questions <= 1
                player = None
        assert turns == asked + skipped and asked > 0

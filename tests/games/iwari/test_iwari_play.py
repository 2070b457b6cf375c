"""Whole random games: R5 (pieces never move), R27 in events, illegal actions named by their
rule, notation, rendering (tests/conformance covers what every game shares)."""


import pytest
from rich.console import Console

from gameshelf.cli.render.iwari import render
from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadNotation, IllegalAction
from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.actions import parse_action
from iwari_helpers import hand

PROBES = ["done", "draw deck", "draw t", "exchange t", "place N01", "tent n01 t", "tent n01 ff",
          "totem gg", "unity N01", "honor 4", "decline awe"]


def random_game(players, options, seed, each=None):
    s = GAME.setup(players, options, seed)
    r = Chance(seed + 100)
    texts = []
    while not GAME.is_over(s):
        actions = GAME.legal_actions(s)
        assert actions
        if each:
            each(s, actions)
        a = actions[r.below(len(actions))]
        texts.append(str(a))
        GAME.apply(s, a)
        GAME.check_invariants(s)
    return s, texts


def test_r5_pieces_never_move():
    owners = {}

    def each(s, actions):
        for sp, o in enumerate(s.owner):
            if sp in owners:
                assert o == owners[sp]
            elif o >= 0:
                owners[sp] = o

    random_game(2, {"expeditions": "on"}, 3, each)
    assert owners


def test_illegal_actions_are_rejected_with_a_rule_and_no_change():
    def each(s, actions):
        texts = {str(a) for a in actions}
        before = GAME.state_hash(s)
        for probe in PROBES:
            if probe not in texts:
                with pytest.raises(IllegalAction) as info:
                    GAME.checked_apply(s, probe)
                assert info.value.rule and info.value.rule[0] in "RA"
        assert GAME.state_hash(s) == before

    random_game(3, {"feats": "on"}, 5, each)


def test_r27_private_draw_events_are_redacted_for_others():
    s = GAME.setup(3, {}, 2)
    seat = s.current
    GAME.apply(s, GAME.parse_action(f"exchange {hand(s, seat)[0]}"))
    events = GAME.apply(s, GAME.parse_action("draw deck"))
    private = [e for e in events if e.key == "draw_deck"]
    hidden = [e for e in events if e.key == "draw_deck_hidden"]
    assert private[0].audience == frozenset({seat}) and "biome" in private[0].args
    assert "biome" not in hidden[0].args
    for viewer in (None, 0, 1, 2):  # every reader, spectators included, sees exactly one version
        seen = [e.key for e in events if e.key.startswith("draw_deck") and e.visible_to(viewer)]
        assert seen == (["draw_deck"] if viewer == seat else ["draw_deck_hidden"]), viewer


def test_r27_no_event_shows_a_deck_card_to_a_non_drawer():
    """R27: across whole games, no event readable by another seat or a spectator names a card
    drawn from the deck (display refills are public, face-up cards)."""
    r = Chance(4)
    for players in (2, 5):
        s = GAME.setup(players, {"initial_hand": "draft"}, 3)
        while not GAME.is_over(s):
            actions = GAME.legal_actions(s)
            actor = GAME.to_act(s)
            for e in GAME.apply(s, actions[r.below(len(actions))]):
                if e.key == "draw_deck":
                    assert all(not e.visible_to(v) for v in [None, *range(players)] if v != actor)


def test_bad_notation():
    for text in ("", "tent n01", "tent n01 tf", "totem x", "exchange deck", "draw zz", "fly:N01"):
        with pytest.raises(BadNotation):
            parse_action(text)


@pytest.mark.parametrize("map_id", ["A", "B", "floating_continent", "ice_land", "long_road"])
def test_render_draws_every_map(map_id):
    s, _ = random_game(3, {"map": map_id}, 4)
    console = Console(width=160, record=True)
    for seat, lang in ((0, "en"), (None, "ja")):
        console.print(render(GAME.view(s, seat), ["A", "B", "C"], lang))
    text = console.export_text()
    assert s.map.territories[0].id in text and "▲" in text


def test_heuristic_is_finite_and_symmetric_in_sign():
    s, _ = random_game(3, {}, 8)
    values = [GAME.heuristic(s, p) for p in range(3)]
    assert max(values) >= 0 >= min(values)

"""Component data (section 2), views and determinize (R4, A30), notation, events, labels, renderer."""

from collections import Counter

import pytest

from borealis_helpers import play, pos, ready, set_flags, set_hand, set_scientists, set_tokens
from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadNotation
from gameshelf.games.borealis import GAME, catalog
from gameshelf.games.borealis.actions import parse_action

START = "LC:[] | L:[Y,B,P] | C:[Y,B,P] | R:[Y,B,P] | RC:[]"


def test_deck_constraints_2_4():
    """2.4 and A6 (90 reconstructed cards), A4 (one left and one right arrow), A23 (colours)."""
    cards = catalog.CARDS
    assert catalog.COLOURS == ("YELLOW", "BLUE", "PINK")
    assert len(cards) == 90
    assert set(Counter(c.species for c in cards).values()) == {18}
    assert set(Counter(c.vehicle for c in cards).values()) == {18}
    patterns = Counter((c.left_arrow, c.right_arrow) for c in cards)
    assert len(patterns) == 9 and set(patterns.values()) == {10}
    for pattern in patterns:
        inside = [c for c in cards if (c.left_arrow, c.right_arrow) == pattern]
        assert set(Counter(c.species for c in inside).values()) == {2}
        assert set(Counter(c.vehicle for c in inside).values()) == {2}
    assert set(Counter((c.species, c.vehicle) for c in cards).values()) <= {3, 4}
    bonus = [c for c in cards if c.bonus_stars]
    assert len(bonus) == 15 and all(c.bonus_stars == 1 for c in bonus)
    assert set(Counter(c.species for c in bonus).values()) == {3}
    assert set(Counter(c.vehicle for c in bonus).values()) == {3}
    same = [c for c in bonus if c.left_arrow == c.right_arrow]
    assert len(same) == 9


def test_deck_matches_the_generating_formula():
    colours, species, vehicles = catalog.COLOURS, catalog.SPECIES, catalog.VEHICLES
    for c in catalog.CARDS:
        p, k = divmod(c.id - 1, 10)
        assert (c.left_arrow, c.right_arrow) == (colours[p // 3], colours[p % 3])
        assert c.species == species[k % 5]
        assert c.vehicle == vehicles[(k + p + 2 * (k // 5)) % 5]
    assert {c.id for c in catalog.CARDS if c.bonus_stars} == {1, 2, 3, 11, 21, 32, 42, 43, 45, 59, 64, 80, 88, 89, 90}


def test_boards_2_6():
    assert catalog.BOARD_IDS == ("SIDE_I", "BOARD_1", "BOARD_2", "BOARD_3", "BOARD_4")
    for b, masks in enumerate(catalog.TRACK_MASKS):
        total = Counter()
        for loc in (1, 2, 3):
            track = masks[loc]
            assert len(track) == 8 and track[0] == 0
            assert all(bin(m).count("1") == 2 for m in track[1:])
            if b:      # side II design constraints
                per = Counter(v for m in track[1:] for v in range(5) if m >> v & 1)
                assert all(2 <= per[v] <= 3 for v in range(5))
                assert all(not track[i] & track[i + 1] for i in range(1, 7))
                total += per
        if b:
            assert all(8 <= total[v] <= 9 for v in range(5))
    # side I LEFT track as printed in the reference
    sled, zep = 1 << catalog.VEHICLES.index("SLED"), 1 << catalog.VEHICLES.index("ZEPPELIN")
    assert catalog.TRACK_MASKS[0][1][1] == sled | zep


def test_tables_objectives_scoring_cards_achievements():
    """2.7-2.9; the objective texts are RECONSTRUCTED (A24) and loaded as data."""
    assert len(catalog.SCORING_IDS) == 10 and len(catalog.OBJECTIVES) == 15
    assert [len(ids) for ids in catalog.OBJECTIVES_BY_TYPE] == [5, 5, 5]
    assert len(catalog.ACHIEVEMENTS) == 19
    assert [catalog.title_for(n) for n in (0, 4, 5, 9, 13, 17, 19)] == [
        "TUNDRA_TRAVELLER", "TUNDRA_TRAVELLER", "POLAR_AMATEUR", "ARCTIC_BACKPACKER",
        "SEASONED_EXPLORER", "ARCTIC_PRO", "ARCTIC_PRO"]


def test_every_term_and_message_has_en_and_ja():
    for table in (catalog.TERMS, catalog.MESSAGES):
        for key, entry in table.items():
            assert entry.get("en") and entry.get("ja"), key
    for c in catalog.CARD_IDS:
        assert f"card:{c}" in catalog.TERMS


@pytest.mark.parametrize("text", ["play 9 R", "play 90 L", "regroup", "discard 4", "done", "to C",
                                  "take 12", "deck", "refresh"])
def test_notation_round_trips(text):
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text", ["play 91 R", "play 9", "play 09 C", "take", "to X", "pass", "", "discard -1"])
def test_bad_notation(text):
    with pytest.raises(BadNotation):
        parse_action(text)


def test_determinize_reseeds_the_chance_stream():
    s = ready(2)
    d = GAME.determinize(GAME.view(s, 0), Chance(9))
    assert pos(d)["chance"] != pos(s)["chance"]


def test_observe_event_reads_as_a_log_sentence_en_ja():
    s = ready(2)
    set_scientists(s, 0, START)
    set_hand(s, 0, [18])                      # SNOWY_OWL SLED, Y-left B-right
    set_flags(s, 0, [0, 2, 0])                # CENTER space 3 = SLED/ZEPPELIN
    events = play(s, "play 18 C")
    text = GAME.describe(events[0], ["Aki", "Ben"], "en")
    assert text == "Aki plays Snowy Owl (sled) at the middle location; the flag advances to the 3-star space"
    ja = GAME.describe(events[0], ["Aki", "Ben"], "ja")
    assert "Aki" in ja and "シロフクロウ" in ja and "3★" in ja


def test_every_event_of_random_games_renders_in_both_languages():
    ch = Chance(3)
    keys = set()
    for seed in range(6):
        s = GAME.setup(2 + seed % 3, {"refresh_then_deck_allowed": "on"} if seed % 2 else {}, seed)
        while not GAME.is_over(s):
            events = GAME.apply(s, ch.choice(GAME.legal_actions(s)))
            assert events, "every applied action is logged"
            for e in events:
                keys.add(e.key)
                assert e.key in catalog.MESSAGES
                for lang in ("en", "ja"):
                    text = GAME.describe(e, ["A", "B", "C", "D"], lang)
                    assert "{" not in text and "card:" not in text
    assert {"observe_flag", "observe_stay", "take_pool", "regroup", "game_over"} <= keys


def test_action_labels():
    for text in ("play 9 R", "regroup", "discard 4", "done", "to C", "take 12", "deck", "refresh"):
        for lang in ("en", "ja"):
            label = GAME.action_label(parse_action(text), lang)
            assert label and "card:" not in label


def test_heuristic_prefers_the_leader():
    s = ready(2)
    set_tokens(s, 0, 20)
    set_tokens(s, 1, 2)
    assert GAME.heuristic(s, 0) > 0 > GAME.heuristic(s, 1)


def test_renderer_draws_views():
    from rich.console import Console
    from gameshelf.cli.render.borealis import render
    s = ready(3)
    console = Console(width=160, record=True)
    for seat, lang in ((0, "en"), (None, "ja")):
        console.print(render(GAME.view(s, seat), ["Aki", "Ben", "Cai"], lang))
    out = console.export_text()
    assert "Aki" in out and "Cai" in out and "ラウンド" in out

"""The terminal renderer draws a view legibly (map, goals, players, hand) in en and ja."""

from rich.console import Console

from gameshelf.cli.render.mariposas import render
from gameshelf.core.chance import Chance
from gameshelf.games.mariposas import GAME


def text_of(view, lang):
    console = Console(width=140, record=True, file=open("/dev/null", "w"))
    console.print(render(view, ["Ann", "Bob", "Cy"], lang))
    return console.export_text()


def test_render_shows_map_goals_hand_and_hides_face_down_cards():
    s = GAME.setup(3, seed=5)
    r = Chance(1)
    for _ in range(120):
        if s.over:
            break
        GAME.apply(s, r.choice(GAME.legal_actions(s)))
    for lang in ("en", "ja"):
        out = text_of(GAME.view(s, 0), lang)
        assert "MICHOACÁN" in out and "ATL" in out and "NYC" in out and "NOL" in out
        assert GAME.view(s, 0)["goals"]["spring"] in out
        if GAME.view(s, 0)["goals"]["fall"] is None:
            assert GAME.encode(s)["goals_all"][2] not in out
    out = text_of(GAME.view(s, 1), "en")
    assert "Your hand" in out and "Ann" in out


def test_render_of_the_exchange_question_is_the_same_for_any_hand():
    """R71, R51: the pending exchange is drawn alike for another seat whether the hand is redundant or not."""
    from gameshelf.games.mariposas.rules_turn import is_redundant
    from mariposas_helpers import make
    outs = []
    for drawn in ("move_2x2", "move_1x3"):
        pos = make(players=3, butterflies={"a": (0, 2, "r07c13")}, hands={0: ["move_5", "move_1x3"]},
                   deck=[drawn, "move_5"])
        pos.do("play move_5", "stop")
        assert pos.pending() == "exchange"
        outs.append((is_redundant(pos.s.hands[0]),
                     [text_of(GAME.view(pos.s, q), lang) for q in (None, 1, 2) for lang in ("en", "ja")]))
    assert [r for r, _ in outs] == [False, True]
    assert outs[0][1] == outs[1][1]
    assert "exchange it if it is redundant" in outs[0][1][0] and "R71" in outs[0][1][1]

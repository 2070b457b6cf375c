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

"""Issue 33, the rules page: the shipped summaries equal docs/rules, Markdown becomes escaped HTML,
and the figures are views (never states) of a finished demonstration game."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameshelf.games import game_ids, get_game
from gameshelf.learn import rules_page

DOCS = Path(__file__).parents[2] / "docs" / "rules"


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_shipped_summary_is_the_one_in_docs(game_id, lang):
    shipped = rules_page.summary_path(game_id, lang).read_text(encoding="utf-8")
    assert shipped == (DOCS / f"{game_id}.summary.{lang}.md").read_text(encoding="utf-8")
    html = rules_page.summary_html(game_id, lang)
    assert html.startswith("<h2>") and "<h1>" not in html and "<strong>" in html


def test_raw_html_in_the_markdown_is_escaped(tmp_path, monkeypatch):
    (tmp_path / "iwari.summary.en.md").write_text("# T\n\n<script>alert(1)</script> <b>x</b>\n", encoding="utf-8")
    monkeypatch.setattr(rules_page, "RULES", tmp_path)
    rules_page.summary_html.cache_clear()
    try:
        html = rules_page.summary_html("iwari", "en")
    finally:
        rules_page.summary_html.cache_clear()
    assert "<script>" not in html and "&lt;script&gt;" in html and "<b>" not in html


@pytest.mark.parametrize("game_id", game_ids())
def test_figures_are_views_of_a_finished_demonstration_game(game_id):
    game = get_game(game_id)
    start, middle, end = rules_page._demo(game_id)
    figures = rules_page.figures(game_id, "ja")
    assert [f["key"] for f in figures] == ["start", "turn", "end"]
    assert figures[0]["view"] == game.view(start, None) and figures[0]["seat"] is None
    assert figures[1]["view"] == game.view(middle, 0) and figures[1]["seat"] == 0
    assert figures[2]["view"] == game.view(end, None) and figures[2]["over"]
    assert figures[2]["outcome"]["scores"] == list(game.outcome(end).scores)
    assert figures[0]["names"] == ["プレイヤー1", "プレイヤー2"]

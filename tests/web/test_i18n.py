"""Japanese: every page of every game leaves no English UI string and no raw message key; the
catalogs are current (tests/web/catalogs.py) and both languages have every key. Screenshots in ja."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.web import catalogs
from tests.web.conftest import DESKTOP, PHONE, create_table, new_page, shot, wait_started

I18N = Path(__file__).parents[2] / "src/gameshelf/web/static/i18n"
GAMES = ["midnight_zoo", "borealis", "iwari", "mariposas"]
ALLOWED = {"gameshelf", "English", "Ann", "Guest"}  # the brand, the language's own name, a player's name

TEXT = """() => {
  const parts = [document.title];
  const walk = (n) => {
    if (n.nodeType === 3) { parts.push(n.nodeValue); return; }
    if (n.nodeType !== 1 || ['SCRIPT', 'STYLE'].includes(n.tagName) || n.hidden) return;
    for (const a of ['aria-label', 'placeholder', 'title', 'alt']) if (n.getAttribute(a)) parts.push(n.getAttribute(a));
    if (n.tagName === 'OPTION' || n.tagName === 'INPUT' && n.type !== 'hidden') parts.push(n.value && n.tagName === 'INPUT' ? '' : '');
    for (const c of n.childNodes) walk(c);
  };
  walk(document.body);
  return parts.join('\\n');
}"""


def test_catalogs_current_and_complete():
    en = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
    ja = json.loads((I18N / "ja.json").read_text(encoding="utf-8"))
    assert set(en) == set(ja) == set(catalogs.M)
    assert en == {k: v[0] for k, v in catalogs.M.items()}, "run python tests/web/catalogs.py"
    assert ja == {k: v[1] for k, v in catalogs.M.items()}, "run python tests/web/catalogs.py"
    assert all(ja[k].strip() for k in ja)


def _check_japanese(page, where: str) -> None:
    # Bot seats too: the server's English bot names in log sentences and prompts are translated by the page.
    text = page.evaluate(TEXT)
    en = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
    ja = json.loads((I18N / "ja.json").read_text(encoding="utf-8"))
    for key, value in en.items():
        assert key not in text, f"{where}: raw message key {key!r}"
        if value == ja[key]:
            continue
        for fragment in re.split(r"\{\w+\}", value):
            fragment = fragment.strip(" :().,·")
            if len(re.findall(r"[A-Za-z]", fragment)) >= 4:
                assert fragment not in text, f"{where}: English UI string {fragment!r} ({key})"
    words = {w for w in re.findall(r"\b[A-Za-z][a-z]{3,}\b", text)} - ALLOWED
    assert not words, f"{where}: English words {sorted(words)}"


def test_lobby_and_leaderboard_in_japanese(web, browser):
    ctx = browser.new_context(viewport=DESKTOP, locale="ja-JP")
    try:
        page = new_page(ctx)
        page.goto(f"{web.base}/web/")
        page.wait_for_selector(".game-card")
        assert page.evaluate("document.documentElement.lang") == "ja"  # from the browser's language
        for node in page.locator("details").all():
            node.evaluate("d => d.open = true")
        _check_japanese(page, "lobby")
        shot(page, "lobby-desktop-ja")
        page.goto(f"{web.base}/web/players.html")
        page.wait_for_selector("#content h2")
        _check_japanese(page, "leaderboard")
        assert page.errors == []
    finally:
        ctx.close()


def test_language_switch_is_remembered(web, context):
    page = new_page(context)
    page.goto(f"{web.base}/web/")
    page.wait_for_selector(".game-card")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.select_option("#lang", "ja")
    page.wait_for_function("document.documentElement.lang === 'ja'")
    page.reload()
    page.wait_for_selector(".game-card")
    assert page.evaluate("document.documentElement.lang") == "ja"
    _check_japanese(page, "lobby after the switch")


@pytest.mark.parametrize("game", GAMES)
def test_table_in_japanese(web, browser, game):
    ctx = browser.new_context(viewport=DESKTOP, locale="ja-JP")
    try:
        page = new_page(ctx, "ja")
        create_table(page, web.base, game, "Ann")
        wait_started(page)
        page.wait_for_selector("#board .board-wrap")
        page.wait_for_function("document.body.dataset.myTurn === '1'", timeout=60_000)
        _check_japanese(page, f"{game} table")
        shot(page, f"{game}-desktop-ja")
        page.set_viewport_size(PHONE)
        shot(page, f"{game}-phone-ja")
        assert page.errors == []
    finally:
        ctx.close()

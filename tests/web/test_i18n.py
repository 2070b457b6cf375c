"""Japanese: every page of every game leaves no English UI string and no raw message key; the
catalogs are current (tests/web/catalogs.py) and both languages have every key. Screenshots in ja."""

from __future__ import annotations

import json
import random
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


def test_replay_in_japanese_names_bots_in_japanese(web, browser):
    """A finished game against a bot, replayed in Japanese: the log's bot names and every label translated."""
    import time

    import httpx

    http = httpx.Client(base_url=web.base, timeout=30)
    token = http.post("/api/auth/guest", json={"name": "Ann"}).json()["token"]
    http.cookies.clear()
    head = {"Authorization": f"Bearer {token}"}
    spec = {"game": "midnight_zoo", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}]}
    table_id = http.post("/api/tables", json=spec, headers=head).json()["id"]
    assert http.post(f"/api/tables/{table_id}/start", headers=head).status_code == 200
    http.close()
    chooser, deadline = random.Random(3), time.time() + 120
    while time.time() < deadline:
        live = web.service.live(table_id)
        with live.lock:
            if live.game.is_over(live.state):
                break
            seat, state_id = live.game.to_act(live.state), live.state_id
            action = chooser.choice(live.game.legal_actions(live.state)) if seat == 0 else None
        if action is None:
            time.sleep(0.01)  # the bot's turn: the server plays it
            continue
        web.service.submit(table_id, seat, str(action), state_id)
    ctx = browser.new_context(viewport=DESKTOP, locale="ja-JP")
    try:
        page = new_page(ctx, "ja")
        page.goto(f"{web.base}/web/replay.html?id={table_id}")
        page.wait_for_function("document.body.dataset.ply === '0'")
        page.click("#last")  # the end: the whole log, with the score sheet
        page.wait_for_selector("#log li")
        assert any("ボット" in line for line in page.locator("#log li").all_inner_texts())
        _check_japanese(page, "replay")
        assert page.errors == []
    finally:
        ctx.close()

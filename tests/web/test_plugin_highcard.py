"""High Card in the browser (here beside the other browser tests, so it shares their one browser), served by a ``gameshelf serve`` that finds it only as an installed
plugin: the lobby offers it, the table page draws it with the generic board (the view with the
game's terms, the decision's targets as buttons with accessible names), a whole game is played
with the keyboard alone, and axe finds no serious violation."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.plugins.conftest import highcard_server, highcard_site  # noqa: F401  (the plugin's server fixtures)
from tests.web.conftest import create_table, new_page, token_of, wait_started  # noqa: F401

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

MY_TURN = "document.body.dataset.myTurn === '1' && document.body.dataset.busy !== '1'"


def serious(page) -> list[str]:
    violations = axe_sync.Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}" for v in violations
            if v["impact"] in ("serious", "critical")]


def test_a_whole_game_with_the_keyboard_on_the_generic_board(highcard_server, context):  # noqa: F811
    from highcard import GAME
    from gameshelf.core.record import Record, replay

    page = new_page(context)
    page.goto(f"{highcard_server}/web/")
    card = page.locator("#game-highcard")
    card.wait_for()
    page.wait_for_function("document.querySelector('#game-highcard .summary').textContent.length > 0")
    assert "Play higher than the last card" in card.locator(".summary").inner_text()
    table_id = create_table(page, highcard_server, "highcard", seats=("me", "bot:random"))
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    board = page.locator("#board .board-wrap.generic")
    assert "your hand" in board.inner_text() and "cards in hand" in board.inner_text()
    assert serious(page) == []

    turns = 0
    while page.evaluate("document.body.dataset.over") != "1":
        page.wait_for_function(MY_TURN + " || document.body.dataset.over === '1'", timeout=60_000)
        if page.evaluate("document.body.dataset.over") == "1":
            break
        targets = page.locator("#board [data-id^='card:'].target")
        assert targets.count() >= 1
        first = targets.first
        assert first.get_attribute("role") == "button" and first.get_attribute("tabindex") == "0"
        card_id = first.get_attribute("data-id")
        # its name, a note when it is new since the last move, and what choosing it does
        assert re.fullmatch(rf"card {card_id[5:]}( \(changed since your last move\))?: Play {card_id[5:]}",
                            first.get_attribute("aria-label"))
        state = page.evaluate("document.body.dataset.stateId")
        first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.body.dataset.stateId !== '{state}'", timeout=60_000)
        turns += 1
    assert turns >= 5  # six turns each (H1, H4); the page may play the last, forced one by itself

    page.wait_for_selector("#score-sheet td[data-score]")
    sheet = [int(x) for x in page.locator("#score-sheet tr.total td").evaluate_all("els => els.map(e => e.dataset.score)")]
    body = httpx.get(f"{highcard_server}/api/tables/{table_id}/record",
                     headers={"Authorization": f"Bearer {token_of(page)}"}, timeout=30).json()
    record = Record.from_json(body["record"])
    assert len(record.actions) == 12
    assert sheet == list(GAME.outcome(replay(GAME, record)).scores)
    assert serious(page) == []

    # The replay page draws the finished game with the same generic board, ply by ply.
    page.goto(f"{highcard_server}/web/replay.html?id={table_id}")
    page.wait_for_function("document.body.dataset.ply !== undefined", timeout=60_000)
    page.wait_for_selector("#board .board-wrap.generic")
    assert "played" in page.locator("#board").inner_text()
    assert page.errors == []


def test_the_learning_pages_say_what_a_plugin_lacks(highcard_server, context):  # noqa: F811
    page = new_page(context)
    page.goto(f"{highcard_server}/web/learn.html?game=highcard")
    page.wait_for_selector("#unavailable")
    assert page.locator("#unavailable").inner_text() == "This game has no tutorial."
    assert not page.locator(".layout").is_visible()  # no empty lesson under the message
    assert page.locator("#learn-nav a[href*='rules.html?game=highcard']").count() == 1
    page.goto(f"{highcard_server}/web/rules.html?game=highcard")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    assert "H1" in page.locator("#summary").inner_text()
    assert page.locator("#figures .figure .board-wrap.generic").count() == 3
    page.goto(f"{highcard_server}/web/puzzles.html?game=highcard")
    page.wait_for_function("document.getElementById('puzzle-prompt').textContent.length > 0")
    assert page.locator("#puzzle-prompt").inner_text() == "No puzzles for this game yet."
    assert page.errors == []

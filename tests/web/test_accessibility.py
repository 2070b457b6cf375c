"""Accessibility: axe-core (axe-playwright-python) finds no serious or critical violation on the
lobby, every game's table mid-game, the replay and the player page, in English and Japanese."""

from __future__ import annotations

import pytest

from tests.web.conftest import DRIVER, PHONE, create_table, new_page, wait_started
from tests.web.test_replay_analysis import finished_table

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

GAMES = ["midnight_zoo", "borealis", "iwari", "mariposas"]
MY_TURN = "document.body.dataset.myTurn === '1' && document.body.dataset.busy !== '1'"


def serious(page) -> list[str]:
    """The serious and critical violations on ``page``: rule id, impact and the first few targets."""
    results = axe_sync.Axe().run(page)
    out = []
    for v in results.response["violations"]:
        if v["impact"] in ("serious", "critical"):
            targets = [" ".join(map(str, n["target"])) for n in v["nodes"][:3]]
            out.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {targets}")
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobby_and_the_player_page(web, context, lang):
    page = new_page(context, lang)
    page.goto(f"{web.base}/web/")
    page.wait_for_selector("#game-iwari form")
    assert serious(page) == []
    page.goto(f"{web.base}/web/players.html")
    page.wait_for_load_state("networkidle")
    assert serious(page) == []


@pytest.mark.parametrize("game,lang", [(g, lang) for g in GAMES for lang in ("en", "ja")])
def test_every_games_table_mid_game(web, context, game, lang):
    page = new_page(context, lang)
    create_table(page, web.base, game, "Ann")
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    page.evaluate(DRIVER, {"seed": 5, "limit": 4})
    page.wait_for_function(MY_TURN + " || document.body.dataset.over === '1'", timeout=60_000)
    assert serious(page) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_games_table_on_a_phone(web, browser, game):
    ctx = browser.new_context(viewport=PHONE, locale="en-US")
    page = new_page(ctx)
    create_table(page, web.base, game, "Ann")
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    found = serious(page)
    ctx.close()
    assert found == []


def test_the_replay_with_its_analysis(web, context):
    web.app.state.settings.analysis_sims = 2
    table_id = finished_table(web, seed=6)
    page = new_page(context)
    page.goto(f"{web.base}/web/replay.html?id={table_id}")
    page.wait_for_selector("#analyse:not([hidden])")
    page.click("#analyse")
    page.wait_for_selector("#analysis[data-status=done]", timeout=120_000)
    page.click("#next")
    assert serious(page) == []


def test_the_replay_with_its_analysis_on_a_phone(web, browser):
    """At 390 px the analysis's tables scroll inside their own focusable regions: the page never
    scrolls sideways, and axe finds nothing serious."""
    web.app.state.settings.analysis_sims = 2
    table_id = finished_table(web, seed=6)
    ctx = browser.new_context(viewport=PHONE, locale="en-US")
    page = new_page(ctx)
    page.goto(f"{web.base}/web/replay.html?id={table_id}")
    page.wait_for_selector("#analyse:not([hidden])")
    page.click("#analyse")
    page.wait_for_selector("#analysis[data-status=done]", timeout=120_000)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert page.locator("#analysis-seats").get_attribute("aria-label") == "Accuracy"
    found = serious(page)
    ctx.close()
    assert found == []

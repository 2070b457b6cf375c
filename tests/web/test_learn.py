"""Issue 33 in the browser: a tutorial walked to its end in English and in Japanese (a wrong move
answered with the step's why, then the real game against the easy bot at a normal table), the
rules page with its figures drawn by the table's renderer, a puzzle answered with its reason, and
the links from the lobby and from a table."""

from __future__ import annotations

import pytest

from gameshelf.learn import tutorial as tut
from gameshelf.learn.puzzles import load_puzzles
from tests.web.conftest import PHONE, create_table, new_page, shot

GAME = "midnight_zoo"


def click_move(page, notation: str) -> None:
    page.locator(f'#actions button[data-action="{notation}"]').click()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tutorial_walks_to_its_end_and_starts_a_game_against_easy(web, context, lang):
    tutorial = tut.load_tutorial(GAME)
    page = new_page(context, lang)
    page.goto(f"{web.base}/web/learn.html?game={GAME}")
    page.wait_for_selector("body[data-step='1']")
    assert page.locator("#intro").inner_text() == tutorial.intro[lang]
    # A legal move that is not the step's: the step's why, and the step stays.
    other = next(a for a in ("take 1", "take 3") if a != tutorial.steps[0].move)
    click_move(page, other)
    page.wait_for_function("document.getElementById('feedback').textContent.length > 0")
    assert page.locator("#feedback").inner_text() == tutorial.steps[0].why[lang]
    assert page.evaluate("document.body.dataset.step") == "1"
    page.locator("#show-me").click()
    assert page.locator("#actions button.intended").get_attribute("data-action") == tutorial.steps[0].move
    for n, step in enumerate(tutorial.steps, 1):
        page.wait_for_selector(f"body[data-step='{n}']")
        assert page.locator("#step-text").inner_text() == step.text[lang]
        assert step.rule in page.locator("#step-rule").inner_text()
        if n == 3:
            shot(page, f"learn-{GAME}-step3-{lang}")
        if step.any:
            page.locator("#actions button.action").first.click()
        else:
            click_move(page, step.move)
    page.wait_for_selector("body[data-finished='1']")
    assert page.locator("#outro").inner_text() == tutorial.outro[lang]
    assert not page.errors
    page.locator("#play-easy").click()
    page.wait_for_url("**/web/table.html?id=*")
    page.wait_for_function("document.body.dataset.stateId !== undefined", timeout=60_000)
    table_id = page.url.split("id=")[1]
    detail = web.service.detail(table_id, None)
    assert detail["seats"][1]["kind"] == "bot" and detail["seats"][1]["level"] == "easy"
    assert detail["seats"][0]["kind"] not in ("bot", "open") and detail["status"] != "open"
    assert page.locator("#title a.rules-link").get_attribute("href") == f"/web/rules.html?game={GAME}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_draws_three_figures_with_the_tables_renderer(web, context, lang):
    page = new_page(context, lang)
    page.goto(f"{web.base}/web/rules.html?game=iwari")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("h1").count() == 1 and page.locator("#summary h2").count() == 1
    assert page.locator("figure.figure").count() == 3
    assert page.locator("figure.figure svg.board-svg").count() >= 3
    assert page.locator("#figure-end #score-sheet").count() == 1
    assert not page.errors
    shot(page, f"rules-iwari-{lang}")


def test_a_puzzle_is_answered_with_its_reason(web, context):
    puzzle = load_puzzles(GAME)[0]
    page = new_page(context, "ja")
    page.goto(f"{web.base}/web/puzzles.html?game={GAME}")
    page.wait_for_selector("body[data-puzzle='1']")
    assert page.locator("#result").inner_text() == ""
    click_move(page, puzzle.answer)
    page.wait_for_selector("body[data-answered='right']")
    assert puzzle.reason["ja"] in page.locator("#result").inner_text()
    assert not page.errors


def test_the_lobby_links_every_game_to_its_rules_tutorial_and_puzzles(web, context):
    page = new_page(context, "en")
    page.goto(f"{web.base}/web/")
    page.wait_for_selector(f"#game-{GAME} a.rules-link")
    for game in ("borealis", "midnight_zoo", "iwari", "mariposas"):
        for kind in ("rules", "learn", "puzzles"):
            assert page.locator(f"#game-{game} a.{kind}-link").get_attribute("href") == f"/web/{kind}.html?game={game}"


def test_the_learning_pages_fit_a_phone(web, browser):
    ctx = browser.new_context(viewport=PHONE, locale="ja-JP")
    try:
        page = new_page(ctx, "ja")
        page.goto(f"{web.base}/web/learn.html?game=iwari")
        page.wait_for_selector("body[data-step='1']")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"] + 1, f"the page scrolls sideways ({width}px)"
        shot(page, "learn-iwari-phone-ja")
    finally:
        ctx.close()


def test_a_table_links_its_rules(web, context):
    page = new_page(context, "en")
    create_table(page, web.base, "iwari", seats=("me", "bot:random"))
    page.wait_for_selector("#title a.rules-link")
    assert page.locator("#title a.rules-link").get_attribute("href") == "/web/rules.html?game=iwari"


@pytest.mark.parametrize("game", ["borealis", "midnight_zoo", "iwari", "mariposas"])
def test_the_tutorial_and_puzzle_pages_in_japanese_leave_no_english(web, context, game):
    from tests.web.test_i18n import _check_japanese

    page = new_page(context, "ja")
    page.goto(f"{web.base}/web/learn.html?game={game}")
    page.wait_for_selector("body[data-step='1']")
    _check_japanese(page, f"learn {game}")
    page.goto(f"{web.base}/web/puzzles.html?game={game}")
    page.wait_for_selector("body[data-puzzle='1']")
    page.locator("#actions button.action").first.click()
    page.wait_for_selector("body[data-answered]")
    _check_japanese(page, f"puzzles {game}")
    assert not page.errors

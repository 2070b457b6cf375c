"""The boards as a player uses them (issue 28, board side): targets only where the action happens,
board headers that agree with the score sheet, every board fitting a phone with zoom and pan
controls, coordinates as the notation writes them, a legend and an explanation for every element
(touch, mouse and keyboard, Esc closes), Japanese short forms, and axe-core's checks of the board.

Each test names the defect or capability it covers. Screenshots go where conftest.shot puts them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.web.conftest import DESKTOP, DRIVER, PHONE, create_table, new_page, shot, wait_started
from tests.web.test_boards_complete import draw

STATIC = Path(__file__).parents[2] / "src/gameshelf/web/static"
GAMES = ["midnight_zoo", "mariposas", "iwari", "borealis"]
CATALOG = {lang: json.loads((STATIC / f"i18n/{lang}.json").read_text(encoding="utf-8")) for lang in ("en", "ja")}
SHORT_PREFIX = {"midnight_zoo": "short.mz.", "mariposas": "short.ma.", "borealis": "short.bo."}


def open_table(browser, web, game: str, lang: str, size: dict, decisions: int = 2, seed: int = 3):
    """A context and a page on a new table of ``game`` (me against a random bot), at this seat's
    decision after ``decisions`` of them were played through the board (mid-game)."""
    ctx = browser.new_context(viewport=size, locale="en-US", has_touch=size is PHONE)
    page = new_page(ctx, lang)
    create_table(page, web.base, game, "Ann")
    wait_started(page)
    page.wait_for_function("document.body.dataset.myTurn === '1' || document.body.dataset.over === '1'", timeout=60_000)
    if decisions:
        page.evaluate(DRIVER, {"seed": seed, "limit": decisions})
    page.wait_for_function("document.body.dataset.myTurn === '1' && document.body.dataset.busy !== '1'", timeout=60_000)
    return ctx, page


def no_sideways_scroll(page) -> None:
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width


# ---- defect: Midnight Zoo targets drawn on both districts -----------------------------------------
def test_midnight_zoo_targets_only_on_the_acting_players_district(web, browser):
    """Placement and animal targets appear only on the district where the action happens (the
    acting player's own): a space of the opponent's district is not a target and does not play."""
    ctx = browser.new_context(viewport=DESKTOP, locale="en-US")
    try:
        page = new_page(ctx)
        create_table(page, web.base, "midnight_zoo", "Ann")
        wait_started(page)
        seen = 0
        for _ in range(14):
            page.wait_for_function("document.body.dataset.myTurn === '1' && document.body.dataset.busy !== '1'", timeout=60_000)
            owners = page.evaluate("""() => [...document.querySelectorAll('#board .item.target')]
                .filter((n) => /^(cell|animal):/.test(n.dataset.id))
                .map((n) => n.closest('svg.board-svg').getAttribute('aria-label').replace(/[\u2066-\u2069]/g, ''))""")
            if owners:
                seen += 1
                assert all(o.startswith("Ann:") for o in owners), owners
                other = page.locator("#board svg.board-svg[aria-label^='Bot'] [data-explain^='cell:']").first
                assert other.count() == 1 and "target" not in (other.get_attribute("class") or "")
                before = page.evaluate("document.body.dataset.stateId")
                other.dispatch_event("click")
                page.wait_for_timeout(300)
                assert page.evaluate("document.body.dataset.stateId") == before  # nothing was played
                page.keyboard.press("Escape")
                if seen >= 2:
                    break
            page.evaluate(DRIVER, {"seed": 5 + _, "limit": 1})
        assert seen, "no decision with space or animal targets was reached"
        assert page.errors == []
    finally:
        ctx.close()


# ---- defect: board headers against the score sheet -------------------------------------------------
def test_midnight_zoo_final_board_headers_agree_with_the_score_sheet(web, browser):
    """At the end the districts' headers show the totals of the score sheet, not the VP collected
    during play ("Bob · 0 VP" beside a sheet totalling 21)."""
    ctx = browser.new_context(viewport=PHONE, locale="en-US", has_touch=True)
    try:
        page = new_page(ctx, "ja")
        create_table(page, web.base, "midnight_zoo", "Ann")
        wait_started(page)
        page.evaluate(DRIVER, 17)
        page.wait_for_selector("#score-sheet")
        totals = page.locator("#score-sheet tr.total td").evaluate_all("els => els.map(e => e.dataset.score)")
        headers = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#board svg.district')]
            .map((s) => [s.dataset.seat, s.querySelector('.district-score').textContent]))""")
        assert len(headers) == len(totals) == 2
        for seat, total in enumerate(totals):
            assert f"{total}点（最終）" in headers[str(seat)], (headers, totals)
        no_sideways_scroll(page)
        shot(page, "h28board-mz-final-phone-ja")
        # The replay draws the same boards in the same frame: at its last action, the same totals.
        page.click("#sheet a[href*='replay']")
        page.wait_for_function("document.body.dataset.ply !== undefined")
        page.click("#last")
        page.wait_for_function("document.body.dataset.ply === document.getElementById('ply').max")
        page.wait_for_selector("#board svg.district .district-score")
        replayed = page.locator("#board svg.district .district-score").all_text_contents()
        assert all(any(f"{total}点（最終）" in h for h in replayed) for total in totals), replayed
        assert page.locator("#board .board-legend").is_visible() and page.locator("#board .zoom-in").is_visible()
        no_sideways_scroll(page)
        shot(page, "h28board-mz-replay-phone-ja")
        assert page.errors == []
    finally:
        ctx.close()


def _finished(game_id: str, players: int, seed: int):
    from gameshelf.games import get_game

    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.setup(players, {}, seed)
    while not game.is_over(state):
        game.apply(state, rng.choice(game.legal_actions(state)))
    return game, state


@pytest.mark.parametrize("game_id", ["mariposas", "iwari", "borealis"])
def test_final_board_headers_show_the_score_sheets_totals(web, context, game_id):
    """Every game's board, given the outcome, shows each seat's final total as the sheet does."""
    game, state = _finished(game_id, 2, 4)
    outcome = game.outcome(state)
    page = new_page(context)
    draw(page, web.base, game_id, game.view(state, 0), 0, ["Ann", "Bob"])
    # Draw again with the outcome, as the table and the replay pass it.
    page.evaluate("""(scores) => {
        const board = document.getElementById('board');
        const { renderer, ctx } = board._board;
        return import('/web/js/board.js').then(({ renderBoard }) =>
            renderBoard(board, renderer, { ...ctx, over: true, outcome: { scores } }));
    }""", list(outcome.scores))
    text = page.evaluate("[...document.querySelectorAll('#board svg text')].map((n) => n.textContent).join(' ')")
    for score in outcome.scores:
        assert f"{score}" in text
    unit = {"mariposas": "points (final)", "iwari": "points (final)", "borealis": "★ (final)"}[game_id]
    assert text.count(unit) == 2, text
    assert page.errors == []


# ---- capability: every board on a phone (fits, zoom, pan), legible or shown on demand -------------
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_board_fits_a_phone_and_zooms_and_pans_by_touch_and_keyboard(web, browser, game_id, lang):
    """At 390x844 the whole board fits the width by default (no page scrolls sideways); the zoom
    buttons (+, −, fit) are visible and work; when zoomed the board pans with the arrow keys and
    the page still does not scroll sideways. Text under 11 px, or cut with "…", can be read in full
    on demand (its element explains itself)."""
    ctx, page = open_table(browser, web, game_id, lang, PHONE)
    try:
        no_sideways_scroll(page)
        width = page.evaluate("innerWidth")
        rights = page.locator("#board svg.board-svg").evaluate_all("els => els.map(e => e.getBoundingClientRect().right)")
        assert rights and max(rights) <= width + 0.5
        for sel in (".zoom-in", ".zoom-out", ".zoom-fit", ".board-legend", ".board-explain"):
            assert page.locator(f"#board {sel}").is_visible(), sel
        unreadable = page.evaluate("""() => [...document.querySelectorAll('#board svg.board-svg text')].filter((n) => {
            if (!n.textContent.trim() || n.closest('[aria-hidden="true"], .seat-marker')) return false;
            const px = parseFloat(n.getAttribute('font-size') || 11) * n.getScreenCTM().a;
            const cut = n.textContent.endsWith('…');
            return (px < 11 || cut) && !n.closest('[data-explain]');
        }).map((n) => n.textContent)""")
        assert unreadable == [], " | ".join(sorted(set(unreadable)))
        shot(page, f"h28board-{game_id}-phone-{lang}")
        viewport = page.locator("#board .board-viewport")
        page.tap("#board .zoom-in")
        page.tap("#board .zoom-in")
        assert page.evaluate("document.querySelector('#board .board-viewport').scrollWidth") > width
        assert page.locator("#board .zoom-level").text_content() == "200%"
        no_sideways_scroll(page)
        viewport.focus()
        before = page.evaluate("document.querySelector('#board .board-viewport').scrollLeft")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(200)
        assert page.evaluate("document.querySelector('#board .board-viewport').scrollLeft") > before
        shot(page, f"h28board-{game_id}-phone-{lang}-zoomed")
        page.tap("#board .zoom-fit")
        assert page.locator("#board .zoom-level").text_content() == "100%"
        rights = page.locator("#board svg.board-svg").evaluate_all("els => els.map(e => e.getBoundingClientRect().right)")
        assert max(rights) <= width + 0.5
        assert page.errors == []
    finally:
        ctx.close()


def test_zoom_survives_a_new_state_and_the_mouse_drags_to_pan(web, browser):
    """The zoom level stays while the game goes on; a mouse drag pans a zoomed board."""
    ctx, page = open_table(browser, web, "iwari", "en", DESKTOP, decisions=0)
    try:
        page.click("#board .zoom-in")
        page.click("#board .zoom-in")
        box = page.locator("#board .board-viewport").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 60)
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] / 2 - 150, box["y"] + 60, steps=6)
        page.mouse.up()
        assert page.evaluate("document.querySelector('#board .board-viewport').scrollLeft") > 100
        page.evaluate(DRIVER, {"seed": 2, "limit": 1})
        page.wait_for_function("document.body.dataset.myTurn === '1'")
        assert page.locator("#board .zoom-level").text_content() == "200%"
        assert page.errors == []
    finally:
        ctx.close()


# ---- capability: coordinates as the notation writes them -------------------------------------------
def test_maps_show_the_notations_coordinates(web, context):
    """Mariposas numbers rows r00-r12 and columns 00-24 (space r05c07 lies on row r05's line and
    under column 07); Iwari shows each tent space's id (n07) and each territory's (N02); Midnight Zoo
    numbers each district's rows and columns 1-5, as the log names a space ("row 2, column 3")."""
    from gameshelf.games import get_game

    page = new_page(context)
    game = get_game("mariposas")
    draw(page, web.base, "mariposas", game.view(game.setup(2, {}, 1), 0), 0, ["Ann", "Bob"])
    at = page.evaluate("""() => {
        const c = document.querySelector('[data-id="space:r05c07"] circle');
        const row = [...document.querySelectorAll('.coord-row')].find((n) => n.textContent === 'r05');
        const col = [...document.querySelectorAll('.coord-col')].find((n) => n.textContent === '07');
        const box = (n) => n.getBoundingClientRect();
        const mid = (b) => [b.x + b.width / 2, b.y + b.height / 2];
        return { circle: mid(box(c)), row: mid(box(row)), col: mid(box(col)),
                 rows: document.querySelectorAll('.coord-row').length, cols: document.querySelectorAll('.coord-col').length };
    }""")
    assert at["rows"] == 13 and at["cols"] == 25
    assert abs(at["row"][1] - at["circle"][1]) < 3 and abs(at["col"][0] - at["circle"][0]) < 3

    game = get_game("iwari")
    state = game.setup(2, {}, 1)
    draw(page, web.base, "iwari", game.view(state, 0), 0, ["Ann", "Bob"])
    shown = set(page.locator("#board .space-id").all_text_contents())
    spaces = {i.split(":")[1] for i in page.locator("#board [data-id^='space:']").evaluate_all("els => els.map(e => e.dataset.id)")}
    assert spaces and spaces == shown

    game = get_game("midnight_zoo")
    draw(page, web.base, "midnight_zoo", game.view(game.setup(2, {}, 1), 0), 0, ["Ann", "Bob"])
    for seat in ("0", "1"):
        rows = page.locator(f"#board svg.district[data-seat='{seat}'] .coord-row").all_text_contents()
        cols = page.locator(f"#board svg.district[data-seat='{seat}'] .coord-col").all_text_contents()
        assert rows == cols == ["1", "2", "3", "4", "5"]  # as the log names a space: row 1, column 1 is "0,0"
    assert page.errors == []


# ---- capability: legend and explanations, by touch, mouse and keyboard; Esc closes -----------------
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("mode", ["desktop-en", "phone-ja"])
def test_legend_and_explain_every_element_without_stealing_a_choice(web, browser, game_id, mode):
    """The Legend button lists every symbol with its meaning; a tap on an element that is not a
    target shows its full text; with Explain on, a tap on a target explains it and plays nothing;
    with Explain off, the same target still chooses. The keyboard reaches the elements in explain
    mode (Tab, Enter), and Esc closes the dialogs. In Japanese, no Latin short form is drawn."""
    size, lang = (DESKTOP, "en") if mode == "desktop-en" else (PHONE, "ja")
    ctx, page = open_table(browser, web, game_id, lang, size)
    press = page.tap if size is PHONE else page.click
    try:
        for k in range(8):  # on to a decision with board targets
            if page.locator("#board .item.target").count():
                break
            page.evaluate(DRIVER, {"seed": 7 + k, "limit": 1})
            page.wait_for_function("document.body.dataset.myTurn === '1' && document.body.dataset.busy !== '1'", timeout=60_000)
        shot(page, f"h28board-{game_id}-table-{mode}")
        press("#board .board-legend")
        dialog = page.locator("#board dialog.legend-dialog")
        assert dialog.is_visible()
        entries = dialog.locator(".legend-list li").all_text_contents()
        assert len(entries) >= 8 and all(e.strip() for e in entries)
        shot(page, f"h28board-{game_id}-legend-{mode}")
        page.keyboard.press("Escape")
        assert not dialog.is_visible()

        explain = page.locator("#board dialog.explain-dialog")
        plain = page.locator("#board [data-explain]:not(.target)").first
        name = plain.get_attribute("aria-label")
        plain.dispatch_event("click")
        assert explain.is_visible()
        assert explain.locator("h2").text_content() == name
        page.keyboard.press("Escape")
        assert not explain.is_visible()

        before = page.evaluate("document.body.dataset.stateId")
        press("#board .board-explain")
        assert page.get_attribute("#board .board-explain", "aria-pressed") == "true"
        target = page.locator("#board .item.target").first
        assert target.count(), "no decision with board targets was reached"
        if target.count():
            target.dispatch_event("click")
            assert explain.is_visible()
            texts = explain.locator("p.explain-text").all_text_contents()
            shot(page, f"h28board-{game_id}-explain-{mode}")
            page.keyboard.press("Escape")
            page.wait_for_timeout(200)
            assert page.evaluate("document.body.dataset.stateId") == before and page.locator("#chooser:not([hidden])").count() == 0
            assert texts or explain.locator("h2").text_content()
        # Keyboard: Tab reaches a board element, Enter opens its text.
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate("!!document.activeElement.closest('#board .board-stage') && document.activeElement.hasAttribute('data-explain')"):
                break
        else:
            raise AssertionError("no board element reachable by Tab in explain mode")
        focused = page.evaluate("document.activeElement.dataset.name || document.activeElement.getAttribute('aria-label')")
        page.keyboard.press("Enter")
        assert explain.is_visible() and explain.locator("h2").text_content() == focused
        page.keyboard.press("Escape")
        press("#board .board-explain")
        if size is PHONE:  # a long press on a target explains it and chooses nothing
            target.evaluate("""async (n) => {
                const at = { bubbles: true, pointerType: 'touch', clientX: 5, clientY: 5 };
                n.dispatchEvent(new PointerEvent('pointerdown', at));
                await new Promise((r) => setTimeout(r, 700));
                n.dispatchEvent(new PointerEvent('pointerup', at));
                n.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
            }""")
            assert explain.is_visible()
            page.keyboard.press("Escape")
            page.wait_for_timeout(200)
            assert page.evaluate("document.body.dataset.stateId") == before
        if target.count():
            target.dispatch_event("click")
            page.wait_for_function(f"document.body.dataset.stateId !== '{before}' || !document.querySelector('#chooser').hidden")
        if lang == "ja" and game_id in SHORT_PREFIX:
            latin = {v for k, v in CATALOG["en"].items() if k.startswith(SHORT_PREFIX[game_id]) and v != CATALOG["ja"][k]}
            drawn = set(page.evaluate("""() => [...document.querySelectorAll('#board svg.board-svg text')]
                .filter((n) => !n.closest('.seat-marker, .coords, .tile-id')).map((n) => n.textContent.trim())"""))
            assert not drawn & latin, drawn & latin
        assert page.errors == []
    finally:
        ctx.close()


# ---- accessibility: axe-core on the board -------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_board_has_no_serious_axe_violations(web, browser, game_id):
    """axe-core on the board (desktop and phone): no nested interactive controls, every scrollable
    region focusable, every target named; nothing serious or critical."""
    from axe_playwright_python.sync_playwright import Axe

    for size in (DESKTOP, PHONE):
        ctx, page = open_table(browser, web, game_id, "en", size, decisions=1)
        try:
            if page.locator("#board .zoom-in").count():  # zoomed: the viewport scrolls, and must take the focus
                page.click("#board .zoom-in")
            result = Axe().run(page, context="#board")
            bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in result.response["violations"]
                   if v["impact"] in ("serious", "critical")]
            assert bad == [], bad
            named = page.locator("#board .item.target").evaluate_all("els => els.every(e => (e.getAttribute('aria-label') || '').trim())")
            assert named
        finally:
            ctx.close()


# ---- defect: Borealis showed its safety cap as the game's length ("Round 1 / 100") ---------------
def test_borealis_round_says_what_ends_the_game_not_the_safety_cap(web, context):
    """R36: the end comes after the round in which a player has 7 cards in one location; the board
    says so (with the most cards in a location now), never "Round 1 / 100"."""
    from gameshelf.games import get_game

    game = get_game("borealis")
    page = new_page(context)
    draw(page, web.base, "borealis", game.view(game.setup(2, {"max_rounds": "100"}, 1), 0), 0, ["Ann", "Bob"])
    line = page.locator("#board .round-info").get_attribute("aria-label")
    assert "/ 100" not in line and "7 cards in one location" in line and "most now: 0" in line
    assert page.errors == []

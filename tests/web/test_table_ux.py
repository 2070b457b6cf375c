"""The table a player chooses, table side: no console error (the icon is served), hints in order of
value, Borealis's end rule instead of the engine's cap, forced choices played for you (a remembered
preference), what changed since your last move (board and log), every legal action by keyboard
with a visible focus, and nothing cut or overflowing on a 390 px phone. Four games, en and ja."""

from __future__ import annotations

import pytest

from tests.web.conftest import DESKTOP, DRIVER, PHONE, create_table, new_page, shot, wait_started

GAMES = ["midnight_zoo", "borealis", "iwari", "mariposas"]
MY_TURN = "document.body.dataset.myTurn === '1' && document.body.dataset.busy !== '1'"


def _watch(page):
    """Console errors and failed responses of ``page`` (appended as they come)."""
    page.console_errors, page.bad_responses = [], []
    page.on("console", lambda msg: page.console_errors.append(msg.text) if msg.type == "error" else None)
    page.on("response", lambda res: page.bad_responses.append(f"{res.status} {res.url}") if res.status >= 400 else None)
    return page


def _play(page, decisions: int, seed: int = 3) -> None:
    page.evaluate(DRIVER, {"seed": seed, "limit": decisions})
    page.wait_for_function(MY_TURN + " || document.body.dataset.over === '1'", timeout=60_000)


# ---- the icon: no page logs an error ---------------------------------------------------------------
def test_no_page_logs_a_console_error_the_icon_is_served(web, context):
    """Defect: every page logged `/favicon.ico` 404 in the console."""
    page = _watch(new_page(context))
    table_id = create_table(page, web.base, "midnight_zoo", "Ann")
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    for path in ("/web/", "/web/players.html", f"/web/table.html?id={table_id}"):
        page.goto(f"{web.base}{path}")
        page.wait_for_load_state("networkidle")
    assert page.console_errors == [] and page.bad_responses == []
    res = page.request.get(f"{web.base}/favicon.ico")
    assert res.status == 200 and res.headers["content-type"].startswith("image/svg+xml") and b"<svg" in res.body()
    assert page.locator("link[rel=icon]").get_attribute("href") == "/web/img/icon.svg"


# ---- hints --------------------------------------------------------------------------------------------
def test_the_hint_list_reads_in_order_of_value(web, context):
    """Defect: the three best choices came as 0.54, 0.55, 0.51."""
    page = new_page(context)
    create_table(page, web.base, "borealis", "Ann")
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    page.click("#hint")
    page.wait_for_selector("#hint-list li", timeout=120_000)
    values = [float(v.split()[-1].rstrip("）")) for v in page.locator(".hint-value").all_inner_texts()]
    assert values and values == sorted(values, reverse=True)


# ---- Borealis: the rules' end, not the engine's cap ------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_borealis_shows_what_ends_the_game_not_the_round_cap(web, context, lang):
    """Defect: "Round 1 / 100" (A32's safety cap read as the game's length); R36-R37 end the game."""
    page = new_page(context, lang)
    create_table(page, web.base, "borealis", "Ann")
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    text = page.locator("#board").evaluate("e => e.textContent")
    assert "/ 10" not in text and "/ 100" not in text
    rule = {"en": "the game ends after the round in which a player has 7 cards in one location",
            "ja": "誰かが1つの場所に7枚置いたラウンドの終わりにゲーム終了"}[lang]
    assert rule in text


# ---- forced choices ---------------------------------------------------------------------------------------
def _until_single_choice(page, tries: int = 150) -> bool:
    """Play random decisions until the seat faces a single legal action (True) or the note says one
    was played for it (False)."""
    for i in range(tries):
        page.wait_for_function(MY_TURN + " || document.body.dataset.over === '1'", timeout=60_000)
        if page.locator("#forced-note").evaluate("e => e.textContent").strip():
            return False
        if page.locator("#actions button.action").count() == 1:
            return True
        _play(page, 1, seed=i + 1)
    raise AssertionError("no single-choice decision came")


def test_a_forced_choice_that_reveals_nothing_is_played_for_you(web, context):
    """Iwari: ending the placement when nothing more fits (one legal action, nothing drawn) is played
    for the person, and the actions card says so."""
    page = new_page(context)
    table_id = create_table(page, web.base, "iwari", "Ann")
    wait_started(page)
    assert page.locator("#auto-forced").is_checked()
    assert _until_single_choice(page) is False
    note = page.locator("#forced-note").evaluate("e => e.textContent")
    assert note.startswith("Played for you (the only choice): ")
    live = web.service.live(table_id)
    assert "done" in live.effective_actions()
    assert page.errors == []


def test_turned_off_a_forced_choice_waits_for_you_and_the_setting_is_remembered(web, context):
    page = new_page(context, "ja")
    create_table(page, web.base, "iwari", "Ann")
    wait_started(page)
    page.wait_for_selector("#auto-forced")
    page.uncheck("#auto-forced")
    assert page.evaluate("localStorage.getItem('gs.autoForced')") == "0"
    assert _until_single_choice(page) is True
    sid = page.evaluate("document.body.dataset.stateId")
    page.wait_for_timeout(800)
    assert page.evaluate("document.body.dataset.stateId") == sid  # nothing was played for you
    assert "{" not in page.locator("#prompt").inner_text()
    page.reload()
    page.wait_for_selector("#auto-forced")
    assert not page.locator("#auto-forced").is_checked()
    assert page.locator("label[for=auto-forced]").inner_text().startswith("強制手を自動で指す")


# ---- what changed since your last move -----------------------------------------------------------------
# a board element marked changed: a target (data-id) or, on a board not acting now, what it explains
CHANGED = "#board [data-id].changed, #board [data-explain].changed"


@pytest.mark.parametrize("game,lang", [("midnight_zoo", "en"), ("borealis", "ja"), ("iwari", "en"), ("mariposas", "ja")])
def test_the_others_moves_since_your_last_are_highlighted_on_the_board_and_in_the_log(web, context, game, lang):
    page = new_page(context, lang)
    create_table(page, web.base, game, "Ann")
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    for i in range(25):  # until the bot has moved between two of the person's decisions (a turn may take several)
        _play(page, 1, seed=i + 3)
        # (a bot's draw or exchange changes nothing drawn with an id: wait for a move on the board)
        if page.locator("#log .log-new-marker").count() and page.locator(CHANGED).count():
            break
    if page.evaluate("document.body.dataset.over") == "1":
        pytest.skip("the game ended first")
    marker = page.locator("#log .log-new-marker")
    assert marker.count() == 1
    new = page.locator("#log li.new").count()
    assert new >= 1 and marker.inner_text() == {"en": f"{new} new since your last move",
                                                "ja": f"前回の手番以降 {new} 件"}[lang]
    # the marker is in sight in the log's scroll box, with as many new lines as fit under it
    assert page.evaluate("""(() => { const ol = document.getElementById('log'), m = ol.querySelector('.log-new-marker');
        const a = ol.getBoundingClientRect(), b = m.getBoundingClientRect(); return b.top >= a.top - 1 && b.top < a.bottom; })()""")
    changed = page.locator(CHANGED)
    assert changed.count() >= 1
    word = {"en": "changed since your last move", "ja": "前回の手番以降に変化"}[lang]
    assert word in (changed.first.get_attribute("aria-label") or "")
    shot(page, f"h28table-changes-{game}-{lang}")
    # Back at the table later: the same look, the same highlights.
    ids = sorted(changed.evaluate_all("els => els.map(e => e.dataset.id || e.dataset.explain)"))
    page.reload()
    page.wait_for_function(MY_TURN, timeout=60_000)
    assert sorted(page.locator(CHANGED).evaluate_all("els => els.map(e => e.dataset.id || e.dataset.explain)")) == ids
    assert page.locator("#log li.new").count() == new
    assert page.errors == []


def test_a_change_on_the_others_district_is_not_marked_on_yours(web, context):
    """Midnight Zoo draws a space "r,c" on every district: the bot's tile on its own space marks its
    district's space only, never the person's space of the same coordinates (nor anything on the person's
    district, which only the person's own moves change)."""
    page = new_page(context)
    create_table(page, web.base, "midnight_zoo", "Ann")
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    changed = ("[...document.querySelectorAll('#board svg.district .changed')]"
               ".filter((e) => /^cell:/.test(e.dataset.id || e.dataset.explain || ''))"
               ".map((e) => e.closest('svg.district').dataset.seat)")
    found = []
    for i in range(40):  # until the bot has placed a tile between two of the person's decisions
        _play(page, 1, seed=i + 11)
        if page.evaluate("document.body.dataset.over") == "1":
            break
        page.wait_for_function(MY_TURN, timeout=60_000)
        found = page.evaluate(changed)
        if found:
            break
    if not found and page.evaluate("document.body.dataset.over") == "1":
        pytest.skip("the game ended first")
    assert found and all(seat != "0" for seat in found), found


def test_highlights_respect_reduced_motion(web, browser):
    ctx = browser.new_context(viewport=DESKTOP, locale="en-US", reduced_motion="reduce")
    page = new_page(ctx)
    create_table(page, web.base, "iwari", "Ann")
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    for i in range(25):
        _play(page, 1, seed=i + 3)
        if page.locator("#board [data-id].changed").count():
            break
    node = page.locator("#board [data-id].changed").first
    assert node.evaluate("e => getComputedStyle(e).animationName") == "none"
    ctx.close()


# ---- keyboard -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_can_be_chosen_with_the_keyboard_and_focus_is_visible(web, context, game):
    page = new_page(context)
    create_table(page, web.base, game, "Ann")
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    buttons = page.locator("#actions button.action")
    legal = buttons.evaluate_all("els => els.map(e => e.dataset.action)")
    assert legal and all(buttons.nth(i).evaluate("e => e.tabIndex >= 0 && !e.disabled") for i in range(len(legal)))
    targets = page.locator("#board .item.target")
    for i in range(targets.count()):
        node = targets.nth(i)
        assert node.get_attribute("tabindex") == "0" and node.get_attribute("role") == "button"
        assert node.get_attribute("aria-label")
    # Tab from the page's start reaches the first action; its focus ring shows; Enter plays it.
    page.locator("#actions button.action").first.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.dataset.action")
    assert focused == legal[0]
    style = page.evaluate("(() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]; })()")
    assert style[0] != "none" and style[1] != "0px"
    sid = page.evaluate("document.body.dataset.stateId")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.stateId !== '{sid}'", timeout=60_000)
    # the next decision keeps the keyboard where the play is: the focus is on its first action
    page.wait_for_function(MY_TURN + " || document.body.dataset.over === '1'", timeout=60_000)
    if page.evaluate("document.body.dataset.over") != "1":
        page.wait_for_function("document.activeElement.matches('#actions button.action, #board .item.target')")


# ---- phone: nothing overflows --------------------------------------------------------------------------
OVERFLOW = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getBoundingClientRect().width > 0)
  .flatMap((box) => [...box.querySelectorAll('*')].filter((e) => {
    const r = e.getBoundingClientRect(), b = box.getBoundingClientRect();
    return r.width > 0 && (r.right > b.right + 1 || r.left < b.left - 1) && !e.closest('.scroll, .board');
  }).map((e) => `${e.tagName}#${e.id}.${e.className}`))"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_on_a_phone_the_lobby_cards_hold_their_controls(web, browser, lang):
    """Defect: the lobby's Clock select overflowed its card at 390 px."""
    ctx = browser.new_context(viewport=PHONE, locale="en-US")
    page = new_page(ctx, lang)
    page.goto(f"{web.base}/web/")
    page.wait_for_selector("#game-iwari form")
    assert page.evaluate(OVERFLOW, ".game-card") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"h28table-lobby-phone-{lang}")
    ctx.close()


@pytest.mark.parametrize("game,lang", [(g, lang) for g in GAMES for lang in ("en", "ja")])
def test_on_a_phone_the_side_panels_cut_no_text(web, browser, game, lang):
    ctx = browser.new_context(viewport=PHONE, locale="en-US")
    page = new_page(ctx, lang)
    create_table(page, web.base, game, "Ann")
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    assert page.evaluate(OVERFLOW, ".side > .card, .status") == []
    clipped = page.evaluate("""() => [...document.querySelectorAll('.side .card *, .status *')].filter((e) =>
        e.children.length === 0 && !e.closest('.visually-hidden') && e.scrollWidth > e.clientWidth + 1
        && getComputedStyle(e).overflowX !== 'visible')
        .map((e) => e.textContent)""")
    assert clipped == []
    # the actions list is whole: a list cut by its own scroll box hid the last choices
    assert page.evaluate("(() => { const l = document.querySelector('.action-list'); "
                         "return l.scrollHeight <= l.clientHeight + 1; })()")
    numbers = page.evaluate("[...document.querySelectorAll('#log li')].filter((e) => "
                            "getComputedStyle(e).display === 'list-item').length")
    assert numbers == page.locator("#log li:not(.log-new-marker)").count()  # the marker takes no number
    shot(page, f"h28table-table-{game}-phone-{lang}")
    ctx.close()

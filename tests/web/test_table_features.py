"""The table page's helpers: the hint in games against bots, Back within a multi-step turn (the
engine's can_undo) with the reason when undo is refused, seats that fill while the page is open,
and bot seats named in the page's language. Screenshots at phone and desktop size, en and ja."""

from __future__ import annotations

import re

import httpx

from tests.web.conftest import DESKTOP, DRIVER, PHONE, create_table, new_page, shot, token_of, wait_started

MY_TURN = "document.body.dataset.myTurn === '1' && document.body.dataset.busy !== '1'"


def _engine_view(web, table_id: str, seat: int):
    live = web.service.live(table_id)
    with live.lock:
        return live.state_id, live.game.view(live.state, seat)


def _actions(page) -> list[str]:
    return page.locator("#actions button.action").evaluate_all("els => els.map(e => e.dataset.action)")


def test_the_hint_shows_the_normal_bots_best_actions_and_plays_one(web, context):
    page = new_page(context)
    table_id = create_table(page, web.base, "midnight_zoo", "Ann")
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    sid = page.evaluate("document.body.dataset.stateId")
    legal = _actions(page)
    page.click("#hint")
    page.wait_for_selector("#hint-list li")
    shown = page.locator("#hint-list button.hint-choice").evaluate_all(
        "els => els.map(e => [e.dataset.action, e.textContent])")
    assert 1 <= len(shown) == min(3, len(legal))
    assert all(action in legal for action, _ in shown)
    # the page shows what the server answers to this seat for this state (value to 2 places)
    answer = httpx.get(f"{web.base}/api/tables/{table_id}/hint", params={"state_id": sid},
                       headers={"Authorization": f"Bearer {token_of(page)}"}, timeout=60).json()
    assert [a for a, _ in shown] == [h["action"] for h in answer["hints"]]
    for (_, text), h in zip(shown, answer["hints"]):
        assert h["label"] in text and f"{h['value']:.2f}" in text
    assert page.locator("#hint").is_disabled()
    assert page.evaluate("document.body.dataset.stateId") == sid  # asking played nothing
    shot(page, "midnight_zoo-hint-desktop-en")
    page.set_viewport_size(PHONE)
    shot(page, "midnight_zoo-hint-phone-en")
    page.set_viewport_size(DESKTOP)
    page.locator("#hint-list button.hint-choice").first.click()
    page.wait_for_function(f"document.body.dataset.stateId !== '{sid}'")
    assert page.locator("#hint-list").count() == 0
    assert page.errors == []


def test_back_takes_a_step_of_the_turn_back_and_says_why_when_it_cannot(web, context):
    """Iwari R11, R15-R24: a turn's steps (the action, then its pieces, then the payment) draw and
    reveal nothing, so the engine's can_undo lets each be taken back while the turn goes on."""
    page = new_page(context)
    table_id = create_table(page, web.base, "iwari", "Ann")
    wait_started(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    # before any action of mine: no Back, and a line saying why
    page.wait_for_selector("#undo-status:not([hidden])")
    assert page.locator("#undo").count() == 0
    assert page.locator("#undo-status").inner_text() in (
        "Undo: you have no action to take back now.",
        "Undo is not possible: another player has acted since your last action.")
    for _ in range(30):
        page.wait_for_function(MY_TURN, timeout=60_000)
        before_sid, before_view = _engine_view(web, table_id, 0)
        before = {"prompt": page.locator("#prompt").inner_text(), "actions": _actions(page),
                  "board": page.locator("#board [data-id]").evaluate_all("els => els.map(e => e.dataset.id)")}
        page.locator("#actions button.action").first.click()
        page.wait_for_function(f"document.body.dataset.stateId !== '{before_sid}'")
        page.wait_for_function(MY_TURN + " || document.body.dataset.over === '1'", timeout=60_000)
        if page.evaluate("document.body.dataset.stateId") != str(before_sid + 1):
            continue  # the turn ended and a bot moved: try the next turn
        page.wait_for_selector("#undo, #undo-status:not([hidden])")
        if page.locator("#undo.back").count():
            break
    else:
        raise AssertionError("no step of a turn could be taken back")
    shot(page, "iwari-back-desktop-en")
    page.set_viewport_size(PHONE)
    shot(page, "iwari-back-phone-en")
    page.set_viewport_size(DESKTOP)
    stepped = page.evaluate("document.body.dataset.stateId")
    page.click("#undo")
    page.wait_for_function(f"document.body.dataset.stateId !== '{stepped}'")
    page.wait_for_function(MY_TURN)
    sid, view = _engine_view(web, table_id, 0)
    assert sid == before_sid + 2 and view == before_view  # the undo is a row of its own; the state is back
    assert page.locator("#prompt").inner_text() == before["prompt"]
    assert _actions(page) == before["actions"]
    assert page.locator("#board [data-id]").evaluate_all("els => els.map(e => e.dataset.id)") == before["board"]
    page.wait_for_selector("#undo-status:not([hidden])")
    assert page.locator("#undo").count() == 0
    assert page.errors == []


def test_a_waiting_table_shows_seats_filling_without_a_reload(web, context):
    page = new_page(context)
    table_id = create_table(page, web.base, "midnight_zoo", "Ann", seats=("me", "open", "open", "bot:easy"))
    page.wait_for_selector("#seats-panel button#start[disabled]")
    assert page.locator("#board").is_hidden()  # nothing but the seats before the start
    page.evaluate("window.__same_page = true")
    bob = httpx.post(f"{web.base}/api/auth/guest", json={"name": "Bob"}, timeout=30).json()["token"]
    joined = httpx.post(f"{web.base}/api/tables/{table_id}/join", json={},
                        headers={"Authorization": f"Bearer {bob}"}, timeout=30)
    assert joined.status_code == 200
    page.wait_for_function("[...document.querySelectorAll('.seat-list li')].some(li => li.textContent.includes('Bob'))",
                           timeout=20_000)
    # the creator keeps the invite link of the seat still open (the socket's seats carry no codes)
    assert page.locator(".seat-list input.invite").count() == 1
    shot(page, "midnight_zoo-seats-desktop-en")
    carl = httpx.post(f"{web.base}/api/auth/guest", json={"name": "Carl"}, timeout=30).json()["token"]
    httpx.post(f"{web.base}/api/tables/{table_id}/join", json={}, headers={"Authorization": f"Bearer {carl}"},
               timeout=30).raise_for_status()
    page.wait_for_selector("#seats-panel button#start:not([disabled])")
    assert page.locator(".seat-list input.invite").count() == 0
    assert page.evaluate("window.__same_page") is True
    page.click("#start")
    wait_started(page)
    assert page.evaluate("window.__same_page") is True
    assert page.errors == []


def test_bot_seats_are_named_in_japanese(web, browser):
    ctx = browser.new_context(viewport=DESKTOP, locale="ja-JP")
    try:
        page = new_page(ctx, "ja")
        create_table(page, web.base, "midnight_zoo", "Ann", seats=("me", "bot:random", "bot:easy"))
        wait_started(page)
        page.wait_for_function(MY_TURN, timeout=60_000)
        page.evaluate(DRIVER, {"seed": 3, "limit": 3})
        page.wait_for_function(MY_TURN, timeout=60_000)
        log = page.locator("#log").inner_text()
        assert "ボット2（ランダム）" in log or "ボット3（弱い）" in log
        assert not re.search(r"Bot \d", page.locator("main").inner_text())
        players = page.locator("#players").inner_text()
        assert "ボット2（ランダム）" in players and "ボット3（弱い）" in players
        page.click("#hint")
        page.wait_for_selector("#hint-list li")
        assert "評価値" in page.locator("#hint-box").inner_text()
        shot(page, "midnight_zoo-hint-desktop-ja")
        page.set_viewport_size(PHONE)
        shot(page, "midnight_zoo-hint-phone-ja")
        assert page.errors == []
    finally:
        ctx.close()


def test_an_unknown_table_says_so(web, context):
    page = new_page(context)
    page.goto(f"{web.base}/web/table.html?id=nosuchtable")
    page.wait_for_selector("#status .error")
    assert page.locator("#status .error").inner_text() == "No such table."
    assert page.errors == []

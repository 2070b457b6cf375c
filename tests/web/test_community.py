"""Two people at one rated table (issue 29): they chat (markup shown as text), one leaves and comes
back within the move's deadline and still has the seat (no bot took it), the header counts the tables
where it is their turn, the game ends, and a rematch starts from the score sheet and an invitation."""

from __future__ import annotations

import time

import httpx

from tests.web.conftest import DRIVER, PHONE, create_table, new_page, token_of, wait_started

SHOTS = "/tmp/h29-{}.png"


def _drive(page, seed: int) -> None:
    page.evaluate(f"() => {{ window.__drive = ({DRIVER})({seed}).then(r => window.__done = r, e => window.__error = String(e)); return 0; }}")


def _chat(page, text: str) -> None:
    page.fill("#chat-input", text)
    page.locator("#chat-form button[type=submit]").click()


def test_two_people_chat_leave_and_return_within_the_deadline_finish_and_rematch(web, browser):
    settings = web.app.state.hub.settings
    grace = settings.grace_seconds
    settings.grace_seconds = 0.5  # a turn-based seat must outlast the disconnect grace by far
    a_ctx = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-US")
    b_ctx = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-US")
    try:
        a = new_page(a_ctx)
        a.goto(f"{web.base}/web/")
        form = a.locator("#game-midnight_zoo form")
        form.locator("select[name=seat1]").select_option("invited")
        assert form.locator("select[name=rated]").input_value() == "1", "every seat a person: rated by default"
        form.locator("select[name=seat1]").select_option("bot:easy")
        assert form.locator("select[name=rated]").input_value() == "0", "a table with a bot is friendly"
        table_id = create_table(a, web.base, "midnight_zoo", "Ann", seats=("me", "invited"))
        detail = httpx.get(f"{web.base}/api/tables/{table_id}").json()
        assert detail["rated"] is True and detail["mode"] == "turn"
        link = a.locator("input.invite").input_value()
        b = new_page(b_ctx)
        b.goto(link)
        b.fill("#guest-name", "Bob")
        b.locator("button.join").first.click()
        a.locator("#start:not([disabled])").click()
        wait_started(a)
        wait_started(b)

        # chat: the text arrives unchanged and is shown as text, never as markup
        line = "<i>good luck</i> & have fun"
        _chat(a, line)
        b.wait_for_function(f"[...document.querySelectorAll('#chat-log .text')].some(e => e.textContent === {line!r})")
        assert b.locator("#chat-log i").count() == 0
        assert a.input_value("#chat-input") == ""  # cleared only once the server took it
        _chat(b, "thanks, you too")
        a.wait_for_function("[...document.querySelectorAll('#chat-log .text')].some(e => e.textContent === 'thanks, you too')")
        a.locator("#chat-log button.mute").first.click()  # Ann mutes Bob, on her device only
        _chat(b, "a muted line")
        b.wait_for_function("[...document.querySelectorAll('#chat-log .text')].some(e => e.textContent === 'a muted line')")
        time.sleep(0.5)
        assert "a muted line" not in a.inner_text("#chat-log") and "thanks, you too" not in a.inner_text("#chat-log")
        a.locator(".chat-muted button").click()  # and hears him again
        assert "a muted line" in a.inner_text("#chat-log")
        _chat(b, "x" * 501)  # refused: a clear error, and the text stays in the input
        b.wait_for_selector("#toast:not(.hidden)")
        assert "500" in b.inner_text("#toast") and len(b.input_value("#chat-input")) == 501
        b.fill("#chat-input", "")
        a.set_viewport_size({"width": 1440, "height": 900})
        a.screenshot(path=SHOTS.format("table-chat-desktop-en"), full_page=True)

        # Bob leaves for the lobby, well past the disconnect grace, and comes back: still his seat
        b.goto(f"{web.base}/web/")
        b.wait_for_selector("#yourturn-badge")
        time.sleep(3)
        seat = httpx.get(f"{web.base}/api/tables/{table_id}").json()["seats"][1]
        assert seat["zombie"] is False, "a bot took a turn-based seat before the move's deadline"
        b.screenshot(path=SHOTS.format("lobby-desktop-en"), full_page=True)
        mine = httpx.get(f"{web.base}/api/me/tables", headers={"Authorization": f"Bearer {token_of(b)}"}).json()
        (entry,) = [x for x in mine if x["id"] == table_id]
        if entry["your_turn"]:
            b.wait_for_function("document.title.startsWith('(1) ')")
            assert "1 table" in b.inner_text("#yourturn-badge")
            b.locator("#yourturn-badge").click()
        else:
            b.goto(f"{web.base}/web/table.html?id={table_id}")
        wait_started(b)
        assert "(bot playing)" not in b.inner_text("#players")
        b.wait_for_selector("#chat-log li[data-chat-id]")  # the history came back with the page

        # play to the end
        _drive(a, 3)
        _drive(b, 7)
        a.wait_for_function("document.body.dataset.over === '1'", timeout=300_000)
        b.wait_for_function("document.body.dataset.over === '1'", timeout=60_000)
        assert a.evaluate("window.__error") is None and b.evaluate("window.__error") is None
        board = httpx.get(f"{web.base}/api/leaderboard/midnight_zoo").json()
        assert {"Ann", "Bob"} <= {r["name"] for r in board}
        a.screenshot(path=SHOTS.format("sheet-desktop-en"), full_page=True)

        # rematch: Ann asks from the score sheet, Bob accepts the live invitation
        a.locator("#rematch").click()
        a.wait_for_url(lambda url: "id=" in url and table_id not in url)
        new_id = a.url.split("id=")[1].split("&")[0]
        b.wait_for_selector("#invites button.primary")
        b.screenshot(path=SHOTS.format("invite-desktop-en"), full_page=True)
        b.locator("#invites button.primary").click()
        b.wait_for_url(f"**/web/table.html?id={new_id}")
        wait_started(b)
        wait_started(a)
        new = httpx.get(f"{web.base}/api/tables/{new_id}").json()
        assert new["status"] == "playing" and new["rated"] and new["rematch_of"] == table_id
        assert [s["name"] for s in new["seats"]] == ["Bob", "Ann"]  # seats rotated

        # the player page draws the rating history with its numbers as text
        ann_id = httpx.get(f"{web.base}/api/me", headers={"Authorization": f"Bearer {token_of(a)}"}).json()["id"]
        a.goto(f"{web.base}/web/players.html?user={ann_id}")
        a.wait_for_selector("svg.rating-chart")
        assert a.locator("svg.rating-chart desc").text_content()
        a.screenshot(path=SHOTS.format("player-desktop-en"), full_page=True)
        for lang in ("ja",):
            p = new_page(a_ctx, lang)
            p.goto(f"{web.base}/web/table.html?id={new_id}")
            wait_started(p)
            p.screenshot(path=SHOTS.format(f"table-desktop-{lang}"), full_page=True)
            p.set_viewport_size(PHONE)
            p.screenshot(path=SHOTS.format(f"table-phone-{lang}"), full_page=True)
            p.goto(f"{web.base}/web/players.html?user={ann_id}")
            p.wait_for_selector("svg.rating-chart")
            p.screenshot(path=SHOTS.format(f"player-phone-{lang}"), full_page=True)
        b.set_viewport_size(PHONE)
        b.screenshot(path=SHOTS.format("table-phone-en"), full_page=True)
        assert a.errors == [] and b.errors == []
    finally:
        settings.grace_seconds = grace
        a_ctx.close()
        b_ctx.close()


FAKE_NOTIFICATIONS = """
window.__notes = []; window.__asked = 0; window.__hidden = false;
class FakeNotification { constructor(title, opts) { window.__notes.push({ title, body: opts && opts.body }); } close() {} }
FakeNotification.permission = "default";
FakeNotification.requestPermission = async () => { window.__asked++; FakeNotification.permission = "granted"; return "granted"; };
window.Notification = FakeNotification;
Object.defineProperty(document, "hidden", { get: () => window.__hidden, configurable: true });
"""


def test_turn_notifications_only_after_the_button_and_only_while_the_tab_is_hidden(web, browser):
    from tests.server.conftest import Client, auth, guest

    http = httpx.Client(base_url=web.base, timeout=30)
    ann, bob = guest(http, "Ann"), guest(http, "Bob")
    table = http.post("/api/tables", json={"game": "midnight_zoo", "players": 2}, headers=auth(ann)).json()
    http.post(f"/api/tables/{table['id']}/join", json={}, headers=auth(bob))
    http.post(f"/api/tables/{table['id']}/start", headers=auth(ann))
    clients = {0: Client(web.base, table["id"], ann), 1: Client(web.base, table["id"], bob)}

    def play_until(seat_to_act: int) -> None:
        """Moves (the first legal action) until ``seat_to_act`` decides."""
        for _ in range(200):
            last = max((c.state(0) for c in clients.values()), key=lambda m: m["state_id"])
            if last["decision"]["seat"] == seat_to_act:
                return
            seat = last["decision"]["seat"]
            mine = clients[seat].state(last["state_id"])
            clients[seat].send({"action": mine["legal"][0]["action"], "state_id": mine["state_id"]})
            for c in clients.values():
                c.state(mine["state_id"] + 1)
        raise AssertionError("the seat never came to act")

    play_until(1)  # Bob decides: Ann waits
    ctx = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-US")
    try:
        ctx.add_init_script(FAKE_NOTIFICATIONS)
        ctx.add_init_script(f"localStorage.setItem('gs.token', {ann!r})")
        page = new_page(ctx)
        page.goto(f"{web.base}/web/players.html")
        page.wait_for_selector("#notify-button")
        page.wait_for_function("document.body.dataset.yourTurn === '0'")
        assert page.evaluate("window.__asked") == 0, "permission must never be asked on load"
        page.locator("#notify-button").click()
        page.wait_for_selector(".notify-on")
        assert page.evaluate("window.__asked") == 1
        page.evaluate("window.__hidden = true")
        play_until(0)  # now it is Ann's turn, while her tab is hidden
        page.wait_for_function("window.__notes.length === 1")
        assert page.evaluate("window.__notes[0].title") == "Your turn at gameshelf"
        page.wait_for_function("document.title.startsWith('(1) ')")
        assert page.evaluate("document.body.dataset.yourTurn") == "1"
        assert page.errors == []
    finally:
        ctx.close()

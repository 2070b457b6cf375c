"""Two browser contexts at one table (an invite link, a seat taken, the game started) play a
2-player game against each other; at every look neither page shows a card the engine's view of its
seat does not hold (the other's hand above all)."""

from __future__ import annotations

import time

from tests.web.conftest import DRIVER, create_table, new_page, shot, wait_started


def _engine_view(web, table_id: str, seat: int, state_id: int):
    """The engine's view for ``seat`` at ``state_id`` (the match replayed from the store's seed)."""
    live = web.service.live(table_id)
    with live.lock:
        actions = live.effective_actions()[:state_id]
        game, players, options, seed = live.game, live.players, live.options, live.seed
    state = game.setup(players, options, seed)
    for text in actions:
        game.checked_apply(state, text)
    return game.view(state, seat), state


def _dom_cards(page) -> tuple[int | None, set[int]]:
    sid, ids = page.evaluate("""() => [document.body.dataset.stateId,
        [...document.querySelectorAll('#board [data-id^="card:"]')].map(e => e.dataset.id)]""")
    return (int(sid) if sid not in (None, "") else None), {int(i.split(":")[-1]) for i in ids}


def _num(c) -> int:  # a number, or (newer views) the element id "card:<n>"
    return int(str(c).split(":")[-1])


def _visible_cards(view) -> set[int]:
    out = set(view["pool"]) | set(view["discard"][-1:])
    for p in view["boards"]:
        out |= {c for col in p["columns"] for c in col}
        out |= set(p["hand"] or [])
    return {_num(c) for c in out}


def test_two_people_play_and_never_see_each_others_hand(web, browser):
    a_ctx = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-US")
    b_ctx = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-US")
    try:
        a = new_page(a_ctx)
        table_id = create_table(a, web.base, "borealis", "Ann", seats=("me", "invited"))
        link = a.locator("input.invite").input_value()
        b = new_page(b_ctx)
        b.goto(link)
        b.fill("#guest-name", "Bob")
        b.locator("button.join").first.click()
        a.locator("#start:not([disabled])").click()
        wait_started(a)
        wait_started(b)
        for page, seed in ((a, 3), (b, 5)):
            page.evaluate(f"() => {{ window.__drive = ({DRIVER})({seed}).then(r => window.__done = r, e => window.__error = String(e)); return 0; }}")
        checks = 0
        deadline = time.time() + 600
        while time.time() < deadline:
            over = all(p.evaluate("document.body.dataset.over") == "1" for p in (a, b))
            for seat, page in ((0, a), (1, b)):
                sid, shown = _dom_cards(page)
                if sid is None:
                    continue
                view, state = _engine_view(web, table_id, seat, sid)
                other = web.service.live(table_id).game.view(state, None if over else 1 - seat)
                hidden_other = {_num(c) for c in other["boards"][1 - seat]["hand"] or []} if not over else set()
                assert shown <= _visible_cards(view), (seat, sid, shown - _visible_cards(view))
                assert not (shown & hidden_other), (seat, sid, shown & hidden_other)
                checks += 1
            if over:
                break
            time.sleep(0.3)
        assert over, "the game did not end"
        assert checks > 10
        shot(a, "borealis-two-people-seat0")
        shot(b, "borealis-two-people-seat1")
        assert a.errors == [] and b.errors == []
    finally:
        a_ctx.close()
        b_ctx.close()

"""The replay viewer's post-game analysis (issue 15): the "Analyse" button of a finished game starts
the server's analysis; the page then shows each seat's accuracy and flag counts, the flagged
decisions (played, best, loss, flag) and the review of the action on show, all as the server
computed them, in English and in Japanese."""

from __future__ import annotations

import random

import httpx

from tests.web.conftest import new_page, shot

SIMS = 2  # a tiny search budget: the test is about the page


def finished_table(web, seed: int = 4) -> str:
    """A 2-player Midnight Zoo table between two guests, played to the end with random actions."""
    http = httpx.Client(base_url=web.base, timeout=30)
    tokens = [http.post("/api/auth/guest", json={"name": name}).json()["token"] for name in ("Ann", "Bob")]
    http.cookies.clear()
    heads = [{"Authorization": f"Bearer {token}"} for token in tokens]
    table_id = http.post("/api/tables", json={"game": "midnight_zoo", "players": 2}, headers=heads[0]).json()["id"]
    assert http.post(f"/api/tables/{table_id}/join", json={}, headers=heads[1]).status_code == 200
    assert http.post(f"/api/tables/{table_id}/start", headers=heads[0]).status_code == 200
    http.close()
    chooser = random.Random(seed)
    while True:
        live = web.service.live(table_id)
        with live.lock:
            if live.game.is_over(live.state):
                return table_id
            seat, state_id = live.game.to_act(live.state), live.state_id
            action = chooser.choice(live.game.legal_actions(live.state))
        web.service.submit(table_id, seat, str(action), state_id)


def test_analyse_a_finished_game_in_the_replay_viewer(web, browser):
    web.app.state.settings.analysis_sims = SIMS
    table_id = finished_table(web)
    ctx = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-US")
    page = new_page(ctx)  # no token: the button signs the visitor in as a guest
    page.goto(f"{web.base}/web/replay.html?id={table_id}")
    page.wait_for_selector("#analyse:not([hidden])")
    assert page.locator("#analysis").get_attribute("data-status") == "none"
    page.click("#analyse")
    page.wait_for_selector("#analysis[data-status=done]", timeout=120_000)
    result = httpx.get(f"{web.base}/api/tables/{table_id}/analysis", timeout=30).json()["result"]
    # Per seat: the accuracy and the flag counts the server computed.
    for seat, review in result["seats"].items():
        row = page.locator(f"#analysis-accuracy tr[data-seat='{seat}']")
        assert float(row.locator("td[data-accuracy]").get_attribute("data-accuracy")) == review["accuracy"]
        for flag, count in review["counts"].items():
            assert row.locator(f"td[data-flag={flag}]").inner_text() == str(count)
    # The legend gives the flags' losses of this analysis (the server's curve), not numbers of its own.
    legend = page.locator("#analysis-legend").inner_text()
    bounds = [f"{result['thresholds'][flag]:.3f}" for flag in ("inaccuracy", "mistake", "blunder")]
    assert legend == "Loss: the share of the expected result given up (0 to 1). Inaccuracy from {}, mistake from {}, " \
                     "blunder from {}.".format(*bounds)
    decisions = sorted((d for r in result["seats"].values() for d in r["decisions"]), key=lambda d: d["ply"])
    flagged = [d for d in decisions if d["flag"]]
    rows = page.locator("tr.analysis-decision")
    assert [int(p) for p in rows.evaluate_all("rs => rs.map(r => r.dataset.ply)")] == [d["ply"] for d in flagged]
    for i, d in enumerate(flagged[:5]):
        cells = rows.nth(i).locator("td").all_inner_texts()
        # each action as its label in the reader's language, never the notation
        assert cells[2:] == [d["action_label"], d["best_label"], f"{d['loss']:.2f}", d["flag"].capitalize()]
    page.uncheck("#analysis-flagged")  # every decision
    assert rows.count() == len(decisions)
    # A decision's row leads to its position, and the review of the action on show follows.
    target = decisions[len(decisions) // 2]
    page.locator(f"tr.analysis-decision[data-ply='{target['ply']}'] button").click()
    page.wait_for_function(f"document.body.dataset.ply === '{target['ply']}'")
    move = page.locator("#analysis-move").inner_text()
    assert target["best_label"] in move and f"{target['loss']:.2f}" in move
    shot(page, "replay-analysis-desktop-en")
    # Japanese: the same analysis (cached, never recomputed) with every label translated.
    page.select_option("#lang", "ja")
    page.wait_for_function("document.documentElement.lang === 'ja'")
    page.reload()
    page.wait_for_selector("#analysis[data-status=done]")
    assert page.locator("#analysis-heading").inner_text() == "解析"
    assert page.locator("#analysis-accuracy th").all_inner_texts()[:2] == ["プレイヤー", "正確度"]
    assert page.locator("#analyse").is_hidden()
    assert page.locator("#analysis-legend").inner_text() == "損失：期待される結果のうち失った割合（0〜1）。{}以上で疑問手、" \
                                                             "{}以上で悪手、{}以上で大悪手。".format(*bounds)
    if flagged:
        assert page.locator("tr.analysis-decision td").nth(5).inner_text() in ("疑問手", "悪手", "大悪手")
        labels_ja = httpx.get(f"{web.base}/api/tables/{table_id}/analysis", params={"lang": "ja"},
                              timeout=30).json()["result"]
        first = sorted((d for r in labels_ja["seats"].values() for d in r["decisions"] if d["flag"]),
                       key=lambda d: d["ply"])[0]
        assert page.locator("tr.analysis-decision td").nth(2).inner_text() == first["action_label"]
        assert first["action_label"] != first["action"]
    shot(page, "replay-analysis-desktop-ja")
    assert page.errors == []
    ctx.close()

"""Each game: a human seat plays a full game against a random bot through the table page (board
targets where the decision has any, the fallback list otherwise); the page's final score sheet
equals the engine's outcome of the stored record. Screenshots at phone and desktop size."""

from __future__ import annotations

import pytest

from tests.web.ids import expected_ids
from tests.web.conftest import DESKTOP, DRIVER, PHONE, create_table, engine_outcome, new_page, shot, token_of, wait_started

GAMES = ["midnight_zoo", "borealis", "iwari", "mariposas"]


def settled_board(page, web, table_id: str) -> tuple[object, set[str]]:
    """(seat 0's view, the board's element ids) at a state where it is seat 0's turn on the page and
    on the server alike. A decision with a single legal action is played by the page for its seat
    (the "forced" preference), so a page may show its turn at a state the server has already left:
    such a moment is skipped, and the board read again once the page and the server agree."""
    for _ in range(200):
        page.wait_for_function("document.body.dataset.myTurn === '1'", timeout=60_000)
        sid = int(page.evaluate("document.body.dataset.stateId"))
        live = web.service.live(table_id)
        with live.lock:
            view = live.game.view(live.state, 0) if live.state_id == sid else None
        shown = set(page.locator("#board [data-id]").evaluate_all("els => els.map(e => e.dataset.id)"))
        if view is not None and page.evaluate("document.body.dataset.stateId") == str(sid):
            return view, shown
        page.wait_for_timeout(50)
    raise AssertionError("the page and the server never agreed on a state at seat 0's turn")


@pytest.mark.parametrize("game", GAMES)
def test_a_full_game_against_a_bot(web, context, game):
    page = new_page(context)
    table_id = create_table(page, web.base, game)
    wait_started(page)
    page.wait_for_selector("#board .board-wrap")
    # Every element the engine's decisions may target is on the board, with its id.
    view, shown = settled_board(page, web, table_id)
    missing = expected_ids(game, view, 0) - shown
    assert not missing, sorted(missing)[:20]
    shot(page, f"{game}-desktop-en")
    page.set_viewport_size(PHONE)
    shot(page, f"{game}-phone-en")
    page.set_viewport_size(DESKTOP)
    first = page.evaluate(DRIVER, {"seed": 7, "limit": 12})
    shot(page, f"{game}-midgame-desktop-en")
    page.set_viewport_size(PHONE)
    shot(page, f"{game}-midgame-phone-en")
    page.set_viewport_size(DESKTOP)
    counts = page.evaluate(DRIVER, 8)
    for key in counts:
        counts[key] += first[key]
    assert counts["decisions"] > 0
    page.wait_for_selector("#score-sheet td[data-score]")
    shot(page, f"{game}-over-desktop-en")
    sheet_scores = [int(x) for x in page.locator("#score-sheet tr.total td").evaluate_all("els => els.map(e => e.dataset.score)")]
    sheet_ranks = [int(x) for x in page.locator("#score-sheet td[data-rank]").evaluate_all("els => els.map(e => e.dataset.rank)")]
    winners = page.locator("#score-sheet .winners").get_attribute("data-winners")
    outcome, record = engine_outcome(web, table_id, token_of(page))
    assert sheet_scores == list(outcome.scores)
    assert sheet_ranks == list(outcome.ranks)
    assert winners == ",".join(str(w) for w in outcome.winners)
    assert len(record.actions) >= counts["decisions"]
    assert page.errors == []

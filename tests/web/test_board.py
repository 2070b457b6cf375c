"""The table's game-agnostic parts in a page of their own: board targets (one action plays, several
open a chooser), keyboard access, and the replay viewer of a finished game."""

from __future__ import annotations

from tests.web.conftest import DRIVER, create_table, new_page, shot, wait_started

TARGETS = """async () => {
  const { decorateTargets } = await import('/web/js/board.js');
  const { svg } = await import('/web/js/common.js');
  const box = document.createElement('div');
  box.innerHTML = '';
  const root = svg('svg', {}, svg('g', { 'data-id': 'card:1', 'aria-label': 'Owl' }, svg('rect', {})),
                           svg('g', { 'data-id': 'card:2', 'aria-label': 'Fox' }, svg('rect', {})),
                           svg('g', { 'data-id': 'location:0:L', 'aria-label': 'left' }, svg('rect', {})));
  box.append(root);
  document.body.append(box);
  const chosen = [];
  decorateTargets(box, { 'play 1 L': ['card:1', 'location:0:L'], 'play 1 R': ['card:1'], 'play 2 L': ['card:2', 'location:0:L'], 'done': [] },
    [{ action: 'play 1 L', label: 'a' }, { action: 'play 1 R', label: 'b' }, { action: 'play 2 L', label: 'c' }, { action: 'done', label: 'd' }],
    (actions) => chosen.push(actions.map((a) => a.action)));
  const marked = [...box.querySelectorAll('.target')].map((n) => [n.dataset.id, n.getAttribute('tabindex'), n.getAttribute('role')]);
  box.querySelector('[data-id="card:2"]').dispatchEvent(new MouseEvent('click', { bubbles: true }));
  box.querySelector('[data-id="card:1"]').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  box.querySelector('[data-id="location:0:L"]').dispatchEvent(new MouseEvent('click', { bubbles: true }));
  return { marked, chosen };
}"""


def test_targets_select_the_actions_that_name_them(web, context):
    page = new_page(context)
    page.goto(f"{web.base}/web/")
    page.wait_for_selector(".game-card")
    result = page.evaluate(TARGETS)
    assert sorted(result["marked"]) == [["card:1", "0", "button"], ["card:2", "0", "button"], ["location:0:L", "0", "button"]]
    assert result["chosen"] == [["play 2 L"], ["play 1 L", "play 1 R"], ["play 1 L", "play 2 L"]]


def test_keyboard_plays_and_the_replay_steps_through_the_game(web, context):
    page = new_page(context)
    table_id = create_table(page, web.base, "midnight_zoo", "Kei")
    wait_started(page)
    page.wait_for_function("document.body.dataset.myTurn === '1'", timeout=60_000)
    before = page.evaluate("document.body.dataset.stateId")
    for _ in range(80):  # Tab through the page to the first action of the fallback list, then Enter
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('action')"):
            break
    else:
        raise AssertionError("no action button reachable by Tab")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.stateId !== '{before}'")
    page.evaluate(DRIVER, 11)
    page.wait_for_selector("#score-sheet")
    page.click("#sheet a[href*='replay']")
    page.wait_for_function("document.body.dataset.ply !== undefined")
    plies = int(page.locator("#ply").get_attribute("max"))
    assert plies > 10 and page.evaluate("document.body.dataset.ply") == "0"
    page.click("#last")
    page.wait_for_function(f"document.body.dataset.ply === '{plies}'")
    page.wait_for_selector("#score-sheet td[data-score]")
    page.click("#prev")
    page.wait_for_function(f"document.body.dataset.ply === '{plies - 1}'")
    page.select_option("#pov", "1")
    page.wait_for_selector("#board .board-wrap")
    shot(page, "midnight_zoo-replay-desktop-en")
    assert page.errors == []
    assert table_id in page.url


def test_javascript_weighs_under_300_kb_and_is_served_without_a_build():
    from pathlib import Path

    root = Path(__file__).parents[2] / "src/gameshelf/web/static"
    scripts = list(root.rglob("*.js"))
    assert scripts and sum(p.stat().st_size for p in scripts) < 300_000
    for page in root.glob("*.html"):  # nothing fetched from elsewhere
        assert "http://" not in page.read_text(encoding="utf-8") and "https://" not in page.read_text(encoding="utf-8")

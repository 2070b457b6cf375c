"""The boards' drawings against the engine's views (issue 13, "The table page"): for each element
the last review found missing, a test that it appears when the view has it, and that nothing hidden
appears. A board is drawn on its own: a game's module renders an engine's view in a bare page (the
lobby's styles, no table frame), so a test can draw any state the engine reaches. Each of Iwari's
five maps is also drawn on a real table page. Screenshots go where conftest.shot puts them."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from tests.web.conftest import DESKTOP, PHONE, create_table, new_page, shot, wait_started

STATIC = Path(__file__).parents[2] / "src/gameshelf/web/static"

RENDER = """async ({ game, view, seat, names, lang }) => {
  const common = await import('/web/js/common.js');
  await common.loadLang(lang);
  const data = await common.gameData(game);
  const mod = await import(`/web/js/games/${game}.js`);
  const { renderBoard } = await import('/web/js/board.js');
  document.body.innerHTML = '<main class="table-page"><div class="layout"><section id="board" class="board"></section></div></main>';
  const ctx = { view, seat, players: names.length, names, data, lang, t: common.t,
                term: (k) => common.term(data, k), decision: null, over: false };
  renderBoard(document.getElementById('board'), mod, ctx);
  const err = document.querySelector('#board pre.error');
  return err ? err.textContent : null;
}"""


def play(game, players: int, options: dict | None = None, seed: int = 1, plies: int = 0, until=None,
         prefer: tuple[str, ...] = ()):
    """A state after ``plies`` random legal actions (or, with ``until``, the first state where
    ``until(state)`` holds, within ``plies``); actions naming one of ``prefer`` are taken 9 times in 10
    when there are any (to reach rarer parts of a game, such as the Mariposas cities)."""
    rng = random.Random(seed)
    state = game.setup(players, options or {}, seed)
    for _ in range(plies):
        if game.is_over(state) or (until is not None and until(state)):
            break
        legal = game.legal_actions(state)
        liked = [a for a in legal if any(p in str(a) for p in prefer)]
        game.apply(state, rng.choice(liked if liked and rng.random() < 0.9 else legal))
    return state


BARE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/web/css/app.css"></head><body></body></html>"""


def open_bare(page, base: str) -> None:
    """A page of the server's origin with the UI's styles and no page script of its own (a lobby's
    script could still be running when the board replaces its body)."""
    url = f"{base}/web/board-alone.html"
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=BARE))
    page.goto(url)


def draw(page, base: str, game: str, view: dict, seat, names: list[str], lang: str = "en") -> None:
    if not page.url.endswith("/web/board-alone.html"):
        open_bare(page, base)
    error = page.evaluate(RENDER, {"game": game, "view": view, "seat": seat, "names": names, "lang": lang})
    assert error is None, error


def ids(page) -> set[str]:
    return set(page.locator("#board [data-id]").evaluate_all("els => els.map(e => e.dataset.id)"))


# ---- the engine's states the tests draw ------------------------------------------------------------
CITIES = ("winnipeg", "quebec", "minneapolis", "toronto", "chicago", "boston", "new_york", "kansas_city", "st_louis",
          "richmond", "nashville", "dallas", "atlanta", "houston", "new_orleans", "orlando")
NAMES = ["Ann", "Bob", "Cy", "Di"]


def _game(game_id: str):
    from gameshelf.games import get_game

    return get_game(game_id)


def _text(page) -> str:
    """Everything the board says: its text, and every attribute of every element."""
    return page.evaluate("""() => {
      const parts = [];
      for (const n of document.querySelectorAll('#board *')) {
        for (const a of n.attributes) parts.push(a.value);
        for (const c of n.childNodes) if (c.nodeType === 3) parts.push(c.nodeValue);
      }
      return parts.join('\\n');
    }""")


def _attrs(page, selector: str, *names: str) -> list:
    return page.locator(f"#board {selector}").evaluate_all(
        f"els => els.map(e => [{', '.join(f'e.getAttribute({n!r})' for n in names)}])")


@pytest.fixture
def page(web, context):
    pg = new_page(context)
    open_bare(pg, web.base)
    yield pg
    assert pg.errors == []


# ---- Midnight Zoo: Leo's pile in solo (R76-R83), the removed tiles (R8, R30, R80) -------------------
def test_midnight_zoo_solo_shows_leos_deck_revealed_tiles_and_removed_pile(web, page):
    game = _game("midnight_zoo")
    for plies in (3, 38):  # a tile face up in the draft; after a reshuffle (SOLO2 back in the deck)
        state = play(game, 1, {}, seed=1, plies=plies)
        view = game.view(state, 0)
        draw(page, web.base, "midnight_zoo", view, 0, NAMES[:1])
        solo = view["solo"]
        assert _attrs(page, ".solo-deck", "data-count") == [[str(solo["deck_count"])]]
        face_up = [t for [t] in _attrs(page, ".solo-tile", "data-solo")]
        assert sorted(face_up) == sorted(solo["revealed"])  # R83: the revealed row, the current one first
        if solo["current"] in solo["revealed"]:
            assert face_up[0] == solo["current"]
        assert _attrs(page, ".removed-pile", "data-count") == [[str(len(view["removed"]))]]
        if view["removed"]:
            assert view["removed"][-1] in page.locator("#board .removed-pile").text_content()
        # Hidden (R8): the stack's order and the solo deck's; no tile of either is on the page.
        full = game.position(state)
        shown = _text(page)
        unseen = [t for t in full["solo_deck"] if t not in solo["revealed"]]
        assert not [t for t in unseen if re.search(rf"\b{t}\b", shown)]
        assert not [t for t in full["stack"] if re.search(rf"\b{t}\b", shown)]


def test_midnight_zoo_without_leo_has_no_solo_area(web, page):
    game = _game("midnight_zoo")
    view = game.view(play(game, 2, {}, seed=2, plies=30), 1)
    draw(page, web.base, "midnight_zoo", view, 1, NAMES[:2])
    assert page.locator("#board .solo-deck, #board .solo-tile").count() == 0
    assert _attrs(page, ".removed-pile", "data-count") == [[str(len(view["removed"]))]]


def test_midnight_zoo_districts_show_their_tiles(web, page):
    game = _game("midnight_zoo")
    view = game.view(play(game, 2, {}, seed=3, plies=60), 0)
    placed = {(s, k): t for s, p in enumerate(view["player_states"]) for k, t in p["district"].items() if t}
    assert any(t != "zoo" for t in placed.values())
    draw(page, web.base, "midnight_zoo", view, 0, NAMES[:2])
    labels = page.locator("#board [data-id^='cell:']").evaluate_all(
        "els => els.map(e => [e.closest('svg').getAttribute('aria-label'), e.dataset.id, e.getAttribute('aria-label')])")
    for board, cell, label in labels:
        seat = 0 if board.startswith(NAMES[0]) else 1
        tile = placed.get((seat, cell[5:]))
        if tile and tile != "zoo":
            assert f"({tile})" in label and tile in page.locator(f"#board svg[aria-label='{board}'] [data-id='{cell}']").text_content()
        elif not tile:
            assert "(" not in label.split(":")[0]


def test_midnight_zoo_variability_cards_face_down_while_chosen_then_lettered(web, page):
    game = _game("midnight_zoo")
    chosen = game.view(play(game, 2, {"variability_cards": "on"}, seed=1, plies=1), 1)
    assert chosen["player_states"][0]["cards"] == "hidden"  # R88: seat 0 has chosen, seat 1 has not
    draw(page, web.base, "midnight_zoo", chosen, 1, NAMES[:2])
    assert {c for s, c in _attrs(page, ".variability-card", "data-seat", "data-card") if s == "0"} == {"?"}
    assert not [c for s, c in _attrs(page, ".variability-card", "data-seat", "data-card") if s == "1"]
    assert not re.search(r"card_(food|terrain|move)", _text(page))
    view = game.view(play(game, 2, {"variability_cards": "on"}, seed=1, plies=10), 0)
    draw(page, web.base, "midnight_zoo", view, 0, NAMES[:2])
    shown = sorted((int(s), pair, c) for s, pair, c in _attrs(page, ".variability-card", "data-seat", "data-pair", "data-card"))
    expected = sorted((s, pair, letter) for s, p in enumerate(view["player_states"])  # on each empty space
                      for pair, letter in zip("ABC", p["cards"]) for k in _pair_cells(pair)
                      if letter and p["district"][k] is None)
    assert shown == expected


def _pair_cells(pair: str) -> list[str]:
    import yaml

    board = yaml.safe_load((Path(__file__).parents[2] / "src/gameshelf/games/midnight_zoo/data/board.yaml").read_text(encoding="utf-8"))
    return [k for k, sp in board["player_board"]["spaces"].items() if sp.get("pair") == pair]


# ---- Iwari: expedition cards (R60-R64), feats and their tokens (R47-R59), the third tribe (R40) -----
def test_iwari_expeditions_feats_and_tokens_match_the_view(web, page):
    game = _game("iwari")
    state = play(game, 2, {"expeditions": "on"}, seed=3, plies=221)
    view = game.view(state, 0)
    assert view["feat_tokens"] and any(view["expeditions_scored"])  # the state shows what is tested
    draw(page, web.base, "iwari", view, 0, NAMES[:2])
    cards = _attrs(page, ".expedition", "data-expedition", "data-scored")
    assert cards == [[x, ",".join(map(str, s))] for x, s in zip(view["expeditions"], view["expeditions_scored"])]
    feats = dict(_attrs(page, ".feat", "data-feat", "data-earned"))
    assert feats == {f: ",".join(map(str, seats)) for f, seats in view["feats_earned"].items()}
    for where, n in view["territory_feats"].items():
        assert page.locator(f'#board [data-id="territory:{where}"] .feat-token').count() == n
    for line, n in view["line_feats"].items():
        assert page.locator(f'#board [data-id="line:{line}"] .feat-token').count() == n
    on_map = page.locator("#board [data-id^='territory:'] .feat-token, #board [data-id^='line:'] .feat-token")
    assert sorted(on_map.evaluate_all("els => els.map(e => e.dataset.feat)")) == sorted(f for f, _ in view["feat_tokens"])
    # The discard pile is public (R25, R27): its count by biome; the deck's exhaustions (R32).
    assert dict(_attrs(page, ".discard-pile [data-biome]", "data-biome", "data-count")) == {b: str(n) for b, n in view["discard"].items()}
    assert _attrs(page, ".exhaustions", "data-count") == [[str(view["exhaustions"])]]
    # Hidden (R27): only the seat's own hand is drawn as cards.
    assert {i for i in ids(page) if i.startswith("hand:")} == {f"hand:{b}" for b in view["hand"]}


def test_iwari_without_expeditions_or_feats_draws_neither(web, page):
    game = _game("iwari")
    view = game.view(play(game, 3, {"feats": "off"}, seed=1, plies=30), 0)
    draw(page, web.base, "iwari", view, 0, NAMES[:3])
    assert page.locator("#board .expedition, #board .feat, #board .feat-token").count() == 0


def test_iwari_third_tribe_in_two_player_games(web, page):
    game = _game("iwari")
    view = game.view(play(game, 2, {}, seed=1, plies=60), 1)
    third = [sp for sp, tribe in view["tents"].items() if tribe == 2]
    assert view["tribes"] == 3 and third  # R40: the third tribe places tents in 2-player games
    draw(page, web.base, "iwari", view, 1, NAMES[:2])
    for sp in third:
        node = page.locator(f'#board [data-id="space:{sp}"]')
        assert node.locator(".seat-marker text").text_content() == "N"
        assert "Third tribe" in node.get_attribute("aria-label")


# ---- Borealis: objectives and who achieved them (R31-R34), tokens (R30), scoring cards ------------
def test_borealis_objectives_achieved_tokens_and_scoring_cards(web, page):
    game = _game("borealis")
    state = play(game, 3, {}, seed=1, plies=92)
    view = game.view(state, 0)
    assert sum(len(p["objectives_achieved"]) for p in view["boards"]) >= 2
    draw(page, web.base, "borealis", view, 0, NAMES[:3])
    for o in view["objectives"]:
        seats = [s for s, p in enumerate(view["boards"]) if o["id"] in p["objectives_achieved"]]
        assert _attrs(page, f'.achieved[data-objective="{o["id"]}"]', "data-seats") == [[",".join(map(str, seats))]]
    badges = sorted((int(s), o) for s, o in _attrs(page, ".objective-badge", "data-seat", "data-objective"))
    assert badges == sorted((s, o) for s, p in enumerate(view["boards"]) for o in p["objectives_achieved"])
    tokens = sorted((int(s), int(n)) for s, n in _attrs(page, ".tokens", "data-seat", "data-tokens"))
    assert tokens == [(s, p["tokens"]) for s, p in enumerate(view["boards"])]
    assert {i for i in ids(page) if i.startswith("scoring:")} == {f"scoring:{c}" for c in view["scoring_cards"]}
    # Hidden (R4): the others' hands are backs; only the seat's own cards and the public ones are drawn.
    public = set(view["pool"]) | set(view["discard"][-1:]) | set(view["boards"][0]["hand"])
    public |= {c for p in view["boards"] for col in p["columns"] for c in col}
    cards = {i for i in ids(page) if i.startswith("card:")}
    assert cards == {c if str(c).startswith("card:") else f"card:{c}" for c in public}


# ---- Mariposas: waystation markers (R41-R51), season goals, life-cycle cards ----------------------
def test_mariposas_waystations_goals_and_life_cycle_cards(web, page):
    game = _game("mariposas")
    state = play(game, 2, {}, seed=5, plies=178, prefer=CITIES)
    view = game.view(state, 0)
    revealed = {c: m for c, m in view["waystations"].items() if m}
    assert len(revealed) >= 2 and any(p["lifecycle_cards"] for p in view["players"])
    draw(page, web.base, "mariposas", view, 0, NAMES[:2])
    for city, marker in view["waystations"].items():
        assert _attrs(page, f'[data-id="space:{city}"] .waystation', "data-marker") == [[marker or "hidden"]]
    goals = [g for [g] in _attrs(page, ".goal", "data-goal")]
    assert goals == [g or "hidden" for g in view["goals"].values()]
    assert _attrs(page, ".discard-pile", "data-count", "data-top") == [[str(len(view["discard"])), view["discard"][-1] if view["discard"] else ""]]
    cards = sorted((int(s), c) for s, c in _attrs(page, ".lifecycle-card", "data-seat", "data-card"))
    assert cards == sorted((s, c) for s, p in enumerate(view["players"]) for c in p["lifecycle_cards"])
    _nothing_face_down_named(page, game, state)


def _nothing_face_down_named(page, game, state) -> None:
    """Hidden (R51, the season goals face down): no face-down marker is named on its city or on any
    marker, no face-down goal anywhere (bonus markers share their names with the public bonus cards)."""
    from gameshelf.games.mariposas.catalog import CAT

    full = game.position(state)
    markers = [CAT.marker_ids[m] for i, m in enumerate(full["way"]) if not full["way_up"] >> i & 1]
    goals = [CAT.goals[g].id for g, up in zip(full["goals"], full["goal_up"]) if not up]
    assert not {m for [m] in _attrs(page, ".waystation", "data-marker")} & set(markers)
    cities = " ".join(label for [label] in _attrs(page, "[data-id^='space:'] .waystation", "aria-label"))
    cities += " ".join(label for [label] in _attrs(page, "[data-id^='space:']", "aria-label"))
    assert not [m for m in markers if game.term(m) in cities]
    shown = _text(page)
    assert not [g for g in goals if re.search(rf"\b{g}\b", shown) or game.term(g) in shown]


def test_mariposas_face_down_at_the_start(web, page):
    game = _game("mariposas")
    state = play(game, 3, {}, seed=1, plies=0)
    view = game.view(state, 2)
    draw(page, web.base, "mariposas", view, 2, NAMES[:3])
    assert {m for [m] in _attrs(page, ".waystation", "data-marker")} == {"hidden"}
    assert [g for [g] in _attrs(page, ".goal", "data-goal")] == [view["goals"]["spring"], "hidden", "hidden"]
    _nothing_face_down_named(page, game, state)


# ---- every game: ARIA labels, letters as well as colours, phone and desktop, both languages ---------
STATES = {  # game: (players, options, seed, plies, prefer)
    "midnight_zoo": (1, {}, 1, 3, ()),
    "iwari": (2, {"expeditions": "on"}, 3, 221, ()),
    "borealis": (3, {}, 1, 92, ()),
    "mariposas": (2, {}, 5, 178, CITIES),
}


@pytest.mark.parametrize("game_id", list(STATES))
def test_board_elements_are_labelled_and_fit_a_phone(web, browser, game_id):
    players, options, seed, plies, prefer = STATES[game_id]
    game = _game(game_id)
    view = game.view(play(game, players, options, seed=seed, plies=plies, prefer=prefer), 0)
    for lang, size in (("en", DESKTOP), ("ja", PHONE)):
        ctx = browser.new_context(viewport=size, locale="en-US")
        try:
            pg = new_page(ctx)
            draw(pg, web.base, game_id, view, 0, NAMES[:players], lang)
            unlabelled = pg.locator("#board [data-id]").evaluate_all(
                "els => els.filter(e => !(e.getAttribute('aria-label') || '').trim()).map(e => e.dataset.id)")
            assert not unlabelled
            assert pg.locator("#board svg.board-svg:not([aria-label])").count() == 0
            # ... and reach the accessibility tree by name (a sample of them, spread over the board).
            if lang == "en":
                labels = pg.locator("#board [data-id]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
                for label in labels[:: max(1, len(labels) // 6)]:
                    assert pg.get_by_role("img", name=label, exact=True).count() >= 1, label
            # Colour-blind safety: every seat marker carries its letter.
            letters = pg.locator("#board .seat-marker text").evaluate_all("els => els.map(e => e.textContent)")
            assert letters and set(letters) <= set("ABCDEFN")
            # No page-wide sideways scrolling: wide panels scroll inside themselves.
            assert pg.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
            if lang == "ja":
                en = json.loads((STATIC / "i18n/en.json").read_text(encoding="utf-8"))
                ja = json.loads((STATIC / "i18n/ja.json").read_text(encoding="utf-8"))
                shown = _text(pg)
                for key in en:
                    if key.startswith("board.") and en[key] != ja[key]:
                        assert key not in shown
                        for fragment in re.split(r"\{\w+\}", en[key]):
                            if len(fragment.strip()) > 4:
                                assert fragment.strip() not in shown, (key, fragment)
            shot(pg, f"board-{game_id}-{'phone' if size is PHONE else 'desktop'}-{lang}")
            assert pg.errors == []
        finally:
            ctx.close()


# ---- Iwari: each of the five maps on a real table page ---------------------------------------------
@pytest.mark.parametrize("map_id", ["A", "B", "floating_continent", "ice_land", "long_road"])
def test_every_iwari_map_draws_on_a_table_page(web, context, map_id):
    page = new_page(context)
    table_id = create_table(page, web.base, "iwari", seats=("me", "bot:random"), options={"map": map_id})
    wait_started(page)
    page.wait_for_selector("#board .board-wrap")
    page.wait_for_function("document.body.dataset.stateId !== undefined")
    live = web.service.live(table_id)
    with live.lock:
        view = live.game.view(live.state, 0)
    assert view["map"] == map_id
    wanted = {f"territory:{t}" for t in view["territories"]}
    wanted |= {f"space:{s}" for spaces in view["territories"].values() for s in spaces}
    wanted |= {f"line:{n}" for n in view["lines"]}
    shown = ids(page)
    assert not wanted - shown, sorted(wanted - shown)[:10]
    # Each territory is drawn where the map's layout puts it: no two territories overlap.
    boxes = page.locator("#board [data-id^='territory:'] rect.shape").evaluate_all(
        "els => els.map(e => { const b = e.getBBox(); return [b.x, b.y, b.width, b.height]; })")
    assert len(boxes) == len(view["territories"])
    for i, (x, y, w, h) in enumerate(boxes):
        for (x2, y2, w2, h2) in boxes[i + 1:]:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y
    # Roads between tent spaces (R49; R65: usable lines on the Floating Continent; R68: the Long Road).
    import yaml

    m = yaml.safe_load((Path(__file__).parents[2] / f"src/gameshelf/games/iwari/data/maps/{map_id}.yaml").read_text(encoding="utf-8"))
    roads = sum(len(r) for r in (m.get("internal_roads") or {}).values()) + len(m.get("border_roads") or [])
    if m.get("alliance_lines_are_roads"):
        roads += sum(1 for ln in m["alliance_lines"] if ln.get("road_link") and ln["n"] not in view["mountains"])
    assert page.locator("#board line.road").count() == roads
    assert page.locator("#board line.long-road").count() == len(m.get("purple_road") or [])
    for sp in m.get("long_road_spaces") or []:
        assert "Long Road" in page.locator(f'#board [data-id="space:{sp}"]').get_attribute("aria-label")
    shot(page, f"iwari-map-{map_id}-desktop-en")
    page.set_viewport_size(PHONE)
    shot(page, f"iwari-map-{map_id}-phone-en")
    assert page.errors == []

"""Browser tests: a real server (uvicorn in a thread, SQLite, fast bots) and the machine's Chromium
(Debian's ``chromium``, launched by path; no browser is ever downloaded) driven by Playwright.

Screenshots go to ``tests/web/screenshots/`` (or ``$GAMESHELF_SCREENSHOTS``), never committed.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

playwright = pytest.importorskip("playwright.sync_api")

HERE = Path(__file__).parent
SHOTS = Path(os.environ.get("GAMESHELF_SCREENSHOTS", HERE / "screenshots"))
DRIVER = (HERE / "driver.js").read_text(encoding="utf-8")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}
SHORT = {"borealis": {"max_rounds": "10"}}  # short games keep the suite fast


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class WebServer:
    def __init__(self, db_url: str) -> None:
        import uvicorn

        from gameshelf.server.app import create_app
        from gameshelf.server.settings import Settings

        settings = Settings(db_url=db_url, bot_delay=0.0, sweep_seconds=0.2, grace_seconds=120,
                            rate_per_second=500, rate_burst=500)
        self.port = _free_port()
        self.app = create_app(settings)
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 60
        while not self.server.started:
            assert time.time() < deadline and self.thread.is_alive(), "server did not start"
            time.sleep(0.02)
        self.base = f"http://127.0.0.1:{self.port}"

    @property
    def service(self):
        return self.app.state.service

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)


@pytest.fixture(scope="session")
def web(tmp_path_factory):
    srv = WebServer(f"sqlite:///{tmp_path_factory.mktemp('web') / 'gameshelf.db'}")
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
                              headless=True)
        yield b
        b.close()


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport=DESKTOP, locale="en-US")
    yield ctx
    ctx.close()


def new_page(ctx, lang: str | None = None):
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    if lang:
        page.add_init_script(f"localStorage.setItem('gs.lang', {json.dumps(lang)})")
    return page


def create_table(page, base: str, game: str, name: str = "Ann", seats: tuple[str, ...] = ("me", "bot:random"),
                 options: dict[str, str] | None = None) -> str:
    """Create a table through the lobby's form; returns the table id (the page is on the table)."""
    page.goto(f"{base}/web/")
    page.wait_for_selector(f"#game-{game} form")
    page.fill("#name", name)
    form = page.locator(f"#game-{game} form")
    form.locator("select[name=players]").select_option(str(len(seats)))
    for i, kind in enumerate(seats):
        form.locator(f"select[name=seat{i}]").select_option(kind)
    for key, value in {**SHORT.get(game, {}), **(options or {})}.items():
        form.locator(f"select[name='opt:{key}']").select_option(value, force=True)
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/web/table.html?id=*")
    return page.url.split("id=")[1].split("&")[0]


def wait_started(page) -> None:
    page.wait_for_function("document.body.dataset.stateId !== undefined", timeout=60_000)


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def token_of(page) -> str:
    return page.evaluate("localStorage.getItem('gs.token')")


def engine_outcome(web, table_id: str, token: str):
    """The outcome of the stored record, replayed by the engine (the server's record route)."""
    import httpx

    from gameshelf.core.record import Record, replay
    from gameshelf.games import get_game

    data = httpx.get(f"{web.base}/api/tables/{table_id}/record", headers={"Authorization": f"Bearer {token}"},
                     timeout=30).json()
    assert data["redacted"] is False, data
    record = Record.from_json(data["record"])
    game = get_game(record.game)
    return game.outcome(replay(game, record)), record

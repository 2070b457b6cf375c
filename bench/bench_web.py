"""Table page time to interactive on loopback: navigation -> the board drawn and the legal-action
controls ready, for each game, in headless Chromium (Debian's ``chromium``, launched by path).

    python bench/bench_web.py [--runs N] [--games a,b] [--players P] [--against OTHER/src] [--json]

It starts its own server (``gameshelf serve``, a fresh SQLite file, bots without delay), and for
each game and run creates a table (the person's seat and a random bot), starts it and waits until
the person decides (so no bot's thinking is counted), then opens the table page in a fresh browser
context (empty cache) and records, with a MutationObserver inside the page, the moment both the
board (``#board .board-wrap``) and a legal-action button (``#actions button.action``) exist, as
``performance.now()`` (milliseconds since the navigation started). Also printed: the HTML's
``responseEnd`` and ``domContentLoaded``, and the page's JavaScript weight. A second open of the
same page in the same context shows the cached case. The goal: under 1000 ms.

The first page of each game after the server starts is measured apart (``1st``): the server reads
the game's data files (YAML) once for ``/web/data/{game}.json`` and keeps them, so that one open
pays for the parsing; the runs that follow show every later visitor's case.

Wall-clock numbers depend on the machine's load: the median of several runs is printed with the
worst, and beside them the CPU time of the page's main thread until ready (Chrome's ``ThreadTime``),
which depends much less on what else the machine runs. ``--against OTHER/src`` serves a second
source tree beside this one and alternates the runs between the two, for before/after numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).parent))
import bench_server  # noqa: E402  (the same server start as the server bench)

ROOT = Path(__file__).resolve().parents[1]
SRC = str(ROOT / "src")
GAMES = ["midnight_zoo", "borealis", "iwari", "mariposas"]
OPTIONS = {"borealis": {"max_rounds": "10"}}
READY = """() => {
  window.__ready = null;
  const check = () => {
    if (window.__ready === null && document.querySelector('#board .board-wrap')
        && document.querySelector('#actions button.action')) window.__ready = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
}"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(db_url: str, port: int, src: str = SRC) -> subprocess.Popen:
    return bench_server.start_server(db_url, port, src=src,
                                     settings={"GAMESHELF_BOT_DELAY": "0", "GAMESHELF_SWEEP_SECONDS": "0.2"})


def ready_table(http: httpx.Client, token: str, game: str, players: int) -> str:
    """A started table (the person at seat 0, random bots) at the person's first decision."""
    head = {"Authorization": f"Bearer {token}"}
    seats = [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    body = {"game": game, "players": players, "seats": seats, "options": OPTIONS.get(game, {})}
    table = http.post("/api/tables", json=body, headers=head)
    table.raise_for_status()
    table_id = table.json()["id"]
    http.post(f"/api/tables/{table_id}/start", headers=head).raise_for_status()
    deadline = time.time() + 60
    while time.time() < deadline:
        clock = http.get(f"/api/tables/{table_id}", headers=head).json().get("clock") or {}
        if clock.get("to_act") == 0:
            return table_id
        time.sleep(0.05)
    raise SystemExit(f"{game}: the person's decision never came")


def open_page(ctx, url: str) -> dict:
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.add_init_script(f"({READY})()")
    page.goto(url)
    page.wait_for_function("window.__ready !== null", timeout=30_000)
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    timing = page.evaluate("""() => { const n = performance.getEntriesByType('navigation')[0];
        return { ready: window.__ready, html: n.responseEnd, dom: n.domContentLoadedEventEnd,
                 js: performance.getEntriesByType('resource').filter(r => r.name.endsWith('.js'))
                     .reduce((s, r) => s + (r.encodedBodySize || 0), 0) }; }""")
    page.close()
    timing["cpu"] = metrics.get("ThreadTime", 0.0) * 1000  # CPU time of the page's main thread (ms)
    return timing


def measure(browser, http: httpx.Client, base: str, token: str, game: str, players: int) -> dict:
    """One fresh-context open of a table page at the person's decision, then a second (cached) open."""
    table_id = ready_table(http, token, game, players)
    ctx = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-US")
    ctx.add_init_script(f"localStorage.setItem('gs.token', {json.dumps(token)})")
    url = f"{base}/web/table.html?id={table_id}"
    first = open_page(ctx, url)
    first["cached"] = open_page(ctx, url)["ready"]
    ctx.close()
    return first


def summary(game: str, runs: list[dict], first: dict) -> dict:
    def med(key: str) -> int:
        return round(statistics.median(r[key] for r in runs))

    return {"game": game, "runs": len(runs), "cold_median_ms": med("ready"),
            "cold_worst_ms": round(max(r["ready"] for r in runs)), "cached_median_ms": med("cached"),
            "html_ms": med("html"), "dom_ms": med("dom"), "main_thread_cpu_ms": med("cpu"),
            "js_kb": round(max(r["js"] for r in runs) / 1024, 1), "first_after_server_start_ms": round(first["ready"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--against", metavar="SRC", help="another source tree (its src/ folder) served beside "
                        "this one; runs alternate between the two servers, for a before/after comparison")
    parser.add_argument("--json", action="store_true", help="one JSON line per game (and tree)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        raise SystemExit("Debian's chromium is not installed (apt-get install -y chromium)")
    trees = [("this", SRC)] + ([("against", str(Path(args.against).resolve()))] if args.against else [])
    servers, procs = [], []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            for label, src in trees:
                port = free_port()
                procs.append(start_server(f"sqlite:///{Path(tmp) / (label + '.db')}", port, src))
                servers.append((label, f"http://127.0.0.1:{port}"))
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=exe, headless=True,
                                            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
                clients = {label: httpx.Client(base_url=base, timeout=30) for label, base in servers}
                tokens = {label: clients[label].post("/api/auth/guest", json={"name": "Bench"}).json()["token"]
                          for label, _ in servers}
                if not args.json:
                    print(f"{'game':<14}{'tree':<9}{'cold median':>12}{'cold worst':>12}{'cached':>9}{'html':>7}"
                          f"{'DOM':>7}{'CPU':>7}{'JS KB':>7}{'1st':>7}   (ms from navigation, medians of "
                          f"{args.runs} runs; CPU: the page's main thread)")
                for game in args.games.split(","):
                    runs: dict[str, list[dict]] = {label: [] for label, _ in servers}
                    first: dict[str, dict] = {}
                    for run in range(args.runs + 1):  # run 0: each server's first page of this game
                        for label, base in servers:  # interleaved: the load changes alike for both
                            result = measure(browser, clients[label], base, tokens[label], game, args.players)
                            if run == 0:
                                first[label] = result
                            else:
                                runs[label].append(result)
                    for label, _ in servers:
                        row = {**summary(game, runs[label], first[label]), "tree": label}
                        if args.json:
                            print(json.dumps(row))
                        else:
                            print(f"{game:<14}{label:<9}{row['cold_median_ms']:>12}{row['cold_worst_ms']:>12}"
                                  f"{row['cached_median_ms']:>9}{row['html_ms']:>7}{row['dom_ms']:>7}"
                                  f"{row['main_thread_cpu_ms']:>7}{row['js_kb']:>7}{row['first_after_server_start_ms']:>7}")
                for client in clients.values():
                    client.close()
                browser.close()
        finally:
            for proc in procs:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)


if __name__ == "__main__":
    main()

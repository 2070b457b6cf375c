"""A game plugin installed as a user installs one: High Card (examples/highcard) built with the
venv's pip into a folder of its own, which a subprocess puts on its path to find the game.

``highcard_site`` (session) is that folder; ``plugin_env(site)`` is the environment for a
subprocess that sees the plugin (and this checkout's gameshelf); ``highcard_server`` (session) is
the base URL of ``gameshelf serve`` run in such a process (SQLite, fast bots);
``highcard_registered`` puts the folder on this process's path for one test, so
``gameshelf.games.get_game("highcard")`` finds it through its entry point, and takes it away after.
Nothing is fetched: no network, no build isolation (setuptools comes from the venv).

Tests elsewhere use them by importing the fixtures into their module or conftest::

    from tests.plugins.conftest import highcard_registered, highcard_site  # noqa: F401
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
SRC = ROOT / "src"
HIGHCARD = ROOT / "examples" / "highcard"


def install_plugin(source: Path, target: Path) -> Path:
    """``pip install --target`` of the plugin at ``source`` (copied first, so the build never writes
    into the checkout); returns ``target``."""
    build = target.parent / f"{target.name}-source"
    shutil.copytree(source, build, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                           "--no-build-isolation", "--disable-pip-version-check", "--target", str(target),
                           str(build)], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    return target


def plugin_env(*folders: Path, **extra: str) -> dict[str, str]:
    """The environment of a subprocess that finds the plugins installed in ``folders``."""
    path = [str(f) for f in folders] + [str(SRC)]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(path), "PYTHONIOENCODING": "utf-8", "COLUMNS": "120",
            **extra}


@pytest.fixture(scope="session")
def highcard_site(tmp_path_factory) -> Path:
    """A folder holding High Card installed (its package and its dist-info with the entry point)."""
    return install_plugin(HIGHCARD, tmp_path_factory.mktemp("plugins") / "site")


@pytest.fixture(scope="session")
def highcard_server(highcard_site, tmp_path_factory):
    """``gameshelf serve`` in a process that finds High Card only through ``highcard_site``."""
    from tests.server.conftest import free_port, start_process

    port = free_port()
    db = tmp_path_factory.mktemp("served") / "gameshelf.db"
    process = start_process(f"sqlite:///{db}", port, env={"PYTHONPATH": plugin_env(highcard_site)["PYTHONPATH"],
                                                           "GAMESHELF_ANALYSIS_SIMS": "8"})
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    try:
        process.wait(20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(20)


@contextmanager
def plugins_on_path(*folders: Path):
    """The plugins installed in ``folders`` registered in this process while the block runs."""
    from gameshelf.games import forget_discovery

    added = [str(folder) for folder in folders if str(folder) not in sys.path]
    sys.path[:0] = added
    importlib.invalidate_caches()
    forget_discovery()
    try:
        yield
    finally:
        for folder in added:
            sys.path.remove(folder)
        importlib.invalidate_caches()
        forget_discovery()


@pytest.fixture
def highcard_registered(highcard_site):
    """High Card registered in this process (through its installed entry point) for one test."""
    with plugins_on_path(highcard_site):
        yield highcard_site

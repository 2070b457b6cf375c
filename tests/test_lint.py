"""The code stays free of unused imports and variables, undefined names and syntax errors, and no
function of a game is more complex than a reader can hold (cyclomatic complexity 15, ruff's C901)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def ruff(*args: str) -> subprocess.CompletedProcess:
    exe = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(exe).exists():
        pytest.fail("ruff is not installed: install the test extra (pip install -e '.[test]')")
    return subprocess.run([exe, "check", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_finds_nothing():
    result = ruff("src", "tests", "bench", "examples")
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_game_function_is_over_complexity_15():
    result = ruff("--select", "C901", "--config", "lint.mccabe.max-complexity=15", "src/gameshelf/games", "examples")
    assert result.returncode == 0, result.stdout + result.stderr

"""The code stays free of unused imports and variables, undefined names and syntax errors; no
function anywhere in src/ is more complex than a reader can hold (cyclomatic complexity 15, ruff's
C901); and the core and the games type-check with mypy (configured in pyproject.toml)."""

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


def test_no_function_in_src_is_over_complexity_15():
    result = ruff("--select", "C901", "--config", "lint.mccabe.max-complexity=15", "src", "examples")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_core_and_the_games_type_check():
    """mypy over core/ and games/ (the files and settings in pyproject.toml's [tool.mypy])."""
    exe = shutil.which("mypy") or str(Path(sys.executable).with_name("mypy"))
    if not Path(exe).exists():
        pytest.fail("mypy is not installed: install the test extra (pip install -e '.[test]')")
    result = subprocess.run([exe, "--no-incremental", "--cache-dir", "/dev/null"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr

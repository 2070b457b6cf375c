"""README's examples run as tests: every console command and every Python block."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from gameshelf.cli.main import main

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
COMMANDS = [line[2:] for block in re.findall(r"```console\n(.*?)```", README, re.S)
            for line in block.splitlines() if line.startswith("$ ")]
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", README, re.S)
INTERACTIVE = ("play",)


def test_readme_has_examples():
    assert COMMANDS and PYTHON_BLOCKS


def test_readme_console_commands_run(tmp_path, monkeypatch, capsys):
    """Commands run in order in one folder (a later one may read what an earlier one wrote);
    `play` is answered by always choosing the first menu entry."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("rich.console.Console.input", lambda self, prompt="": "1")
    for command in COMMANDS:
        words = shlex.split(command)
        assert words[0] == "gameshelf"
        assert main(words[1:]) == 0, command
        capsys.readouterr()


@pytest.mark.parametrize("block", PYTHON_BLOCKS)
def test_readme_python_blocks_run(block):
    exec(compile(block, "README.md", "exec"), {})

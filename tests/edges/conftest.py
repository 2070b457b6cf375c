"""The toy game registered as ``toy`` for the command-line tests of this folder."""

from __future__ import annotations

import pytest

from gameshelf.games import GAME_MODULES


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(GAME_MODULES, "toy", "tests.core.toygame")
    return "toy"


def answers(monkeypatch, *texts, then="1"):
    """Answer the terminal's prompts with ``texts``, then ``then`` for ever (an exception is raised)."""
    queue = list(texts)

    def ask(self, prompt=""):
        answer = queue.pop(0) if queue else then
        if isinstance(answer, BaseException) or (isinstance(answer, type) and issubclass(answer, BaseException)):
            raise answer
        return answer

    monkeypatch.setattr("rich.console.Console.input", ask)

"""The games registry (gameshelf.games): entry points in the group ``gameshelf.games``, the four
built-in games first, and a plugin that fails never breaks the others."""

from __future__ import annotations

import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path

import pytest

import gameshelf.games as registry
from gameshelf.core.errors import BadOption
from tests.plugins.conftest import plugin_env, plugins_on_path

BUILT_IN = ["borealis", "midnight_zoo", "iwari", "mariposas"]


def fake_distribution(folder: Path, name: str, entry_points: str) -> Path:
    """An installed distribution's metadata (what pip writes), with only entry points in it."""
    info = folder / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[gameshelf.games]\n{entry_points}\n", encoding="utf-8")
    return folder


@pytest.fixture
def installed():
    """Register the plugins of a folder in this process (``installed(folder)``); undone afterwards."""
    with ExitStack() as stack:
        yield lambda folder: stack.enter_context(plugins_on_path(folder))


def test_the_four_built_in_games_come_first_even_without_installed_entry_points(monkeypatch):
    """A source checkout whose metadata predates the entry points still knows the built-in games."""
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **_: [])
    registry.forget_discovery()
    try:
        assert registry.game_ids() == BUILT_IN
        assert [g.info.id for g in registry.all_games()] == BUILT_IN
    finally:
        monkeypatch.undo()
        registry.forget_discovery()


def test_an_unknown_id_names_the_known_games():
    with pytest.raises(BadOption, match="unknown game 'chess'; known games: borealis, midnight_zoo"):
        registry.get_game("chess")
    with pytest.raises(BadOption, match="unknown game"):
        registry.get_game(None)


def test_plugins_follow_the_built_in_games_sorted_by_id(tmp_path, installed):
    installed(fake_distribution(tmp_path, "more-games", "zeta = json:dumps\nalpha = json:loads"))
    assert registry.game_ids() == [*BUILT_IN, "alpha", "zeta"]


def test_a_broken_plugin_is_named_and_never_breaks_the_other_games(tmp_path, installed):
    installed(fake_distribution(tmp_path, "broken-games", "\n".join([
        "missing = no_such_module_anywhere:GAME",   # the import fails
        "notagame = json:dumps",                      # not a Game
        "borealis = json:loads",                      # a built-in game's id: ignored
    ])))
    assert registry.game_ids() == [*BUILT_IN, "missing", "notagame"]
    with pytest.raises(registry.GameUnavailable, match=r"game 'missing' \(plugin 'no_such_module_anywhere:GAME' "
                                                       r"from broken-games\) could not be loaded: ModuleNotFoundError"):
        registry.get_game("missing")
    with pytest.raises(registry.GameUnavailable, match="'notagame' .* is a function, not a gameshelf Game"):
        registry.get_game("notagame")
    assert registry.get_game("borealis").info.id == "borealis"  # the built-in game, not json.loads
    assert [g.info.id for g in registry.all_games()] == BUILT_IN
    assert registry.game_ids() == BUILT_IN  # tried and failed: no longer offered
    found = registry.problems()
    assert any("broken-games registers 'borealis', the id of a built-in game: ignored" in p for p in found)
    assert any("'missing'" in p for p in found) and any("'notagame'" in p for p in found)


def test_a_game_registered_under_another_id_is_refused(tmp_path, installed):
    installed(fake_distribution(tmp_path, "wrong-id", "cards = gameshelf.games.iwari:GAME"))
    with pytest.raises(registry.GameUnavailable, match="is the game 'iwari', registered under another id"):
        registry.get_game("cards")


def test_the_games_command_lists_the_good_games_and_names_the_broken_plugin(tmp_path):
    fake_distribution(tmp_path, "broken-games", "missing = no_such_module_anywhere:GAME")
    done = subprocess.run([sys.executable, "-m", "gameshelf.cli.main", "games"], env=plugin_env(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert all(game_id in done.stdout for game_id in BUILT_IN)
    assert "plugin problem: game 'missing'" in " ".join(done.stdout.split())
    play = subprocess.run([sys.executable, "-m", "gameshelf.cli.main", "play", "missing"], env=plugin_env(tmp_path),
                          capture_output=True, text=True, timeout=60, input="")
    assert play.returncode == 2 and "Traceback" not in play.stderr
    assert "could not be loaded: ModuleNotFoundError" in play.stderr


def test_an_installed_plugin_is_registered_in_this_process_through_its_entry_point(highcard_registered):
    game = registry.get_game("highcard")
    assert registry.game_ids()[-1] == "highcard" and game.info.titles["en"] == "High Card"
    assert registry.GAME_MODULES.sources["highcard"] == "gameshelf-highcard"
    assert (registry.data_folder("highcard") / "messages.yaml").is_file()


def test_a_game_folder_and_its_data_are_found_from_its_module():
    assert registry.game_package("iwari") == "gameshelf.games.iwari"
    assert (registry.data_folder("iwari") / "terms.yaml").is_file()


def test_the_built_in_games_register_in_pyproject_as_the_registry_knows_them():
    import tomllib

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["gameshelf.games"] == registry.BUILT_IN

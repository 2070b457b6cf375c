"""The games registry: every game is a plugin found through the entry point group ``gameshelf.games``.

An entry point's name is the game id and its value ``module:attribute`` names the game object, an
instance of :class:`gameshelf.core.game.Game`::

    [project.entry-points."gameshelf.games"]
    highcard = "highcard:GAME"

The four built-in games register the same way in gameshelf's own ``pyproject.toml``. They are also
known from :data:`BUILT_IN`, so a source checkout whose installed metadata predates the entry
points (or that is not installed at all) still has them. Discovery reads only the installed
metadata; a game's module is imported the first time the game is asked for.

A plugin that fails to load (an import error, or an attribute that is not a Game) never breaks the
other games: :func:`get_game` raises :class:`GameUnavailable` naming the plugin and the cause,
:func:`all_games` leaves it out, :func:`game_ids` stops listing it (so a server that has tried it,
as it does at start, treats it as an unknown game), and :func:`problems` lists what went wrong.

:data:`GAME_MODULES` maps each known id to its ``module:attribute`` (``module`` alone means
``module:GAME``); tests may add a game to it with ``monkeypatch.setitem``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, MutableMapping
from importlib import import_module
from pathlib import Path
from typing import Any

from gameshelf.core.errors import BadOption, brief
from gameshelf.core.game import Game

GROUP = "gameshelf.games"
BUILT_IN = {
    "borealis": "gameshelf.games.borealis:GAME",
    "midnight_zoo": "gameshelf.games.midnight_zoo:GAME",
    "iwari": "gameshelf.games.iwari:GAME",
    "mariposas": "gameshelf.games.mariposas:GAME",
}

log = logging.getLogger(__name__)


class GameUnavailable(BadOption):
    """A registered game whose plugin could not be loaded."""

    code = "game.unavailable"


class _Registry(MutableMapping[str, str]):
    """Game id -> ``module:attribute``, read from the installed entry points on first use.

    The built-in games come first, in :data:`BUILT_IN`'s order, then every other id sorted.
    """

    def __init__(self) -> None:
        self._entries: dict[str, str] | None = None
        self.sources: dict[str, str] = {}  # id -> the distribution that registered it
        self.conflicts: list[str] = []

    def _discovered(self) -> dict[str, str]:
        if self._entries is None:
            self._entries = self._discover()
        return self._entries

    def _discover(self) -> dict[str, str]:
        from importlib.metadata import entry_points

        entries = dict(BUILT_IN)
        self.sources = {game_id: "gameshelf" for game_id in BUILT_IN}
        self.conflicts = []
        for point in entry_points(group=GROUP):
            dist = point.dist.name if point.dist is not None else "an unknown distribution"
            if point.name in BUILT_IN:
                if point.value != BUILT_IN[point.name]:
                    self.conflicts.append(f"{dist} registers {point.name!r}, the id of a built-in game: ignored")
                continue
            if point.name in entries and entries[point.name] != point.value:
                self.conflicts.append(f"{dist} registers {point.name!r} again (as {point.value!r}): "
                                      f"the one from {self.sources[point.name]} is kept")
                continue
            entries[point.name] = point.value
            self.sources[point.name] = dist
        for message in self.conflicts:
            log.warning("game plugin: %s", message)
        return entries

    def forget(self) -> None:
        """Read the entry points again on next use (after installing a plugin in this process)."""
        self._entries = None

    def __getitem__(self, game_id: str) -> str:
        return self._discovered()[game_id]

    def __setitem__(self, game_id: str, target: str) -> None:
        self._discovered()[game_id] = target
        self.sources.setdefault(game_id, "this process")

    def __delitem__(self, game_id: str) -> None:
        del self._discovered()[game_id]

    def __iter__(self) -> Iterator[str]:
        entries = self._discovered()
        built_in = [game_id for game_id in BUILT_IN if game_id in entries]
        return iter(built_in + sorted(game_id for game_id in entries if game_id not in BUILT_IN))

    def __len__(self) -> int:
        return len(self._discovered())


GAME_MODULES = _Registry()
_loaded: dict[tuple[str, str], Game[Any]] = {}
_failed: dict[str, str] = {}


def game_ids() -> list[str]:
    """Every registered id: the four built-in games first, then the plugins sorted by id. A plugin
    is listed before it is loaded, and no longer once it has failed to load."""
    return [game_id for game_id in GAME_MODULES if game_id not in _failed]


def _split(target: str) -> tuple[str, str]:
    module, _, attribute = target.partition(":")
    return module.strip(), attribute.strip() or "GAME"


def _unknown(game_id: object) -> BadOption:
    return BadOption(f"unknown game {brief(game_id, 60)}; known games: {', '.join(game_ids())}")


def get_game(game_id: str) -> Game[Any]:
    """The game object for an id; raises BadOption naming the known games, or GameUnavailable
    naming the plugin and why it did not load."""
    if not isinstance(game_id, str) or game_id not in GAME_MODULES:
        raise _unknown(game_id)
    if game_id in _failed:  # tried once: the same answer, without importing it again
        raise GameUnavailable(_failed[game_id])
    target = GAME_MODULES[game_id]
    game = _loaded.get((game_id, target))
    if game is None:
        game = _loaded[(game_id, target)] = _load(game_id, target)
    return game


def _load(game_id: str, target: str) -> Game[Any]:
    """Import the game's module and check its object, or raise GameUnavailable."""
    module_name, attribute = _split(target)
    source = GAME_MODULES.sources.get(game_id, "an unknown distribution")
    where = f"game {game_id!r} (plugin {target!r} from {source})"
    try:
        module = import_module(module_name)
        game = getattr(module, attribute)
    except Exception as exc:  # a plugin's import may fail in any way: report it, never spread it
        problem = f"{where} could not be loaded: {type(exc).__name__}: {exc}"
        _failed[game_id] = problem
        raise GameUnavailable(problem) from exc
    if not isinstance(game, Game):
        problem = f"{where} is a {type(game).__name__}, not a gameshelf Game"
    elif game.info.id != game_id:
        problem = f"{where} is the game {game.info.id!r}, registered under another id"
    else:
        _failed.pop(game_id, None)
        return game
    _failed[game_id] = problem
    raise GameUnavailable(problem)


def all_games() -> list[Game[Any]]:
    """Every game that loads, in :func:`game_ids` order; a plugin that fails is left out and logged
    once (see :func:`problems`)."""
    games = []
    for game_id in game_ids():
        try:
            games.append(get_game(game_id))
        except GameUnavailable as exc:
            log.warning("%s", exc.message)
    return games


def problems() -> list[str]:
    """What went wrong with the plugins so far: ids registered twice, and games that failed to load."""
    GAME_MODULES._discovered()
    return [*GAME_MODULES.conflicts, *(_failed[game_id] for game_id in GAME_MODULES if game_id in _failed)]


def game_package(game_id: str) -> str:
    """The name of the module that holds the game (``gameshelf.games.borealis``, ``highcard``)."""
    if not isinstance(game_id, str) or game_id not in GAME_MODULES:
        raise _unknown(game_id)
    return _split(GAME_MODULES[game_id])[0]


def data_folder(game_id: str) -> Path:
    """The game's ``data/`` folder, next to its module (it may not exist for a plugin without data)."""
    get_game(game_id)  # a clear error for an unknown or broken game
    module = import_module(game_package(game_id))
    return Path(module.__file__ or "").parent / "data"


def forget_discovery() -> None:
    """Read the installed entry points again on next use (after a plugin is installed or removed)."""
    GAME_MODULES.forget()
    _failed.clear()

"""Observation encoders: a fixed-shape float32 vector per seat, from that seat's view only.

Every encoder reads the *view* (``game.view(state, seat)``), never the hidden parts of the state,
so two states the seat cannot tell apart (determinizations of one view) give the same observation,
and a trained policy can act from any view a bot receives. For speed an encoder may also read the
state fields that make up the seat's view directly (``fill_state``, used by ``encode_state``),
skipping the view's JSON data; tests/rl check over random games of every player count that it
gives exactly the vector of ``encode(game.view(state, seat))`` for every seat. Seats are written relative to the viewer: block 0 is
the viewer, block 1 the next seat in turn order, and so on. Values are 0/1 flags or small counts
scaled to about [0, 1]; each game's module documents its layout, and :meth:`Encoder.describe`
prints the segments with their offsets.

An encoder may also split its vector into sections keyed by the state fields they read
(``sections``); :class:`~gameshelf.rl.encode.incremental.IncrementalEncoder` then rewrites only the
sections that changed since a seat's last observation (the environments use it).

A game with a module here (``gameshelf.rl.encode.<game id>`` defining ``ENCODER``) uses that tuned
encoder; any other game uses the generic :class:`~gameshelf.rl.encode.view.ViewEncoder` (feature
hashing over the view), so every game has observations with no code here for it.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Mapping

import numpy as np

OBS_BOUND = 1000.0   # observation values are small scaled counts; a Box needs finite bounds


def scatter(out: np.ndarray, ones: list[int], idx: list[int], val: list[float]) -> np.ndarray:
    """Writes 1.0 at ``ones``, then ``val`` at ``idx``, into ``out`` (lists go in through
    ``np.fromiter``, about twice as fast as indexing with a list)."""
    out[np.fromiter(ones, np.intp, len(ones))] = 1.0
    out[np.fromiter(idx, np.intp, len(idx))] = np.fromiter(val, np.float32, len(val))
    return out


class Layout:
    """Named segments of an observation vector: ``add(name, size, doc)`` returns its offset."""

    def __init__(self) -> None:
        self.segments: list[tuple[str, int, int, str]] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str = "") -> int:
        offset = self.size
        self.segments.append((name, offset, size, doc))
        self.size += size
        return offset

    def describe(self) -> str:
        return "\n".join(f"{offset:6d} {size:5d}  {name:<28} {doc}".rstrip()
                         for name, offset, size, doc in self.segments)


class Encoder:
    """Base: subclasses fill ``layout`` in ``__init__`` and implement ``fill(view, ones, idx, val)``,
    appending the indices of 1.0 flags to ``ones`` and other (index, value) pairs to ``idx``/``val``;
    ``encode`` writes them into a zero vector in two numpy steps."""

    layout: Layout
    state_type: type | None = None     # the game's State class when the encoder has fill_state

    def __init__(self, players: int, options: Mapping[str, str]) -> None:
        self.players = players
        self.options = dict(options)
        self.layout = Layout()

    @property
    def size(self) -> int:
        return self.layout.size

    @property
    def shape(self) -> tuple[int]:
        return (self.layout.size,)

    def describe(self) -> str:
        return self.layout.describe()

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``view`` (a seat's view), as a float32 vector of ``size``."""
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        self.fill(view, ones, idx, val)
        return self._write(ones, idx, val, out)

    def _write(self, ones: list[int], idx: list[int], val: list[float], out: np.ndarray | None) -> np.ndarray:
        """The vector: zeros, then :func:`scatter` of ``ones``, ``idx`` and ``val``."""
        if out is None:
            out = np.zeros(self.layout.size, dtype=np.float32)
        else:
            out.fill(0.0)
        return scatter(out, ones, idx, val)

    def encode_state(self, game: Any, state: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``seat``'s view of ``state``: exactly ``encode(game.seat_view(state, seat))``,
        from the state's visible fields when the encoder has ``fill_state`` for this state's type."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError(f"seat must be one of 0..{self.players - 1}, not {seat!r}")
        if type(state) is not self.state_type:
            return self.encode(game.seat_view(state, seat), out)
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        self.fill_state(state, seat, ones, idx, val)
        return self._write(ones, idx, val, out)

    def fill(self, view: Mapping[str, Any], ones: list[int], idx: list[int], val: list[float]) -> None:
        raise NotImplementedError

    def fill_state(self, state: Any, seat: int, ones: list[int], idx: list[int], val: list[float]) -> None:
        """Like :meth:`fill`, from the fields of ``state`` that ``seat``'s view shows (optional)."""
        raise NotImplementedError

    def sections(self) -> list | None:
        """The vector as disjoint :class:`~gameshelf.rl.encode.incremental.Section` s over the
        state's fields, for incremental observations; ``None`` when the encoder has none."""
        return None

    def rel(self, view: Mapping[str, Any], seat: int | None) -> int:
        """``seat`` relative to the viewer (0 = the viewer); -1 for none."""
        if seat is None or seat < 0:
            return -1
        return (seat - view["seat"]) % self.players


def own_encoder(game_id: str) -> type[Encoder] | None:
    """The encoder class of ``game_id``'s own module here, or ``None`` when it has none."""
    name = f"{__name__}.{game_id}"
    try:
        module = import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise
    return getattr(module, "ENCODER", None)


def encoder(game: Any, players: int, options: Mapping[str, object] | None = None) -> Encoder:
    """The observation encoder of ``game`` (an id or the Game) for ``players`` and ``options``
    (resolved here): the game's own, else the generic view encoder."""
    from gameshelf.rl.actions import resolve
    from gameshelf.rl.encode.view import ViewEncoder
    game, resolved = resolve(game, players, options)
    own = own_encoder(game.id)
    return (own or ViewEncoder)(players, resolved)

"""Incremental observations: a seat's vector rewritten only where the state changed.

An encoder may split its vector into :class:`Section` s: disjoint ranges, each with a ``fill`` that
writes only inside its range and a ``key`` that snapshots (by value) every state field the fill
reads. :class:`IncrementalEncoder` keeps, per seat, the last vector and the keys it was built
from; the next observation of that seat rewrites only the sections whose key changed. Most steps
change little (in Mariposas four steps in five are the same seat's next sub-decision, so every
other seat's block is as it was).

The result is bit for bit ``encoder.encode_state`` (tests/rl check it at every step of random
games, across games and for seats observed out of turn). Each observation is a new array, so a
vector handed out earlier never changes under its holder.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np

from gameshelf.rl.encode import Encoder, scatter

Fill = Callable[[Any, int, list, list, list], None]


class Section(NamedTuple):
    """Positions ``start:stop`` of a vector, written by ``fill(state, seat, ones, idx, val)``.

    ``key(state, seat)`` is a value that changes whenever anything ``fill`` reads changes (copies
    of the lists it reads, never the lists themselves: the engine mutates them); ``None`` for a
    section that changes at nearly every step and is rewritten every time.
    """

    name: str
    start: int
    stop: int
    key: Callable[[Any, int], Any] | None
    fill: Fill


def seat_key(players: int, r: int, key: Callable[[Any, int], Any]) -> Callable[[Any, int], Any]:
    """The key of block ``r`` (relative to the viewer): ``key(state, seat)`` of the seat it shows."""
    return lambda state, me: key(state, (me + r) % players)


def seat_fill(players: int, r: int, fill: Callable[..., None]) -> Fill:
    """The fill of block ``r`` (relative to the viewer): ``fill(r, state, seat, ones, idx, val)``."""
    return lambda state, me, ones, idx, val: fill(r, state, (me + r) % players, ones, idx, val)


_UNKNOWN = object()          # the key of a section never written: equal to no key


class SectionedEncoder(Encoder):
    """An encoder whose state vector is exactly the union of its sections: a subclass builds them
    once in ``__init__`` (``self._sections = self._make_sections()``, its docstring says how the
    vector is cut), and ``fill_state`` is every section's fill in turn."""

    _sections: list[Section]

    def fill_state(self, state: Any, seat: int, ones: list[int], idx: list[int], val: list[float]) -> None:
        for section in self._sections:
            section.fill(state, seat, ones, idx, val)

    def sections(self) -> list[Section]:
        return self._sections


class IncrementalEncoder:
    """Wraps an encoder: ``encode_state(game, state, seat)`` as the encoder's, rewriting only the
    sections that changed since ``seat``'s previous observation (see the module docstring)."""

    def __init__(self, encoder: Any) -> None:
        self.encoder = encoder
        self.sections: list[Section] | None = encoder.sections()
        self._memory: dict[int, tuple[np.ndarray, list[Any]]] = {}

    def clear(self) -> None:
        """Forget every seat's last vector (a new game may start from scratch)."""
        self._memory.clear()

    def encode_state(self, game: Any, state: Any, seat: int) -> np.ndarray:
        enc, sections = self.encoder, self.sections
        if sections is None or type(state) is not enc.state_type:
            return enc.encode_state(game, state, seat)
        if type(seat) is not int or not 0 <= seat < enc.players:
            raise ValueError(f"seat must be one of 0..{enc.players - 1}, not {seat!r}")
        memory = self._memory.get(seat)
        if memory is None:
            memory = self._memory[seat] = (np.zeros(enc.size, np.float32), [_UNKNOWN] * len(sections))
        vector, keys = memory
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        try:
            for i, (_, start, stop, key_of, fill) in enumerate(sections):
                if key_of is not None:
                    key = key_of(state, seat)
                    if key == keys[i]:
                        continue
                    keys[i] = key
                vector[start:stop] = 0.0
                fill(state, seat, ones, idx, val)
        except BaseException:
            del self._memory[seat]        # a half-written vector must not be reused
            raise
        return scatter(vector, ones, idx, val).copy()

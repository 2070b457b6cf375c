"""Seeded, copyable randomness: the one door through which a game draws chance.

The generator is SplitMix64 over a single 64-bit integer, so copying a state's chance stream costs
one integer and the sequence is identical on every platform and Python version.
"""

from __future__ import annotations

import hashlib
import secrets
import sys
from array import array
from functools import lru_cache
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_SPAN = 1 << 64
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(512))  # below()'s rejection bound for small n
# a shuffle of k items draws below(n) for n = k .. 2: no number under the least of their bounds is rejected
_SHUFFLE_SAFE = tuple(min(_LIMITS[2:k + 1], default=_SPAN) for k in range(512))
_PACKED = range(3, 512)  # the lengths of the shuffles that draw their numbers packed (see _outputs)
_FEW = 13  # shorter shuffles read their numbers off the packed integer lane by lane (see shuffle)
_KEPT = _SPAN - 512  # below(n) keeps every number under this for any n < 512 (not just _SHUFFLE_SAFE's)
MAX_SEED = (1 << 63) - 1
"""Seeds are whole numbers 0..MAX_SEED (63 bits: they fit a signed 64-bit column of any store)."""


@lru_cache(maxsize=128)
def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` 128-bit lanes packed in one integer: a 1 in each lane, ``k * _GOLDEN`` in lane
    ``k - 1`` (k = 1..count), and the low 64 bits of each lane set."""
    ones = sum(1 << (128 * k) for k in range(count))
    steps = sum((k + 1) * _GOLDEN << (128 * k) for k in range(count))
    return ones, steps, ones * _MASK


def _outputs(state: int, count: int) -> list[int]:
    """The generator's next ``count`` outputs from ``state`` (``next64`` ``count`` times), computed
    all at once: the k-th step's state is ``state + k * _GOLDEN``, independent of the outputs, so
    every step's state goes into its own 128-bit lane of one integer and each operation of the
    mix runs on all lanes in one integer operation (a lane holds a 64-bit value times a 64-bit
    constant; each shift's spill into the lane below lands above its low 64 bits, masked away)."""
    ones, steps, mask = _lanes(count)
    z = (state * ones + steps) & mask
    z = ((z ^ (z >> 30)) & mask) * _M1 & mask
    z = ((z ^ (z >> 27)) & mask) * _M2 & mask
    z ^= z >> 31
    words = array("Q", z.to_bytes(16 * count, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    return words[::2].tolist()


def fresh_seed() -> int:
    """An unpredictable seed from the operating system (``secrets``), for unseeded games and bots."""
    return secrets.randbits(63)


def derive_seed(*parts: object) -> int:
    """A 63-bit seed derived from any parts (a base seed, a game index, a label)."""
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


class Chance:
    """A deterministic random stream; ``copy()`` gives an independent stream at the same point."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def copy(self) -> Chance:
        twin = Chance.__new__(Chance)
        twin._state = self._state
        return twin

    @property
    def position(self) -> int:
        """The internal state, for hashing and encoding a game state."""
        return self._state

    def next64(self) -> int:
        self._state = (self._state + _GOLDEN) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias).

        The generator steps of ``next64`` are written out here (and in ``_fix_tail``): the same
        numbers, without a method call per draw (games and bots draw on every action)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _LIMITS[n] if n < 512 else _SPAN - _SPAN % n
        state = self._state
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * _M1) & _MASK
            z = ((z ^ (z >> 27)) * _M2) & _MASK
            z ^= z >> 31
            if z < limit:
                self._state = state
                return z % n

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        """``items[below(len(items))]``."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: place ``i`` from the end down swaps with ``below(i + 1)``.

        Most lists take all their numbers from one packed run of the generator (``_outputs``):
        the same numbers, when none would be rejected (``below``'s rule; about once in 2**55
        draws one could be, and then the shuffle draws one by one as below does). A short list
        reads its numbers straight off the packed integer, lane by lane: for a few lanes that is
        cheaper than converting the whole integer to a list (a quarter of a 6-card shuffle)."""
        last = len(items) - 1
        if last + 1 in _PACKED:
            state = self._state
            if last < _FEW:
                ones, steps, mask = _lanes(last)
                z = (state * ones + steps) & mask
                z = ((z ^ (z >> 30)) & mask) * _M1 & mask
                z = ((z ^ (z >> 27)) & mask) * _M2 & mask
                z ^= z >> 31  # each lane's low 64 bits are an output; the bits above them are spill
                for i in range(last, 0, -1):
                    output = z & _MASK
                    if output >= _KEPT:  # below() might reject it: draw the rest one by one
                        self._state = (state + (last - i) * _GOLDEN) & _MASK
                        self._fix_tail(items, 1, i)
                        return
                    z >>= 128
                    j = output % (i + 1)
                    items[i], items[j] = items[j], items[i]
                self._state = (state + last * _GOLDEN) & _MASK
                return
            outputs = _outputs(state, last)
            if max(outputs) < _SHUFFLE_SAFE[last + 1]:
                for i, z in zip(range(last, 0, -1), outputs):
                    j = z % (i + 1)
                    items[i], items[j] = items[j], items[i]
                self._state = (state + last * _GOLDEN) & _MASK
                return
        self._fix_tail(items, 1)

    def _fix_tail(self, items: MutableSequence[T], stop: int, start: int | None = None) -> None:
        """Fisher-Yates from the end, one ``below`` draw per place, fixing places ``len - 1`` (or
        ``start``, when the places above it are fixed) down to ``stop`` (1: a whole shuffle).
        ``below``'s steps are written out once more here: calling it per place made the search's
        few-candidate samples a third slower."""
        state = self._state
        limits = _LIMITS
        for i in range(len(items) - 1 if start is None else start, stop - 1, -1):
            n = i + 1
            limit = limits[n] if n < 512 else _SPAN - _SPAN % n
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * _M1) & _MASK
                z = ((z ^ (z >> 27)) * _M2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self._state = state

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def fork(self, label: object) -> Chance:
        """An independent stream for one purpose, leaving this one untouched."""
        return Chance(derive_seed(self._state, label))

"""The search's random stream: :class:`~gameshelf.core.chance.Chance` with its hot methods inlined.

A search draws hundreds of thousands of numbers a second (the greedy rollout's candidate samples
shuffle the whole menu; every determinization shuffles the unseen cards). ``FastChance`` gives
exactly the numbers ``Chance`` gives, in the same order, leaving the stream at the same point (one
SplitMix64 step per draw, the same rejection bound), but each method runs its generator steps in
one local loop instead of a method call per step. tests/agents/test_fast_chance.py holds it equal
to ``Chance`` method by method. ``sample_few`` has no ``Chance`` twin: the greedy rollout step
draws its few candidates with it (a partial Fisher-Yates, see its docstring).
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

from gameshelf.core.chance import Chance

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_SPAN = 1 << 64
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(512))  # Chance.below's rejection bound


def _limit(n: int) -> int:
    return _LIMITS[n] if n < 512 else _SPAN - _SPAN % n


class FastChance(Chance):
    """A :class:`Chance` whose ``below``, ``choice``, ``shuffle`` and ``sample`` are inlined, plus
    ``sample_few`` (a sample that draws only as many numbers as it keeps)."""

    __slots__ = ()

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _limit(n)
        state = self._state
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * _M1) & _MASK
            z = ((z ^ (z >> 27)) * _M2) & _MASK
            z ^= z >> 31
            if z < limit:
                self._state = state
                return z % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates from the end, as ``Chance.shuffle``."""
        self._fix_tail(items, 1)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def sample_few(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items (all of them when fewer) in random order, drawing only about ``k``
        numbers: the places a Fisher-Yates shuffle from the end fixes first, i.e. the last ``k`` of
        ``shuffle``'s result for the same stream, which stops there. (``sample`` shuffles the whole
        list and keeps the first ``k``: the same distribution, a different stream position.)"""
        pool = list(items)
        low = len(pool) - k if k < len(pool) else 0
        self._fix_tail(pool, low if low > 0 else 1)
        return pool[low:]

    def _fix_tail(self, items: MutableSequence[T], stop: int) -> None:
        """Fisher-Yates from the end, fixing places ``len - 1`` down to ``stop`` (1: a whole shuffle),
        with the SplitMix64 stream and rejection sampling inlined."""
        state = self._state
        limits = _LIMITS
        for i in range(len(items) - 1, stop - 1, -1):
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

    def copy(self) -> FastChance:
        twin = FastChance.__new__(FastChance)
        twin._state = self._state
        return twin

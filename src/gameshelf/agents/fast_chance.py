"""The search's random stream: :class:`~gameshelf.core.chance.Chance` plus ``sample_few``.

A search draws hundreds of thousands of numbers a second (the greedy rollout's candidate samples,
every determinization's shuffle of the unseen cards). ``FastChance`` draws ``Chance``'s numbers
with ``Chance``'s own methods (their generator steps already written out in local loops) and adds
``sample_few``, which has no ``Chance`` twin: the greedy rollout step draws its few candidates
with it (a partial Fisher-Yates, see its docstring). tests/agents/test_fast_chance.py holds it
equal to ``Chance`` method by method.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

from gameshelf.core.chance import Chance

T = TypeVar("T")


class FastChance(Chance):
    """A :class:`Chance` with ``sample_few`` (a sample that draws only as many numbers as it keeps)."""

    __slots__ = ()

    def sample_few(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items (all of them when fewer) in random order, drawing only about ``k``
        numbers: the places a Fisher-Yates shuffle from the end fixes first, i.e. the last ``k`` of
        ``shuffle``'s result for the same stream, which stops there. (``sample`` shuffles the whole
        list and keeps the first ``k``: the same distribution, a different stream position.)"""
        pool = list(items)
        low = len(pool) - k if k < len(pool) else 0
        self._fix_tail(pool, low if low > 0 else 1)
        return pool[low:]

    def copy(self) -> FastChance:
        twin = FastChance.__new__(FastChance)
        twin._state = self._state
        return twin

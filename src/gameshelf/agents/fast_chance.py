"""The search's random stream: :class:`~gameshelf.core.chance.Chance` plus ``sample_few``.

A search draws hundreds of thousands of numbers a second (the greedy rollout's candidate samples,
every determinization's shuffle of the unseen cards). ``FastChance`` draws ``Chance``'s numbers
(the same numbers in the same order, the same position afterwards) from a batch of the
generator's next outputs, computed all at once by ``Chance``'s own packed run (``_outputs``)
instead of one generator step per draw, and adds ``sample_few``, which has no ``Chance`` twin: the
greedy rollout step draws its few candidates with it (a partial Fisher-Yates, see its docstring).
tests/agents/test_fast_chance.py holds it equal to ``Chance`` method by method.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

from gameshelf.core.chance import _GOLDEN, _LIMITS, _MASK, _SHUFFLE_SAFE, _SPAN, Chance, _outputs

T = TypeVar("T")

BATCH = 256   # outputs computed at once: a determinization's shuffle and a few rollouts' draws


class FastChance(Chance):
    """A :class:`Chance` that draws from a batch of its next outputs, with ``sample_few`` (a sample
    that draws only as many numbers as it keeps).

    ``_ahead[_next:]`` are the generator's next outputs while the position is ``_mark`` (each draw
    moves both); a position moved by ``Chance``'s own code (any method not written here) no longer
    equals ``_mark``, and the next draw computes a fresh batch from it."""

    __slots__ = ("_ahead", "_next", "_mark")

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._ahead: list[int] = []
        self._next = 0
        self._mark = -1     # no position: the first draw computes a batch

    # The draws below read the batch in place (the batch's index, then the position moved on as many
    # steps as outputs drawn), written out in each (a draw is a few operations: a method call per
    # step cost about 1 % of a search); a batch is computed afresh when the position is not the one
    # it was computed for, or too few outputs are left in it.
    def next64(self) -> int:
        at, ahead = self._next, self._ahead
        if self._state != self._mark or at >= len(ahead):
            ahead, at = self._fresh_batch(1), 0
        self._next = at + 1
        self._state = self._mark = (self._state + _GOLDEN) & _MASK
        return ahead[at]

    def _fresh_batch(self, count: int) -> list[int]:
        """The generator's next outputs from the position, at least ``count`` of them (kept as the batch)."""
        self._ahead = _outputs(self._state, max(BATCH, count))
        return self._ahead

    def below(self, n: int) -> int:
        """``Chance.below``: the next output if it is under the rejection bound, else (about once in
        2**55 draws for small ``n``) ``Chance``'s own draw, one output at a time."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        at, ahead = self._next, self._ahead
        if self._state != self._mark or at >= len(ahead):
            ahead, at = self._fresh_batch(1), 0
        z = ahead[at]
        if z >= (_LIMITS[n] if n < 512 else _SPAN - _SPAN % n):
            return Chance.below(self, n)
        self._next = at + 1
        self._state = self._mark = (self._state + _GOLDEN) & _MASK
        return z % n

    def choice(self, items: Sequence[T]) -> T:
        """``items[below(len(items))]``."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """``Chance.shuffle``: Fisher-Yates from the end, one ``below`` draw per place."""
        self._fix_tail(items, 1)

    def _fix_tail(self, items: MutableSequence[T], stop: int) -> None:
        """``Chance._fix_tail``: places ``len - 1`` down to ``stop`` fixed by one ``below`` draw each,
        from the batch when none of its outputs would be rejected, else by ``Chance``'s own steps."""
        last = len(items) - 1
        count = last - stop + 1
        if count <= 0:
            return
        at, ahead = self._next, self._ahead
        if self._state != self._mark or at + count > len(ahead):
            ahead, at = self._fresh_batch(count), 0
        outputs = ahead[at:at + count]
        if last >= 511 or max(outputs) >= _SHUFFLE_SAFE[last + 1]:   # a draw may be rejected
            Chance._fix_tail(self, items, stop)
            return
        for i, z in zip(range(last, stop - 1, -1), outputs):
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]
        self._next = at + count
        self._state = self._mark = (self._state + count * _GOLDEN) & _MASK

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
        twin._ahead, twin._next, twin._mark = self._ahead, self._next, self._mark   # a batch is never changed
        return twin

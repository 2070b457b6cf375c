"""The search's inlined random stream draws exactly what ``Chance`` draws, method by method, and
leaves the stream at the same point (the bots' choices rest on it)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.agents.fast_chance import FastChance
from gameshelf.core.chance import _LIMITS, Chance


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 - 1, 123456789])
def test_every_method_matches_chance_and_leaves_the_same_position(seed):
    fast, plain = FastChance(seed), Chance(seed)
    for n in (1, 2, 3, 5, 17, 100, 511, 512, 1000, 2**40 + 3, *[2**63 + 1] * 8):  # the last rejects half its draws
        assert fast.below(n) == plain.below(n)
        assert fast.position == plain.position
    for size in (0, 1, 2, 4, 9, 60, 600):
        items = list(range(size))
        a, b = items[:], items[:]
        fast.shuffle(a)
        plain.shuffle(b)
        assert a == b and fast.position == plain.position
        assert fast.sample(items, 4) == plain.sample(items, 4)
        if items:
            assert fast.choice(items) == plain.choice(items)
        assert fast.next64() == plain.next64() and fast.random() == plain.random()
    twin = fast.copy()
    assert type(twin) is FastChance and twin.position == fast.position and twin.below(9) == fast.below(9)


def test_the_rejection_bound_is_chance_s():
    """below(n) rejects draws at or above the largest multiple of n under 2**64 (no modulo bias)."""
    for n in (1, 3, 6, 255, 511):
        assert _LIMITS[n] == (1 << 64) - ((1 << 64) % n)
        assert _LIMITS[n] % n == 0 and (1 << 64) - _LIMITS[n] < n
    assert len(_LIMITS) == 512


def test_a_bad_bound_is_refused_like_chance():
    with pytest.raises(ValueError):
        FastChance(1).below(0)


def _plain_sample_few(chance: Chance, items: list, k: int) -> list:
    """A Fisher-Yates shuffle from the end (as ``Chance.shuffle``) stopped once ``k`` places are fixed."""
    pool, n = list(items), len(items)
    for i in range(n - 1, max(n - k, 1) - 1, -1):
        j = chance.below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[max(n - k, 0):]


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), size=st.integers(0, 600), k=st.integers(1, 700))
def test_sample_few_is_a_shuffle_stopped_after_k_places(seed, size, k):
    items = list(range(size))
    fast, plain, whole = FastChance(seed), Chance(seed), Chance(seed)
    few = fast.sample_few(items, k)
    assert few == _plain_sample_few(plain, items, k) and fast.position == plain.position
    assert len(few) == min(k, size) and len(set(few)) == len(few) and set(few) <= set(items)
    shuffled = items[:]
    whole.shuffle(shuffled)  # the places fixed first are the same as the whole shuffle's
    assert few == shuffled[len(shuffled) - len(few):]
    assert items == list(range(size))  # the argument is left alone


def test_sample_few_draws_uniform_subsets():
    """Every pair of 4 items comes out about equally often (6 pairs, 6,000 draws)."""
    chance, counts = FastChance(11), {}
    for _ in range(6000):
        pair = frozenset(chance.sample_few("abcd", 2))
        counts[pair] = counts.get(pair, 0) + 1
    assert len(counts) == 6 and all(850 < n < 1150 for n in counts.values())

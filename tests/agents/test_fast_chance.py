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


_STEPS = st.lists(st.tuples(st.sampled_from(["below", "choice", "shuffle", "few", "next64", "random", "copy",
                                             "outside", "sample"]),
                            st.integers(1, 700)), max_size=60)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), steps=_STEPS)
def test_draws_from_the_batch_are_chance_s_in_any_order(seed, steps):
    """FastChance draws from a batch of its next outputs (BATCH at a time, more for a long shuffle):
    any sequence of draws, across batch ends, after a copy, or after ``Chance``'s own code moved the
    position ("outside": the packed shuffle of core.chance), gives Chance's numbers and position."""
    fast, plain = FastChance(seed), Chance(seed)
    for kind, size in steps:
        items = list(range(size))
        if kind == "below":
            assert fast.below(size) == plain.below(size)
        elif kind == "choice":
            assert fast.choice(items) == plain.choice(items)
        elif kind in ("shuffle", "outside"):
            a, b = items[:], items[:]
            (Chance.shuffle(fast, a) if kind == "outside" else fast.shuffle(a))
            plain.shuffle(b)
            assert a == b
        elif kind == "few":
            k = 1 + size % 7
            assert fast.sample_few(items, k) == _plain_sample_few(plain, items, k)
        elif kind == "next64":
            assert fast.next64() == plain.next64()
        elif kind == "random":
            assert fast.random() == plain.random()
        elif kind == "sample":
            assert fast.sample(items, 3) == plain.sample(items, 3)
        else:
            twin = fast.copy()
            assert twin.below(size) == plain.copy().below(size)   # the twin draws on its own
        assert fast.position == plain.position


def _seed_whose_next_output_is(output: int) -> int:
    """The seed whose first generator output is ``output`` (SplitMix64's mix undone step by step)."""
    mask = (1 << 64) - 1

    def unshift(z: int, shift: int) -> int:
        x = z
        for _ in range(64 // shift + 1):
            x = z ^ (x >> shift)
        return x & mask

    z = unshift(output, 31)
    z = unshift(z * pow(0x94D049BB133111EB, -1, 1 << 64) & mask, 27)
    z = unshift(z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & mask, 30)
    return (z - 0x9E3779B97F4A7C15) & mask


def test_a_rejected_draw_in_a_batch_is_drawn_as_chance_draws_it():
    """A draw at or above the rejection bound is skipped (below), and a batch holding one is not used
    for a shuffle or a sample: the same numbers and position as Chance."""
    seed = _seed_whose_next_output_is((1 << 64) - 1)    # above every bound but a power of two's
    assert Chance(seed).next64() == (1 << 64) - 1
    fast, plain = FastChance(seed), Chance(seed)
    assert fast.below(3) == plain.below(3) and fast.position == plain.position
    for size in (5, 70, 511, 700):
        fast, plain = FastChance(seed), Chance(seed)
        a, b = list(range(size)), list(range(size))
        fast.shuffle(a)
        plain.shuffle(b)
        assert a == b and fast.position == plain.position
        fast, plain = FastChance(seed), Chance(seed)
        assert fast.sample_few(a, 4) == _plain_sample_few(plain, a, 4) and fast.position == plain.position

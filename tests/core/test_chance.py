"""Seeded chance: deterministic, copyable, uniform enough, and independent forks."""

from collections import Counter

import pytest

from gameshelf.core import Chance, derive_seed


def test_same_seed_gives_the_same_stream():
    a, b = Chance(42), Chance(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]


def test_known_first_values_pin_the_generator_across_platforms():
    """SplitMix64 reference values for seed 0 (replays depend on them never changing)."""
    chance = Chance(0)
    assert chance.next64() == 0xE220A8397B1DCDAF
    assert chance.next64() == 0x6E789E6AA1B965F4


def test_copy_continues_identically_and_independently():
    chance = Chance(7)
    chance.next64()
    twin = chance.copy()
    assert twin.next64() == chance.next64()
    twin.next64()
    assert twin.position != chance.position


def test_below_stays_in_range_and_covers_it():
    chance = Chance(3)
    counts = Counter(chance.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert min(counts.values()) > 800


def test_shuffle_is_a_permutation_and_depends_on_the_seed():
    items = list(range(20))
    a, b = list(items), list(items)
    Chance(1).shuffle(a)
    Chance(2).shuffle(b)
    assert sorted(a) == items and a != b


def test_fork_does_not_move_the_parent_stream():
    chance = Chance(9)
    before = chance.position
    chance.fork("x").next64()
    assert chance.position == before


def test_derive_seed_is_stable_and_separates_parts():
    assert derive_seed(1, 2) == derive_seed(1, 2)
    assert derive_seed(1, 2) != derive_seed(12)
    assert 0 <= derive_seed("a") < 2**63


def _plain_below(chance, n):
    """below() as the rejection rule defines it, one next64() per draw."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = chance.next64()
        if x < limit:
            return x % n


def test_below_and_shuffle_draw_the_numbers_of_the_plain_rule():
    """below and shuffle run the generator inline: the same numbers and the same stream position
    as one next64() per draw, for small bounds, large ones (no table) and ones that reject often."""
    for n in (1, 2, 5, 75, 511, 512, 10**6, (1 << 63) + 1, (1 << 64) - 1):
        fast, plain = Chance(n), Chance(n)
        assert [fast.below(n) for _ in range(50)] == [_plain_below(plain, n) for _ in range(50)]
        assert fast.position == plain.position
    for length in (0, 1, 2, 9, 75, 600):
        fast, plain = Chance(length + 11), Chance(length + 11)
        shuffled, expected = list(range(length)), list(range(length))
        fast.shuffle(shuffled)
        for i in range(length - 1, 0, -1):
            j = _plain_below(plain, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert shuffled == expected and fast.position == plain.position


def _state_before(output):
    """The generator state whose next draw gives ``output`` (SplitMix64's mix inverted)."""
    mask = (1 << 64) - 1

    def unshift(z, k):
        x = z
        for _ in range(64 // k + 1):
            x = z ^ (x >> k)
        return x

    x = unshift(output, 31) * pow(0x94D049BB133111EB, -1, 1 << 64) & mask
    x = unshift(x, 27) * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & mask
    return (unshift(x, 30) - 0x9E3779B97F4A7C15) & mask


def test_a_shuffle_whose_draw_is_rejected_still_draws_the_plain_numbers():
    """Shuffles take their numbers in one packed run; a number below() would reject (here the
    largest, drawn for n = 17 in a shuffle of 20) must still be skipped as below() skips it."""
    top = (1 << 64) - 1
    start = (_state_before(top) - 3 * 0x9E3779B97F4A7C15) & top  # the fourth draw gives `top`
    probe = Chance(start)
    assert [probe.next64() for _ in range(4)][-1] == top
    fast, plain = Chance(start), Chance(start)
    shuffled, expected = list(range(20)), list(range(20))
    fast.shuffle(shuffled)
    for i in range(19, 0, -1):
        j = _plain_below(plain, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffled == expected and fast.position == plain.position
    assert plain.position == (start + 20 * 0x9E3779B97F4A7C15) & top  # 19 numbers and one rejected


def test_choice_is_the_item_at_below_of_the_length():
    items = list("abcdefg")
    fast, plain = Chance(5), Chance(5)
    assert [fast.choice(items) for _ in range(40)] == [items[_plain_below(plain, 7)] for _ in range(40)]
    assert fast.position == plain.position
    with pytest.raises(ValueError):
        fast.choice([])


def _reference_shuffle(chance, items):
    """The shuffle as first written: Fisher-Yates from the end, one plain below() per place."""
    for i in range(len(items) - 1, 0, -1):
        j = _plain_below(chance, i + 1)
        items[i], items[j] = items[j], items[i]


def test_shuffle_gives_the_reference_permutation_for_many_seeds_and_lengths():
    """Seeded games, records and replays depend on every shuffle's permutation never changing:
    each way shuffle takes its numbers (lane by lane for short lists, as a list for longer ones,
    one by one past 511) gives the reference's permutation and leaves the stream where it does."""
    for length in (*range(0, 40), 74, 75, 200, 511, 512, 600):
        for seed in range(60 if length < 40 else 6):
            start = derive_seed("shuffle", length, seed)
            fast, plain = Chance(start), Chance(start)
            shuffled, expected = list(range(length)), list(range(length))
            fast.shuffle(shuffled)
            _reference_shuffle(plain, expected)
            assert shuffled == expected and fast.position == plain.position, (length, seed)


def test_a_short_shuffle_whose_draw_could_be_rejected_draws_the_reference_numbers():
    """A short shuffle reads its numbers lane by lane; at a number below() might reject, it draws
    the remaining places one by one. At every place of a 6-card and a 12-card shuffle: the largest
    number (rejected) and one just under the bound that is kept."""
    top = (1 << 64) - 1
    for length in (6, 12):
        for draw in range(length - 1):
            for output in (top, (1 << 64) - ((1 << 64) % (length - draw)) - 1):
                start = (_state_before(output) - draw * 0x9E3779B97F4A7C15) & top
                fast, plain = Chance(start), Chance(start)
                shuffled, expected = list(range(length)), list(range(length))
                fast.shuffle(shuffled)
                _reference_shuffle(plain, expected)
                assert shuffled == expected and fast.position == plain.position, (length, draw, output)

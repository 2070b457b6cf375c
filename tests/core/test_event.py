"""Event: an immutable record of something that happened, behaving like the frozen dataclass it was.

The hand-written class (``__slots__``, for speed) is pinned here against that dataclass, kept below
as the reference: same constructor, defaults, equality, hash, repr, immutability and pickling.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any, Mapping

import pytest

from gameshelf.core import Event


@dataclasses.dataclass(frozen=True)
class DataclassEvent:
    """The definition Event replaced, the reference for its behaviour."""

    key: str
    args: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    audience: frozenset[int] | None = None
    hidden_from: frozenset[int] = frozenset()


SAMPLES = [
    ("draw",),
    ("draw", {"seat": 1, "count": 2}),
    ("draw_private", {"seat": 1, "ids": [4, 7]}, frozenset({1})),
    ("draw_public", {"seat": 1}, None, frozenset({1})),
]


def test_defaults_are_an_empty_mapping_everyone_and_no_one_hidden():
    event = Event("round_end")
    assert (event.key, event.args, event.audience, event.hidden_from) == ("round_end", {}, None, frozenset())


def test_each_event_has_its_own_default_args():
    assert Event("a").args is not Event("b").args


def test_keywords_and_positionals_build_the_same_event():
    by_position = Event("draw", {"seat": 0}, frozenset({0}), frozenset({1}))
    by_keyword = Event(key="draw", hidden_from=frozenset({1}), audience=frozenset({0}), args={"seat": 0})
    assert by_position == by_keyword


def test_args_given_are_kept_as_given():
    args = {"seat": 3}
    assert Event("x", args).args is args
    assert Event("x", None).args is None  # as the dataclass did: only an omitted args is defaulted


@pytest.mark.parametrize("fields", SAMPLES)
def test_equality_and_repr_match_the_dataclass(fields):
    event, reference = Event(*fields), DataclassEvent(*fields)
    assert repr(event) == repr(reference).replace("DataclassEvent(", "Event(")
    assert event == Event(*copy.deepcopy(fields))
    assert event != reference  # another class is never equal, as between dataclasses


def test_events_differing_in_any_field_are_unequal():
    base = Event("draw", {"seat": 1}, frozenset({1}), frozenset())
    assert base != Event("drew", {"seat": 1}, frozenset({1}), frozenset())
    assert base != Event("draw", {"seat": 2}, frozenset({1}), frozenset())
    assert base != Event("draw", {"seat": 1}, None, frozenset())
    assert base != Event("draw", {"seat": 1}, frozenset({1}), frozenset({0}))
    assert base != ("draw", {"seat": 1}, frozenset({1}), frozenset())


def test_hash_is_over_the_fields_and_fails_on_dict_args_like_the_dataclass():
    with pytest.raises(TypeError):
        hash(DataclassEvent("draw", {"seat": 1}))
    with pytest.raises(TypeError):
        hash(Event("draw", {"seat": 1}))
    args = Frozen(seat=1)
    assert hash(Event("draw", args, frozenset({1}))) == hash(DataclassEvent("draw", args, frozenset({1})))
    assert len({Event("draw", args), Event("draw", Frozen(seat=1)), Event("drew", args)}) == 2


class Frozen(dict):
    """A hashable mapping, to show events with hashable args hash by their fields."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))


@pytest.mark.parametrize("name", ["key", "args", "audience", "hidden_from", "other"])
def test_fields_cannot_be_set_or_deleted(name):
    event = Event("draw", {"seat": 1})
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(event, name, None)
    with pytest.raises(AttributeError):
        delattr(event, name)
    assert event == Event("draw", {"seat": 1})


@pytest.mark.parametrize("fields", SAMPLES)
def test_pickle_copy_and_deepcopy_round_trip(fields):
    event = Event(*fields)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(event, protocol)) == event
    assert copy.copy(event) == event
    deep = copy.deepcopy(event)
    assert deep == event and (not event.args or deep.args is not event.args)


def test_visibility_follows_audience_and_hidden_from():
    private = Event("draw_private", {"seat": 1}, audience=frozenset({1}))
    public = Event("draw_public", {"seat": 1}, hidden_from=frozenset({1}))
    assert [private.visible_to(seat) for seat in (None, 0, 1)] == [False, False, True]
    assert [public.visible_to(seat) for seat in (None, 0, 1)] == [True, True, False]
    assert Event("round_end").visible_to(None)


def test_to_json_gives_key_and_a_copy_of_args():
    args = {"seat": 1}
    data = Event("draw", args, audience=frozenset({1})).to_json()
    assert data == {"key": "draw", "args": {"seat": 1}} and data["args"] is not args


def test_pattern_matching_reads_the_fields_in_order():
    match Event("draw", {"seat": 2}):
        case Event(key, {"seat": seat}):
            assert (key, seat) == ("draw", 2)
        case _:
            pytest.fail("no match")

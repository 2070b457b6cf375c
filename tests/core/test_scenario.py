"""The scenario helper lays a snippet over a set-up position: mappings merge, index keys reach list items."""

from tests.scenario import merge


def test_mappings_merge_and_other_values_replace():
    assert merge({"a": {"b": 1, "c": 2}, "d": [1, 2]}, {"a": {"b": 5}, "d": [9]}) == {"a": {"b": 5, "c": 2}, "d": [9]}


def test_index_keys_merge_into_list_items_only():
    base = {"seats": [{"hand": [1], "score": 0}, {"hand": [2], "score": 3}]}
    out = merge(base, {"seats": {1: {"hand": [7]}}})
    assert out == {"seats": [{"hand": [1], "score": 0}, {"hand": [7], "score": 3}]}
    assert base["seats"][1]["hand"] == [2]


def test_an_index_past_the_end_replaces_instead():
    assert merge({"x": [1]}, {"x": {5: 2}}) == {"x": {5: 2}}

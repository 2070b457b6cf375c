"""The server's JSON text (gameshelf.server.jsontext): orjson's speed, the standard library's text."""

from __future__ import annotations

import json

from gameshelf.server import jsontext
from gameshelf.server.live import LiveMatch


def standard(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def test_a_seats_message_is_the_standard_librarys_text() -> None:
    live = LiveMatch("midnight_zoo", 2, {}, 7, ["Zoë", "李"])
    for seat in (0, 1, None):
        message = live.message(seat, "en", None)
        assert jsontext.dumps(message) == standard(message)
    assert live.encoded(0, "en", None) == standard(live.message(0, "en", None))


def test_non_ascii_text_is_kept_and_escapes_are_the_same() -> None:
    value = {"name": "Zoë 李 🦔", "quote": 'a "b" \\ \n\t\u0001', "n": [1, -2.5, True, None], "nested": {"x": []}}
    assert jsontext.dumps(value) == standard(value)
    assert "Zoë 李 🦔" in jsontext.dumps(value)


def test_values_orjson_refuses_are_written_by_the_standard_library() -> None:
    value = {1: "integer key", "big": 1 << 70}
    assert jsontext.dumps(value) == standard(value)


def test_without_orjson_the_standard_library_writes_the_same_text(monkeypatch) -> None:
    value = {"name": "Zoë", "n": [1, 2.5, None]}
    expected = jsontext.dumps(value)
    monkeypatch.setattr(jsontext, "orjson", None)
    assert jsontext.dumps(value) == expected == standard(value)

"""Issue 16, items 6 and 7: every bad record is one clear line and exit code 2; a record without a
hash is replayed but reported as not verified; record fields are checked strictly."""

from __future__ import annotations

import json

import pytest

from gameshelf.agents import make_agent
from gameshelf.cli.main import main
from gameshelf.core import BadRecord
from gameshelf.core.record import Record
from gameshelf.match import run_match
from tests.core.toygame import GAME as TOY


@pytest.fixture
def record_data(toy):
    return run_match(TOY, [make_agent("random", s) for s in range(2)], seed=3).record.to_json()


def replay_text(tmp_path, capsys, content: str | bytes):
    path = tmp_path / "record.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    code = main(["replay", str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _with(data, **fields):
    return json.dumps({**data, **fields})


BAD_RECORDS = [
    lambda d: "[" * 100_000 + "]" * 100_000,                     # RecursionError
    lambda d: '{"a":' * 50_000 + "1" + "}" * 50_000,
    lambda d: b"\xff\xfe{}",                                      # not UTF-8
    lambda d: _with(d).replace('"seed": 3', '"seed": Infinity'),  # OverflowError
    lambda d: _with(d).replace('"seed": 3', '"seed": NaN'),
    lambda d: _with(d, players=1e400),
    lambda d: _with(d, seed=1e400),
    lambda d: _with(d, options={"bonus": "²"}),
    lambda d: _with(d, seed="3"),                                 # item 7: strict fields
    lambda d: _with(d, seed=3 + 2**64),
    lambda d: _with(d, seed=-1),
    lambda d: _with(d, seed=True),
    lambda d: _with(d, seed=3.0),
    lambda d: _with(d, players=2.9),
    lambda d: _with(d, players=True),
    lambda d: _with(d, players=2**70),
    lambda d: _with(d, seats=["a"]),
    lambda d: _with(d, seats="ab"),
    lambda d: _with(d, seats=[1, 2]),
    lambda d: _with(d, actions="play 1"),
    lambda d: _with(d, actions=[1]),
    lambda d: _with(d, actions=["play ²"]),
    lambda d: _with(d, options=["bonus"]),
    lambda d: _with(d, options={"bonus": 1}),
    lambda d: _with(d, game=["toy"]),
    lambda d: _with(d, game="nosuchgame"),
    lambda d: _with(d, game="tests.core.toygame:GAME"),
    lambda d: _with(d, rules_version=1),
    lambda d: _with(d, final_hash="abc"),
    lambda d: _with(d, final_hash=1),
    lambda d: _with(d, final_hash="0" * 64),
    lambda d: '{"format": "gameshelf-record/1", "seed": ' + "9" * 5000 + "}",
    lambda d: "",
    lambda d: "null",
]


@pytest.mark.parametrize("make", BAD_RECORDS, ids=[f"case{i}" for i in range(len(BAD_RECORDS))])
def test_every_bad_record_is_one_line_and_exit_code_2(record_data, tmp_path, capsys, make):
    code, out, err = replay_text(tmp_path, capsys, make(record_data))
    assert code == 2, out
    assert len(err.strip().splitlines()) == 1 and "record.invalid" in err, err


@pytest.mark.parametrize("missing", [{"final_hash": None}, {"final_hash": ""}, {"final_hash": False}, "drop"],
                         ids=["null", "empty", "false", "missing"])
def test_a_record_without_a_hash_is_not_called_verified(record_data, tmp_path, capsys, missing):
    data = dict(record_data)
    if missing == "drop":
        del data["final_hash"]
    else:
        data.update(missing)
    code, out, _ = replay_text(tmp_path, capsys, json.dumps(data))
    assert code == 0
    assert out.startswith("not verified: the record has no hash") and "hash matches" not in out


def test_a_record_with_its_hash_is_verified(record_data, tmp_path, capsys):
    code, out, _ = replay_text(tmp_path, capsys, json.dumps(record_data))
    assert code == 0 and out.startswith("verified:")


def test_record_fields_are_strict_in_python_too(record_data):
    for field, value in [("seed", "3"), ("seed", 3 + 2**64), ("players", 2.9), ("seats", ["a", "b", "c"])]:
        with pytest.raises(BadRecord, match=field):
            Record.from_json({**record_data, field: value})

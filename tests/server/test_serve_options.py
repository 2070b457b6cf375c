"""``gameshelf serve --loop/--http``: uvloop and httptools when installed (auto), or the choice named."""

from __future__ import annotations

import argparse
import sys

import pytest

from gameshelf.cli import serve_cmd


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    serve_cmd.add_parser(parser.add_subparsers())
    return parser.parse_args(["serve", *argv])


def test_the_event_loop_and_http_parser_are_chosen_automatically_by_default() -> None:
    args = parse()
    assert (args.loop, args.http) == ("auto", "auto")
    args = parse("--loop", "asyncio", "--http", "h11")
    assert (args.loop, args.http) == ("asyncio", "h11")


def test_an_unknown_event_loop_is_refused_by_the_parser() -> None:
    with pytest.raises(SystemExit):
        parse("--loop", "trio")


@pytest.mark.parametrize("option, name", [("--loop", "uvloop"), ("--http", "httptools")])
def test_a_named_speedup_that_is_not_installed_is_refused_in_plain_words(monkeypatch, option, name) -> None:
    monkeypatch.setitem(sys.modules, name, None)  # importing it now raises ImportError
    with pytest.raises(SystemExit, match=f"{option} {name} needs the package {name}"):
        serve_cmd._check_speedups(parse(option, name))


def test_auto_and_the_standard_choices_need_nothing_more(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)
    monkeypatch.setitem(sys.modules, "httptools", None)
    serve_cmd._check_speedups(parse())
    serve_cmd._check_speedups(parse("--loop", "asyncio", "--http", "h11"))

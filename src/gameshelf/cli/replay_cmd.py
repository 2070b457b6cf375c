"""``gameshelf replay FILE``: re-simulate a saved record, verify it, print its summary line."""

from __future__ import annotations

import argparse
import json

from gameshelf.core.errors import BadRecord, GameError
from gameshelf.core.record import Record, replay
from gameshelf.games import get_game
from gameshelf.match import summarize


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("replay", help="re-simulate and verify a saved match record")
    parser.add_argument("file", help="a record written by `simulate --save-logs` or `play --save`")
    return parser


def run(args: argparse.Namespace) -> int:
    """Every bad record (unreadable, not JSON, a field of the wrong type or range, an action that
    does not replay, a hash that does not match) is one BadRecord line and exit code 2."""
    record = Record.load(args.file)
    try:
        game = get_game(record.game)
    except GameError as exc:
        raise BadRecord(f"the record's game: {exc}") from None
    state = replay(game, record)
    outcome = game.outcome(state)
    if outcome is None:
        raise BadRecord(f"the record ends after {len(record.actions)} actions, before the game is over")
    if record.verifiable:
        print(f"verified: {len(record.actions)} actions replayed, final state hash matches")
    else:
        print(f"not verified: the record has no hash ({len(record.actions)} actions replayed)")
    print(json.dumps(summarize(record, outcome, game.state_hash(state)), ensure_ascii=False))
    return 0

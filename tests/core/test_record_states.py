"""One iterator over a record's states: every replay (the record check, analysis, the web replay,
the terminal's resume and undo, the server's live match) walks a record through it."""

import pytest

from gameshelf.agents import make_agent
from gameshelf.core import BadRecord
from gameshelf.core.record import record_states, replay
from gameshelf.match import InteractiveMatch, run_match
from tests.core.toygame import GAME


class Watcher:
    """An agent that notes the seat that acts before each of its choices."""

    def __init__(self, seat: int, seen: list) -> None:
        self.agent, self.seat, self.seen = make_agent("random", seat), seat, seen

    def choose(self, game, view, legal):
        self.seen.append(self.seat)
        return self.agent.choose(game, view, legal)


def played():
    seats, events = [], []
    result = run_match(GAME, [Watcher(s, seats) for s in range(2)], seed=5, on_event=events.append)
    return result.record, seats, events


def test_the_steps_are_the_game_as_it_was_played():
    record, seats, events = played()
    steps = [(step.ply, step.action, step.seat, list(step.events), GAME.state_hash(step.state))
             for step in record_states(GAME, record)]
    assert [ply for ply, *_ in steps] == list(range(len(record.actions) + 1))
    assert steps[0][1:4] == (None, None, [])
    assert [str(action) for _, action, *_ in steps[1:]] == record.actions
    assert [seat for _, _, seat, *_ in steps[1:]] == seats
    assert [event for _, _, _, happened, _ in steps for event in happened] == events
    assert steps[-1][-1] == record.final_hash == GAME.state_hash(replay(GAME, record))


def test_a_wrong_hash_is_reported_after_the_last_state():
    record, _, _ = played()
    record.final_hash = "0" * 64
    seen = []
    with pytest.raises(BadRecord, match="hash"):
        for step in record_states(GAME, record):
            seen.append(step.ply)
    assert seen == list(range(len(record.actions) + 1))
    assert len(list(record_states(GAME, record, verify=False))) == len(record.actions) + 1


def test_an_action_that_does_not_replay_is_named_with_its_ply():
    record, _, _ = played()
    record.actions[2] = "play 99"
    with pytest.raises(BadRecord, match="action 3"):
        list(record_states(GAME, record))


def test_an_interactive_match_rebuilt_from_actions_is_the_one_played_action_by_action():
    record, _, _ = played()
    stepped = InteractiveMatch(GAME, 2, seed=record.seed, options=record.options, seat_names=record.seats)
    for notation in record.actions:
        stepped.submit(stepped.to_act(), notation)
    rebuilt = InteractiveMatch(GAME, 2, seed=record.seed, options=record.options, seat_names=record.seats,
                               actions=record.actions)
    assert rebuilt.record == stepped.record == record
    assert rebuilt.log == stepped.log and rebuilt.starts == stepped.starts
    assert [rebuilt.log_index(n) for n in range(len(record.actions) + 2)] == \
        [stepped.log_index(n) for n in range(len(record.actions) + 2)]
    assert rebuilt.log_index(len(record.actions)) == len(rebuilt.log)
    for seat in (None, 0, 1):
        assert rebuilt.log_for(seat) == stepped.log_for(seat)

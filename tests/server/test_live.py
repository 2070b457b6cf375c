"""The server's live match is the one interactive match (gameshelf.match) rebuilt from the stored
rows: an undo row drops the action it names, and each seat reads the log from a state id on."""

import random

from gameshelf.games import get_game
from gameshelf.match import InteractiveMatch
from gameshelf.server.live import LiveMatch, Row

GAME_ID, PLAYERS, SEED = "midnight_zoo", 2, 11


def rows_with_an_undo(count: int) -> tuple[list[Row], list[str]]:
    """Rows as the store keeps them: ``count`` random actions, one more taken back by an undo row,
    then two more; and the actions in effect."""
    chooser, game = random.Random(3), get_game(GAME_ID)
    match = InteractiveMatch(game, PLAYERS, seed=SEED)
    rows: list[Row] = []

    def act() -> None:
        seat, action = match.to_act(), chooser.choice(match.legal_for(match.to_act()))
        rows.append(Row(len(rows), seat, "act", False, str(action)))
        match.submit(seat, action)

    for _ in range(count):
        act()
    seat = match.to_act()
    taken_back = str(chooser.choice(match.legal_for(seat)))
    rows += [Row(len(rows), seat, "act", False, taken_back), Row(len(rows) + 1, seat, "undo", False, taken_back)]
    act()
    act()
    return rows, list(match.record.actions)


def test_the_live_match_replays_the_rows_in_effect_into_an_interactive_match():
    rows, in_effect = rows_with_an_undo(12)
    live = LiveMatch(GAME_ID, PLAYERS, {}, SEED, ["Ann", "Bob"], rows)
    assert isinstance(live.match, InteractiveMatch)
    assert live.state_id == len(rows) == 16 and live.last_undo == 14 and len(in_effect) == 14
    assert [state_id for state_id, _ in live.effective] == [*range(1, 13), 15, 16]
    assert live.effective_actions() == live.match.record.actions == in_effect
    again = InteractiveMatch(get_game(GAME_ID), PLAYERS, seed=SEED, actions=in_effect)
    assert live.game.state_hash(live.state) == again.game.state_hash(again.state)
    for after in (12, 13, 14):  # the taken-back action's state ids: only the two actions since follow
        tail = [e for e in again.log[again.log_index(12):] if e.visible_to(0)]
        assert live.log(0, "en", after)[1] == [live.game.describe(e, ["Ann", "Bob"], "en") for e in tail]


def test_each_seat_reads_the_events_after_a_state_id_it_may_see():
    rows = rows_with_an_undo(14)[0][:14]
    live = LiveMatch(GAME_ID, PLAYERS, {}, SEED, ["Ann", "Bob"], rows)
    game, events = live.game, []  # (state id, event), rebuilt one action at a time
    match = InteractiveMatch(game, PLAYERS, seed=SEED, seat_names=["Ann", "Bob"])
    for state_id, row in enumerate(rows, 1):
        events += [(state_id, event) for event in match.submit(row.seat, row.notation)]
    for seat in (None, 0, 1):
        for after in range(len(rows) + 1):
            visible = [(sid, e) for sid, e in events if e.visible_to(seat)]
            start = sum(1 for sid, _ in visible if sid <= after)
            sentences = [game.describe(e, ["Ann", "Bob"], "en") for sid, e in visible if sid > after]
            assert live.log(seat, "en", after) == (start, sentences)

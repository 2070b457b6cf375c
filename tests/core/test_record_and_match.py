"""Records replay exactly; bad records are refused with a clear reason; interactive matches check
seat, legality and state id, and redact the log per seat."""

import json

import pytest

from gameshelf.agents import make_agent, split_agent_list
from gameshelf.core import BadOption, BadRecord, IllegalAction, NotYourTurn
from gameshelf.core.record import Record, replay
from gameshelf.match import InteractiveMatch, run_match
from tests.core.toygame import GAME


def played_record():
    agents = [make_agent("random", s) for s in range(2)]
    return run_match(GAME, agents, seed=3).record


def test_record_round_trips_through_json(tmp_path):
    record = played_record()
    record.save(tmp_path / "r.json")
    loaded = Record.load(tmp_path / "r.json")
    assert loaded == record
    assert GAME.state_hash(replay(GAME, loaded)) == record.final_hash


def test_tampered_action_is_reported_with_its_ply():
    record = played_record()
    record.actions[3] = "play 99"
    with pytest.raises(BadRecord, match="action 4"):
        replay(GAME, record)


def test_tampered_hash_is_reported():
    record = played_record()
    record.final_hash = "0" * 64
    with pytest.raises(BadRecord, match="hash"):
        replay(GAME, record)


@pytest.mark.parametrize("text", ["", "[]", '{"format": "other"}', '{"format": "gameshelf-record/1"}'])
def test_malformed_records_are_refused(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(BadRecord):
        Record.load(path)


def test_missing_file_is_a_bad_record(tmp_path):
    with pytest.raises(BadRecord, match="cannot read"):
        Record.load(tmp_path / "nope.json")


def test_setup_validates_player_count_and_options():
    with pytest.raises(BadOption, match="2, 3"):
        GAME.setup(5)
    with pytest.raises(BadOption):
        GAME.setup(2, {"bonus": "maybe"})


def test_interactive_match_checks_seat_state_id_and_legality():
    match = InteractiveMatch(GAME, 2, seed=1, seat_names=["Aki", "Ben"])
    seat = match.to_act()
    action = match.legal_for(seat)[0]
    with pytest.raises(NotYourTurn):
        match.submit(1 - seat, action)
    with pytest.raises(IllegalAction, match="stale"):
        match.submit(seat, action, state_id=5)
    with pytest.raises(IllegalAction):
        match.submit(seat, "play 99")
    assert match.state_id == 0
    match.submit(seat, str(action), state_id=0)
    assert match.state_id == 1 and match.record.actions == [str(action)]


def test_log_hides_a_private_draw_from_other_seats():
    match = InteractiveMatch(GAME, 2, seed=1, seat_names=["Aki", "Ben"])
    match.submit(0, match.legal_for(0)[0])
    drawn = match.state.hands[0][-1]
    assert f"Aki draws {drawn}" in match.log_for(0)
    assert "Aki draws a card" in match.log_for(1)
    assert not any(f"draws {drawn}" in line for line in match.log_for(1))
    assert not any(f"draws {drawn}" in line for line in match.log_for(None))
    assert "Aki draws a card" in match.log_for(None), "spectators read the redacted twin"
    assert "Aki draws a card" not in match.log_for(0), "the drawer reads only the full event"


def test_log_is_japanese_when_asked():
    match = InteractiveMatch(GAME, 2, seed=1, seat_names=["アキ", "ベン"])
    match.submit(0, match.legal_for(0)[0])
    assert match.log_for(1, "ja")[-1] == "アキはカードを引く"


def test_each_event_is_described_once_a_language_for_every_reader(monkeypatch):
    """The log's sentences are built once per event and language and shared by the seats that may
    read them (a server sends every seat its log each move); the texts are those described afresh."""
    match = InteractiveMatch(GAME, 3, seed=1, seat_names=["Aki", "Ben", "Cai"])
    for _ in range(4):
        match.submit(match.to_act(), match.legal_for(match.to_act())[0])
    fresh = {(seat, lang): [GAME.describe(e, match.record.seats, lang) for e in match.log if e.visible_to(seat)]
             for seat in (0, 1, 2, None) for lang in ("en", "ja")}
    calls = []
    describe = GAME.describe
    monkeypatch.setattr(GAME, "describe", lambda event, names, lang="en": calls.append(lang) or describe(event, names, lang))
    for (seat, lang), sentences in fresh.items():
        assert match.log_for(seat, lang) == sentences
        assert match.log_for(seat, lang, 2) == [GAME.describe(e, match.record.seats, lang)
                                               for e in match.log[2:] if e.visible_to(seat)]
    calls.clear()
    for seat in (0, 1, 2, None):
        match.log_for(seat, "en")
    assert calls == [], "every sentence was described already"
    match.submit(match.to_act(), match.legal_for(match.to_act())[0])
    new = len(match.log) - match.log_index(len(match.record.actions) - 1)
    for seat in (0, 1, 2, None):
        match.log_for(seat, "en", match.log_index(len(match.record.actions) - 1))
    assert len(calls) <= new, "the new events, once each"


def test_views_are_json():
    match = InteractiveMatch(GAME, 3, seed=2)
    json.dumps(match.view(None))
    assert match.view(1)["hand"] is not None and match.view(None)["hand"] is None


def test_agent_list_keeps_parameters_with_their_agent():
    assert split_agent_list("random, random") == ["random", "random"]
    with pytest.raises(BadOption, match="unknown agent"):
        split_agent_list("nobody")

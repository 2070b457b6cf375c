"""The message path's short cuts (issue 31): an action message checked without pydantic only when
pydantic would take it as it is, and menu entries and other seats' prompts built once per game and
match (server/live.py), equal to those built afresh; a game played through them keeps the order of
updates and each seat's own view."""

from __future__ import annotations

import pytest

from gameshelf.core.game import Event
from gameshelf.server.i18n import ServerError
from gameshelf.server.live import LiveMatch, Row, menu_entry
from gameshelf.server.ws import MESSAGES, ActMsg, parse

from .conftest import Client, play_out, two_player_table


def test_an_action_skips_pydantic_only_when_pydantic_would_take_it_as_it_is() -> None:
    assert parse('{"action":"d 3","state_id":4}') == ActMsg(action="d 3", state_id=4)
    for text in ('{"action":"","state_id":4}', '{"action":"x","state_id":-1}', '{"action":"x","state_id":true}',
                 '{"action":"x","state_id":1.0}', '{"action":"\\ud800","state_id":1}',
                 '{"action":"%s","state_id":1}' % ("x" * 257), '{"action":7,"state_id":1}'):
        with pytest.raises(ServerError):
            parse(text)
    assert parse('{"action":"é","state_id":2}') == ActMsg(action="é", state_id=2)
    assert isinstance(parse('{"type":"ping"}'), MESSAGES["ping"])


def test_menu_entries_and_prompts_are_those_built_afresh() -> None:
    live = LiveMatch("midnight_zoo", 2, {}, 11, ["Ann", "Bob"])
    for _ in range(40):
        seat = live.to_act()
        if seat is None:
            break
        for lang in ("en", "ja"):
            actions = live.match.legal_for(seat)
            assert live.legal(seat, lang) == [{"action": str(a), "label": live.game.action_label(a, lang)}
                                              for a in actions]
            assert [menu_entry(live.game, a, lang) for a in actions] == live.legal(seat, lang)
            other = live.decision(1 - seat, lang)
            assert other["targets"] == {} and other["seat"] == seat
            assert other["prompt"] == live.game.describe(Event("decision.turn", {"seat": seat}), live.names, lang)
        live.apply(Row(live.state_id, seat, "act", False, str(live.match.legal_for(seat)[0])))


def test_a_game_played_through_the_short_cuts(server) -> None:
    table_id, ann, bob = two_player_table(server.http)
    clients = {0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}
    watcher = Client(server.base, table_id)
    final = play_out(clients, [watcher], seed=3)
    assert final["over"]
    for client in [*clients.values(), watcher]:  # every update follows the one before it
        states = [m for m in client.messages if m["type"] in ("snapshot", "update")]
        assert states[0]["type"] == "snapshot"
        for before, after in zip(states, states[1:]):
            assert after["type"] == "update" and after["prev_state_id"] == before["state_id"]
        assert not client.errors()
    # each seat saw only its own view: the other seat's prompt is the generic one, and no legal moves
    for seat, client in clients.items():
        for message in client.messages:
            if message["type"] == "update" and message["decision"] and message["decision"]["seat"] != seat:
                assert message["legal"] == [] and message["decision"]["targets"] == {}
    for client in [*clients.values(), watcher]:
        client.close()

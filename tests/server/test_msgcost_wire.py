"""The WebSocket protocol's short cuts (server/ws_handshake.py) under ``gameshelf serve``'s protocol class:
a table connection's messages written straight to the socket, a client's whole text frame read without
the frame parser, and everything else (fragments, split frames, control frames) still through the
parser, in order; the menu entries and public prompts built once (server/live.py)."""

from __future__ import annotations

import json
import time

import pytest
from websockets.frames import Frame, Opcode

from gameshelf.core.game import Event
from gameshelf.server import ws_handshake
from gameshelf.server.i18n import ServerError
from gameshelf.server.live import LiveMatch, Row, menu_entry
from gameshelf.server.ws import MESSAGES, ActMsg, parse

from .conftest import Client, Server, fast_settings, play_out, two_player_table


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_text_frame_is_the_frame_websockets_writes(size: int) -> None:
    data = ("é" * size).encode()[:size]
    assert ws_handshake.text_frame(data) == Frame(Opcode.TEXT, data).serialize(mask=False)


def test_whole_frames_knows_where_a_chunk_ends() -> None:
    frames = [Frame(Opcode.TEXT, b"x" * n).serialize(mask=True) for n in (3, 200, 70000)]
    frames.append(Frame(Opcode.PONG, b"ab").serialize(mask=True))
    joined = b"".join(frames)
    assert ws_handshake.whole_frames(joined)
    assert ws_handshake.whole_frames(frames[1])
    assert ws_handshake.whole_frames(b"")
    for cut in (1, 2, 5, len(frames[0]) + 1, len(frames[0]) + 3, len(joined) - 1):
        assert not ws_handshake.whole_frames(joined[:cut])


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


@pytest.fixture
def wire_server(db_url):
    srv = Server(fast_settings(db_url), ws=ws_handshake.PROTOCOL, ws_per_message_deflate=False)
    yield srv
    srv.stop()


def test_a_game_played_through_the_short_cuts(wire_server, monkeypatch) -> None:
    used = {"in": 0, "out": 0}
    one_frame, send_now = ws_handshake.WebSocketProtocol._one_text_frame, ws_handshake.WebSocketProtocol.send_text_now

    def counted_frame(self, data):
        text = one_frame(self, data)
        used["in"] += text is not None
        return text

    def counted_send(self, text):
        done = send_now(self, text)
        used["out"] += done
        return done

    monkeypatch.setattr(ws_handshake.WebSocketProtocol, "_one_text_frame", counted_frame)
    monkeypatch.setattr(ws_handshake.WebSocketProtocol, "send_text_now", counted_send)
    table_id, ann, bob = two_player_table(wire_server.http)
    clients = {0: Client(wire_server.base, table_id, ann), 1: Client(wire_server.base, table_id, bob)}
    watcher = Client(wire_server.base, table_id)
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
    assert used["in"] >= final["state_id"] // 2 and used["out"] >= final["state_id"]
    for client in [*clients.values(), watcher]:
        client.close()


def test_split_fragmented_and_control_frames_still_go_through_the_parser(wire_server) -> None:
    table_id, ann, _ = two_player_table(wire_server.http)
    client = Client(wire_server.base, table_id, ann)
    client.state(0)

    def pong() -> dict:
        return client.until(lambda m: m["type"] == "pong", timeout=20)

    client.ws.send(['{"type":', '"ping"}'])  # one message in two fragments
    assert pong()["state_id"] == 0
    client.ws.ping()  # a control frame between messages
    client.send({"type": "ping"})
    assert pong()["state_id"] == 0
    frame = Frame(Opcode.TEXT, b'{"type":"ping"}').serialize(mask=True)
    client.ws.socket.sendall(frame[:3])  # a frame split across two chunks: the parser joins them
    time.sleep(0.1)
    client.ws.socket.sendall(frame[3:])
    assert pong()["state_id"] == 0
    client.send({"type": "ping"})  # and the connection goes on (through the parser now)
    assert pong()["state_id"] == 0
    client.send(json.dumps({"action": "nonsense", "state_id": 0}))
    assert client.until(lambda m: m["type"] == "error", timeout=20)["code"].startswith("action")
    client.close()

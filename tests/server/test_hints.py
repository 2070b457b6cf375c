"""The hint (the normal bot's three best actions for the seat that decides, from its own view) and
the undo status (may the seat take its last action back, and if not why), on SQLite and PostgreSQL."""

from __future__ import annotations

import random

from gameshelf.analysis import hints
from gameshelf.core.chance import derive_seed
from gameshelf.games import get_game
from gameshelf.server.hints import undo_reason
from gameshelf.server.live import LiveMatch, Row
from gameshelf.server.store import Seat
from tests.server.conftest import GAME, Client, auth, guest, new_table, play_out, two_player_table

BOT = {"kind": "bot", "level": "random"}


def _hint(server, table_id: str, token: str | None, **params):
    return server.http.get(f"/api/tables/{table_id}/hint", params=params, headers=auth(token) if token else {})


def _my_decision(client: Client, seat: int) -> dict:
    """The first state at which ``seat`` decides (the bots play until then)."""
    return client.until(lambda m: m["type"] in ("snapshot", "update") and not m["over"]
                        and m["decision"]["seat"] == seat, timeout=60)


def _stored_actions(server, table_id: str) -> list[str]:
    return list(server.service.sync(table_id).effective_actions())


def test_a_hint_ranks_the_seats_actions_from_its_view_and_changes_nothing(server):
    ann = guest(server.http, "Ann")
    table = new_table(server.http, ann, seats=[{"kind": "me"}, BOT])
    assert server.http.post(f"/api/tables/{table['id']}/start", headers=auth(ann)).status_code == 200
    seat0 = Client(server.base, table["id"], ann)
    mine = _my_decision(seat0, 0)
    sid = mine["state_id"]
    actions_before = _stored_actions(server, table["id"])
    live = server.service.live(table["id"])
    with live.lock:
        hash_before = live.game.state_hash(live.state)

    response = _hint(server, table["id"], ann, state_id=sid)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["state_id"] == sid and body["level"] == "normal"
    legal = {a["action"]: a["label"] for a in mine["legal"]}
    assert 1 <= len(body["hints"]) == min(3, len(legal))
    for h in body["hints"]:
        assert legal[h["action"]] == h["label"] and 0.0 <= h["value"] <= 1.0 and h["visits"] > 0
    # The same search run here on what the seat was sent (its view and legal actions) gives the same
    # hint: the server used nothing the seat cannot see.
    with server.service.db.read() as session:
        secret = session.get(Seat, (table["id"], 0)).bot_seed
    game = get_game(GAME)
    expected = hints(game, mine["view"], [game.parse_action(a) for a in legal], k=3, level="normal",
                     seed=derive_seed(secret, "hint", sid))
    assert [(h["action"], h["value"]) for h in body["hints"]] == [(str(h.action), round(h.value, 4)) for h in expected]
    # Asking changed nothing: the same actions, the same state, the same hint again.
    assert _stored_actions(server, table["id"]) == actions_before
    with live.lock:
        assert live.state_id == sid and live.game.state_hash(live.state) == hash_before
    assert _hint(server, table["id"], ann, state_id=sid).json() == body
    assert server.http.get(f"/api/tables/{table['id']}").json()["state_id"] == sid
    # and the seat plays on as before
    seat0.send({"action": body["hints"][0]["action"], "state_id": sid})
    assert seat0.state(sid + 1)["state_id"] > sid


def test_hints_are_refused_to_others_and_outside_the_seats_decision(server):
    ann, bob, eve = guest(server.http, "Ann"), guest(server.http, "Bob"), guest(server.http, "Eve")
    table = new_table(server.http, ann, players=3, seats=[{"kind": "me"}, {"kind": "open"}, BOT])
    table_id = table["id"]
    refused = _hint(server, table_id, ann)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "hint.not_started"
    assert server.http.post(f"/api/tables/{table_id}/join", json={}, headers=auth(bob)).status_code == 200
    assert server.http.post(f"/api/tables/{table_id}/start", headers=auth(ann)).status_code == 200
    clients = {0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}
    first = clients[0].until(lambda m: m["type"] in ("snapshot", "update") and m["decision"]["seat"] != 2, timeout=60)
    actor, sid = first["decision"]["seat"], first["state_id"]
    other = [ann, bob][1 - actor]

    # another seat's token cannot get the deciding seat's hint (there is no way to name a seat)
    for params in ({}, {"state_id": sid}, {"state_id": sid, "seat": actor}):
        response = _hint(server, table_id, other, **params)
        assert response.status_code == 409 and response.json()["error"]["code"] == "hint.not_your_turn"
    # spectators: signed in without a seat, or not signed in
    response = _hint(server, table_id, eve, lang="ja")
    assert response.status_code == 403
    error = response.json()["error"]
    assert error["code"] == "hint.not_seated" and "観戦者" in error["reason"]
    assert _hint(server, table_id, None).json()["error"]["code"] == "auth.required"
    assert _hint(server, table_id, "not-a-token").json()["error"]["code"] == "auth.invalid"
    # a state the game has left, a malformed state id, an unknown table
    assert _hint(server, table_id, [ann, bob][actor], state_id=sid + 5).json()["error"]["code"] == "action.stale"
    bad = _hint(server, table_id, [ann, bob][actor], state_id="x")
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "request.invalid"
    assert _hint(server, "nosuchtable", ann).status_code == 404
    assert server.http.get(f"/api/tables/{table_id}").json()["state_id"] == sid


def test_no_hints_without_bots_nor_after_the_end(server):
    table_id, ann, bob = two_player_table(server.http)
    for token in (ann, bob):
        response = _hint(server, table_id, token)
        assert response.status_code == 403 and response.json()["error"]["code"] == "hint.no_bots"
        assert response.json()["error"]["reason"] == "Hints are offered only in games against bots."
    ann = guest(server.http, "Ann")
    table = new_table(server.http, ann, seats=[{"kind": "me"}, BOT])
    server.http.post(f"/api/tables/{table['id']}/start", headers=auth(ann))
    play_out({0: Client(server.base, table["id"], ann)}, seed=2)
    response = _hint(server, table["id"], ann)
    assert response.status_code == 409 and response.json()["error"]["code"] == "hint.game_over"


def test_undo_status_says_whether_and_why(server):
    table_id, ann, bob = two_player_table(server.http)
    tokens = [ann, bob]
    clients = {0: Client(server.base, table_id, ann), 1: Client(server.base, table_id, bob)}
    first = clients[0].state(0)
    actor = first["decision"]["seat"]

    def status(seat: int) -> dict:
        response = server.http.get(f"/api/tables/{table_id}/undo", headers=auth(tokens[seat]))
        assert response.status_code == 200, response.text
        return response.json()

    assert status(actor) == {"state_id": 0, "allowed": False, "reason": "undo.nothing", "step": False}
    mine = clients[actor].state(0)
    # Midnight Zoo R5, R8: a tile taken from the public market draws nothing and hides nothing
    take = next(a["action"] for a in mine["legal"] if a["action"].startswith("take"))
    clients[actor].send({"action": take, "state_id": 0})
    clients[actor].state(1)
    after = status(actor)
    assert after["allowed"] is True and after["reason"] is None and after["state_id"] == 1
    assert after["step"] == (clients[actor].last["decision"]["seat"] == actor)
    assert status(1 - actor)["reason"] == "undo.nothing"
    clients[actor].send({"type": "undo", "state_id": 1})
    back = clients[actor].state(2)
    assert back["view"] == mine["view"] and back["legal"] == mine["legal"]
    assert status(actor)["reason"] == "undo.nothing"
    eve = guest(server.http, "Eve")
    stranger = server.http.get(f"/api/tables/{table_id}/undo", headers=auth(eve))
    assert stranger.json()["error"]["code"] == "hint.not_seated"


def test_undo_reason_names_what_the_last_action_revealed():
    """can_undo (core/game.py): no take-back once an action drew on chance or showed hidden cards."""
    game = get_game("borealis")
    seen = set()
    for seed in range(4):
        live = LiveMatch("borealis", 2, {}, seed, ["Ann", "Bob"])
        chooser = random.Random(seed)
        while not live.is_over() and len(live.rows) < 150:
            seat = live.to_act()
            state = game.copy(live.state)
            action = str(chooser.choice(game.legal_actions(live.state)))
            events = live.apply(Row(live.state_id, seat, "act", False, action))
            reason = undo_reason(live, seat)
            if live.is_over():
                assert reason == "undo.game_over"
                break
            allowed = game.can_undo(state, live.state, events)
            hidden = any(e.audience is not None or e.hidden_from for e in events)
            assert reason == (None if allowed else "undo.hidden" if hidden else "undo.chance")
            assert undo_reason(live, 1 - seat) in ("undo.nothing", "undo.others_acted")
            seen.add(reason)
    assert {None, "undo.hidden"} <= seen or {None, "undo.chance"} <= seen

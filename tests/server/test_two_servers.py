"""Two server commands on their own ports sharing one PostgreSQL and one Redis, as two machines
behind a reverse proxy run them: one table played from both to the end, and one of the two killed
with SIGKILL mid-game while its seat moves, the seat finishing the game through the other.

Skipped (with the reason) when PostgreSQL or Redis does not answer on loopback.
"""

from __future__ import annotations

import os
import random
import signal
import time
import uuid
from contextlib import contextmanager

import httpx
import psycopg
import pytest
from websockets.exceptions import ConnectionClosed

from gameshelf.core.record import Record, replay
from gameshelf.games import get_game
from tests.server.conftest import GAME, PG, Client, auth, free_port, guest, new_table, start_process

# Its own database index; pub/sub ignores the index, and the channel is named after the database
# URL (its schema included), so runs beside other tests and servers never hear each other.
REDIS = os.environ.get("GAMESHELF_TEST_REDIS", "redis://127.0.0.1:6379/7")
MOVE_TIMEOUT = 15.0  # seconds a seat may wait to see a move made through either server


def _skip_unless_reachable() -> None:
    try:
        with psycopg.connect(PG, connect_timeout=3):
            pass
    except psycopg.OperationalError as exc:
        pytest.skip(f"PostgreSQL does not answer at {PG}: {exc}")
    import redis

    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2, socket_timeout=2).ping()
    except redis.RedisError as exc:
        pytest.skip(f"Redis does not answer at {REDIS}: {exc}")


@pytest.fixture
def pg_url():
    """The real PostgreSQL with a fresh schema (dropped afterwards)."""
    _skip_unless_reachable()
    schema = "gs_" + uuid.uuid4().hex[:16]
    with psycopg.connect(PG, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield PG.replace("postgresql://", "postgresql+psycopg://") + f"?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(PG, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def _stop(proc) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(30)
    proc.stdout.close()


@contextmanager
def two_servers(db_url: str):
    """Two ``gameshelf serve`` commands on one store and one Redis; yields (processes, base URLs)."""
    procs = []
    try:
        for port in (free_port(), free_port()):
            # A heartbeat a second: a seat that missed an announcement hears of it quickly.
            procs.append(start_process(db_url, port, "--broker", REDIS, env={"GAMESHELF_HEARTBEAT_SECONDS": "1"}))
        yield procs, [f"http://127.0.0.1:{proc.args[proc.args.index('--port') + 1]}" for proc in procs]
    finally:
        for proc in procs:
            _stop(proc)


def seated_table(bases: list[str]) -> tuple[str, dict[int, str]]:
    """A started 2-player table: created (and seat 0 taken) through server 1, seat 1 joined through
    server 2. Returns (table id, {seat: token})."""
    first, second = (httpx.Client(base_url=base, timeout=30) for base in bases)
    ann, bob = guest(first, "Ann"), guest(second, "Bob")
    table = new_table(first, ann)
    assert second.post(f"/api/tables/{table['id']}/join", json={}, headers=auth(bob)).status_code == 200
    assert first.post(f"/api/tables/{table['id']}/start", headers=auth(ann)).status_code == 200
    return table["id"], {0: ann, 1: bob}


def follow(client: Client, state_id: int, timeout: float = MOVE_TIMEOUT) -> dict:
    """Receive until the state ``state_id`` (or a later one) has come. Two heartbeats in a row naming a
    newer state than the client holds make it ask to resume, as the protocol says a client does."""
    deadline, behind = time.time() + timeout, 0
    while client.last is None or client.last["state_id"] < state_id:
        remaining = deadline - time.time()
        assert remaining > 0, f"state {state_id} never came within {timeout} s; errors: {client.errors()}"
        try:
            message = client.recv(remaining)
        except TimeoutError:
            continue
        if message["type"] == "heartbeat":
            ahead = client.last is not None and (message["state_id"] or 0) > client.last["state_id"]
            behind = behind + 1 if ahead else 0
            if behind == 2:  # twice: not an update still on its way
                behind = 0
                client.send({"type": "resume", "state_id": client.last["state_id"]})
    return client.last


def error_code(client: Client, timeout: float = MOVE_TIMEOUT) -> str:
    """The code of the next error this client receives."""
    return client.until(lambda m: m["type"] == "error", timeout)["code"]


def play(seats: dict[int, Client], chooser: random.Random, accepted: dict[int, str], moves: int = 10_000,
         until_seat: int | None = None) -> dict:
    """Random legal moves, each sent by the seat to act through its own server, each seen by both
    seats within MOVE_TIMEOUT; stops when the game is over, after ``moves`` moves, or when it is
    ``until_seat``'s turn. Records every accepted move in ``accepted`` (state id -> action)."""
    for _ in range(moves):
        last = max((follow(c, 0) for c in seats.values()), key=lambda m: m["state_id"])
        if last["over"] or last["decision"]["seat"] == until_seat:
            return last
        seat = last["decision"]["seat"]
        mine = follow(seats[seat], last["state_id"])
        action = chooser.choice(mine["legal"])["action"]
        seats[seat].send({"action": action, "state_id": mine["state_id"]})
        for client in seats.values():
            follow(client, mine["state_id"] + 1)
        accepted[mine["state_id"]] = action
    return max((c.last for c in seats.values()), key=lambda m: m["state_id"])


def states(client: Client) -> list[dict]:
    return [m for m in client.messages if m["type"] in ("snapshot", "update")]


def assert_chain(client: Client) -> None:
    """Every update follows the state the client held: nothing lost, nothing repeated."""
    held = states(client)
    assert [m.get("prev_state_id", m["state_id"]) for m in held[1:]] == [m["state_id"] for m in held[:-1]]


def records(bases: list[str], table_id: str) -> list[dict]:
    answers = [httpx.get(f"{base}/api/tables/{table_id}/record", timeout=30) for base in bases]
    assert all(answer.status_code == 200 for answer in answers), [a.text for a in answers]
    return [answer.json() for answer in answers]


def test_two_servers_on_one_store_and_one_redis_play_one_table_from_both(pg_url):
    with two_servers(pg_url) as (_, bases):
        table_id, tokens = seated_table(bases)
        seats = {seat: Client(bases[seat], table_id, tokens[seat]) for seat in (0, 1)}
        actor = follow(seats[0], 0)["decision"]["seat"]
        follow(seats[1], 0)

        # One action per state id across processes: the same seat sends the same move through both
        # servers at once; one commits, the other is refused as stale.
        twin = Client(bases[1 - actor], table_id, tokens[actor])
        action = follow(twin, 0)["legal"][0]["action"]
        seats[actor].send({"action": action, "state_id": 0})
        twin.send({"action": action, "state_id": 0})
        for client in (*seats.values(), twin):
            follow(client, 1)
        deadline = time.time() + MOVE_TIMEOUT
        while not seats[actor].errors() + twin.errors():  # the refusal may trail the update
            assert time.time() < deadline, "the second submission got no answer"
            for client in (seats[actor], twin):
                try:
                    client.recv(timeout=0.1)
                except TimeoutError:
                    pass
        assert [e["code"] for e in seats[actor].errors() + twin.errors()] == ["action.stale"]
        twin.close()
        accepted = {0: action}

        # A stale state id from each seat, through its own server: refused, nothing changes anywhere.
        chooser = random.Random(7)
        for seat in (1 - actor, actor):
            last = play(seats, chooser, accepted, until_seat=seat)
            mine = follow(seats[seat], last["state_id"])
            seats[seat].send({"action": mine["legal"][0]["action"], "state_id": mine["state_id"] - 1})
            assert error_code(seats[seat]) == "action.stale"
            for base in bases:
                assert httpx.get(f"{base}/api/tables/{table_id}", timeout=30).json()["state_id"] == mine["state_id"]

        final = play(seats, chooser, accepted)
        assert final["over"] and final["outcome"] is not None
        movers = {m["decision"]["seat"] for m in states(seats[0])[:-1]}
        assert movers == {0, 1}, "both seats, through both servers, had moves accepted"

        first, second = records(bases, table_id)
        assert first == second and first["redacted"] is False
        assert first["actions"] == [accepted[i] for i in range(final["state_id"])]
        game = get_game(GAME)
        assert game.state_hash(replay(game, Record.from_json(first["record"]))) == first["final_hash"]
        # Each connection was sent its own seat's view of every state, and actions only on its turn.
        state = game.setup(2, first["options"], first["seed"])
        views = [{0: game.view(state, 0), 1: game.view(state, 1)}]
        for move in first["actions"]:
            game.checked_apply(state, move)
            views.append({0: game.view(state, 0), 1: game.view(state, 1)})
        for seat, client in seats.items():
            assert_chain(client)
            for message in states(client):
                assert message["seat"] == seat and message["view"] == views[message["state_id"]][seat]
                if message["decision"] is None or message["decision"]["seat"] != seat:
                    assert message["legal"] == []
            assert not any(str(first["seed"]) in text for text in client.raw)


def test_a_server_killed_mid_game_loses_no_accepted_move_and_its_seat_finishes_on_the_other(pg_url):
    with two_servers(pg_url) as (procs, bases):
        table_id, tokens = seated_table(bases)
        seats = {seat: Client(bases[seat], table_id, tokens[seat]) for seat in (0, 1)}
        chooser, accepted = random.Random(11), {}
        play(seats, chooser, accepted, moves=6)
        last = play(seats, chooser, accepted, until_seat=0)
        assert not last["over"]

        # Seat 0 (on server 1) sends its move, and server 1 dies under it: no shutdown, no flush.
        mine = follow(seats[0], last["state_id"])
        action = chooser.choice(mine["legal"])["action"]
        seats[0].send({"action": action, "state_id": mine["state_id"]})
        os.killpg(procs[0].pid, signal.SIGKILL)
        procs[0].wait(30)
        with pytest.raises(ConnectionClosed):  # (the update may still arrive first)
            while True:
                seats[0].recv(timeout=MOVE_TIMEOUT)
        held = seats[0].last["state_id"]
        if held > mine["state_id"]:  # seen accepted before the connection broke
            accepted[mine["state_id"]] = action

        # The seat reconnects to server 2 and resumes from the state id it holds.
        again = Client(bases[1], table_id, tokens[0], last_state_id=held)
        first = again.until(lambda m: m["type"] in ("table", "snapshot", "update"))
        if first["type"] == "update":  # what it missed: the move it sent, committed before the kill
            assert first["prev_state_id"] == held and first["state_id"] > held
            accepted[mine["state_id"]] = action
        else:  # nothing happened since: the table's line, at the state held
            assert first["type"] == "table" and first["state_id"] == held
            again.last = seats[0].last
            if held == mine["state_id"]:  # the move never reached the store: sent again
                again.send({"action": action, "state_id": held})
                follow(again, held + 1)
                accepted[held] = action
        follow(seats[1], mine["state_id"] + 1)

        final = play({0: again, 1: seats[1]}, chooser, accepted)
        assert final["over"]
        assert_chain(seats[1])
        record = records(bases[1:], table_id)[0]
        assert record["redacted"] is False and len(record["actions"]) == final["state_id"]
        lost = {sid: move for sid, move in accepted.items() if record["actions"][sid] != move}
        assert not lost, f"accepted moves missing from the record: {lost}"

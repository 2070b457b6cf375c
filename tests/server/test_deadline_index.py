"""The deadline index (deadlines.py) and the sweep that reads only the tables it names: the index on
its own (the earliest moment, flags cleared once, drop, the full-read backstop, reads that race
changes), then :meth:`TableService.due` on SQLite and PostgreSQL with the service's clock moved
forward (nothing waits): deadlines, bot and zombie turns and disconnections past the grace period are
found without reading every playing table, every playing table is read on the first sweep and every
``reread_seconds``, and a read of some tables answers for them as a read of all does. Last, the hub:
a move relayed from another process updates the index of this one."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timedelta, timezone

import pytest

from gameshelf.server import tables as tables_module
from gameshelf.server.auth import now as real_now
from gameshelf.server.broker import LocalBroker
from gameshelf.server.deadlines import DeadlineIndex
from gameshelf.server.hub import Hub
from gameshelf.server.schemas import JoinIn, SeatIn, TableIn
from gameshelf.server.settings import Settings
from gameshelf.server.store import User
from gameshelf.server.store import tables as table_store
from gameshelf.server.tables import TableService
from tests.server.conftest import GAME, quiet_service

T0 = datetime(2030, 1, 1, tzinfo=timezone.utc)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


# ---- the index on its own ---------------------------------------------------------------------
def test_the_earliest_moment_noted_is_kept_and_a_table_is_due_once_it_passed():
    index = DeadlineIndex(reread_seconds=12)
    index.note("a", at(10))
    index.note("a", at(20))  # later: the earlier moment stays
    index.note("b", at(30))
    index.note("b", at(5))  # earlier: it replaces
    assert index.earliest("a") == at(10) and index.earliest("b") == at(5)
    assert index.due(at(4)) == set()
    assert index.due(at(5)) == {"b"}
    assert index.due(at(10)) == {"a", "b"}  # a due table stays due until a read refreshes it


def test_flags_are_returned_once_and_a_dropped_table_is_forgotten():
    index = DeadlineIndex(reread_seconds=12)
    index.flag("a")
    index.note("b", at(1))
    index.flag("b")
    assert index.due(at(0)) == {"a", "b"}
    assert index.due(at(0)) == set()  # the flags were cleared
    index.drop("b")
    assert index.due(at(100)) == set() and index.earliest("b") is None


def test_a_full_read_is_due_first_then_every_reread_seconds_and_when_asked():
    index = DeadlineIndex(reread_seconds=12)
    assert index.reread_all_due(at(0))
    index.refresh(index.stamp(), at(0), None, {"a": at(50)})
    assert not index.reread_all_due(at(11.9))
    assert index.reread_all_due(at(12))
    index.refresh(index.stamp(), at(12), None, {"a": at(50)})
    index.reread_soon()  # a relay reconnected, a sweep failed
    assert index.reread_all_due(at(13))


def test_a_read_refreshes_what_it_read_and_a_full_read_forgets_tables_no_longer_playing():
    index = DeadlineIndex(reread_seconds=12)
    index.note("a", at(1))
    index.note("b", at(1))
    index.refresh(index.stamp(), at(2), ["a"], {"a": at(40)}, flagged=["a"])  # read "a" only
    assert index.earliest("a") == at(40) and index.earliest("b") == at(1) and index.flagged() == {"a"}
    index.refresh(index.stamp(), at(3), ["b"], {})  # "b" asked for, not playing any more
    assert index.earliest("b") is None
    index.note("c", at(60))
    index.refresh(index.stamp(), at(4), None, {"a": at(45)})  # every playing table: "c" is not one
    assert index.earliest("a") == at(45) and index.earliest("c") is None


def test_a_change_noted_while_a_read_runs_is_not_undone_by_that_read():
    index = DeadlineIndex(reread_seconds=12)
    index.note("a", at(100))
    stamp = index.stamp()  # the sweep's read begins ...
    index.note("a", at(20))  # ... a move commits meanwhile (an earlier deadline) ...
    index.flag("b")  # ... and a bot's turn comes at another table
    index.refresh(stamp, at(1), None, {"a": at(100), "b": None})  # ... what the read saw before both
    assert index.earliest("a") == at(20) and index.flagged() == {"b"}
    stamp = index.stamp()
    index.reread_soon()  # asked for while a full read runs: the next sweep reads everything again
    index.refresh(stamp, at(2), None, {"a": at(20)})
    assert index.reread_all_due(at(2))


# ---- the sweep, on both stores ----------------------------------------------------------------
class Clock:
    """The service's ``now``: the real time plus a shift a test moves forward."""

    def __init__(self) -> None:
        self.shift = timedelta()

    def __call__(self) -> datetime:
        return real_now() + self.shift

    def forward(self, **delta: float) -> None:
        self.shift += timedelta(**delta)


class Reads:
    """The table ids of every read of the playing clocks (None: every playing table)."""

    def __init__(self, monkeypatch) -> None:
        self.asked: list[list[str] | None] = []
        real = table_store.playing_clocks

        def counted(session, table_ids=None):
            self.asked.append(None if table_ids is None else list(table_ids))
            return real(session, table_ids)

        monkeypatch.setattr(table_store, "playing_clocks", counted)

    def since(self, mark: int) -> list[list[str] | None]:
        return self.asked[mark:]


GRACE = 5.0


@pytest.fixture
def clock(monkeypatch) -> Clock:
    found = Clock()
    monkeypatch.setattr(tables_module, "now", found)
    return found


@pytest.fixture
def service(db_url, clock):
    # No full read comes on its own (the clock moves by hours): a test that wants them sets the period.
    with quiet_service(db_url, grace_seconds=GRACE, reread_seconds=1e9) as svc:
        yield svc


def _user(svc: TableService, name: str) -> User:
    with svc.db.read() as session:
        found = session.get(User, name)
    assert found is not None
    return found


def _table(svc: TableService, **spec) -> str:
    ann = _user(svc, "ann")
    table_id = svc.create(ann, TableIn(game=GAME, players=2, **spec))
    if not spec.get("seats"):
        svc.join(_user(svc, "bob"), table_id, JoinIn())
    svc.start(ann, table_id)
    return table_id


def _move(svc: TableService, table_id: str) -> None:
    live = svc.live(table_id)
    seat = live.to_act()
    assert seat is not None
    svc.submit(table_id, seat, str(live.match.legal_for(seat)[0]), live.state_id)


def _first_sweep(svc: TableService, reads: Reads) -> int:
    """The first sweep (a full read); the mark of the reads after it."""
    svc.due()
    assert reads.asked[-1] is None
    return len(reads.asked)


def test_a_turn_deadline_is_found_without_reading_every_table(service, clock, monkeypatch):
    late, other = _table(service, turn_hours=1.0), _table(service, turn_hours=5.0)
    reads = Reads(monkeypatch)
    mark = _first_sweep(service, reads)
    clock.forward(minutes=30)
    assert service.due() == ([], []) and reads.since(mark) == []  # nothing due: no read at all
    clock.forward(minutes=31)
    expired, bot_turns = service.due()
    assert expired == [(late, service.live(late).to_act())] and bot_turns == []
    assert reads.since(mark) == [[late]]  # that table only, not ``other``
    assert other not in service.deadlines.due(clock())


def test_a_new_deadline_after_a_move_is_the_one_the_sweep_finds(service, clock, monkeypatch):
    table_id = _table(service, turn_hours=1.0)
    reads = Reads(monkeypatch)
    mark = _first_sweep(service, reads)
    clock.forward(minutes=50)
    _move(service, table_id)  # the next deadline: an hour from now
    clock.forward(minutes=20)  # the first deadline passed; the current one did not
    assert service.due() == ([], [])
    clock.forward(minutes=41)
    assert service.due()[0] == [(table_id, service.live(table_id).to_act())]
    assert None not in reads.since(mark)


def test_a_bot_or_zombie_turn_is_found_without_reading_every_table(service, clock, monkeypatch):
    with_bot = _table(service, seats=[SeatIn(kind="me"), SeatIn(kind="bot")])
    people = _table(service)
    reads = Reads(monkeypatch)
    mark = _first_sweep(service, reads)
    if service.live(with_bot).to_act() == 0:
        _move(service, with_bot)  # the person moved: the bot's turn
    assert service.live(with_bot).to_act() == 1
    seat = service.live(people).to_act()
    assert seat is not None
    service.set_zombie(people, seat, True)  # a zombie's turn
    expired, bot_turns = service.due()
    assert expired == [] and sorted(bot_turns) == sorted([with_bot, people])
    assert None not in reads.since(mark)
    assert sorted(service.due()[1]) == sorted([with_bot, people])  # still their turn: found again


def test_a_realtime_disconnection_past_the_grace_period_is_found(service, clock, monkeypatch):
    table_id = _table(service, mode="realtime", base_seconds=3600)
    reads = Reads(monkeypatch)
    mark = _first_sweep(service, reads)
    seat = service.live(table_id).to_act()
    assert seat is not None
    away = 1 - seat
    service.mark_connected(table_id, away, False)
    clock.forward(seconds=GRACE / 2)
    assert service.due() == ([], [])
    clock.forward(seconds=GRACE)
    assert service.due() == ([(table_id, away)], [])
    assert reads.since(mark) == [[table_id]]


def test_every_playing_table_is_read_on_the_first_sweep_and_every_reread_seconds(service, clock, monkeypatch):
    _table(service)
    service.deadlines = DeadlineIndex(reread_seconds=12.0)
    reads = Reads(monkeypatch)
    service.due()
    clock.forward(seconds=6)
    service.due()
    assert reads.asked == [None]  # the first sweep read them all, the second nothing
    clock.forward(seconds=6)
    service.due()
    assert reads.asked == [None, None]  # reread_seconds after the first
    service.deadlines.reread_soon()  # as after a relay's reconnection or a failed sweep
    service.due()
    assert reads.asked == [None, None, None]


def test_a_read_of_some_tables_answers_for_them_as_a_read_of_all(db_url, service, clock, monkeypatch):
    tables = {
        "late": _table(service, turn_hours=1.0),
        "on_time": _table(service, turn_hours=5.0),
        "away": _table(service, mode="realtime", base_seconds=36_000),
        "realtime_late": _table(service, mode="realtime", base_seconds=60),
        "bot": _table(service, seats=[SeatIn(kind="me"), SeatIn(kind="bot")]),
        "zombie": _table(service),
    }
    service.due()  # the first sweep: a full read
    if service.live(tables["bot"]).to_act() == 0:
        _move(service, tables["bot"])  # the bot's turn
    zombie = service.live(tables["zombie"]).to_act()
    assert zombie is not None
    service.set_zombie(tables["zombie"], zombie, True)
    service.mark_connected(tables["away"], 0, False)
    clock.forward(minutes=61)
    reads = Reads(monkeypatch)
    for table_id in tables.values():
        service.deadlines.flag(table_id)  # every table named: the read asks for each by id
    partial = service.due()
    whole = TableService(service.db, service.settings)  # a fresh index: its first sweep reads all
    full = whole.due()
    assert reads.asked == [sorted(tables.values()), None]
    assert sorted(partial[0]) == sorted(full[0]) and sorted(partial[1]) == sorted(full[1])
    assert {t for t, _ in full[0]} == {tables[k] for k in ("late", "away", "realtime_late")}
    assert {tables["bot"], tables["zombie"]} <= set(full[1]) and tables["on_time"] not in full[1]
    some = [tables["late"], tables["on_time"], tables["bot"]]
    for table_id in some:
        service.deadlines.flag(table_id)
    only = service.due()  # those, and the tables whose moment passed (nothing expired them yet)
    read = reads.asked[-1]
    assert read is not None and set(some) <= set(read) and tables["away"] in read
    assert sorted(only[0]) == sorted(e for e in full[0] if e[0] in read)
    assert sorted(only[1]) == sorted(b for b in full[1] if b in read)


def test_a_finished_game_leaves_the_index(service, clock):
    table_id = _table(service, turn_hours=1.0)
    service.due()
    assert service.deadlines.earliest(table_id) is not None
    service.resign(table_id, 0)
    service.due()
    assert service.deadlines.earliest(table_id) is None


# ---- the hub: moves relayed from another process ------------------------------------------------
class _StandIn:
    """A table service that keeps no deadline index (as some hub tests' stand-ins): nothing cached."""

    def cached(self, table_id: str) -> None:
        return None

    def moved_elsewhere(self, table_id: str) -> None:
        pass  # (no rows kept for the loop's moves)


def _relayed(table_id: str, to_act: int, deadline_ms: float | None, bots: dict, status: str = "playing") -> str:
    meta = {"id": table_id, "status": status, "bots": bots,
            "clock": {"mode": "turn", "to_act": to_act, "deadline_ms": deadline_ms}}
    return f"{table_id}:elsewhere:" + json.dumps({"s": 3, "r": [0, False, "x"], "h": "0" * 16, "m": meta})


def test_a_relayed_move_updates_the_index_of_this_process():
    deadline = at(3600)

    async def announce() -> Hub:
        hub = Hub(_StandIn(), Settings(), LocalBroker())  # type: ignore[arg-type]
        hub.deadlines.note("t3", at(10))
        hub.remote_change(_relayed("t1", 1, deadline.timestamp() * 1000, {}))
        hub.remote_change(_relayed("t2", 1, None, {"1": ["easy", 7]}))  # a bot acts next
        hub.remote_change(_relayed("t3", 0, None, {}, status="over"))
        hub.remote_change("t4:elsewhere")  # a change without its move: looked at next sweep
        return hub

    hub = asyncio.run(announce())
    assert hub.deadlines.earliest("t1") == deadline
    assert hub.deadlines.flagged() == {"t2", "t4"}
    assert hub.deadlines.earliest("t3") is None


def test_the_hub_shares_the_services_index(service):
    async def build() -> Hub:
        return Hub(service, service.settings, LocalBroker())

    assert asyncio.run(build()).deadlines is service.deadlines


def test_the_full_read_period_is_a_setting():
    assert Settings().reread_seconds == 12.0
    assert Settings.from_env({"GAMESHELF_REREAD_SECONDS": "3.5"}).reread_seconds == 3.5

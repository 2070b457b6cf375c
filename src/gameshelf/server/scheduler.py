"""Fair turns at the bots' process pool: no person's tables can starve anyone else's bots.

Every bot decision of a process waits here for a pool slot. Free slots go round-robin over the
people waiting (a table's person is its creator), and within one person's decisions in the order
they came; each table asks for one decision at a time, so a person's tables take turns too. While
others wait, one person holds at most ``slots - 1`` slots (all of them when alone, so the pool never
idles), and with one slot a newcomer's decision is the next to run, whatever the backlog. An
easy bot's answer thus waits for at most one decision of each other person, not for every queued
decision of a person with many hard-bot tables.
"""

from __future__ import annotations

import asyncio
from collections import deque
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass
class _Job:
    person: str
    table_id: str
    fn: Callable[..., Any]
    args: tuple
    future: asyncio.Future = field(repr=False)


class FairScheduler:
    def __init__(self, submit: Callable[..., Future], slots: int) -> None:
        self.submit, self.slots = submit, max(1, slots)  # submit(fn, *args): a future of the pool
        self.waiting: dict[str, deque[_Job]] = {}  # per person, in arrival order
        self.turns: deque[str] = deque()  # people with waiting decisions, whose turn is next first
        self.running: dict[str, int] = {}  # decisions in the pool per person
        self.started: list[tuple[str, str]] = []  # (person, table) in the order they went to the pool

    async def run(self, person: str, table_id: str, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in the pool once it is this decision's turn; its result."""
        job = _Job(person, table_id, fn, args, asyncio.get_running_loop().create_future())
        if person not in self.waiting:
            self.waiting[person] = deque()
            self.turns.append(person)
        self.waiting[person].append(job)
        self._dispatch()
        try:
            return await job.future
        except asyncio.CancelledError:
            self._withdraw(job)
            raise

    def busy(self) -> int:
        return sum(self.running.values())

    def _withdraw(self, job: _Job) -> None:
        queue = self.waiting.get(job.person)
        if queue is not None and job in queue:
            queue.remove(job)
            if not queue:
                del self.waiting[job.person]
                self.turns.remove(job.person)

    def _next(self) -> _Job | None:
        """The first person in turn who may take another slot; their oldest decision."""
        others_wait = len(self.turns) > 1
        for _ in range(len(self.turns)):
            person = self.turns[0]
            self.turns.rotate(-1)  # whoever is served goes to the back
            held = self.running.get(person, 0)
            if others_wait and self.slots > 1 and held >= self.slots - 1:
                continue
            queue = self.waiting[person]
            job = queue.popleft()
            if not queue:
                del self.waiting[person]
                self.turns.remove(person)
            return job
        return None

    def _dispatch(self) -> None:
        while self.busy() < self.slots:
            job = self._next()
            if job is None:
                return
            self.running[job.person] = self.running.get(job.person, 0) + 1
            self.started.append((job.person, job.table_id))
            del self.started[:-1000]  # recent history only
            try:
                pool_future = asyncio.wrap_future(self.submit(job.fn, *job.args))
            except Exception as exc:  # the pool is shut down or broken: the decision fails, not the loop
                self._finished(job.person)
                if not job.future.done():
                    job.future.set_exception(exc)
                continue
            pool_future.add_done_callback(lambda done, job=job: self._settle(job, done))

    def _settle(self, job: _Job, done: asyncio.Future) -> None:
        self._finished(job.person)
        if not job.future.done():
            if done.cancelled():
                job.future.cancel()
            elif done.exception() is not None:
                job.future.set_exception(done.exception())
            else:
                job.future.set_result(done.result())
        self._dispatch()

    def _finished(self, person: str) -> None:
        self.running[person] -= 1
        if not self.running[person]:
            del self.running[person]

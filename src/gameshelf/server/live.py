"""A match in memory: the one interactive match (:class:`gameshelf.match.InteractiveMatch`) rebuilt
by replaying the stored actions, and the redacted messages each seat (or a spectator) receives.

The state is only a cache: the store holds the seed, the options and the append-only actions.
Every action is replayed through the legality check; an undo row removes the action it names, so
an undo is the same match replayed without that action. The table's state id counts the stored
rows (undo rows too); the interactive match's counts the actions in effect.
"""

from __future__ import annotations

import asyncio
import threading
import time
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any, Sequence

from gameshelf.core.decision import Decision, Prompt
from gameshelf.core.forced import forced_action
from gameshelf.core.game import Action, Event, Game
from gameshelf.core.record import record_states
from gameshelf.games import get_game
from gameshelf.match import InteractiveMatch
from gameshelf.server import jsontext


LABELS_KEPT = 50_000  # menu entries kept (an action's label depends on the action and the language only)
_labels: dict[tuple, dict[str, str]] = {}


def menu_entry(game: Game, action: Action, lang: str) -> dict[str, str]:
    """``{"action": notation, "label": label}`` of a legal action, built once per game, action and
    language (the same entry every state that offers the action; never changed once built)."""
    try:
        key = (game.id, lang, type(action), action)
        entry = _labels.get(key)
    except TypeError:  # an action that is not hashable: built every time
        return {"action": str(action), "label": game.action_label(action, lang)}
    if entry is None:
        if len(_labels) >= LABELS_KEPT:
            _labels.clear()
        entry = _labels[key] = {"action": str(action), "label": game.action_label(action, lang)}
    return entry


@dataclass(frozen=True)
class Row:
    """One stored action: the state id it produced is its ply + 1."""

    ply: int
    seat: int
    kind: str  # act | undo
    by_bot: bool
    notation: str


class MatchLock:
    """A match's lock: re-entrant for a thread, as ``threading.RLock``, and one that a task of the
    event loop may hold across its awaits (:meth:`hold`: tables.py ``submit_soon``, between a move's
    change and its commit). Meanwhile the loop's other tasks, which only ever try it without
    blocking, fail as another thread would (the RLock alone would let them in: they run on the
    thread that holds it), so nothing on the loop sees a move that is not committed."""

    __slots__ = ("_lock", "_task", "_thread")

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._task: asyncio.Task | None = None  # the loop's task that holds the lock across awaits
        self._thread = 0  # its thread

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        if self._task is not None and threading.get_ident() == self._thread \
                and asyncio.current_task() is not self._task:
            if blocking:
                raise RuntimeError("a task of the event loop waited for a match its loop holds")
            return False
        return self._lock.acquire(blocking, timeout)

    def release(self) -> None:
        self._lock.release()

    def __enter__(self) -> bool:
        return self.acquire()

    def __exit__(self, *_exc: object) -> None:
        self._lock.release()

    def hold(self) -> bool:
        """Acquire without blocking for the calling task, to hold across its awaits until :meth:`let_go`."""
        if self._task is not None or not self._lock.acquire(blocking=False):
            return False
        self._task, self._thread = asyncio.current_task(), threading.get_ident()
        return True

    async def hold_soon(self, patience: float = 0.05) -> bool:
        """:meth:`hold`, trying again each millisecond for up to ``patience`` seconds while a thread
        or another task has the match (a read holds it for microseconds; a thread's commit for a few
        milliseconds): the event loop never blocks meanwhile. False if it stayed taken."""
        deadline = time.monotonic() + patience
        while not self.hold():
            if time.monotonic() >= deadline:
                return False
            await asyncio.sleep(0.001)
        return True

    def let_go(self) -> None:
        self._task = None
        self._lock.release()


class LiveMatch:
    """One table's interactive match, its stored rows and the state id each action in effect
    produced, guarded by ``lock``."""

    def __init__(self, game_id: str, players: int, options: dict[str, str], seed: int,
                 names: Sequence[str], rows: Sequence[Row] = ()) -> None:
        self.lock = MatchLock()
        self.game: Game = get_game(game_id)
        self.players, self.options, self.seed = players, dict(options), seed
        self.names = list(names)
        self.rows: list[Row] = []
        self._meta: dict[str, Any] = {}
        self.meta_version = 0
        self._prompts: dict[tuple[int, str, str], str] = {}
        self.relayed = ""  # the last committed move as the other processes apply it (tables.relay_body)
        self.replay(list(rows))

    @property
    def meta(self) -> dict[str, Any]:
        """The table's side of the match (id, status, clock, bots), set by the table service."""
        return self._meta

    @meta.setter
    def meta(self, value: dict[str, Any]) -> None:
        self._meta = value
        self.meta_version += 1

    # ---- state -----------------------------------------------------------------------------
    @property
    def state_id(self) -> int:
        return len(self.rows)

    @property
    def state(self) -> Any:
        return self.match.state

    def replay(self, rows: list[Row]) -> None:
        """Rebuild from the seed: each undo row drops the action before it."""
        effective: list[tuple[int, Row]] = []
        self.last_undo = 0
        for state_id, row in enumerate(rows, 1):
            if row.kind == "undo":
                effective.pop()
                self.last_undo = state_id
            else:
                effective.append((state_id, row))
        self.match = InteractiveMatch(self.game, self.players, seed=self.seed, options=self.options,
                                      seat_names=self.names, actions=[row.notation for _, row in effective])
        self.rows, self.effective = rows, effective
        self.state_ids = [state_id for state_id, _ in effective]
        self._cache: dict[tuple, str] = {}
        self._parts: dict[tuple, Any] = {}  # this state's pieces of every seat's message (see parts)
        self._visible: dict[int | None, tuple[int, int]] = {}  # seat -> (events looked at, visible among them)

    def apply(self, row: Row, action: Action | None = None) -> list[Event]:
        """Apply a new action row (checked: seat and legality; ``action``: the row's notation
        already parsed); on error nothing changes."""
        events = self.match.submit(row.seat, row.notation if action is None else action)
        self.rows.append(row)
        self.effective.append((self.state_id, row))
        self.state_ids.append(self.state_id)
        self._parts = {}
        return events

    def last_events(self) -> list[Event]:
        """The events of the last action in effect."""
        return self.match.log[self.match.log_index(len(self.effective) - 1):]

    def check_undo(self, seat: int) -> Row | None:
        """The seat's last action if it may take it back now (the engine's ``can_undo``)."""
        if not self.effective or self.is_over():
            return None
        _, last = self.effective[-1]
        if last.seat != seat or last.by_bot:
            return None
        before = None  # the state before the last action
        for step in record_states(self.game, self.match.record, verify=False):
            if step.ply == len(self.effective) - 1:
                before = self.game.copy(step.state)
        return last if self.game.can_undo(before, step.state, step.events) else None

    def undo(self, row: Row) -> None:
        self.replay(self.rows + [row])

    def to_act(self) -> int | None:
        return self.match.to_act()

    def is_over(self) -> bool:
        return self.match.is_over

    def effective_actions(self) -> list[str]:
        return list(self.match.record.actions)

    # ---- what a seat receives ----------------------------------------------------------------
    def log(self, seat: int | None, lang: str, after: int = 0) -> tuple[int, list[str]]:
        """(index of the first sentence, sentences) of the events ``seat`` may read with a state id
        above ``after``; everything, from the start, once the game is over."""
        match = self.match
        first = 0 if match.is_over else match.log_index(bisect_right(self.state_ids, after))
        start = first if match.is_over else self._visible_before(seat, first)
        return start, match.log_for(seat, lang, first)

    def _visible_before(self, seat: int | None, first: int) -> int:
        """How many of the first ``first`` events ``seat`` may read, counted on from the last call (the
        log only grows until a replay starts the count afresh)."""
        seen, count = self._visible.get(seat, (0, 0))
        if first < seen:
            seen, count = 0, 0
        count += sum(1 for event in self.match.log[seen:first] if event.visible_to(seat))
        self._visible[seat] = (first, count)
        return count

    def decision(self, seat: int | None, lang: str) -> dict[str, Any] | None:
        decision = self.part(("decision",), lambda: self.game.decision(self.state))
        if decision is None:
            return None
        if seat != decision.seat:
            # Another seat's prompt and targets may name what only it sees: a generic sentence.
            return {"seat": decision.seat, "kind": decision.kind,
                    "prompt": self._public_prompt(decision, lang), "targets": {}}
        try:
            prompt = self.game.prompt_text(decision, self.names, lang)
        except (KeyError, IndexError, ValueError):  # a prompt whose template wants other arguments
            prompt = self._public_prompt(decision, lang)
        return {"seat": decision.seat, "kind": decision.kind, "prompt": prompt,
                "targets": {k: list(v) for k, v in decision.targets.items()}}

    def _public_prompt(self, decision: Decision, lang: str) -> str:
        """"<seat>'s turn" in ``lang``, as every other seat reads it (built once per match and kind)."""
        key = (decision.seat, decision.kind, lang)
        text = self._prompts.get(key)
        if text is None:
            public = Decision(decision.seat, decision.kind, Prompt("decision.turn", {"seat": decision.seat}))
            text = self._prompts[key] = self.game.prompt_text(public, self.names, lang)
        return text

    def legal(self, seat: int | None, lang: str) -> list[dict[str, str]]:
        game = self.game
        return [menu_entry(game, a, lang) for a in self.match.legal_for(seat)]

    def outcome(self) -> dict[str, Any] | None:
        outcome = self.game.outcome(self.state) if self.is_over() else None
        return outcome.to_json() if outcome else None

    def encoded(self, seat: int | None, lang: str, since: int | None) -> str:
        """:meth:`message` as JSON text, built once for every connection of the same seat."""
        key = (self.state_id, seat, lang, since, self.meta_version)
        text = self._cache.get(key)
        if text is None:
            if len(self._cache) > 256:
                self._cache.clear()
            text = jsontext.dumps(self.message(seat, lang, since))
            self._cache[key] = text
        return text

    def part(self, key: tuple, build) -> Any:
        """A piece of this state's messages (a seat's view, decision and legal actions with their
        labels), built once per state whatever the connections' state ids; callers hold ``lock``."""
        found = self._parts.get(key, self)
        if found is self:
            found = self._parts[key] = build()
        return found

    def message(self, seat: int | None, lang: str, since: int | None) -> dict[str, Any]:
        """A snapshot (``since`` None) or an update from state id ``since`` for ``seat``."""
        if since is not None and since < self.last_undo:
            since = None  # the log before ``since`` changed: only a snapshot is exact
        log_from, log = self.log(seat, lang, since or 0)
        # The table's outcome (ranks adjusted for resignations) once stored; a game every other seat
        # resigned from is over without an engine outcome.
        ended = self.meta.get("status") == "over" and not self.is_over()
        decision, legal = (None, []) if ended else self.part(("seat", seat, lang), lambda: (
            self.decision(seat, lang), self.legal(seat, lang)))
        body: dict[str, Any] = {
            "type": "snapshot" if since is None else "update",
            "table": self.meta.get("id"), "state_id": self.state_id, "seat": seat,
            "over": ended or self.is_over(), "view": self.part(("view", seat), lambda: self.match.view(seat)),
            "decision": decision, "legal": legal,
            "log_from": log_from, "log": log, "outcome": self.meta.get("outcome") or self.outcome(),
            "clock": self.meta.get("clock"), "zombies": self.meta.get("zombies"),
            "resigned": self.meta.get("resigned"),
        }
        # The seat's single legal action, when it reveals nothing new: the page may play it for the person.
        body["forced"] = bool(legal) and self.part(("forced",), lambda: forced_action(self.game, self.state)
                                                   is not None)
        if since is not None:
            body["prev_state_id"] = since
        return body

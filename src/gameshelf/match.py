"""Running matches: a batch match between agents, and the interactive match a server holds.

Agents only ever see a seat's view and that seat's legal actions, never the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping, Protocol, Sequence

from gameshelf.core.errors import BadSeat, GameError, IllegalAction, brief
from gameshelf.core.game import Action, Event, Game, Outcome, View
from gameshelf.core.record import FORMAT, Record, record_states


class Agent(Protocol):
    """Anything that picks an action from a view and the legal actions."""

    def choose(self, game: Game, view: View, legal: Sequence[Action]) -> Action: ...


@dataclass
class MatchResult:
    record: Record
    outcome: Outcome
    final_hash: str
    events: list[Event] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    """Per seat: its decisions with a real choice (more than one legal action)."""
    think: list[float] = field(default_factory=list)
    """Per seat: the seconds its agent spent on those decisions, by the ``clock`` given to
    :func:`run_match` (empty without one)."""

    def summary(self) -> dict[str, Any]:
        """The one-line JSON object that ``simulate --json`` and ``replay`` print."""
        return summarize(self.record, self.outcome, self.final_hash)


def summarize(record: Record, outcome: Outcome, final_hash: str) -> dict[str, Any]:
    return {
        "game": record.game,
        "seed": record.seed,
        "players": record.players,
        "options": record.options,
        "seats": record.seats,
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "ranks": list(outcome.ranks),
        "breakdown": [dict(b) for b in outcome.breakdown],
        "actions": len(record.actions),
        "final_hash": final_hash,
    }


def run_match(
    game: Game,
    agents: Sequence[Agent],
    *,
    seed: int,
    options: Mapping[str, object] | None = None,
    seat_names: Sequence[str] | None = None,
    on_event: Callable[[Event], None] | None = None,
    max_actions: int = 1_000_000,
    clock: Callable[[], float] | None = None,
) -> MatchResult:
    """Play one match to the end; agents[i] plays seat i. With a ``clock`` (``time.process_time``,
    say), each seat's time spent on real choices is summed into the result's ``think``."""
    players = len(agents)
    decisions, think = [0] * players, [0.0] * players
    state = game.setup(players, options, seed)
    record = Record(
        game=game.id,
        rules_version=game.info.rules_version,
        players=players,
        options=game.info.options.resolve(options),
        seed=seed,
        seats=list(seat_names or [f"seat{i}" for i in range(players)]),
    )
    while not game.is_over(state):
        if len(record.actions) >= max_actions:
            raise GameError(f"match exceeded {max_actions} actions")
        seat = game.to_act(state)
        legal = game.legal_actions(state)
        view = game.view(state, seat)
        if clock is None or len(legal) == 1:
            action = agents[seat].choose(game, view, legal)
        else:
            start = clock()
            action = agents[seat].choose(game, view, legal)
            think[seat] += clock() - start
        decisions[seat] += len(legal) > 1
        if action not in legal:
            raise game.why_illegal(state, action)
        for event in game.apply(state, action):
            if on_event:
                on_event(event)
        record.actions.append(str(action))
    record.final_hash = game.state_hash(state)
    outcome = game.outcome(state)
    assert outcome is not None
    return MatchResult(record, outcome, record.final_hash, decisions=decisions,
                       think=think if clock is not None else [])


class InteractiveMatch:
    """A match held by a server or terminal: seats submit actions against a state id.

    The state id counts the actions applied, so a client acting on a stale view is refused.
    Each event is kept with its audience, and each seat reads only what it may see; the record
    (with the seed) is internal until the end: hand out :meth:`record_for` instead.
    """

    def __init__(self, game: Game, players: int, *, seed: int,
                 options: Mapping[str, object] | None = None,
                 seat_names: Sequence[str] | None = None, actions: Sequence[str] = ()) -> None:
        """A new match, or one rebuilt by replaying ``actions`` (each checked; BadRecord names the
        first that does not replay)."""
        self.game = game
        start = game.setup(players, options, seed)
        self.record = Record(
            game=game.id, rules_version=game.info.rules_version, players=players,
            options=game.info.options.resolve(options), seed=seed,
            seats=list(seat_names or [f"seat{i}" for i in range(players)]),
        )
        self.log: list[Event] = []
        self.starts: list[int] = []
        """Per action applied: the index in :attr:`log` of its first event."""
        self._sentences: dict[tuple[int, str], str] = {}  # (event index, language) -> its sentence
        replayed = replace(self.record, actions=list(actions))
        for step in record_states(game, replayed, verify=False, start=start):
            if step.ply:
                self.starts.append(len(self.log))
                self.log.extend(step.events)
        self.state = step.state
        self.record.actions = replayed.actions
        if self.is_over:
            self.record.final_hash = game.state_hash(self.state)

    @property
    def state_id(self) -> int:
        return len(self.record.actions)

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def to_act(self) -> int | None:
        return self.game.to_act(self.state)

    def submit(self, seat: int, action: Action | str, state_id: int | None = None) -> list[Event]:
        """Apply ``seat``'s action; on any error nothing changes.

        ``seat`` must be a seat of this game (an ``int``, not a bool, in range): a spectator
        (``None``) or anything else is refused with BadSeat.
        """
        if seat is None:
            raise BadSeat("a spectator cannot submit an action; name the seat that acts")
        self.game.check_seat(self.state, seat)
        if state_id is not None and (type(state_id) is not int or state_id != self.state_id):
            raise IllegalAction(f"stale state id {brief(state_id)}; the game is at {self.state_id}")
        if isinstance(action, str):
            action = self.game.parse_action(action)
        events = self.game.checked_apply(self.state, action, seat=seat)
        self.record.actions.append(str(action))
        self.starts.append(len(self.log))
        self.log.extend(events)
        if self.is_over:
            self.record.final_hash = self.game.state_hash(self.state)
        return events

    def view(self, seat: int | None) -> View:
        return self.game.view(self.state, seat)

    def log_index(self, state_id: int) -> int:
        """How many events the first ``state_id`` actions caused: where the next action's begin."""
        return self.starts[state_id] if state_id < len(self.starts) else len(self.log)

    def legal_for(self, seat: int | None) -> list[Action]:
        seat = self.game.check_seat(self.state, seat)
        return self.game.legal_actions(self.state) if seat is not None and seat == self.to_act() else []

    def log_for(self, seat: int | None, lang: str = "en", start: int = 0) -> list[str]:
        """The log from event ``start`` on, as sentences ``seat`` may read (all of it once the game
        is over). ``len(self.log)`` is where the next call should start to read only new events."""
        seat = self.game.check_seat(self.state, seat)
        over, log, sentences = self.is_over, self.log, self._sentences
        out = []
        for index in range(start, len(log)):
            event = log[index]
            if over or event.visible_to(seat):
                # described once per language: every seat that may read it gets the same sentence
                # (the log only grows, and the seats' names are the record's)
                text = sentences.get((index, lang))
                if text is None:
                    text = sentences[index, lang] = self.game.describe(event, self.record.seats, lang)
                out.append(text)
        return out

    def record_for(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) may see of the record, as JSON data.

        During play: the game, rules version, options, players, seats and state id, never the seed
        (it rebuilds every hand and the deck order) nor the actions (a bot's or a player's choice
        may reveal what it holds). After the end, the full record, the seed included.
        """
        self.game.check_seat(self.state, seat)
        if self.is_over:
            return {**self.record.to_json(), "state_id": self.state_id}
        record = self.record
        return {"format": FORMAT, "game": record.game, "rules_version": record.rules_version,
                "players": record.players, "options": dict(record.options), "seats": list(record.seats),
                "state_id": self.state_id}

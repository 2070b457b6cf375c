"""The game protocol: what every rules engine provides, and the checks every edge shares.

A game is one object with metadata and functions over its own state type. ``legal_actions`` is
the one truth of legality; ``apply`` trusts its input; :func:`Game.checked_apply` is the door
every edge (CLI, server, RL, replay) goes through.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any, Callable, Generic, Hashable, Mapping, Sequence, TypeVar

from gameshelf.core.chance import MAX_SEED, Chance
from gameshelf.core.decision import Decision, Prompt
from gameshelf.core.errors import BadOption, BadSeat, GameError, IllegalAction, NotYourTurn, brief
from gameshelf.core.notation import Grammar
from gameshelf.core.options import OptionSchema

S = TypeVar("S")

CORE_MESSAGES: Mapping[str, Mapping[str, str]] = {
    "decision.turn": {"en": "{seat}: choose an action.", "ja": "{seat}：行動を選んでください。"},
    "decision.only": {"en": "{seat}: {move} (the only choice now).", "ja": "{seat}：{move}（今できるのはこれだけです）。"},
}
Action = Hashable
View = dict[str, Any]


_NO_ARGS: Any = object()  # Event's default args: a fresh empty dict


class Event:
    """Something that happened, as data; rendered as a log sentence by :meth:`Game.describe`.

    ``audience`` limits who may read it (``None``: everyone, spectators included); ``hidden_from``
    names seats that may not. A game that draws a hidden card emits one event for the drawer
    (``audience={seat}``) and a redacted twin for everyone else (``hidden_from={seat}``).

    Immutable, and compared, hashed, printed and pickled like the frozen dataclass it was; written
    by hand with ``__slots__`` because games make one or more every action and the dataclass's
    constructor cost a fifth of random play. Hashing fails, as before, when ``args`` is a dict.
    """

    __slots__ = ("key", "args", "audience", "hidden_from")
    __match_args__ = ("key", "args", "audience", "hidden_from")

    key: str
    args: Mapping[str, Any]
    audience: frozenset[int] | None
    hidden_from: frozenset[int]

    def __init__(self, key: str, args: Mapping[str, Any] = _NO_ARGS, audience: frozenset[int] | None = None,
                 hidden_from: frozenset[int] = frozenset()) -> None:
        _set_key(self, key)
        _set_args(self, {} if args is _NO_ARGS else args)  # each event its own empty dict, as before
        _set_audience(self, audience)
        _set_hidden_from(self, hidden_from)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def _fields(self) -> tuple[Any, ...]:
        return self.key, self.args, self.audience, self.hidden_from

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(key={self.key!r}, args={self.args!r}, "
                f"audience={self.audience!r}, hidden_from={self.hidden_from!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return self.__class__, self._fields()

    def visible_to(self, seat: int | None) -> bool:
        if seat in self.hidden_from:
            return False
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "args": dict(self.args)}


# The slots' own setters: the constructor writes through them, past the refusing __setattr__.
_set_key = Event.__dict__["key"].__set__
_set_args = Event.__dict__["args"].__set__
_set_audience = Event.__dict__["audience"].__set__
_set_hidden_from = Event.__dict__["hidden_from"].__set__


@dataclass(frozen=True)
class Outcome:
    """The end of a game: scores, ranks after tie-breakers, and a breakdown summing to the score.

    ``ranks[seat]`` is 1 for the winners; tied seats share a rank. ``details`` holds what a game
    reports beyond the score (achievements, a solo rank), JSON-serialisable.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "breakdown": [dict(b) for b in self.breakdown],
            "details": dict(self.details),
        }


def check_setup_arguments(players: object, options: object, seed: object) -> None:
    """BadOption unless players is an int, options a mapping or None, seed an int in 0..MAX_SEED."""
    if not _is_whole(players):
        raise BadOption(f"the number of players must be a whole number, not {brief(players)}")
    if options is not None and not isinstance(options, Mapping):
        raise BadOption(f"options must be a mapping of names to values, not {type(options).__name__}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadOption(f"the seed must be a whole number, not {brief(seed)}")
    if not 0 <= seed <= MAX_SEED:
        raise BadOption(f"the seed must be between 0 and {MAX_SEED}, not {brief(seed)}")


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def rank_players(keys: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Competition ranks (1 = best) from per-seat sort keys, larger is better; equal keys tie."""
    order = sorted(range(len(keys)), key=lambda seat: tuple(keys[seat]), reverse=True)
    ranks = [0] * len(keys)
    for position, seat in enumerate(order):
        previous = order[position - 1]
        same = position > 0 and tuple(keys[previous]) == tuple(keys[seat])
        ranks[seat] = ranks[previous] if same else position + 1
    return tuple(ranks)


@dataclass(frozen=True)
class Traits:
    """What kind of game this is, as algorithms need to know (OpenSpiel's ``GameType``).

    ``chance``: random events after setup; ``hidden_information``: some seat cannot see part of
    the state; ``solo_mode``: a one-player game against the rules; ``max_game_length``: the
    game's function ``(players, resolved options) -> int | None``, an upper bound on the number of
    actions of any game in that configuration (``None``: no bound, the game may go on for ever),
    read through :meth:`Game.max_game_length` (no function: the game declares no bound).
    """

    chance: bool = True
    hidden_information: bool = True
    solo_mode: bool = False
    max_game_length: Callable[[int, Mapping[str, str]], int | None] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"chance": self.chance, "hidden_information": self.hidden_information,
                "solo_mode": self.solo_mode}


@dataclass(frozen=True)
class SearchHints:
    """How a search bot's rollouts suit this game's heuristic (``game.heuristic``), measured, not
    guessed: ``rollout_width`` actions scored a rollout step, ``rollout_depth`` actions before the
    heuristic judges the position (-1: play to the end); ``split``: a large search keeps its later
    decisions apart per set of actions the seat will have then (pays only where what is revealed
    changes the plan and the branches stay few); ``normal_sims`` and ``hard_sims``: the playing
    levels' simulations for each other seat, placed where the game's search still gains strength
    so that each level is a clear step above the one below. A bot's own parameters override them."""

    rollout_width: int = 4
    rollout_depth: int = 8
    split: bool = False
    normal_sims: int = 125
    hard_sims: int = 1000

    def __post_init__(self) -> None:
        if self.rollout_width < 1 or self.rollout_depth < -1:
            raise ValueError(f"bad search hints {self}: width >= 1 and depth >= -1")
        if not 0 < self.normal_sims < self.hard_sims:
            raise ValueError(f"bad search hints {self}: 0 < normal_sims < hard_sims")

    def level_sims(self, level: str) -> int:
        """The simulations for each other seat of the playing level ``level`` (normal or hard)."""
        return {"normal": self.normal_sims, "hard": self.hard_sims}[level]

    def to_json(self) -> dict[str, Any]:
        return {"rollout_width": self.rollout_width, "rollout_depth": self.rollout_depth, "split": self.split,
                "normal_sims": self.normal_sims, "hard_sims": self.hard_sims}


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata."""

    id: str
    titles: Mapping[str, str]
    player_counts: tuple[int, ...]
    options: OptionSchema
    rules_version: str
    summary: Mapping[str, str] = field(default_factory=dict)
    traits: Traits = Traits()
    search: SearchHints = SearchHints()


class Game(ABC, Generic[S]):
    """The protocol. Subclasses implement the abstract methods; the rest is shared."""

    info: GameInfo
    messages: Mapping[str, Mapping[str, str]] = {}
    terms: Mapping[str, Mapping[str, str]] = {}
    grammar: Grammar | None = None      # the notation's verbs (core.notation), when the game has them

    # ---- the rules -----------------------------------------------------------------------
    @abstractmethod
    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> S:
        """A fresh game for validated options; all randomness from ``seed``."""

    @abstractmethod
    def to_act(self, state: S) -> int | None:
        """The seat whose decision it is, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """Every action the seat to act may take now (empty when over)."""

    @abstractmethod
    def apply(self, state: S, action: Action) -> list[Event]:
        """Apply a legal action in place and return what happened. Trusts its input."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """``None`` until the game is over."""

    @abstractmethod
    def why_illegal(self, state: S, action: Action) -> IllegalAction:
        """The error, naming the rule, for an action not in ``legal_actions``."""

    @abstractmethod
    def num_players(self, state: S) -> int:
        """How many seats this game has."""

    # ---- information -----------------------------------------------------------------------
    @abstractmethod
    def seat_view(self, state: S, seat: int | None) -> View:
        """What a valid ``seat`` may see (``None``: a spectator), as JSON data; see :meth:`view`."""

    @abstractmethod
    def determinize(self, view: View, chance: Chance) -> S:
        """A full state consistent with ``view``, hidden parts dealt at random from ``chance``."""

    # ---- values -----------------------------------------------------------------------
    @abstractmethod
    def copy(self, state: S) -> S:
        """An independent copy, cheap enough for search."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Notation back to an action; ``str(action)`` is the notation. Raises BadNotation."""

    # ---- decisions and positions (games override) ----------------------------------------
    def decision(self, state: S) -> Decision | None:
        """The pending decision: seat, kind, prompt and the targets of each legal action.

        The default names the seat only; games override it with their ``decisions.py``.
        """
        seat = self.to_act(state)
        if seat is None:
            return None
        return Decision(seat, f"{self.id}.turn", Prompt("decision.turn", {"seat": seat}), {})

    def position(self, state: S) -> dict[str, Any]:
        """The full state as readable JSON data (names and ids, hidden parts included)."""
        raise NotImplementedError(f"{self.id} has no position format yet")

    def from_position(self, data: Any) -> S:
        """A state from :meth:`position` data, validated; raises BadPosition naming the problem."""
        raise NotImplementedError(f"{self.id} has no position format yet")

    def score_now(self, state: S) -> Outcome:
        """The outcome if the game were scored now (for a live score display and for tests)."""
        raise NotImplementedError(f"{self.id} cannot score a running game yet")

    def can_undo(self, before: S, after: S, events: Sequence[Event]) -> bool:
        """Whether the seat that went from ``before`` to ``after`` may take its action back.

        Not when the action drew on chance (the stream moved) or brought hidden information to
        light (an event meant for only some seats). Games may override with a finer rule.
        """
        chance_before = getattr(getattr(before, "chance", None), "position", None)
        chance_after = getattr(getattr(after, "chance", None), "position", None)
        if chance_before != chance_after:
            return False
        return all(e.audience is None and not e.hidden_from for e in events)

    # ---- shared behaviour ------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.info.id

    def check_seat(self, state: S, seat: object) -> int | None:
        """``seat`` itself if it is ``None`` (a spectator) or a seat of this game; else BadSeat."""
        if seat is None:
            return None
        if type(seat) is not int or not 0 <= seat < self.num_players(state):
            raise BadSeat(f"{brief(seat)} is not a seat of this {self.id} game "
                          f"(seats are 0 to {self.num_players(state) - 1}, or none for a spectator)")
        return seat

    def view(self, state: S, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator), as JSON data; BadSeat for anything else."""
        return self.seat_view(state, self.check_seat(state, seat))

    def prompt_text(self, decision: Decision, names: Sequence[str], lang: str = "en") -> str:
        """The decision's prompt as a sentence in ``lang``."""
        return self.describe(Event(decision.prompt.key, decision.prompt.args), names, lang)

    def setup(self, players: int, options: Mapping[str, object] | None = None, seed: int = 0) -> S:
        """Check the arguments' types, the player count and the options, then set up from the seed.

        ``players`` is an ``int`` (not a bool), ``options`` a mapping (or ``None``) and ``seed`` an
        ``int`` in 0..MAX_SEED; anything else is a BadOption naming the argument.
        """
        check_setup_arguments(players, options, seed)
        if players not in self.info.player_counts:
            counts = ", ".join(map(str, self.info.player_counts))
            raise BadOption(f"{self.id} is for {counts} players, not {players}")
        options = self.setup_options(players, options or {})
        return self.new_state(players, self.info.options.resolve(options), seed)

    def setup_options(self, players: int, options: Mapping[str, object]) -> Mapping[str, object]:
        """The options as given, before they are resolved: a game may check or drop one that
        depends on the player count (its arguments' types are already checked)."""
        return options

    def max_game_length(self, players: int, options: Mapping[str, object] | None = None) -> int | None:
        """An upper bound on the number of actions of any game with ``players`` and ``options``
        (checked and resolved as :meth:`setup` does), or ``None`` when that configuration has no
        bound (or the game declares none, see :class:`Traits`)."""
        check_setup_arguments(players, options, 0)
        if players not in self.info.player_counts:
            counts = ", ".join(map(str, self.info.player_counts))
            raise BadOption(f"{self.id} is for {counts} players, not {players}")
        bound = self.info.traits.max_game_length
        if bound is None:
            return None
        return bound(players, self.info.options.resolve(self.setup_options(players, options or {})))

    def checked_apply(self, state: S, action: Action | str, seat: int | None = None) -> list[Event]:
        """Parse if needed, check legality (and the seat, if given), then apply.

        On any error the state is unchanged.
        """
        if seat is not None:
            self.check_seat(state, seat)
        if isinstance(action, str):
            action = self.parse_action(action)
        actor = self.to_act(state)
        if actor is None:
            raise IllegalAction("the game is over")
        if seat is not None and seat != actor:
            raise NotYourTurn(f"it is seat {actor}'s decision, not seat {seat}'s")
        if action not in self.legal_actions(state):
            raise self.why_illegal(state, action)
        return self.apply(state, action)

    def state_hash(self, state: S) -> str:
        """SHA-256 of the canonical JSON text of the state's :meth:`position` (hidden parts included)."""
        text = json.dumps(self.position(state), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()

    def action_label(self, action: Action, lang: str = "en") -> str:
        """A human label for a menu; games may override. Defaults to the notation."""
        return str(action)

    def describe(self, event: Event, names: Sequence[str], lang: str = "en") -> str:
        """An event as a log sentence in ``lang`` ("en" or "ja")."""
        templates = self.messages.get(event.key) or CORE_MESSAGES.get(event.key)
        if templates is None:
            return f"{event.key} {dict(event.args)}"
        template = templates.get(lang) or templates["en"]
        return template.format(**{k: self._localize(k, v, names, lang) for k, v in event.args.items()})

    def term(self, value: Any, lang: str = "en") -> str:
        entry = self.terms.get(str(value))
        return entry.get(lang, entry.get("en", str(value))) if entry else str(value)

    def _localize(self, key: str, value: Any, names: Sequence[str], lang: str) -> str:
        if key in ("seat", "player", "other") and isinstance(value, int) and 0 <= value < len(names):
            return names[value]
        if key == "move" and isinstance(value, str):  # an action's notation: its label in ``lang``
            try:
                return self.action_label(self.parse_action(value), lang)
            except GameError:
                return value
        if isinstance(value, (list, tuple)):
            return ", ".join(self.term(v, lang) for v in value)
        return self.term(value, lang)

    def heuristic(self, state: S, seat: int) -> float:
        """A game-specific evaluation of ``state`` for ``seat`` (higher is better), for bots.

        Games override it with the function in their ``heuristics.py``.
        """
        return 0.0

    def check_invariants(self, state: S) -> None:
        """Raise AssertionError if ``state`` breaks an invariant (component counts, limits)."""

    def conformance_configs(self) -> list[tuple[int, dict[str, str]]]:
        """(players, options) pairs the conformance suite plays: every count, and games add
        the option combinations their reference names."""
        return [(n, {}) for n in self.info.player_counts]

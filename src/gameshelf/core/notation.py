"""One notation grammar for every game: ``verb arg arg…``, space-separated, plain ASCII.

Every game declares its verbs once (a :class:`Verb` each: its word, the argument names shown in
help, the domain of each argument, an example) and parses through one :class:`Grammar`, so all
games read the same way when typed, refuse bad text with the same kind of message, and parse
numbers in one place (:func:`parse_int`: ASCII digits only, bounded length, an inclusive range).

A verb owns its notation both ways: :meth:`Verb.format` writes an action's text (every action's
``__str__`` goes through its verb) and the verb's ``build`` reads it back. Its argument domains
list every token each argument can take in a game configuration, so :meth:`Grammar.notations`
enumerates every action a game can ever produce (the RL action ids are numbered from it).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass
from itertools import product
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence, Union

from gameshelf.core.errors import BadNotation, brief

MAX_LENGTH = 120
MAX_DIGITS = 6
_DIGITS = frozenset("0123456789")


def join(verb: str, *args: object) -> str:
    """The canonical notation: the verb and its arguments separated by single spaces."""
    return " ".join((verb, *map(str, args)))


def words(text: object) -> list[str]:
    """Split typed text into words; refuses non-text, non-ASCII, control characters and overlong text."""
    if not isinstance(text, str):
        raise BadNotation(f"notation must be text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise BadNotation(f"notation is at most {MAX_LENGTH} characters long")
    if not text.isascii() or not all(ch.isprintable() or ch in " \t" for ch in text):
        raise BadNotation(f"notation uses plain ASCII letters, digits and spaces: {text!r}")
    parts = text.split()
    if not parts:
        raise BadNotation("empty notation")
    return parts


def parse_int(token: str, *, what: str = "number", lo: int = 0, hi: int = 10**MAX_DIGITS - 1) -> int:
    """A whole number written in ASCII digits (an optional leading ``-`` when ``lo`` < 0), in [lo, hi].

    At most :data:`MAX_DIGITS` digits, or as many as ``lo`` and ``hi`` need (a 64-bit seed).
    """
    if not isinstance(token, str):
        raise BadNotation(f"{what} must be a whole number, not {type(token).__name__}")
    body = token[1:] if lo < 0 and token.startswith("-") else token
    limit = max(MAX_DIGITS, len(str(abs(lo))), len(str(abs(hi))))
    if not body or len(body) > limit or not set(body) <= _DIGITS:
        raise BadNotation(f"{what} must be a whole number, not {brief(token)}")
    value = int(token)
    if not lo <= value <= hi:
        raise BadNotation(f"{what} must be between {lo} and {hi}, not {value}")
    return value


Domain = Union[Sequence[str], Callable[[int, Mapping[str, str]], Sequence[str]]]
"""The tokens one argument can take: a fixed sequence, or a function of (players, resolved options)."""


@dataclass(frozen=True)
class Verb:
    """One verb of a game's notation.

    ``build`` receives the argument words and returns the action; it may raise BadNotation, or
    KeyError / ValueError / IndexError for an unknown argument (reported as such). ``args`` names
    the arguments for help and error messages; ``example`` is a complete notation. ``domains``
    holds one :data:`Domain` per argument, in order: every token the argument can take (a
    superset of what is ever legal is fine; each token combination must build an action that
    prints back as that notation).
    """

    word: str
    args: tuple[str, ...]
    build: Callable[..., Any]
    example: str
    help: str = ""
    domains: tuple[Domain, ...] = ()

    def __post_init__(self) -> None:
        if len(self.domains) != len(self.args):
            raise ValueError(f"verb {self.word!r} declares {len(self.args)} argument(s) "
                             f"but {len(self.domains)} domain(s)")

    @property
    def usage(self) -> str:
        return join(self.word, *(f"<{a}>" for a in self.args))

    def format(self, *args: object) -> str:
        """The notation of this verb with these arguments (each written with ``str``)."""
        return join(self.word, *args) if args else self.word

    def tokens(self, players: int, options: Mapping[str, str]) -> list[tuple[str, ...]]:
        """Each argument's tokens in this configuration, in the declared order."""
        return [tuple(domain(players, options) if callable(domain) else domain) for domain in self.domains]

    def notations(self, players: int, options: Mapping[str, str]) -> Iterator[str]:
        """Every notation of this verb in this configuration: the product of its arguments'
        domains, the first argument varying slowest."""
        for args in product(*self.tokens(players, options)):
            yield self.format(*args)


EXAMPLE_WORD = {"en": "e.g.", "ja": "例"}


class Grammar:
    """A game's verbs; ``parse`` turns notation back into an action or raises BadNotation.

    ``texts`` (a game's ``data/notation.yaml``) holds per language the verbs' ``help`` and the
    arguments' names (``args``); a verb's own ``help`` is the fallback.
    """

    def __init__(self, game_title: str, verbs: Iterable[Verb], texts: Mapping[str, Any] | None = None) -> None:
        self.game_title = game_title
        self.verbs = {v.word: v for v in verbs}
        self.texts = texts or {}

    def parse(self, text: object) -> Any:
        head, *args = words(text)
        verb = self.verbs.get(head)
        if verb is None:
            examples = ", ".join(v.example for v in self.verbs.values())
            raise BadNotation(f"unknown {self.game_title} action {text!r} (try: {examples})")
        if len(args) != len(verb.args):
            raise BadNotation(f"{head!r} takes {len(verb.args)} argument(s): {verb.usage}, e.g. {verb.example!r}")
        try:
            return verb.build(*args)
        except BadNotation:
            raise
        except (KeyError, ValueError, IndexError, TypeError):
            raise BadNotation(f"{text!r} does not name a {self.game_title} action ({verb.usage})") from None

    def notations(self, players: int, options: Mapping[str, str]) -> list[str]:
        """Every action's notation in this configuration (``options`` resolved): verb by verb in
        declaration order, each verb's argument domains multiplied out. A fixed, finite list
        with no repeats, a superset of every action the game can produce there."""
        out = [text for verb in self.verbs.values() for text in verb.notations(players, options)]
        if len(set(out)) != len(out):
            twice = sorted(text for text, count in Counter(out).items() if count > 1)
            raise ValueError(f"{self.game_title}: notations listed twice by the verbs' domains: {twice[:5]}")
        return out

    def help_lines(self, lang: str = "en") -> list[str]:
        """One line per verb in ``lang``: usage, example and help text, for a terminal or a web page."""
        texts = self.texts.get(lang) or self.texts.get("en") or {}
        helps, names = texts.get("help", {}), texts.get("args", {})
        eg = EXAMPLE_WORD.get(lang, EXAMPLE_WORD["en"])
        lines = []
        for v in self.verbs.values():
            usage = join(v.word, *(f"<{names.get(a, a)}>" for a in v.args))
            lines.append(f"{_pad(usage, 28)} {eg} {v.example:<18} {helps.get(v.word, v.help)}".rstrip())
        return lines


def _pad(text: str, cells: int) -> str:
    """``text`` padded with spaces to ``cells`` terminal cells (wide East Asian letters take two)."""
    width = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, cells - width)

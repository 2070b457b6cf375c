"""Action ids (issue 14): per game and options, a fixed finite enumeration of every action the game
can ever produce, by its notation; ``id <-> action`` both ways.

Integers belong only here (DESIGN.md "what not to copy"). Each game's domain is written from its
notation grammar and catalogue (one ``verb arg…`` string per action, in a fixed order), so an id is
stable as long as the notation is: ``ActionSpace.actions[i]`` is ``game.parse_action(notations[i])``
and ``ActionSpace.index[action] == i``. The domains are supersets (an id may never be legal in a
given game); the legal-action mask says what is legal now.

A game-side ``all_actions(players, options)`` next to each grammar would make this module a
one-liner; until the games have one, the domains below are computed from their catalogues.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from gameshelf.core.game import Game
from gameshelf.games import get_game


class ActionSpace:
    """Every action of one game configuration, numbered: ``actions``, ``notations``, ``index``."""

    def __init__(self, game: Game, notations: Iterable[str]) -> None:
        self.game = game
        self.notations: tuple[str, ...] = tuple(notations)
        self.actions: tuple[Any, ...] = tuple(game.parse_action(text) for text in self.notations)
        self.index: dict[Any, int] = {action: i for i, action in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{game.id}: two notations name the same action")
        bad = [text for text, action in zip(self.notations, self.actions) if str(action) != text]
        if bad:
            raise ValueError(f"{game.id}: notations that do not round-trip: {bad[:5]}")

    @property
    def size(self) -> int:
        return len(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def id(self, action: Any) -> int:
        """The id of ``action`` (KeyError for an action outside the enumeration)."""
        return self.index[action]

    def action(self, action_id: int) -> Any:
        return self.actions[action_id]

    def ids(self, legal: Sequence[Any]) -> list[int]:
        index = self.index
        return [index[a] for a in legal]

    def mask(self, legal: Sequence[Any], out: np.ndarray | None = None) -> np.ndarray:
        """An int8 vector of ``size``: 1 at the id of each legal action."""
        if out is None:
            out = np.zeros(len(self.actions), dtype=np.int8)
        else:
            out.fill(0)
        index = self.index
        out[[index[a] for a in legal]] = 1
        return out


# ---- the domains, per game ------------------------------------------------------------------
def _borealis(players: int, options: Mapping[str, str]) -> list[str]:
    from gameshelf.games.borealis.catalog import N_CARDS
    cards = range(1, N_CARDS + 1)
    return [*(f"play {c} {z}" for c, z in product(cards, "LCR")), "regroup",
            *(f"discard {c}" for c in cards), "done", *(f"to {z}" for z in "LCR"),
            *(f"take {c}" for c in cards), "deck", "refresh"]


def _mariposas(players: int, options: Mapping[str, str]) -> list[str]:
    from gameshelf.games.mariposas.actions import CARD_KINDS
    from gameshelf.games.mariposas.catalog import CAT
    from gameshelf.games.mariposas.rules import SEG_ACT
    cards, spaces, flowers = CAT.action_ids, CAT.space_ids, CAT.flower_types
    lengths = sorted({n for n, _ in SEG_ACT})
    return [
        *(f"play {c}{a}" for c, a in product(cards, ("", "+a1", "+a2", "+a1+a2"))),
        *(f"reuse {c}" for c in cards),
        *(f"seg {n}{p}" for n, p in product(lengths, ("", "+2"))), "stop",
        *(f"fly {m}" for m in range(len(CAT.slot_gen))),
        *(f"to {s}" for s in spaces),
        *(f"pick {f}" for f in flowers),
        *(f"take {k}" for k in CARD_KINDS),
        "adj none", *(f"adj {s}" for s in spaces),
        "hatch none", "hatch any", *(f"hatch {f}" for f in flowers),
        *(f"pay {f}" for f in flowers),
        "bonus32 yes", "bonus32 no",
        "exchange none", "exchange both", *(f"exchange {c}" for c in cards),
        "free none", *(f"free {s}" for s in spaces),
    ]


def _midnight_zoo(players: int, options: Mapping[str, str]) -> list[str]:
    from itertools import permutations

    from gameshelf.games.midnight_zoo.catalog import CAT, DIRS
    from gameshelf.games.midnight_zoo import actions
    tiles = CAT.tile_id
    cells = [f"{r},{c}" for r in range(CAT.rows) for c in range(CAT.cols)]
    symbols = sorted(CAT.symbols_all)
    grammar = getattr(actions, "GRAMMAR", None)
    reward = "reward" if grammar and "reward" in grammar.verbs else "space"    # "space <symbol>" before the grammar
    letters: list[str] = []
    for cards in CAT.cards:                   # per seat colour: one card, or an order of all (R88)
        word = "".join(c.letter for c in cards)
        letters += [*word, *("".join(p) for p in permutations(word))]
    return [
        *(f"take {i}" for i in range(1, CAT.market_spaces + 1)),
        *(f"{verb} {t}" for verb, t in product(("place", "store", "discard"), tiles)),
        *(f"at {c}" for c in cells),
        *(f"tile {x}" for x in symbols), "space", *(f"{reward} {x}" for x in symbols), "skip",
        *(f"discover {s}" for s in CAT.spot_names),
        *(f"bonus {t}" for t in CAT.terrains),
        *(f"animal {s}" for s in CAT.spot_names),
        *(f"go {d}" for d in DIRS), "turn L", "turn R", *(f"face {d}" for d in DIRS), "wake",
        "stop", "done",
        *(f"cards {w}" for w in dict.fromkeys(letters)),
    ]


def _iwari(players: int, options: Mapping[str, str]) -> list[str]:
    """From the game's own per-map table of action values (iwari.actions.action_table)."""
    from gameshelf.games.iwari.actions import DONE, FEATS, action_table
    t = action_table(options["map"])
    on_territory = {f.id for f in FEATS if f.goes_on == "territory"}
    actions = [*t.target, *t.tent_single, *(a for row in t.tent_pair for a in row), *t.totem_single,
               *t.totem_pair, *t.exchange, *t.draw_take, t.draw_deck,
               *(a for f, row in t.feat_terr.items() if f in on_territory for a in row),
               *(a for f, row in t.feat_line.items() if f not in on_territory for a in row),
               *t.decline.values()]
    return list(dict.fromkeys(str(a) for a in (*actions, DONE)))


DOMAINS: dict[str, Callable[[int, Mapping[str, str]], list[str]]] = {
    "borealis": _borealis,
    "mariposas": _mariposas,
    "midnight_zoo": _midnight_zoo,
}


def _has_iwari_table() -> bool:
    """Iwari joins once its "one shape" refactor (the grammar and per-map action table) is in."""
    from gameshelf.games.iwari import actions
    return hasattr(actions, "action_table") and hasattr(actions, "GRAMMAR")


if _has_iwari_table():
    DOMAINS["iwari"] = _iwari


def _key(options: Mapping[str, object] | None) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((str(k), str(v)) for k, v in (options or {}).items()))


def action_space(game: str | Game, players: int, options: Mapping[str, object] | None = None) -> ActionSpace:
    """The enumeration for ``game`` with ``players`` and ``options`` (cached per configuration)."""
    game_id = game if isinstance(game, str) else game.id
    return _cached(game_id, players, _key(options))


@lru_cache(maxsize=None)
def _cached(game_id: str, players: int, options: tuple[tuple[str, str], ...]) -> ActionSpace:
    if game_id not in DOMAINS:
        raise KeyError(f"no action enumeration for {game_id!r} yet (known: {', '.join(DOMAINS)})")
    game = get_game(game_id)
    resolved = game.info.options.resolve({k: v for k, v in options if k != "player_count"})
    return ActionSpace(game, DOMAINS[game_id](players, resolved))

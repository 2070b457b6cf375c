"""Iwari encoding, per-seat views (R27) and determinization for search bots.

``encode`` is the full state, one key per field of the state (for hashes); a view is the public
part of the position (position.py) with the counts a player sees at a glance, the seat's own hand
and the board's element ids; ``determinize`` deals the unseen cards at random and reseeds the
chance stream, then decodes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from typing_extensions import NotRequired, TypedDict

from gameshelf.core.chance import Chance
from gameshelf.games.iwari.catalog import BIOME_INDEX, MAPS, NB, deck_counts
from gameshelf.games.iwari.position import cards, counts, decode, pending_json, public
from gameshelf.games.iwari.state import State


class SupplyView(TypedDict):
    """Pieces a tribe has not placed yet (2.3)."""

    tents: int
    totems: int


class FinalView(TypedDict):
    """A tribe's final scoring (R73), by category."""

    tents: int
    settlements: int
    totems: int
    long_road: int


class PendingView(TypedDict):
    """One pending decision (decisions.py): ``kind`` is its name (``place_pieces``...), then its
    fields by id: ``territory``/``filled`` territory ids, ``feat`` a feat id, ``tribe`` a tribe."""

    kind: str
    seat: int
    tribe: NotRequired[int]
    territory: NotRequired[str]
    pieces: NotRequired[int]
    cards: NotRequired[int]
    unexplored: NotRequired[bool]
    filled: NotRequired[str | None]
    feat: NotRequired[str]
    left: NotRequired[int]


class IwariView(TypedDict):
    """What one seat (or a spectator, ``seat`` None) sees: everything but the deck order, the
    chance stream and the other seats' hands (R27).

    Element ids a decision targets (decisions.py) and where they are: ``territory:<id>`` a key of
    ``territories``; ``space:<id>`` a space listed there; ``line:<n>`` a number in ``lines``;
    ``hand:<biome>`` a card of ``hand``; ``display:<biome>`` a card of ``display``; ``deck:top``
    the deck (``deck_size`` cards). Tribes are numbers: seats, then the 2-player third tribe.
    """

    game: str
    map: str                                # the board's id (options.map)
    players: int
    tribes: int                             # players, plus the third tribe with 2 players
    options: dict[str, str]
    territories: dict[str, list[str]]       # territory id -> its tent space ids
    lines: list[int]                        # alliance line numbers
    mountains: list[int]                    # blocked alliance lines
    start: int
    current: int                            # the seat whose turn it is
    ply: int
    decision: str | None                    # kind name of the top pending decision, None when over
    pending: list[PendingView]              # the decision stack, top last
    deck_size: int
    discard: dict[str, int]                 # biome id -> cards
    display: list[str]                      # biome ids
    hand_sizes: list[int]
    hand: list[str] | None                  # the seat's own cards; None for a spectator
    exhaustions: int
    tents: dict[str, int]                   # space id -> tribe
    totems: dict[str, list[int]]            # territory id -> totems per tribe
    supply: list[SupplyView]
    territory_feats: dict[str, int]         # territory id -> feat tokens on it
    line_feats: dict[str, int]              # line number -> feat tokens on it
    feats_earned: dict[str, list[int]]      # feat id -> seats, in order
    feat_tokens: list[list[str]]            # [feat id, territory id or line number], in order
    feat_interim: dict[str, list[int]]      # feat id -> interim bonus per tribe
    expeditions: list[str]
    expeditions_scored: list[list[int]]
    scores: list[int]
    interim: list[int]
    expedition_points: list[int]
    final: list[FinalView] | None
    end_reason: str | None
    seat: int | None


@lru_cache(maxsize=None)
def _board(map_id: str) -> tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[int, ...]]:
    m = MAPS[map_id]
    return (tuple((t.id, tuple(m.space_ids[sp] for sp in t.spaces)) for t in m.territories),
            tuple(ln.n for ln in m.lines))


def view(s: State, seat: int | None) -> IwariView:
    """R27: everything public, the seat's own hand; deck order and other hands never."""
    m = s.map
    terrs, lines = _board(m.id)
    v: Any = public(s)
    v.update(
        map=m.id, tribes=s.ntribes, territories={t: list(sp) for t, sp in terrs}, lines=list(lines),
        decision=v["pending"][-1]["kind"] if s.pending else None, deck_size=len(s.deck),
        hand_sizes=[sum(s.hands[p * NB:(p + 1) * NB]) for p in range(s.players)],
        hand=cards(s.hands[seat * NB:(seat + 1) * NB]) if seat is not None else None,
        supply=[{"tents": s.supply_tents[p], "totems": s.supply_totems[p]} for p in range(s.ntribes)],
        territory_feats={m.territories[t].id: n for t, n in enumerate(s.terr_feats) if n},
        line_feats={str(m.lines[i].n): n for i, n in enumerate(s.line_feats) if n},
        seat=seat,
    )
    return v


def determinize(v: dict[str, Any], chance: Chance) -> State:
    """A full state consistent with ``v``: unseen cards dealt from ``chance``, chance reseeded.

    The draws, in order: one shuffle of the unseen cards (hidden hands in seat order take cards
    from its end, the deck keeps the rest), then the new stream's seed. Everything else comes from
    the view alone, so it is built once per view (a search determinizes the same view thousands
    of times) and copied: the state equals the plain version's
    (tests/agents/test_determinize_templates.py)."""
    t = _template(v)
    unseen = list(t.unseen)
    chance.shuffle(unseen)
    s = t.state.copy()
    hands = s.hands
    for p, size in t.hidden_hands:
        base = p * NB
        for _ in range(size):
            hands[base + unseen.pop()] += 1
    s.deck = unseen
    s.chance = Chance(chance.next64())
    return s


class _Template:
    """What a view fixes for every determinization: the state with its hidden parts left blank."""

    __slots__ = ("view", "state", "unseen", "hidden_hands")


_LAST: list[_Template] = []  # the last view's template (a search asks for the same view again and again)


def _template(v: dict[str, Any]) -> _Template:
    last = _LAST[0] if _LAST else None  # read once: another thread may replace it meanwhile
    if last is not None and last.view is v:
        return last
    seat = v["seat"]
    pool = deck_counts(v["players"])
    seen = counts(v["display"])
    for b, n in v["discard"].items():
        seen[BIOME_INDEX[b]] += n
    if seat is not None:
        seen = [a + b for a, b in zip(seen, counts(v["hand"]))]
    t = _Template()
    t.view = v
    t.unseen = tuple(b for b in range(NB) for _ in range(pool[b] - seen[b]))  # biome indices
    t.hidden_hands = tuple((p, size) for p, size in enumerate(v["hand_sizes"]) if p != seat)
    hands = [list(v["hand"]) if p == seat else [] for p in range(len(v["hand_sizes"]))]
    t.state = decode(dict(v, hands=hands, deck=[], chance=0))
    _LAST[:] = [t]
    return t


def encode(s: State) -> dict[str, Any]:
    """The full state as JSON data, one key per (non-shared) field, named like the field, plus the
    fixed set-up (map, options, mountains, start, expeditions)."""
    return {
        "map": s.map.id, "players": s.players, "options": s.config.to_options(), "blocked": list(s.blocked),
        "start": s.start, "expeditions": list(s.expeditions),
        "chance": s.chance.position, "deck": s.deck, "discard": s.discard, "display": s.display,
        "hands": s.hands, "exhaustions": s.exhaustions, "owner": s.owner, "tents": s.tents, "totems": s.totems,
        "filled": s.filled, "ktot": s.ktot, "supply_tents": s.supply_tents, "supply_totems": s.supply_totems,
        "terr_feats": s.terr_feats, "line_feats": s.line_feats, "feat_earned": [list(e) for e in s.feat_earned],
        "exp_scored": [list(e) for e in s.exp_scored], "feat_log": [list(e) for e in s.feat_log],
        "feat_interim": list(s.feat_interim), "score": s.score, "interim": s.interim,
        "exp_points": s.exp_points, "final": [dict(f) for f in s.final] if s.final else None,
        "end_reason": s.end_reason, "current": s.current, "ply": s.ply,
        "pending": [pending_json(s, d) for d in s.pending],
    }

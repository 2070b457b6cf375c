"""Building Mariposas positions for tests, and driving turns by notation."""

from __future__ import annotations

from collections import Counter

from gameshelf.core.chance import Chance
from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.state import CATEGORIES, MARKERS, REMOVED, SUPPLY, card_location
from tests.scenario import merge, scenario

SEASONS = {"spring": 0, "summer": 1, "fall": 2}
FT = CAT.flower_types


def loc_code(at: str) -> int:
    if at == "supply":
        return SUPPLY
    if at == "removed":
        return REMOVED
    if at.endswith("_card"):
        return card_location(SEASONS[at[:-5]])
    return CAT.space_index[at]


def sp(name: str) -> int:
    return CAT.space_index[name]


class Pos:
    """A state plus the names of its butterflies (name -> (seat, slot))."""

    def __init__(self, s, names):
        self.s = s
        self.names = names
        self.events = []

    def g(self, name: str) -> int:
        seat, slot = self.names[name]
        return seat * MARKERS + slot

    def at(self, name: str) -> str:
        x = self.s.locations[self.g(name)]
        return CAT.space_ids[x] if x >= 0 else {SUPPLY: "supply", REMOVED: "removed"}.get(x, f"card{-10 - x}")

    def double(self, name: str) -> bool:
        return bool(self.s.doubles[self.g(name)])

    def slot(self, name: str) -> int:
        return self.names[name][1]

    def flowers(self, seat: int) -> dict[str, int]:
        return {f: n for f, n in zip(FT, self.s.flowers[seat]) if n}

    def relay(self, snippet: dict) -> None:
        """Lay ``snippet`` over the position (:func:`relaid`)."""
        self.s = relaid(self.s, snippet)

    def do(self, *texts: str) -> list:
        """Apply each notation through the legality check."""
        out = []
        for t in texts:
            out += GAME.checked_apply(self.s, t)
            GAME.check_invariants(self.s)
        self.events += out
        return out

    def legal(self) -> list[str]:
        return sorted(str(a) for a in GAME.legal_actions(self.s))

    def seg(self, name: str, path: list[str], plus2: bool = False) -> list:
        """Start a segment of len(path) - 1 steps with a named butterfly along path."""
        assert self.at(name) == path[0], (name, self.at(name), path[0])
        n = len(path) - 1 - (2 if plus2 else 0)
        return self.do(f"seg {n}" + ("+2" if plus2 else ""), f"fly {self.slot(name)}",
                       *[f"to {x}" for x in path[1:]])

    def pending(self) -> str:
        """The pending decision's name as the view's header shows it ("over" at the end)."""
        decision = GAME.view(self.s, None)["decision"]
        return decision["kind"].split(".", 1)[1] if decision else "over"

    def keep(self) -> list:
        """End of turn (R70, R71): every full hand is asked; keep it (the only choice unless redundant)."""
        assert self.pending() == "exchange", self.pending()
        return self.do("exchange none")


def relaid(state, snippet: dict):
    """``state`` with ``snippet`` laid over its position (tests/scenario.merge), validated like any position."""
    return GAME.from_position(merge(GAME.position(state), snippet))


def points_of(rows: dict[int, list[int]]) -> dict:
    """A position snippet giving each listed seat its points per score category (CATEGORIES order)."""
    return {"players": {seat: {"points": dict(zip(CATEGORIES, row))} for seat, row in rows.items()}}


def pending(s) -> str:
    """The name of the pending decision (the top of the decision stack), "over" at the end."""
    return s.pending[-1].name if s.pending else "over"


def in_setup(s) -> bool:
    """Whether the setup exchanges (setup step 15) are still being asked."""
    return bool(s.pending) and getattr(s.pending[-1], "setup", False)


def end_season(s, ev=None) -> None:
    """R76-R82 on a built position: the turn it starts with is abandoned (its pending action card
    question dropped) and the season ends now."""
    from gameshelf.games.mariposas import rules_season
    s.pending.clear()
    rules_season.end_season(s, [] if ev is None else ev)


def final_scoring(s, ev=None) -> None:
    """R83 on a built position: the turn it starts with is abandoned and the game is scored now."""
    from gameshelf.games.mariposas import rules_season
    s.pending.clear()
    rules_season.final_scoring(s, [] if ev is None else ev)


def make(players: int = 2, season: str = "summer", turn: int = 0, butterflies=None, flowers=None,
         lifecycle=None, bonus=None, used=None, waystations=None, rows=None, goals=None, goal_up=None,
         hands=None, deck=None, played=None, abilities=None, turn_no: int = 0, first: int | None = None,
         points=None) -> Pos:
    """A position at the start of seat ``turn``'s turn (``turn_no`` turns of the season taken,
    ``first`` the season's first player, default ``turn``), built through the public position format
    (tests/scenario.py): only what is given differs from an empty table (markers default to the supply).
    ``points``: {seat: [points per score category]}."""
    names = {}
    seats = [{"butterflies": [{"gen": g, "at": "supply", "double": False} for g in CAT.slot_gen],
              "flowers": {f: 0 for f in FT}, "lifecycle_cards": [], "bonus_cards": [], "used_bonus_cards": [],
              "abilities": [], "hand": ["move_1x3", "move_5"], "played": []} for _ in range(players)]
    used_slots: Counter = Counter()
    for name, spec in (butterflies or {}).items():
        seat, gen, at = spec[:3]
        slot = CAT.gen_slots[gen][used_slots[seat, gen]]
        used_slots[seat, gen] += 1
        names[name] = (seat, slot)
        seats[seat]["butterflies"][slot] = {"gen": gen, "at": at, "double": bool(len(spec) > 3 and spec[3])}
    for key, given in (("flowers", flowers), ("lifecycle_cards", lifecycle), ("abilities", abilities),
                       ("hand", hands), ("played", played)):
        for seat, value in (given or {}).items():
            seats[seat][key] = {f: value.get(f, 0) for f in FT} if key == "flowers" else list(value)
    for seat, kinds in (bonus or {}).items():
        seats[seat]["bonus_cards"] = list(kinds)
    for seat, kinds in (used or {}).items():
        seats[seat]["used_bonus_cards"] = list(kinds)
        seats[seat]["bonus_cards"] = [k for k in seats[seat]["bonus_cards"] if k not in kinds]
    base = GAME.position(GAME.setup(players, seed=7))
    for seat, entry in enumerate(seats):
        entry.update({k: base["players"][seat][k] for k in ("points", "goal_points")})
    for seat, row in (points or {}).items():
        seats[seat]["points"] = dict(zip(CATEGORIES, row))
    default_goals = {"spring": "SP1", "summer": "SU1", "fall": "FA2"}
    default_goals.update(goals or {})
    # A card is face down exactly while markers lie on it (R35), unless a test says otherwise.
    on_cards = {b["at"] for entry in seats for b in entry["butterflies"]}
    face_up = {k: f"{k}_card" not in on_cards for k in SEASONS}
    face_up.update(goal_up or {})
    snippet = {
        "season": season, "first_player": turn if first is None else first, "turn_seat": turn, "turns_taken": turn_no,
        "players": seats,
        "goals": {k: {"card": default_goals[k], "face_up": face_up[k]} for k in SEASONS},
        "waystations": _waystations(waystations or {}),
        "deck": _deck(seats, deck or []), "discard": [],
        "turn": {"start": [b["at"] for b in seats[turn]["butterflies"]], "collected": [], "segments": [],
                 "group": 0, "add_2_ready": False, "add_1_ready": False, "queue": []},
        "pending": [{"kind": "mariposas.play", "seat": turn}],
    }
    if rows:
        snippet["ability_rows"] = dict(rows)
    return Pos(scenario("mariposas", players, snippet, seed=7), names)


def _waystations(given) -> dict:
    """Given cities get (marker, face up); the other cities get the remaining markers in catalogue order, face down."""
    markers = [m for m in CAT.marker_ids if m not in {marker for marker, _ in given.values()}]
    out = {}
    for c in CAT.cities:
        city = CAT.space_ids[c]
        marker, up = given[city] if city in given else (markers.pop(0), False)
        out[city] = {"marker": marker, "face_up": up}
    return out


def _deck(seats, deck) -> list[str]:
    """Every action card not in a hand or played, with ``deck`` on top (first = next drawn)."""
    pool = Counter({c: k for c, k in zip(CAT.action_ids, CAT.action_copies)})
    for entry in seats:
        pool -= Counter(entry["hand"]) + Counter(entry["played"])
    pool -= Counter(deck)
    rest = [c for c in CAT.action_ids for _ in range(pool[c])]
    return rest + list(deck)[::-1]


def force_die(pos: Pos, faces: list[str]) -> None:
    """Reseed the chance stream (the position's ``chance``) so the next die rolls show ``faces`` in order."""
    want = [CAT.die_faces.index(face) for face in faces]
    for seed in range(100000):
        chance = Chance(seed)
        if [chance.below(len(CAT.die_faces)) for _ in want] == want:
            pos.relay({"chance": seed})
            return
    raise AssertionError("no seed found")
